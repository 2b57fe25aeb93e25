import Foundation
import StriderCore
import Testing

@testable import StriderFormats

/// Hostile NMEA 0183 logs and gpsd JSON (issue 6): line readers skip and count what they
/// cannot use and never throw for content, so the checks are that each input ends, in
/// bounded memory, with the right fixes and counts. Complements `NMEAReaderTests`
/// (checksums, garbage lines) and `GPSDMessageTests` (garbage lines).
@Suite(.serialized) struct HostileLineFormatTests {
  static let gga = "GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
  static let rmc = "GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,150625,,,A"
  static let tpv =
    #"{"class":"TPV","mode":3,"time":"2025-06-15T12:00:00.000Z","lat":48.1,"lon":11.5}"#

  static func readNMEA(_ source: some ByteChunkSource) throws -> ([Fix], NMEAStatistics) {
    var reader = NMEAReader(source: source, fileName: "hostile.nmea")
    let fixes = try reader.readAll()
    return (fixes, reader.statistics)
  }

  static func readGPSD(_ source: some ByteChunkSource) throws -> ([Fix], GPSDStatistics) {
    var reader = GPSDJSONReader(source: source, fileName: "hostile.json")
    let fixes = try reader.readAll()
    return (fixes, reader.statistics)
  }

  // MARK: NMEA

  /// Every way a checksum can be wrong is counted and skipped; the good sentences read.
  @Test func wrongChecksumsAreSkippedAndCounted() throws {
    let good = nmea(Self.gga) + nmea(Self.rmc)
    let sum = checksumText(Self.gga)
    let flipped = String(sum.reversed()) == sum ? "00" : String(sum.reversed())
    let text =
      "$\(Self.gga)*\(flipped)\r\n" + "$\(Self.gga)*ZZ\r\n" + "$\(Self.gga)*\r\n"
      + "$\(Self.gga)*\(sum.prefix(1))\r\n" + "$\(Self.gga)\r\n" + "$\(Self.gga)*\(sum)\u{0}\r\n"
      + good
    let (fixes, stats) = try Self.readNMEA(MemoryByteSource(bytes: Array(text.utf8)))
    #expect(fixes.count == 1)
    #expect(stats.badChecksum == 1, "\(stats)")
    #expect(stats.missingChecksum == 1, "\(stats)")
    #expect(stats.garbageLines >= 3, "\(stats)")
  }

  /// 100 MB without a newline, streamed: one garbage line, memory bounded by the reader's
  /// 4 KiB line limit, and the sentences after it still read; a file that is one endless
  /// line of digits is one garbage line.
  @Test func aHundredMegabyteLineWithoutNewline() throws {
    let before = peakResidentBytes()
    let (fixes, stats) = try Self.readNMEA(
      GeneratedByteSource(
        head: nmea(Self.gga), unit: "$GPGGA,", length: 100_000_000,
        tail: "\n" + nmea(Self.rmc) + nmea(Self.gga.replacingOccurrences(of: "1200", with: "1201"))
      ))
    #expect(fixes.count == 2)
    #expect(stats.garbageLines == 1, "\(stats)")
    let grown = peakResidentBytes() - before
    #expect(grown < 64 << 20, "peak memory grew by \(grown >> 20) MiB")

    let (none, endless) = try Self.readNMEA(
      GeneratedByteSource(head: "", unit: "7", length: 10_000_000, tail: ""))
    #expect(none.isEmpty)
    #expect(endless.lines == 1 && endless.garbageLines == 1, "\(endless)")
  }

