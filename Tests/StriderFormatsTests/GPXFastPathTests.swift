import Foundation
import StriderCore
import StriderSimulator
import StriderTestSupport
import Testing

@testable import StriderFormats

/// The GPX reader's fast path (`GPXPointScan`) against the scanner it stands in for: the
/// same fixes, bit for bit, the same metadata and the same errors, on real files, on
/// points of every unusual shape, and at every chunk size.
@Suite("GPX fast path gives what the scanner gives")
struct GPXFastPathTests {
  /// Every field of every fix, bit for bit (a NaN equals itself here, 0 and -0 differ).
  static func bits(_ fixes: [Fix]) -> [String] {
    fixes.map { f in
      let numbers: [Double?] = [
        f.time?.secondsSince1970, f.coordinate?.latitude, f.coordinate?.longitude,
        f.altitude?.value, f.horizontalAccuracy?.value, f.verticalAccuracy?.value,
        f.speed?.value, f.course?.value, f.hdop, f.heartRate?.value, f.cadence?.value,
      ]
      let text = numbers.map { $0.map { String($0.bitPattern, radix: 16) } ?? "-" }
      return text.joined(separator: " ")
        + " \(f.mode) \(f.provider) \(f.satellites ?? -1) \(f.segment) \(f.origin.index)"
        + " \(f.origin.line ?? 0)"
    }
  }

  struct Outcome: Equatable {
    var fixes: [String]
    var name: String?
    var type: String?
    var error: FormatError?
    var fastPoints: Int
    var fastPathOn: Bool
  }

  static func read(_ bytes: [UInt8], fast: Bool, chunkSize: Int = 1 << 20) -> Outcome {
    var reader = GPXReader(
      source: MemoryByteSource(bytes: bytes, chunkSize: chunkSize), fileName: "t.gpx",
      fastPath: fast)
    var fixes: [Fix] = []
    var failure: FormatError?
    do throws(FormatError) {
      while let fix = try reader.next() { fixes.append(fix) }
    } catch {
      failure = error
    }
    return Outcome(
      fixes: bits(fixes), name: reader.metadata.name, type: reader.metadata.typeText,
      error: failure, fastPoints: reader.fastPathPoints, fastPathOn: reader.usesFastPath)
  }

