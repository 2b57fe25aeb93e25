import Foundation
import StriderCore
import StriderTestSupport
import Testing

@testable import StriderFormats

/// Line ends and text encodings (issue 14): the line formats read CR, LF and CRLF alike,
/// however the bytes are cut into chunks, and every format names UTF-16 instead of finding
/// "no fixes" in it.
@Suite("Line ends and encodings")
struct LineEndAndEncodingTests {
  static let lineEnds = ["\n", "\r", "\r\n"]
  /// Chunk sizes from one byte (every boundary) to the whole input.
  static let chunkSizes = [1, 2, 3, 5, 7, 64, Int.max]

  /// A short NMEA log whose first sentence is proprietary (as MediaTek receivers start),
  /// then two epochs, lines ended by `end`.
  static func nmeaLog(_ end: String) -> String {
    let bodies = [
      "PMTK010,001",
      "GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,",
      "GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,150625,,,A",
      "GPGGA,120001.00,4807.039,N,01131.001,E,1,08,0.9,545.5,M,46.9,M,,",
      "GPRMC,120001.00,A,4807.039,N,01131.001,E,0.1,0.0,150625,,,A",
    ]
    let lines = bodies.map { String(nmea($0).dropLast()) }  // "\r\n" is one Character
    return "# receiver log" + end + lines.joined(separator: end) + end
  }

  static func gpsdLog(_ end: String) -> String {
    [
      #"{"class":"VERSION","release":"3.22"}"#,
      #"{"class":"TPV","mode":3,"time":"2025-06-15T12:00:00.000Z","lat":48.1,"lon":11.5}"#,
      "$GPGGA,not json",
      #"{"class":"TPV","mode":3,"time":"2025-06-15T12:00:01.000Z","lat":48.2,"lon":11.6}"#,
    ].joined(separator: end) + end
  }