  /// A megabyte of binary noise with real sentences spliced in: no error, the sentences
  /// read, the noise counted.
  @Test func binaryNoiseAroundSentences() throws {
    var generator = SplitMix64(seed: 183)
    var bytes: [UInt8] = []
    for round in 0..<16 {
      bytes += (0..<65_536).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      if round % 4 == 3 {
        let time = String(format: "12%02d00.00", round)
        bytes += Array(
          ("\r\n" + nmea(Self.gga.replacingOccurrences(of: "120000.00", with: time))).utf8)
      }
    }
    let (fixes, stats) = try Self.readNMEA(MemoryByteSource(bytes: bytes, chunkSize: 4096))
    #expect(fixes.count == 4, "\(stats)")
    #expect(stats.garbageLines > 100, "\(stats)")
  }

  // MARK: gpsd JSON

  /// Nesting a million deep inside a report, and a line of a million brackets: the lines
  /// are skipped as malformed (longer than 64 KiB), in bounded time, and the report after
  /// them reads.
  @Test func deepNestingIsSkipped() throws {
    let deep =
      #"{"class":"TPV","x":"# + String(repeating: "[", count: 1_000_000)
      + String(repeating: "]", count: 1_000_000) + "}\n"
    let shallow =
      #"{"class":"TPV","mode":3,"lat":1,"lon":2,"x":"# + String(repeating: "[", count: 5000)
      + String(repeating: "]", count: 5000) + "}\n"
    let text = deep + String(repeating: "{", count: 1_000_000) + "\n" + shallow + Self.tpv + "\n"
    let (fixes, stats) = try Self.readGPSD(MemoryByteSource(bytes: Array(text.utf8)))
    #expect(fixes.count == 2)
    #expect(fixes.first?.coordinate == Coordinate(latitude: 1, longitude: 2))
    #expect(stats.malformed == 2, "\(stats)")
  }

  /// Numbers beyond a double, or far outside their field's range, never become a
  /// position, a time or an infinite speed.
  @Test(arguments: [
    #""lat":1e400,"lon":2"#, #""lat":91,"lon":2"#, #""lat":-1e400,"lon":2"#,
    #""lat":1,"lon":180.5"#, #""lat":1,"lon":2e308"#,
  ])
  func hugeCoordinatesAreNoPosition(members: String) throws {
    let line = #"{"class":"TPV","mode":3,"# + members + "}"
    guard case .tpv(let fix)? = GPSDMessage.parse(line: Array(line.utf8)) else {
      Issue.record("not a TPV: \(line)")
      return
    }
    #expect(fix.coordinate == nil)
  }

  @Test func hugeNumbersAreAbsent() throws {
    let line =
      #"{"class":"TPV","mode":1e300,"status":1e400,"time":1e400,"lat":1,"lon":2,"#
      + #""speed":1e400,"track":-1e400,"alt":1e999,"eph":1e400,"epv":1e400,"#
      + #""x":123456789012345678901234567890e-5}"#
    guard case .tpv(let fix)? = GPSDMessage.parse(line: Array(line.utf8)) else {
      Issue.record("not a TPV")
      return
    }
    #expect(fix.mode == .unknown)
    #expect(fix.time == nil)
    #expect(fix.coordinate == Coordinate(latitude: 1, longitude: 2))
    #expect(fix.speed == nil && fix.course == nil && fix.altitude == nil)
    #expect(fix.horizontalAccuracy == nil && fix.verticalAccuracy == nil)
  }

  /// A report cut at every byte, alone and as the last line of a file: never a fix from a
  /// half object, never an error; the full report reads.
  @Test func truncatedObjectsAreMalformed() throws {
    let bytes = Array(Self.tpv.utf8)
    for cut in 1..<bytes.count {
      let (fixes, stats) = try Self.readGPSD(MemoryByteSource(bytes: Array(bytes.prefix(cut))))
      #expect(fixes.isEmpty, "cut at \(cut)")
      #expect(stats.malformed == 1, "cut at \(cut): \(stats)")
      let (more, _) = try Self.readGPSD(
        MemoryByteSource(bytes: bytes + [0x0A] + bytes.prefix(cut), chunkSize: 1 + cut % 5))
      #expect(more.count == 1, "cut at \(cut)")
    }
  }
}
