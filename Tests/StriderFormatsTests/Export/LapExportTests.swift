import Foundation
import StriderCore
import StriderSimulator
import StriderTestSupport
import Testing

@testable import StriderFormats

/// Laps pressed in a session reach the exports: one TCX `<Lap>` each with its intensity,
/// one FIT lap message each with a manual trigger and active or rest intensity.
@Suite struct LapExportTests {
  static let fixes = Simulator.run(SimulationConfiguration(activity: .run, seed: 9)).fixes

  static func record() throws -> SessionRecord {
    let times = fixes.compactMap(\.time)
    let marks = [
      LapMark(time: times[400], intensity: .active), LapMark(time: times[800], intensity: .rest),
    ]
    let record = SessionRecorder.record(
      fixes: fixes, configuration: SessionConfiguration(activity: .run), laps: marks)
    try #require(record.summary?.laps?.count == 3)
    return record
  }

  @Test func tcxHasALapPerLapWithItsIntensity() throws {
    let record = try Self.record()
    let tcx = String(decoding: SessionExport(record: record).bytes(.tcx), as: UTF8.self)
    #expect(tcx.components(separatedBy: "<Lap StartTime=").count - 1 == 3)
    #expect(tcx.components(separatedBy: "</Lap>").count - 1 == 3)
    let intensities = tcx.components(separatedBy: "<Intensity>").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    #expect(intensities == ["Active", "Resting", "Active"])
    let laps = try #require(record.summary?.laps)
    #expect(tcx.contains("<Lap StartTime=\"\(laps[1].start.iso8601)\">"))
    // Each lap holds the points of its own time: read back, every point is kept once.
    let back = try readExportBack(tcx, name: "laps.tcx")
    let plain = SessionRecorder.record(
      fixes: Self.fixes, configuration: SessionConfiguration(activity: .run))
    let single = String(decoding: SessionExport(record: plain).bytes(.tcx), as: UTF8.self)
    #expect(back.count == (try readExportBack(single, name: "one.tcx")).count)
  }

  @Test func fitHasALapMessagePerLapWithItsIntensity() throws {
    let record = try Self.record()
    let export = SessionExport(record: record)
    let (_, reader) = try readFITBack(export.bytes(.fit))
    #expect(reader.statistics.laps == 3)
    let layout = FITActivityLayout(record, source: FITPointSource(export, points: .track))
    let laps = layout.laps(start: layout.firstTime ?? 0, end: layout.lastTime ?? 0)
    #expect(laps.map(\.intensity) == [0, 1, 0])
    #expect(laps.map(\.trigger) == [0, 0, 0], "manual: a lap press")
    let distance = laps.reduce(0) { $0 + $1.distance }
    #expect(abs(distance - (record.summary?.distance.value ?? 0)) < 0.5)
  }
}
