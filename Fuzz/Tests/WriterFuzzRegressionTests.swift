import Foundation
import StriderCore
import StriderFormats
import Testing

/// Inputs the writers' fuzz target (`Fuzz/run.sh 60 writers`) choked on, run through the
/// target's own entry point: this test target compiles `Targets/WriterFuzz.swift` and the
/// stream decoder it uses, without libFuzzer, so the test runs exactly what the fuzzer runs.
@Suite struct WriterFuzzRegressionTests {
  /// Issue 14: the writers target timed out on these 11 bytes (0.45 s alone under ASan).
  static let slowInput: [UInt8] = [
    0x08, 0x00, 0xFF, 0x00, 0x08, 0x0B, 0x00, 0x00, 0x03, 0x00, 0x00,
  ]

  /// What the bytes are: no huge count or duration, but the repeat operation's 255 copies
  /// of the start fix and one fix without a position (NaN latitude, longitude, altitude and
  /// speed) at the same second, in a raw run. 256 fixes written by every writer for every
  /// choice of points and read back made about 1.2 MB of text, and two byte-by-byte string
  /// searches of Foundation's (a few hundred instructions a byte) took most of the time:
  /// `contains("e")` in `GPXWriter.decimal` on every number, and the target's own
  /// `components(separatedBy:)` counting TCX trackpoints and CSV rows. Both are byte scans
  /// now; callgrind counted 729M instructions for the input before and 355M after.
  @Test func theSlowInputIsASessionOf256Fixes() {
    var decoder = FixStreamDecoder(Self.slowInput)
    let configuration = decoder.configuration()
    #expect(configuration.isRaw && configuration.activity == .run)
    var fixes: [Fix] = []
    while let (fix, repeats) = decoder.next() {
      fixes += Array(repeating: fix, count: repeats)
    }
    #expect(fixes.count == 256)
    #expect(Set(fixes.map(\.time)).count == 1, "every fix at the same second")
    #expect(fixes.last?.coordinate?.latitude.isNaN == true)
  }

  /// The target's whole logic on the input, for every choice of points (the entry point
  /// makes one, from the input's length): every writer, read back and checked (a failed
  /// check traps, failing the run). All four took 0.29 s in a debug build on a loaded
  /// machine once made cheap; the bound only catches a return of something many times
  /// slower (the instruction counts above are the measure).
  @Test func theSlowInputRunsTheWritersTargetQuickly() {
    let clock = ContinuousClock()
    let took = clock.measure {
      for points in ExportPoints.allCases { WriterCheck.run(Self.slowInput, points: points) }
      let status = Self.slowInput.withUnsafeBufferPointer { bytes in
        fuzz(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, bytes.count)
      }
      #expect(status == 0)
    }
    #expect(took < .seconds(3), "\(took)")
  }

  /// The byte count the target uses agrees with what `components(separatedBy:)` gave.
  @Test(arguments: [
    ("<Trackpoint>", "<a><Trackpoint></Trackpoint><Trackpoint/>x<Trackpoint>", 2),
    ("\r\n", "h\r\n1\r\n2\r\n", 3), ("\r\n", "", 0), ("ab", "aaab", 1), ("aa", "aaaa", 2),
    ("é", "café é", 2),
  ])
  func occurrencesCountAsComponentsDid(needle: String, text: String, expected: Int) {
    #expect(WriterCheck.occurrences(of: needle, in: text) == expected)
    #expect(text.components(separatedBy: needle).count - 1 == expected)
  }
}

/// CI's writers run of 2026-11-30 stopped on a check older than the export's precision: a
/// longitude written to 7 decimals (a centimetre) was held to 1e-9 degree.
@Suite struct WriterFuzzPrecisionTests {
  static func gpx(latitude: String, longitude: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
    <trk><trkseg><trkpt lat="\(latitude)" lon="\(longitude)"><time>2026-11-30T08:00:00Z</time></trkpt></trkseg></trk>
    </gpx>
    """
  }

  /// The position CI's input made, as the GPX writer writes it, passes the check.
  @Test func aPositionWrittenToSevenDecimalsReadsBackWithinTheCheck() {
    let fix = Fix(
      time: GNSSTime(secondsSince1970: 1_796_025_600),
      coordinate: Coordinate(latitude: 47.49999999999364, longitude: 19.04996183851794))
    let latitude = GPXWriter.Precision.degrees(47.49999999999364)
    let longitude = GPXWriter.Precision.degrees(19.04996183851794)
    #expect((latitude, longitude) == ("47.5", "19.0499618"))
    WriterCheck.readBack(
      Self.gpx(latitude: latitude, longitude: longitude), written: [fix], what: "gpx",
      fileName: "check.gpx")
  }

  /// The worst a 7-decimal rounding can do, half the last decimal, stays inside the check,
  /// and a whole last decimal does not.
  @Test func theToleranceIsHalfTheLastDecimalWritten() {
    #expect(WriterCheck.degreeTolerance >= 0.5e-7)
    #expect(WriterCheck.degreeTolerance < 1e-7)
    let worst = 179.99999995
    #expect(abs(Double(GPXWriter.Precision.degrees(worst))! - worst) <= WriterCheck.degreeTolerance)
  }
}