  static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
    let units = (mark ? [0xFEFF] : []) + Array(text.utf16)
    return units.flatMap {
      bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
    }
  }

  // MARK: Line ends

  /// CR-only, LF-only and CRLF logs give the same fixes, line numbers and counts at every
  /// chunk size.
  @Test(arguments: lineEnds)
  func nmeaReadsEveryLineEnd(end: String) throws {
    let reference = try readNMEA(Self.nmeaLog("\r\n"))
    #expect(reference.fixes.count == 2)
    #expect(reference.fixes.map(\.origin.line) == [3, 5])
    for chunkSize in Self.chunkSizes {
      let read = try readNMEA(Self.nmeaLog(end), chunkSize: chunkSize)
      #expect(read.fixes == reference.fixes, "chunk size \(chunkSize)")
      #expect(read.stats == reference.stats, "chunk size \(chunkSize)")
    }
  }

  @Test(arguments: lineEnds)
  func gpsdReadsEveryLineEnd(end: String) throws {
    let reference = try Self.readGPSD(Self.gpsdLog("\n"), chunkSize: .max)
    #expect(reference.fixes.count == 2)
    #expect(reference.fixes.map(\.origin.line) == [2, 4])
    #expect(reference.stats.lines == 4 && reference.stats.nonJSONLines == 1)
    for chunkSize in Self.chunkSizes {
      let read = try Self.readGPSD(Self.gpsdLog(end), chunkSize: chunkSize)
      #expect(read.fixes == reference.fixes, "chunk size \(chunkSize)")
      #expect(read.stats == reference.stats, "chunk size \(chunkSize)")
    }
  }

  /// A blank line is a line whatever ends it: CR CR is two lines, CR LF one.
  @Test func blankLinesCountTheSameWithEveryLineEnd() throws {
    for end in Self.lineEnds {
      let text = Self.gpsdLog(end).replacingOccurrences(of: end, with: end + end)
      let read = try Self.readGPSD(text, chunkSize: 1)
      #expect(read.fixes.map(\.origin.line) == [3, 7], "\(end.debugDescription)")
    }
  }

  /// A CR-only log whose first sentence is proprietary was "not a recognised GPS track
  /// format" before: sniffing now splits lines at CR as well.
  @Test(arguments: lineEnds)
  func sniffingSeesEveryLineEnd(end: String) {
    let nmeaBytes = Array(Self.nmeaLog(end).utf8)
    #expect(NMEAReader.looksLike(prefix: nmeaBytes))
    #expect(FixFileReader.sniff(prefix: nmeaBytes, fileName: "receiver.log") == .nmea)
    let gpsdBytes = Array(Self.gpsdLog(end).utf8)
    #expect(FixFileReader.sniff(prefix: gpsdBytes, fileName: "gpspipe.log") == .gpsdJSON)
  }

  /// Every real receiver log in the shared data, rewritten with CR, LF and CRLF line ends,
  /// opens as NMEA from a `.log` name (sniffed by content) and reads the same fixes.
  @Test(.enabled(if: SharedData.directory != nil, "needs ../shared/data"))
  func realReceiverLogsReadAlikeWithEveryLineEnd() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let logs = SharedData.files(in: "nmea", withExtension: "log")
    #expect(logs.count >= 16)
    let written = Date(timeIntervalSince1970: 1_750_000_000)
    for log in logs {
      var reads: [[Fix]] = []
      for end in Self.lineEnds {
        let text = Self.joinLines(Array(try Data(contentsOf: log)), with: Array(end.utf8))
        let url = dir.appendingPathComponent(log.lastPathComponent)
        try Data(text).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: url.path)
        var reader = try FixFileReader.open(path: url.path)
        #expect(reader.format == .nmea, "\(log.lastPathComponent) with \(end.debugDescription)")
        reads.append(try reader.readAll())
      }
      #expect(reads[1] == reads[0], "\(log.lastPathComponent): CR-only differs from LF")
      #expect(reads[2] == reads[0], "\(log.lastPathComponent): CRLF differs from LF")
    }
  }

  /// The bytes with every line end (CR, LF or CRLF) replaced by `end`.
  static func joinLines(_ bytes: [UInt8], with end: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 20)
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == 0x0D || byte == 0x0A {
        out += end
        if byte == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
      } else {
        out.append(byte)
      }
      i += 1
    }
    return out
  }

  // MARK: UTF-16

  static let encodings: [(bigEndian: Bool, mark: Bool)] = [
    (false, true), (true, true), (false, false), (true, false),
  ]

  /// Both line readers refuse UTF-16, with or without a byte-order mark, at line 1 column 1
  /// and whatever the chunk size, instead of reading no fixes.
  @Test(arguments: encodings)
  func lineReadersNameUTF16(bigEndian: Bool, mark: Bool) throws {
    let name = bigEndian ? "UTF-16BE" : "UTF-16LE"
    for chunkSize in Self.chunkSizes {
      let nmeaBytes = Self.utf16(Self.nmeaLog("\r\n"), bigEndian: bigEndian, mark: mark)
      var nmeaReader = NMEAReader(
        source: MemoryByteSource(bytes: nmeaBytes, chunkSize: chunkSize), fileName: "w.nmea")
      let gpsdBytes = Self.utf16(Self.gpsdLog("\r\n"), bigEndian: bigEndian, mark: mark)
      var gpsdReader = GPSDJSONReader(
        source: MemoryByteSource(bytes: gpsdBytes, chunkSize: chunkSize), fileName: "w.json")
      let errors = [
        Self.error { _ = try nmeaReader.readAll() }, Self.error { _ = try gpsdReader.readAll() },
      ]
      for error in errors {
        let error = try #require(error, "chunk size \(chunkSize)")
        #expect(error.code == .unsupportedEncoding, "\(error)")
        #expect(error.message.contains(name), "\(error)")
        #expect(error.line == 1 && error.column == 1, "\(error)")
      }
    }
  }

  /// Inputs shorter than the 64 bytes the UTF-16 check looks at read the same at every
  /// chunk size, and the end of the input is still the end.
  @Test(arguments: [
    #"{"class":"TPV","mode":1}"# + "\r",
    #"{"class":"TPV","mode":1}"#,
    "\r\n",
    "",
  ])
  func shortInputsReadAlikeAtEveryChunkSize(text: String) throws {
    let reference = try Self.readGPSD(text, chunkSize: .max)
    #expect(reference.fixes.count == (text.contains("TPV") ? 1 : 0))
    for chunkSize in Self.chunkSizes {
      let read = try Self.readGPSD(text, chunkSize: chunkSize)
      #expect(read.fixes == reference.fixes && read.stats == reference.stats, "\(chunkSize)")
    }
    var source = UTF16RefusingSource(
      MemoryByteSource(bytes: Array(text.utf8), chunkSize: 1), fileName: "s")
    var bytes: [UInt8] = []
    while let chunk = try source.nextChunk() { bytes += chunk }
    #expect(bytes == Array(text.utf8))
    #expect(try source.nextChunk() == nil)
  }

  /// Short inputs, NUL-ridden noise and UTF-8 with a byte-order mark are not UTF-16.
  @Test(
    arguments: [
      [0x24, 0x00, 0x47, 0x00, 0x50, 0x00],
      Array("$GP".utf8),
      [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
      Array("# header\n\0garbage\n".utf8),
      [0xEF, 0xBB, 0xBF] + Array("$GPGGA,1*00\r\n".utf8),
    ] as [[UInt8]])
  func textThatIsNotUTF16(bytes: [UInt8]) {
    #expect(UTF16Detection.encoding(prefix: bytes) == nil)
  }

  /// Opening a file names UTF-16 for every format and any extension, where NMEA and gpsd
  /// JSON used to say "no fixes" and an unknown extension "not a recognised format".
  @Test(arguments: [
    ("w.gpx", #"<?xml version="1.0"?><gpx version="1.1"></gpx>"#),
    ("w.tcx", "<TrainingCenterDatabase></TrainingCenterDatabase>"),
    ("w.nmea", nmeaLog("\r\n")),
    ("w.log", nmeaLog("\r")),
    ("w.json", gpsdLog("\n")),
  ])
  func openingNamesUTF16ForEveryFormat(fileName: String, text: String) throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    for (bigEndian, mark) in Self.encodings {
      let url = dir.appendingPathComponent(fileName)
      try Data(Self.utf16(text, bigEndian: bigEndian, mark: mark)).write(to: url)
      let error = try #require(Self.error { _ = try FixFileReader.open(path: url.path) })
      #expect(error.code == .unsupportedEncoding, "\(error)")
      #expect(error.description.hasPrefix("\(url.path):1:1: UTF-16"), "\(error)")
    }
  }

  /// A CR-only NMEA log with an extension that says nothing opens and reads.
  @Test func openingACarriageReturnOnlyLogReadsIt() throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("receiver.log")
    try Data(Self.nmeaLog("\r").utf8).write(to: url)
    var reader = try FixFileReader.open(path: url.path)
    #expect(reader.format == .nmea)
    #expect(try reader.readAll().count == 2)
  }

  // MARK: Helpers

  static func readGPSD(_ text: String, chunkSize: Int) throws -> (
    fixes: [Fix], stats: GPSDStatistics
  ) {
    var reader = GPSDJSONReader(
      source: MemoryByteSource(bytes: Array(text.utf8), chunkSize: chunkSize), fileName: "t.json")
    let fixes = try reader.readAll()
    return (fixes, reader.statistics)
  }

  static func error(_ body: () throws -> Void) -> FormatError? {
    do {
      try body()
      return nil
    } catch {
      return error as? FormatError
    }
  }

  static func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strider-encodings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
  }
}
