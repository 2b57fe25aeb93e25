import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderStore
import StriderTestSupport
import Testing

/// An export written from the store a row at a time (`StoredSessionRows`) must be, byte for
/// byte, the export the whole record gives, for every format whose writer takes rows, with
/// and without a privacy radius.
@Suite struct StoredSessionRowsTests {
  struct Bytes: ExportStream {
    var bytes: [UInt8] = []
    mutating func write(_ string: String) { bytes += Array(string.utf8) }
    mutating func write(bytes more: some Collection<UInt8>) { bytes += Array(more) }
  }

  @Test(arguments: [0.0, 250.0])
  func rowsWriteWhatTheWholeRecordWrites(privacyRadius: Double) throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    let (store, id) = (demo.store, demo.id)
    var streamed = 0
    for writer in FormatRegistry.writers {
      for points in ExportPoints.allCases {
        let rows = try StoredSessionRows(
          store, id: id, points: points, privacyRadius: Meters(privacyRadius))
        guard writer.canWrite(rows) else { continue }
        var fromRows = Bytes()
        writer.write(rows, to: &fromRows)
        try rows.rethrow()
        var export = SessionExport(
          record: try store.record(id), configuration: try store.configuration(of: id),
          source: try store.listing(id).source, displayTrack: try store.displayTrack(of: id)
        ).hidingEnds(within: Meters(privacyRadius))
        if writer.holdsSessionDetails {
          export.device = try store.deviceTotals(of: id)
          export.parts = try store.parts(of: id)
        }
        var whole = Bytes()
        writer.write(export, points: points, to: &whole)
        #expect(!fromRows.bytes.isEmpty)
        #expect(
          fromRows.bytes == whole.bytes,
          "\(writer.format) --points \(points.rawValue), radius \(privacyRadius)")
        streamed += 1
      }
    }
    #expect(streamed >= 4, "the writers that take rows")
  }

  /// `sessions export`'s plan: where the writer takes rows it writes them, and either way the
  /// bytes are the whole record's, for every format and every choice of points.
  @Test(arguments: [0.0, 250.0])
  func thePlanWritesWhatTheWholeRecordWrites(privacyRadius: Double) throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    let store = demo.store
    var streamed = 0
    var whole = 0
    for writer in FormatRegistry.writers {
      for points in ExportPoints.allCases {
        var warnings: [String] = []
        let plan = try SessionExportPlan(
          store, id: demo.id, format: writer.format, points: points,
          privacyRadius: Meters(privacyRadius), settings: { UserSettings() }, now: Date(),
          warn: { warnings.append($0) })
        var planned = Bytes()
        #expect(plan.write(to: &planned))
        try plan.rethrow()
        var export = SessionExport(
          record: try store.record(demo.id),
          configuration: try store.configuration(of: demo.id),
          source: try store.listing(demo.id).source,
          displayTrack: try store.displayTrack(of: demo.id)
        ).hidingEnds(within: Meters(privacyRadius))
        if writer.holdsSessionDetails {
          export.device = try store.deviceTotals(of: demo.id)
          export.parts = try store.parts(of: demo.id)
        }
        var expected = Bytes()
        writer.write(export, points: points, to: &expected)
        #expect(warnings.isEmpty, "a finished session")
        #expect(
          planned.bytes == expected.bytes, "\(writer.format) --points \(points.rawValue)")
        if plan.isStreamed { streamed += 1 } else { whole += 1 }
      }
    }
    #expect(streamed >= 4, "the writers that take rows")
    // FIT draws no privacy zone from rows: it takes the whole record.
    #expect(privacyRadius == 0 || whole >= 1, "a writer that takes the whole record")
  }
}
