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
    let directory = NSTemporaryDirectory() + "strider-rows-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SessionStore(location: StoreLocation(directory: directory))
    let path = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path
    let imported = try #require(
      try FileImport.run(
        path, store: store, activity: nil,
        settings: UserSettings(), warn: { _ in }))
    guard case .imported(let session) = imported.outcome else {
      Issue.record("imported: \(imported.outcome)")
      return
    }
    let id = session.id
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
}
