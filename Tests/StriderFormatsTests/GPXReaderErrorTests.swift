import StriderCore
import Testing

@testable import StriderFormats

@Suite("GPX reader errors")
struct GPXReaderErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var code: FormatError.Code
    var line: Int
    var column: Int?
    var messageContains: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "latitude out of range",
      text: gpx11(#"<trkpt lat="200" lon="2"/>"#), code: .invalidCoordinate, line: 4, column: 13,
      messageContains: "latitude 200 is outside -90...90"),
    Case(
      name: "longitude out of range",
      text: gpx11(#"<trkpt lat="1" lon="-180.5"/>"#), code: .invalidCoordinate, line: 4,
      column: 21, messageContains: "longitude -180.5 is outside -180...180"),
    Case(
      name: "missing lat", text: gpx11(#"<trkpt lon="2"/>"#), code: .invalidCoordinate, line: 4,
      column: 2, messageContains: "no lat attribute"),
    Case(
      name: "missing lon", text: gpx11(#"<trkpt lat="2"></trkpt>"#), code: .invalidCoordinate,
      line: 4, column: 2, messageContains: "no lon attribute"),
    Case(
      name: "lat not a number", text: gpx11(#"<trkpt lat="4x" lon="2"/>"#), code: .invalidNumber,
      line: 4, column: 13, messageContains: #"lat "4x" is not a number"#),
    Case(
      name: "NaN is not a number", text: gpx11(#"<trkpt lat="NaN" lon="2"/>"#),
      code: .invalidNumber, line: 4, column: 13, messageContains: "not a number"),
    Case(
      name: "elevation not a number",
      text: gpx11("<trkpt lat=\"1\" lon=\"2\">\n  <ele>12,5</ele></trkpt>"), code: .invalidNumber,
      line: 5, column: 8, messageContains: #"ele "12,5" is not a number"#),
    Case(
      name: "sat not a whole number", text: gpx11(#"<trkpt lat="1" lon="2"><sat>-3</sat></trkpt>"#),
      code: .invalidNumber, line: 4, column: 29, messageContains: "sat"),
    Case(
      name: "bad time",
      text: gpx11(#"<trkpt lat="1" lon="2"><time>2012-13-01T00:00:00Z</time></trkpt>"#),
      code: .invalidTime, line: 4, column: 30, messageContains: "2012-13-01T00:00:00Z"),
    Case(
      name: "time with text after the zone",
      text: gpx11("<trkpt lat=\"1\" lon=\"2\"><time>\n 2012-01-01T00:00:00Zjunk</time></trkpt>"),
      code: .invalidTime, line: 5, column: 2, messageContains: "is not an RFC 3339"),
    Case(
      name: "mismatched end tag", text: gpx11(#"<trkpt lat="1" lon="2"><ele>1</elev></trkpt>"#),
      code: .malformed, line: 4, column: 30, messageContains: "</elev> does not match <ele>"),
    Case(
      name: "end tag without start",
      text: "<gpx></gpx>\n</trk>", code: .malformed, line: 2, column: 1,
      messageContains: "no matching start tag"),
    Case(
      name: "truncated inside an element", text: "<gpx><trk>\n<trkseg><trkpt lat=\"1\" lon=\"2\">",
      code: .truncated, line: 2, column: nil, messageContains: "<trkpt> opened at line 2"),
    Case(
      name: "truncated inside a tag", text: "<gpx><trk>\n<trkseg><trkpt lat=\"1",
      code: .truncated, line: 2, column: nil, messageContains: "ends inside a tag"),
    Case(
      name: "truncated inside a comment", text: "<gpx><!-- to be continued",
      code: .truncated, line: 1, column: nil, messageContains: "comment"),
    Case(
      name: "empty file", text: "", code: .truncated, line: 1, column: 1,
      messageContains: "before any element"),
    Case(
      name: "garbage bytes", text: "\u{1}\u{2}PK binary", code: .malformed, line: 1, column: 1,
      messageContains: "before the root element"),
    Case(
      name: "text after the root", text: "<gpx/>\n\nhello", code: .malformed, line: 3,
      column: 1, messageContains: "after the root element"),
    Case(
      name: "second root", text: "<gpx/>\n<gpx/>", code: .malformed, line: 2, column: 1,
      messageContains: "second root"),
    Case(
      name: "XML that is not GPX",
      text: "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"></kml>",
      code: .wrongFormat, line: 2, column: 2, messageContains: "root element is <kml>"),
    Case(
      name: "unquoted attribute", text: "<gpx><trk a=1></trk></gpx>", code: .malformed, line: 1,
      column: 13, messageContains: "quoted"),
    Case(
      name: "unknown entity", text: "<gpx>\n  <trk><name>&nbsp;</name></trk></gpx>",
      code: .malformed, line: 2, column: 14, messageContains: "unknown entity &nbsp;"),
    Case(
      name: "bare ampersand", text: "<gpx><trk><name>A & B</name></trk></gpx>",
      code: .malformed, line: 1, column: 19, messageContains: "'&'"),
    Case(
      name: "DOCTYPE with internal subset",
      text: """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
         <!ENTITY lol "lol">
         <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        ]>
        <gpx><trk><name>&lol2;</name></trk></gpx>
        """, code: .forbiddenMarkup, line: 2, column: 16, messageContains: "internal subset"),
    Case(
      name: "XXE",
      text: """
        <!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
        <gpx><trk><name>&xxe;</name></trk></gpx>
        """, code: .forbiddenMarkup, line: 1, column: 15, messageContains: "internal subset"),
    Case(
      name: "ENTITY outside a DOCTYPE", text: "<!ENTITY x \"y\">\n<gpx/>", code: .forbiddenMarkup,
      line: 1, column: 1, messageContains: "entity declarations"),
    Case(
      name: "nesting deeper than the limit",
      text: "<gpx>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        + "</gpx>", code: .forbiddenMarkup, line: 1, column: 5 + 255 * 3 + 1,
      messageContains: "deeper than 256"),
  ]

  @Test(arguments: cases)
  func reportsCodeAndPosition(_ c: Case) throws {
    for chunkSize in [Int.max, 1] {
      let error = try #require(gpxError(c.text, chunkSize: chunkSize), "\(c.name) must fail")
      #expect(error.code == c.code, "\(error)")
      #expect(error.line == c.line, "\(error)")
      if let column = c.column { #expect(error.column == column, "\(error)") }
      #expect(error.message.contains(c.messageContains), "\(error)")
      #expect(error.file == "test.gpx")
      #expect(error.description.hasPrefix("test.gpx:\(error.line):\(error.column): "))
    }
  }

  @Test func utf16IsRefusedClearly() throws {
    let units = Array("<gpx/>".utf16)
    let bytes: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let error = try #require(Self.error(reading: bytes))
    #expect(error.code == .malformed)
    #expect(error.message.contains("UTF-16"))
  }

  static func error(reading bytes: [UInt8]) -> FormatError? {
    var reader = GPXReader(bytes: bytes, fileName: "test.gpx")
    do {
      _ = try reader.readAll()
      return nil
    } catch {
      return error
    }
  }

  @Test func descriptionMatchesTheDocumentedShape() {
    let error = FormatError(
      .invalidCoordinate, file: "ride.gpx", line: 14, column: 23,
      message: "latitude 200 is outside -90...90")
    #expect(error.description == "ride.gpx:14:23: latitude 200 is outside -90...90")
    #expect(
      FormatError(.unreadable, file: "x.gpx", message: "cannot open").description
        == "x.gpx: cannot open")
  }

  /// Random corruptions of a valid file must end in a value or an error, never a crash or a
  /// hang; a fixed seed keeps the run repeatable.
  @Test func corruptedInputNeverCrashes() {
    let original = Array(GPXReaderTests.sample.utf8)
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<500 {
      var bytes = original
      switch generator.next() % 3 {
      case 0:
        bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
      case 1:
        for _ in 0..<4 {
          bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(
            truncatingIfNeeded: generator.next())
        }
      default:
        let at = Int(generator.next() % UInt64(bytes.count))
        bytes.insert(contentsOf: "<&]]>\"".utf8.shuffled(using: &generator), at: at)
      }
      var reader = GPXReader(
        source: MemoryByteSource(bytes: bytes, chunkSize: 1 + Int(generator.next() % 50)),
        fileName: "fuzz.gpx")
      do {
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count <= 10)
      } catch {
        #expect(error.line >= 1)
      }
    }
  }
}

/// A small deterministic generator for repeatable fuzzing.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
