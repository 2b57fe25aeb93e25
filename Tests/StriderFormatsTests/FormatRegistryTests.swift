import Foundation
import StriderCore
import Testing

@testable import StriderFormats

/// The registry is the one list of formats: opening, sniffing, the report and the exports
/// all go through it, so these tests hold for a format added later as well.
@Suite("Format registry")
struct FormatRegistryTests {
  /// One file of each readable format, by the format it is.
  static let samples: [(FileFormat, String)] = [
    (.gpx, GPXReaderTests.sample),
    (.tcx, "<?xml version=\"1.0\"?>\n<TrainingCenterDatabase xmlns=\"x\"/>"),
    (
      .gpsdJSON,
      #"{"class":"TPV","mode":3,"time":"2024-05-01T10:00:00Z","lat":1.0,"lon":2.0}"# + "\n"
    ),
    (.nmea, "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n"),
  ]

  /// One file of each binary format: text tricks (a byte-order mark, blank lines first) do
  /// not apply to them.
  static let binarySamples: [(FileFormat, [UInt8])] = [
    (.fit, FITTestFile.header(dataSize: 0) + [0, 0])
  ]

  @Test func namesAndExtensionsAreEachOnesOwn() {
    let names = FormatRegistry.readers.map { $0.format }
    #expect(Set(names).count == names.count)
    #expect(FileFormat.readable == names)
    let extensions = FormatRegistry.readers.flatMap { $0.extensions }
    #expect(Set(extensions).count == extensions.count, "\(extensions)")
    #expect(extensions.allSatisfy { $0 == $0.lowercased() && !$0.hasPrefix(".") })
    #expect(
      Set(Self.samples.map(\.0) + Self.binarySamples.map(\.0)) == Set(names),
      "a sample for every registered format")
  }

  /// Sniffing is the readers' own `looksLike`, and no reader claims another's file, so the
  /// registry's order never hides a conflict.
  @Test(arguments: samples)
  func exactlyOneReaderClaimsEachFormat(format: FileFormat, text: String) {
    let bytes = Array(text.utf8)
    let claiming = FormatRegistry.readers.filter { $0.looksLike(prefix: bytes) }.map { $0.format }
    #expect(claiming == [format])
    #expect(FixFileReader.sniff(prefix: bytes, fileName: "no-extension") == format)
    #expect(FixFileReader.sniff(prefix: Array(("\u{FEFF}\n" + text).utf8), fileName: "") == format)
  }

  @Test(arguments: binarySamples)
  func exactlyOneReaderClaimsEachBinaryFormat(format: FileFormat, bytes: [UInt8]) throws {
    let claiming = FormatRegistry.readers.filter { $0.looksLike(prefix: bytes) }.map { $0.format }
    #expect(claiming == [format])
    #expect(FixFileReader.sniff(prefix: bytes, fileName: "no-extension") == format)
    var whole = try FixFileReader.open(
      source: MemoryByteSource(bytes: bytes), file: SourceFile(name: "stdin"))
    var bytewise = try FixFileReader.open(
      source: MemoryByteSource(bytes: bytes, chunkSize: 1), file: SourceFile(name: "stdin"))
    #expect(whole.format == format && bytewise.format == format)
    #expect(try whole.readAll() == bytewise.readAll())
  }

  /// Every extension a reader registers opens a file whose content says nothing.
  @Test func extensionsDecideWhenTheContentDoesNot() {
    for reader in FormatRegistry.readers {
      for ext in reader.extensions {
        let name = "a/b.\(ext.uppercased())"
        #expect(FixFileReader.sniff(prefix: Array("?".utf8), fileName: name) == reader.format)
      }
    }
    #expect(FixFileReader.sniff(prefix: Array("?".utf8), fileName: "dir.gpx/file") == nil)
  }

  @Test(arguments: [
    (#"{"alt":12.5,"class":"TPV","mode":3}"#, "x.log", Optional(FileFormat.gpsdJSON)),
    ("<kml><!-- $GPGGA,1,2,3 --></kml>", "a.kml", nil),
    ("<kml><!-- $GPGGA,1,2,3 --></kml>", "a.nmea", .nmea),
    ("{\"type\":\"FeatureCollection\"}\n$GPGGA,1,2*00", "a.geojson", nil),
  ])
  func contentThatQuotesAnotherFormat(text: String, fileName: String, format: FileFormat?) {
    #expect(FixFileReader.sniff(prefix: Array(text.utf8), fileName: fileName) == format)
  }

  /// A source that hands out a byte at a time (a pipe) is sniffed on the same bytes as a
  /// file read whole.
  @Test(arguments: samples)
  func openingDoesNotDependOnChunks(format: FileFormat, text: String) throws {
    let bytes = Array(("\n\n" + text).utf8)
    var whole = try FixFileReader.open(
      source: MemoryByteSource(bytes: bytes), file: SourceFile(name: "stdin"))
    var bytewise = try FixFileReader.open(
      source: MemoryByteSource(bytes: bytes, chunkSize: 1), file: SourceFile(name: "stdin"))
    #expect(whole.format == format)
    #expect(bytewise.format == format)
    #expect(try whole.readAll() == bytewise.readAll())
  }

  @Test func emptyFileNotesComeFromTheFormat() {
    #expect(FixFileReader.emptyFileNote(.gpx).contains("waypoints and routes are not tracks"))
    #expect(FixFileReader.emptyFileNote(.nmea) == "no fixes in the file")
    #expect(FixFileReader.emptyFileNote(FileFormat(rawValue: "kml")) == "no fixes in the file")
  }

  /// What `analyze` reports of a reader comes from the reader, through any wrapper.
  @Test func notesAndWarningsComeFromTheReader() throws {
    let log = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\ngarbage\r\n"
    var nmea = try FixFileReader.open(
      source: MemoryByteSource(bytes: Array(log.utf8)), file: SourceFile(name: "a.nmea"))
    _ = try nmea.readAll()
    let notes = Dictionary(uniqueKeysWithValues: nmea.notes.map { ($0.key, $0.value) })
    #expect(notes["lines"] == .int(2) && notes["garbage_lines"] == .int(1), "\(notes)")
    #expect(nmea.warnings.contains { $0.contains("no time") }, "\(nmea.warnings)")

    let ahead = PrefetchingFixReader(
      try FixFileReader.open(
        source: MemoryByteSource(bytes: Array(log.utf8)), file: SourceFile(name: "a.nmea")))
    #expect(ahead.notes.isEmpty, "nothing before the end")
    while try ahead.next() != nil {}
    #expect(ahead.notes == nmea.notes)
    #expect(ahead.warnings == nmea.warnings)

    var gpx = GPXReader(bytes: Array(GPXReaderTests.sample.utf8), fileName: "a.gpx")
    _ = try gpx.readAll()
    #expect(gpx.notes.isEmpty && gpx.warnings.isEmpty)
  }

  @Test func exportFormatsAreTheRegisteredWriters() throws {
    #expect(ExportFormat.all.map(\.name) == ["gpx", "tcx", "json", "csv", "fit"])
    for format in ExportFormat.all {
      #expect(ExportFormat(rawValue: format.name) == format)
      #expect(FormatRegistry.writer(for: format)?.format == format)
    }
    #expect(ExportFormat(rawValue: "kml") == nil)
    #expect(ExportFormat(rawValue: "GPX") == nil)
  }

  @Test func helpTextsListTheRegisteredFormats() {
    #expect(FormatRegistry.readableTitles == "GPX, TCX, gpsd JSON, NMEA 0183 or Garmin FIT")
    #expect(FormatRegistry.list(["a"]) == "a")
    #expect(FormatRegistry.list(["a", "b"]) == "a or b")
    #expect(FormatRegistry.list([]) == "")
  }

  /// What each fix writer writes, its format's reader reads back: every fix with a
  /// position, where it was, and the format sniffed from the bytes alone.
  @Test func everyFixWriterIsReadBackByItsReader() throws {
    let start = GNSSTime(secondsSince1970: 1_714_550_400)
    let fixes = (0..<30).map { i in
      Fix(
        time: start + Seconds(Double(i)),
        coordinate: Coordinate(latitude: 46.05 + Double(i) * 1e-5, longitude: 14.5),
        altitude: Meters(300), horizontalAccuracy: Meters(4), speed: MetersPerSecond(1.1),
        mode: .threeD)
    }
    let names = FormatRegistry.fixWriters.map { $0.fixFormat }
    #expect(Set(names).count == names.count)
    for writer in FormatRegistry.fixWriters {
      let found = FormatRegistry.fixWriter(named: writer.fixFormat)
      #expect(found.map { ObjectIdentifier($0) } == ObjectIdentifier(writer))
      for plain in [false, true] {
        var text = ""
        writer.write(fixes, metadata: TrackMetadata(name: "test"), plain: plain, to: &text)
        var reader = try FixFileReader.open(
          source: MemoryByteSource(bytes: Array(text.utf8)), file: SourceFile(name: "fixes"))
        var read: [Fix] = []
        while let fix = try reader.next() { read.append(fix) }
        let positioned = read.filter { $0.coordinate != nil }
        #expect(positioned.count == fixes.count, "\(writer.fixFormat), plain \(plain)")
        if let last = positioned.last?.coordinate {
          #expect(abs(last.latitude - 46.05029) < 1e-6, "\(writer.fixFormat)")
        }
      }
    }
  }
}
