import StriderCore
import Testing

@testable import StriderFormats

@Suite("GPX writer")
struct GPXWriterTests {
  static let fixes: [Fix] = [
    Fix(
      time: GNSSTime(year: 2024, month: 5, day: 1, hour: 6, minute: 30, second: 0.25),
      coordinate: Coordinate(latitude: 45.123456789, longitude: -0.00001), altitude: Meters(12.5),
      horizontalAccuracy: Meters(3.2), verticalAccuracy: Meters(4.5),
      speed: MetersPerSecond(2.75), course: Degrees(90), mode: .threeD, satellites: 9, hdop: 0.8,
      segment: 0),
    Fix(
      time: nil, coordinate: Coordinate(latitude: 45.2, longitude: 7), mode: .twoD, segment: 0),
    Fix(time: nil, coordinate: nil, mode: .noFix, segment: 0),
    Fix(
      time: GNSSTime(year: 2024, month: 5, day: 1, hour: 6, minute: 40),
      coordinate: Coordinate(latitude: -1e-7, longitude: 179.9), mode: .noFix, segment: 3),
  ]

  @Test func roundTripsThroughTheReader() throws {
    var text = ""
    let metadata = TrackMetadata(
      name: "Tom & Jerry's <run>", typeText: "running", declaredActivity: .run, creator: "Strider")
    GPXWriter.write(Self.fixes, metadata: metadata, to: &text)
    #expect(text.contains("<trkseg>"))
    #expect(!text.contains("e-"), "XML Schema decimals have no exponent")

    let (read, readMetadata) = try readGPX(text)
    #expect(readMetadata == metadata)
    let written = Self.fixes.filter { $0.coordinate != nil }
    #expect(read.count == written.count, "a fix without a position has no trkpt")
    #expect(read.map(\.segment) == [0, 0, 1], "a segment change starts a new <trkseg>")
    for (a, b) in zip(read, written) {
      #expect(a.coordinate == b.coordinate)
      #expect(a.altitude == b.altitude)
      #expect(a.horizontalAccuracy == b.horizontalAccuracy)
      #expect(a.verticalAccuracy == b.verticalAccuracy)
      #expect(a.speed == b.speed)
      #expect(a.course == b.course)
      #expect(a.mode == b.mode)
      #expect(a.satellites == b.satellites)
      #expect(a.hdop == b.hdop)
      #expect(a.time == b.time, "whole milliseconds survive the RFC 3339 text exactly")
    }
  }

  /// A name with control characters (a session imported from a file named so): XML 1.0
  /// cannot hold a BEL or an ESC even as a reference, so they are written as U+FFFD and the
  /// file stays well-formed; tab and line feed are kept. Found by issue 6's escaping checks:
  /// `sessions export --format gpx` wrote them raw and xmllint refused the file.
  @Test func controlCharactersInANameKeepTheFileWellFormed() throws {
    var text = ""
    let name = "=Mom's \"long\" run, part 1\nline\ttwo\u{7}\u{1B}[31m\u{0}\u{FFFF}"
    GPXWriter.write(Self.fixes, metadata: TrackMetadata(name: name), to: &text)
    let allowed: Set<Unicode.Scalar> = ["\t", "\n", "\r"]
    let forbidden = text.unicodeScalars.filter {
      ($0.value < 0x20 && !allowed.contains($0)) || $0 == "\u{FFFE}" || $0 == "\u{FFFF}"
    }
    #expect(forbidden.isEmpty, "\(forbidden.map(\.value))")
    let written = "=Mom's \"long\" run, part 1\nline\ttwo\u{FFFD}\u{FFFD}[31m\u{FFFD}\u{FFFD}"
    #expect(
      text.contains(
        "<name>=Mom&apos;s &quot;long&quot; run, part 1\nline\ttwo\u{FFFD}\u{FFFD}[31m"
          + "\u{FFFD}\u{FFFD}</name>"))
    let (_, readMetadata) = try readGPX(text)
    #expect(readMetadata.name == written)
  }

  @Test(arguments: [
    (0.0, "0"), (1.5, "1.5"), (-74.6645733, "-74.6645733"), (1e-5, "0.00001"),
    (-1e-7, "-0.0000001"), (45.123456789, "45.123456789"),
  ])
  func decimals(value: Double, text: String) {
    #expect(GPXWriter.decimal(value) == text)
  }
}
