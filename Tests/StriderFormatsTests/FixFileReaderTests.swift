import Foundation
import StriderCore
import Testing

@testable import StriderFormats

@Suite("Opening files")
struct FixFileReaderTests {
  @Test(arguments: [
    ("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">", "x.txt", FileFormat.gpx),
    ("\u{FEFF}  <!-- c --><gpx:gpx xmlns:gpx=\"x\">", "noext", .gpx),
    ("<?xml version=\"1.0\"?><TrainingCenterDatabase xmlns=\"x\">", "a.gpx", .tcx),
    ("{\"class\":\"VERSION\",\"release\":\"3.22\"}\n", "log", .gpsdJSON),
    ("# comment\n$GPGGA,032908.379,4231.8291,N,08807.3033,W,1,05*46\n", "f.log", .nmea),
    ("garbage", "track.GPX", .gpx),
    ("<kml/>", "a.tcx", .tcx),
  ])
  func sniffs(prefix: String, fileName: String, format: FileFormat) {
    #expect(FixFileReader.sniff(prefix: Array(prefix.utf8), fileName: fileName) == format)
  }

  @Test(arguments: [("garbage", "a.bin"), ("<kml/>", "a.kml"), ("", "empty")])
  func unknown(prefix: String, fileName: String) {
    #expect(FixFileReader.sniff(prefix: Array(prefix.utf8), fileName: fileName) == nil)
  }

  @Test func opensAFileInChunksAndReportsErrorsWithTheFileName() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strider-formats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }

    let good = dir.appendingPathComponent("no-extension")
    try Data(GPXReaderTests.sample.utf8).write(to: good)
    var reader = try FixFileReader.open(path: good.path)
    #expect(reader.format == .gpx)
    #expect(try reader.readAll().count == 4)

    let unknown = dir.appendingPathComponent("notes.txt")
    try Data("just text".utf8).write(to: unknown)
    #expect {
      _ = try FixFileReader.open(path: unknown.path)
    } throws: { error in
      let error = error as? FormatError
      return error?.code == .unknownFormat && error?.message.contains("gpx") == true
    }

    let tcx = dir.appendingPathComponent("a.tcx")
    try Data("<TrainingCenterDatabase/>".utf8).write(to: tcx)
    var tcxReader = try FixFileReader.open(path: tcx.path)
    #expect(tcxReader.format == .tcx)
    #expect(try tcxReader.readAll().isEmpty)

    #expect {
      _ = try FixFileReader.open(path: dir.appendingPathComponent("missing.gpx").path)
    } throws: { ($0 as? FormatError)?.code == .unreadable }
    #expect {
      _ = try FixFileReader.open(path: dir.path)
    } throws: { ($0 as? FormatError)?.code == .unreadable }

    let bad = dir.appendingPathComponent("bad.gpx")
    try Data(gpx11(#"<trkpt lat="200" lon="2"/>"#).utf8).write(to: bad)
    var badReader = try FixFileReader.open(path: bad.path)
    #expect {
      _ = try badReader.readAll()
    } throws: { error in
      (error as? FormatError)?.description == "\(bad.path):4:13: latitude 200 is outside -90...90"
    }
  }

  /// A file bigger than one read chunk: tokens straddle the 1 MiB boundaries of real reads.
  @Test func fileLargerThanOneChunk() throws {
    let point =
      #"<trkpt lat="45.123456" lon="14.654321"><ele>512.5</ele><time>2012-04-12T12:53:58Z</time></trkpt>"#
    let count = 30_000
    let text = gpx11(Array(repeating: point, count: count).joined(separator: "\n"))
    #expect(text.utf8.count > 2 << 20)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strider-big-\(UUID().uuidString).gpx")
    try Data(text.utf8).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    var reader = try FixFileReader.open(path: path.path)
    var n = 0
    while let fix = try reader.next() {
      #expect(fix.origin.line == 4 + n)
      n += 1
    }
    #expect(n == count)
  }
}
