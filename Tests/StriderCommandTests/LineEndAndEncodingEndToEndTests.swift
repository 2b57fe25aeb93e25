import Foundation
import StriderFormats
import StriderTestSupport
import Testing

/// Issue 14, run in process: logs with any line end read alike, and UTF-16 is named.
@Suite(.offCooperativePool) struct LineEndAndEncodingEndToEndTests {
  /// A proprietary sentence first (as MediaTek receivers start), then three epochs.
  static func receiverLog(_ end: String) -> String {
    let bodies =
      ["PMTK010,001"]
      + (0..<3).flatMap { s in
        [
          "GPGGA,12000\(s).00,4807.03\(s),N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
          "GPRMC,12000\(s).00,A,4807.03\(s),N,01131.000,E,0.0,0.0,150625,,,A",
        ]
      }
    // "\r\n" is one Character: dropLast() takes the line end off.
    return bodies.map { String(NMEAWriter.framed($0).dropLast()) + end }.joined()
  }

  /// CR-only logs were "not a recognised GPS track format"; every line end now reads the
  /// same three fixes.
  @Test(arguments: ["\n", "\r", "\r\n"])
  func analyzeReadsEveryLineEnd(end: String) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let file = dir.appendingPathComponent("receiver.log")
    try Data(Self.receiverLog(end).utf8).write(to: file)
    let result = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(result.status == 0 && !result.crashed, "\(result.stderr)")
    #expect(result.stdout.contains(#""format":"nmea""#), "\(result.stdout)")
    #expect(result.stdout.contains(#""points_in":3"#), "\(result.stdout)")
  }

  /// UTF-16 NMEA said "no fixes" with exit 0; now every format names the encoding and fails.
  @Test(arguments: ["track.nmea", "track.log", "gpspipe.json"])
  func analyzeNamesUTF16(fileName: String) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let file = dir.appendingPathComponent(fileName)
    let text =
      fileName.hasSuffix(".json")
      ? #"{"class":"TPV","mode":3,"time":"2025-06-15T12:00:00Z","lat":48.1,"lon":11.5}"# + "\n"
      : Self.receiverLog("\r\n")
    let units = [0xFEFF] + Array(text.utf16)
    try Data(units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: file)
    let result = InProcess.run(["analyze", file.path])
    #expect(result.status != 0 && !result.crashed, "\(result.stdout)")
    #expect(result.stderr.contains("\(file.path):1:1: UTF-16"), "\(result.stderr)")
    #expect(result.stderr.contains("save the file as UTF-8"), "\(result.stderr)")
  }
}
