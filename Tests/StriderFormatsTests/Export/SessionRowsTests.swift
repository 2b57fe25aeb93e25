import Foundation
import StriderCore
import StriderSimulator
import Testing

@testable import StriderFormats

/// Every registered writer that writes from rows (`SessionWriter.canWrite`) writes the
/// bytes it writes from the whole record: the store's rows are what `sessions export`
/// streams; these are the same session held in memory.
@Suite struct SessionRowsTests {
  /// A recorded session read as rows, each part from the record in memory.
  final class RecordRows: SessionRows {
    let export: SessionExport
    let points: ExportPoints
    var failed: Bool { false }
    var hidesEnds: Bool { false }

    init(_ export: SessionExport, points: ExportPoints) {
      self.export = export
      self.points = points
    }

    var record: SessionRecord { export.record }
    var startTime: GNSSTime? { record.startTime }
    var endTime: GNSSTime? { record.fixes.lazy.compactMap(\.fix.time).max() }

    func forEachPoint(_ body: (Fix, Verdict?) -> Void) {
      let (fixes, verdicts) = export.selectedFixes(points)
      for (i, fix) in fixes.enumerated() { body(fix, verdicts?[i]) }
    }

    func forEachFix(_ body: (JudgedFix) -> Void) { record.fixes.forEach(body) }

    func forEachFinishedPoint(_ body: (FinishedTrack.Point) -> Void) {
      record.finishedTrack.points.forEach(body)
    }

    func odometer() -> FinishedTrack.Odometer {
      var odometer = FinishedTrack.Odometer()
      for p in record.finishedTrack.points {
        odometer.append(time: p.time, distance: p.distance, segment: p.segment)
      }
      return odometer
    }

    func lapSensors() -> [SensorFigures] {
      var sensors = SensorFigures.ByLap(lapEnds: record.summary?.laps?.map(\.end) ?? [])
      for judged in record.fixes { sensors.add(judged.fix) }
      return sensors.laps
    }

    func events() -> [SessionEvent] { record.events }

    func jsonHead() -> [JSONMember] {
      export.jsonHead(startTime: startTime, endTime: endTime, finished: record.finishedTrack)
    }
  }

  static let record = SessionRecorder.record(
    fixes: Array(
      Simulator.run(SimulationConfiguration(activity: .run, seed: 9, faults: .all)).fixes
        .prefix(900)),
    configuration: SessionConfiguration(activity: .run))

  @Test(arguments: ExportPoints.allCases)
  func everyWriterWritesTheSameBytesFromRows(points: ExportPoints) throws {
    let export = SessionExport(record: Self.record)
    var streamed = 0
    for writer in FormatRegistry.writers {
      let rows = RecordRows(export, points: points)
      guard writer.canWrite(rows) else { continue }
      streamed += 1
      var fromRows = ExportBytes()
      writer.write(rows, to: &fromRows)
      var whole = ExportBytes()
      writer.write(export, points: points, to: &whole)
      #expect(!whole.bytes.isEmpty)
      #expect(fromRows.bytes == whole.bytes, "\(writer.format) with --points \(points)")
    }
    #expect(streamed == FormatRegistry.writers.count, "every format streams without a zone")
  }

  /// Rows whose zone hides the whole finished track.
  final class Zoned: SessionRows {
    let record = SessionRowsTests.record
    let points = ExportPoints.track
    let hidesEnds = true
    let failed = false
    let startTime: GNSSTime? = nil
    let endTime: GNSSTime? = nil
    func forEachPoint(_ body: (Fix, Verdict?) -> Void) {}
    func forEachFix(_ body: (JudgedFix) -> Void) {}
    func forEachFinishedPoint(_ body: (FinishedTrack.Point) -> Void) {}
    func odometer() -> FinishedTrack.Odometer { FinishedTrack.Odometer() }
    func lapSensors() -> [SensorFigures] { [] }
    func events() -> [SessionEvent] { [] }
    func jsonHead() -> [JSONMember] { [] }
  }

  /// Only FIT is bytes, only JSON holds the session's details; a zone keeps FIT to the
  /// whole record.
  @Test func fitIsBytesAndTakesNoZoneFromRows() {
    #expect(FormatRegistry.writers.filter { $0.writesBytes }.map { $0.format } == [.fit])
    #expect(
      FormatRegistry.writers.filter { $0.holdsSessionDetails }.map { $0.format } == [.json])
    let zoned = Zoned()
    #expect(!FITWriter.canWrite(zoned))
    // The zone hides the whole finished track: GPX and TCX draw the live track instead.
    #expect(!GPXWriter.canWrite(zoned) && !TCXWriter.canWrite(zoned))
    #expect(SessionCSVWriter.canWrite(zoned) && SessionJSONWriter.canWrite(zoned))
  }
}
