import Foundation
import StriderCore
import StriderFormats
import StriderStore
import StriderTestSupport
import Testing

/// `sessions export --format gpx` is written from a database cursor; it must be the very
/// file the whole-record export gives, for every choice of points.
@Suite struct StreamedExportEndToEndTests {
  @Test(arguments: ExportPoints.allCases)
  func aStreamedGPXIsTheWholeRecordsGPX(points: ExportPoints) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.path]
    let demo = try StriderBinary.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: environment)
    #expect(demo.status == 0, "\(demo.stderr)")
    let exported = try StriderBinary.run(
      ["sessions", "export", "1", "--format", "gpx", "--points", points.rawValue],
      environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")

    let store = try SessionStore(location: StoreLocation(directory: dir.path))
    let export = SessionExport(
      record: try store.record(1), configuration: try store.configuration(of: 1),
      displayTrack: try store.displayTrack(of: 1))
    var expected = ""
    export.write(.gpx, points: points, to: &expected)
    #expect(exported.stdout == expected)
    #expect(expected.contains("<trkpt"))
  }

  /// `sessions export --format fit` is written from cursors too: the same bytes as the
  /// whole-record FIT, for every choice of points.
  @Test(arguments: ExportPoints.allCases)
  func aStreamedFITIsTheWholeRecordsFIT(points: ExportPoints) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.path]
    let demo = try StriderBinary.run(
      ["demo", "--headless", "--speed", "max", "--record"], environment: environment)
    #expect(demo.status == 0, "\(demo.stderr)")
    let out = dir.appendingPathComponent("streamed.fit")
    let exported = try StriderBinary.run(
      ["sessions", "export", "1", "--format", "fit", "--points", points.rawValue, "-o", out.path],
      environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")

    let store = try SessionStore(location: StoreLocation(directory: dir.path))
    let export = SessionExport(
      record: try store.record(1), configuration: try store.configuration(of: 1),
      displayTrack: try store.displayTrack(of: 1))
    var expected = FITBytes()
    export.write(.fit, points: points, to: &expected)
    let streamed = try [UInt8](Data(contentsOf: out))
    #expect(streamed.count == expected.bytes.count)
    #expect(streamed == expected.bytes, "the same bytes")
    #expect(expected.bytes.count > 1000)
  }
}

/// A FIT export's bytes.
struct FITBytes: ExportStream {
  var bytes: [UInt8] = []
  mutating func write(_ string: String) { bytes += Array(string.utf8) }
  mutating func write(bytes more: some Collection<UInt8>) { bytes += more }
}