  /// Reads both ways and expects the same; returns how many points the fast path read.
  @discardableResult
  static func expectSame(
    _ bytes: [UInt8], chunkSize: Int = 1 << 20, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    let slow = read(bytes, fast: false, chunkSize: chunkSize)
    let fast = read(bytes, fast: true, chunkSize: chunkSize)
    #expect(slow.fastPoints == 0, sourceLocation: sourceLocation)
    var comparable = fast
    comparable.fastPoints = 0
    comparable.fastPathOn = false
    #expect(comparable == slow, "\(what), chunks of \(chunkSize)", sourceLocation: sourceLocation)
    return fast
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func realFilesReadTheSameAndMostlyFast() throws {
    let files = SharedData.files(in: "gpx", withExtension: "gpx")
    guard !files.isEmpty else { return SharedData.missing("gpx files") }
    for url in files {
      let bytes = Array(try Data(contentsOf: url))
      let fast = Self.expectSame(bytes, url.lastPathComponent)
      #expect(fast.error == nil, "\(url.lastPathComponent)")
      #expect(fast.fixes.count > 0, "\(url.lastPathComponent)")
      // Every point is of a common shape, except where a 1 MiB buffer ends.
      #expect(fast.fastPoints >= fast.fixes.count - 2, "\(url.lastPathComponent)")
    }
  }

  @Test func simulatorExportsReadFast() {
    let session = Simulator.run(
      SimulationConfiguration(activity: .ride, seed: 5, faults: .all, routeLength: Meters(4000)))
    for style in [GPXWriter.Style.full, .plain] {
      var text = ""
      GPXWriter.write(
        session.fixes, metadata: TrackMetadata(name: "bench", typeText: "ride"), style: style,
        to: &text)
      let fast = Self.expectSame(Array(text.utf8), "\(style)")
      #expect(fast.fixes.count > 100)
      #expect(fast.fastPoints == fast.fixes.count, "\(style)")
    }
  }

  /// Points of every shape the fast path must either read exactly or leave alone.
  static let unusualPoints: [String] = [
    #"<trkpt lat="1.5" lon="2.5"/>"#,
    #"<trkpt lon='2.5' lat='1.5' ></trkpt >"#,
    "<trkpt\n lat=\"1.5\"\n lon=\"2.5\">\n<ele>\n 12.5\n</ele>\n</trkpt>",
    #"<gpx:trkpt lat="1" lon="2"><gpx:ele>3</gpx:ele></gpx:trkpt>"#,
    #"<trkpt lat="1" lon="2"><ele/><time/><fix/><sat/></trkpt>"#,
    #"<trkpt lat="1" lon="2"><ele></ele><time></time><hdop> </hdop></trkpt>"#,
    #"<trkpt lat="1" lon="2"><time>2024-05-01T10:00:00Z</time><time></time></trkpt>"#,
    #"<trkpt lat="1" lon="2"><fix>DGPS</fix><sat>07</sat><vdop>2</vdop></trkpt>"#,
    #"<trkpt lat="1" lon="2"><fix>3D </fix><speed>1e1</speed><course>-0</course></trkpt>"#,
    #"<trkpt lat="1" lon="2" lat="5"><ele unit="m">4</ele></trkpt>"#,
    #"<trkpt lat="1" lon="2"><extensions><strider:accuracy>3</strider:accuracy><x><speed>9</speed></x></extensions></trkpt>"#,
    #"<trkpt lat="1" lon="2"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>"#,
    #"<trkpt lat="1" lon="2"><name>a &amp; b</name><ele>4</ele></trkpt>"#,
    #"<trkpt lat="1" lon="2"><!-- c --><ele>4</ele></trkpt>"#,
    #"<trkpt lat="1" lon="2"><time><![CDATA[2024-05-01T10:00:00Z]]></time></trkpt>"#,
    #"<trkpt lat="1" lon="2"><ele>4<b>5</b></ele></trkpt>"#,
    #"<trkpt lat="1" lon="2"><?pi x?><ele>4</ele></trkpt>"#,
    #"<trkpt lat="&#49;" lon="2"/>"#,
    #"<trkpt lat="1" lon="2">stray text<ele>4</ele></trkpt>"#,
    #"<trkpt lat="1" lon="2"><a><b><c><d><e><f><g><h><i><j><k><l><m><n><o><p><q>1</q></p></o></n></m></l></k></j></i></h></g></f></e></d></c></b></a></trkpt>"#,
    #"<wpt lat="1" lon="2"/>"#,
    #"<trkpt lat="1" lon="2"></trkpt><trkpt lat="3" lon="4"><ele>5</ele></trkpt>"#,
    // Each of these is an error, which the scanner reports where it is.
    #"<trkpt lat="1" lon="2"><ele>abc</ele></trkpt>"#,
    #"<trkpt lat="1" lon="2"><time>yesterday</time></trkpt>"#,
    #"<trkpt lat="1" lon="2"><sat>-3</sat></trkpt>"#,
    #"<trkpt lat="91" lon="2"/>"#,
    #"<trkpt lat="x" lon="2"/>"#,
    #"<trkpt lat="1"/>"#,
    #"<trkpt lat="1" lon="2"><ele>4</elev></trkpt>"#,
    #"<trkpt lat="1" lon="2"><ele>4</ele></trkpt2>"#,
    #"<trkpt lat="1"lon="2"/>"#,
    #"<trkpt lat="1" lon="2"><ele a=b>4</ele></trkpt>"#,
    #"<trkpt lat="1" lon="<2"/>"#,
    #"<trkpt lat="1" lon="2"><ele>4</ele>"#,
    #"<trkpt lat="1" lon="2"><ele & >4</ele></trkpt>"#,
    #"<trkpt lat="1" lon="2"/ >"#,
  ]

  @Test(arguments: unusualPoints)
  func unusualPointsReadTheSame(point: String) {
    let text = gpx11("  " + point + "\n  " + #"<trkpt lat="7" lon="8"><ele>9</ele></trkpt>"#)
    Self.expectSame(Array(text.utf8), point)
  }

  @Test func everyChunkSizeReadsTheSame() {
    let text = gpx11(Self.unusualPoints.prefix(12).joined(separator: "\n"))
    let bytes = Array(text.utf8)
    let whole = Self.read(bytes, fast: false)
    #expect(whole.error == nil)
    for chunkSize in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377] {
      Self.expectSame(bytes, chunkSize: chunkSize, "the first twelve shapes")
      #expect(Self.read(bytes, fast: true, chunkSize: chunkSize).fixes == whole.fixes)
    }
  }

  @Test func theFastPathStopsTryingAfterManyMisses() {
    let point = #"<trkpt lat="1" lon="2"><!-- c --><ele>4</ele></trkpt>"#
    let text = gpx11(Array(repeating: point, count: 200).joined(separator: "\n"))
    let outcome = Self.expectSame(Array(text.utf8), "200 points with comments")
    #expect(outcome.fixes.count == 200)
    #expect(outcome.fastPoints == 0)
    #expect(!outcome.fastPathOn)
    let plain = Self.read(Array(gpx11(#"<trkpt lat="1" lon="2"/>"#).utf8), fast: true)
    #expect(plain.fastPathOn)
    #expect(plain.fastPoints == 1)
  }
}
