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

  /// Each TCX `<Lap>` carries the average and maximum heart rate of its own fixes, in the
  /// schema's place (after `<Calories>`, before `<Intensity>`); a ride's laps their cadence.
  @Test func tcxLapsCarryTheirHeartRate() throws {
    let marked = try Self.record()
    let withHeart = Self.fixes.enumerated().map { k, fix in
      var fix = fix
      fix.heartRate = BeatsPerMinute(Double(k < 400 ? 120 + k % 10 : k < 800 ? 150 : 160 + k % 3))
      fix.cadence = RevolutionsPerMinute(80)
      return fix
    }
    let times = Self.fixes.compactMap(\.time)
    let marks = [
      LapMark(time: times[400], intensity: .active), LapMark(time: times[800], intensity: .rest),
    ]
    for activity in [Activity.run, .ride] {
      let record = SessionRecorder.record(
        fixes: withHeart, configuration: SessionConfiguration(activity: activity), laps: marks)
      let laps = try #require(record.summary?.laps)
      #expect(laps.map(\.end) == marked.summary?.laps?.map(\.end))
      let tcx = String(decoding: SessionExport(record: record).bytes(.tcx), as: UTF8.self)
      func values(_ element: String) -> [String] {
        tcx.components(separatedBy: "<\(element)><Value>").dropFirst().map {
          String($0.prefix { $0 != "<" })
        }
      }
      // Each lap's own fixes, as the writer puts points in laps.
      var expected: [(Int, Int)] = []
      for (index, lap) in laps.enumerated() {
        let rates = withHeart.filter { fix in
          guard let time = fix.time else { return false }
          return (index == 0 || time > laps[index - 1].end)
            && (index == laps.count - 1 || time <= lap.end)
        }.compactMap { $0.heartRate?.value }
        let mean = rates.reduce(0, +) / Double(rates.count)
        expected.append((Int(mean.rounded()), Int(rates.max() ?? 0)))
      }
      #expect(values("AverageHeartRateBpm") == expected.map { "\($0.0)" })
      #expect(values("MaximumHeartRateBpm") == expected.map { "\($0.1)" })
      #expect(values("AverageHeartRateBpm").first == "125")
      let order = ["</Calories>", "<AverageHeartRateBpm>", "<MaximumHeartRateBpm>", "<Intensity>"]
      let firstLap = try #require(tcx.components(separatedBy: "<Track>").first)
      let positions = order.map { firstLap.range(of: $0)?.lowerBound }
      #expect(positions.allSatisfy { $0 != nil })
      #expect(zip(positions, positions.dropFirst()).allSatisfy { $0! < $1! })
      let cadences = tcx.components(separatedBy: "        <Cadence>").count - 1
      #expect(cadences == (activity == .ride ? 3 : 0), "a lap's cadence is a bike's")
    }
    let plain = String(decoding: SessionExport(record: marked).bytes(.tcx), as: UTF8.self)
    #expect(!plain.contains("AverageHeartRateBpm"), "no heart rate, none said")
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
