import StriderCore
import Testing

@testable import StriderFormats

/// The gpsd JSON reader parses lines where they lie in a chunk and carries only a line a
/// chunk's end cuts (issue 53): wherever the cut falls (inside a report, between the CR
/// and LF of a line end, in a line over the length cap), the fixes, their line numbers and
/// the counts are those of the file read in one piece, and those a byte-at-a-time line
/// splitter gives.
@Suite("gpsd JSON at chunk boundaries")
struct GPSDChunkBoundaryTests {
  static let cap = GPSDJSONReader.maximumLineLength

  /// A VERSION report long enough that every cut after it reaches the reader as a cut (the
  /// UTF-16 check joins chunks until it has 64 bytes), then every kind of line and line end.
  static let mixedLog: [UInt8] = Array(
    (#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
      + "\n"
      + #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2024-05-03T13:34:21.314Z","#
      + #""lat":51.582254771,"lon":16.373340388,"altMSL":293.881,"eph":83.849}"# + "\r\n"
      + "$GPGGA,raw,nmea*00\r" + "\r"
      + #"{"class":"SKY","hdop":1.1,"satellites":[{"PRN":1,"used":true}]}"# + "\n\n"
      + "   \n" + "{broken\r\n"
      + #"{"mode":2,"lon":2.5,"lat":1.5,"device":"/dev/ttyUSB1","class":"TPV"}"# + "\n"
      + #"{"class":"DEVICE","path":"/dev/ttyUSB2"}"# + "\r"
      + #"{"class":"TPV","device":"/dev/ttyACM0","mode":1}"#).utf8)

  /// Splits as the reader always has, a byte at a time: a CR ends a line, an LF too unless
  /// right after a CR, and a last line without a line end counts when it has any byte.
  static func referenceLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var line: [UInt8] = []
    var afterCarriageReturn = false
    for byte in bytes {
      if byte == 0x0D || (byte == 0x0A && !afterCarriageReturn) {
        lines.append(line)
        line = []
      } else if byte != 0x0A {
        line.append(byte)
      }
      afterCarriageReturn = byte == 0x0D
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  static func read(
    _ source: some ByteChunkSource
  ) throws -> (fixes: [Fix], stats: GPSDStatistics) {
    var reader = GPSDJSONReader(source: source, fileName: "cut.json")
    let fixes = try reader.readAll()
    return (fixes, reader.statistics)
  }

  @Test func theWholeLogReadsAsTheLineSplitterSaysItShould() throws {
    let (fixes, stats) = try Self.read(MemoryByteSource(bytes: Self.mixedLog))
    let lines = Self.referenceLines(Self.mixedLog)
    #expect(stats.lines == lines.count && stats.lines == 11)
    let tpvLines = lines.indices.filter { lines[$0].starts(with: Array(#"{"class":"TPV""#.utf8)) }
    #expect(fixes.map(\.origin.line) == [2, 9, 11])
    #expect(tpvLines.map { $0 + 1 } == [2, 11])  // line 9 names its class last
    #expect(fixes.map(\.mode) == [.threeD, .twoD, .noFix])
    #expect(fixes[1].coordinate == Coordinate(latitude: 1.5, longitude: 2.5))
    #expect(stats.tpv == 3 && stats.malformed == 1 && stats.nonJSONLines == 1)
    #expect(stats.skipped == ["VERSION": 1, "SKY": 1, "DEVICE": 1])
    #expect(stats.devices == ["/dev/ttyACM0", "/dev/ttyUSB1", "/dev/ttyUSB2"])
  }

  /// Two chunks, cut at every position: inside reports, between CR and LF, before and after
  /// the blank lines and the unterminated last line.
  @Test func aCutAtEveryPositionReadsAlike() throws {
    let reference = try Self.read(MemoryByteSource(bytes: Self.mixedLog))
    for cut in 0...Self.mixedLog.count {
      let read = try Self.read(CutSource(Self.mixedLog, cuts: [cut]))
      #expect(read.fixes == reference.fixes, "cut at \(cut)")
      #expect(read.stats == reference.stats, "cut at \(cut)")
    }
  }

  /// Every chunk size from one byte up: a line may span many chunks.
  @Test(arguments: [1, 2, 3, 4, 7, 13, 64, 65, 100, 211])
  func everyChunkSizeReadsAlike(chunkSize: Int) throws {
    let reference = try Self.read(MemoryByteSource(bytes: Self.mixedLog))
    let read = try Self.read(MemoryByteSource(bytes: Self.mixedLog, chunkSize: chunkSize))
    #expect(read.fixes == reference.fixes)
    #expect(read.stats == reference.stats)
  }

  /// A TPV padded with spaces inside its object to `length` bytes.
  static func paddedTPV(length: Int) -> [UInt8] {
    let head = Array(#"{"class":"TPV","mode":3,"lat":1,"lon":2"#.utf8)
    return head + [UInt8](repeating: 0x20, count: length - head.count - 1) + [UInt8(ascii: "}")]
  }

  /// A line of exactly the cap is read; one byte more is malformed, not cut short and read,
  /// wherever the chunks fall and whatever ends it; the next line keeps its number.
  @Test(arguments: ["\n", "\r\n", "\r"])
  func theLineCapHoldsAcrossChunks(end: String) throws {
    let next = Array(#"{"class":"TPV","mode":1}"#.utf8)
    let head = Array((#"{"class":"VERSION","release":"3.22","rev":"3.22","x":1}"# + end).utf8)
    let sep = Array(end.utf8)
    for length in [Self.cap - 1, Self.cap, Self.cap + 1, Self.cap + 7] {
      let bytes = head + Self.paddedTPV(length: length) + sep + next + sep
      let long = length > Self.cap
      let lineEnd = head.count + length
      for cuts in [
        [], [head.count + 10], [lineEnd - 1], [lineEnd], [lineEnd + 1],
        [head.count + Self.cap], [head.count + Self.cap + 1], [100, 40_000, lineEnd],
      ] {
        let (fixes, stats) = try Self.read(CutSource(bytes, cuts: cuts))
        #expect(stats.lines == 3, "\(length) \(cuts)")
        #expect(stats.malformed == (long ? 1 : 0), "\(length) \(cuts)")
        #expect(fixes.map(\.origin.line) == (long ? [3] : [2, 3]), "\(length) \(cuts)")
      }
      for chunkSize in [1000, 4096, Self.cap, Self.cap + 1] {
        let (fixes, stats) = try Self.read(MemoryByteSource(bytes: bytes, chunkSize: chunkSize))
        #expect(stats.lines == 3 && stats.malformed == (long ? 1 : 0), "\(length) \(chunkSize)")
        #expect(fixes.count == (long ? 1 : 2), "\(length) \(chunkSize)")
      }
    }
  }

  /// A line over the cap with no line end at all is one malformed line.
  @Test func anOverlongLastLineWithoutALineEnd() throws {
    let bytes =
      Array(#"{"class":"VERSION","release":"3.22","rev":"3.22","x":1}"#.utf8) + [0x0A]
      + Self.paddedTPV(length: Self.cap + 1)
    for chunkSize in [1, 4096, Int.max] {
      let (fixes, stats) = try Self.read(MemoryByteSource(bytes: bytes, chunkSize: chunkSize))
      #expect(fixes.isEmpty && stats.lines == 2 && stats.malformed == 1, "\(chunkSize)")
    }
  }

  /// How the last line ends: an empty last line (the text ends with a line end) is no line;
  /// a last line without a line end is one, even of white space only; blank lines count.
  @Test(arguments: [
    ("", 2), ("\n", 2), ("\r\n", 2), ("\r", 2), ("\n\n", 3), ("\r\n\r\n", 3), ("\r\r", 3),
    ("\n\r", 3), ("\n ", 3), ("\r\n\t", 3), ("\n\u{0}", 3),
  ])
  func theLastLine(ending: String, lines: Int) throws {
    let text = Array(
      (#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3}"# + "\n"
        + #"{"class":"TPV","mode":1}"# + ending).utf8)
    #expect(Self.referenceLines(text).count == lines)
    for chunkSize in [1, 2, 3, 64, 65, 70, Int.max] {
      let (fixes, stats) = try Self.read(MemoryByteSource(bytes: text, chunkSize: chunkSize))
      #expect(fixes.map(\.origin.line) == [2], "\(chunkSize)")
      #expect(stats.lines == lines, "\(chunkSize)")
      #expect(stats.nonJSONLines == (ending.hasSuffix("\u{0}") ? 1 : 0), "\(chunkSize)")
    }
  }

  // MARK: Batches

  /// Reports read in batches of any size are the reports read one by one, merged or not,
  /// and a read error comes after the fixes before it.
  @Test(arguments: [1, 2, 3, 1000])
  func batchesGiveWhatNextGives(limit: Int) throws {
    let bytes = Self.mixedLog + Array("\n".utf8) + Self.mixedLog
    var one = GPSDJSONReader(source: MemoryByteSource(bytes: bytes, chunkSize: 50), fileName: "b")
    var merged = EpochMergingGPSDReader(one)
    let reports = try one.readAll()
    let epochs = try merged.readAll()
    #expect(reports.count == 6 && epochs.count == 5)
    var batched = GPSDJSONReader(
      source: MemoryByteSource(bytes: bytes, chunkSize: 50), fileName: "b")
    var mergedBatched = EpochMergingGPSDReader(batched)
    #expect(try Self.batches(&batched, limit: limit) == reports)
    #expect(batched.statistics == one.statistics)
    #expect(try Self.batches(&mergedBatched, limit: limit) == epochs)
    #expect(mergedBatched.statistics == merged.statistics)
  }

  @Test(arguments: [1, 3, 1000])
  func aReadErrorComesAfterTheFixesBeforeIt(limit: Int) throws {
    let bytes = Self.mixedLog + Array("\n".utf8) + Self.mixedLog
    // The read fails halfway through the second copy of the log.
    let chunks = Self.mixedLog.count * 3 / 2 / 97
    let failing = {
      FailingSource(MemoryByteSource(bytes: bytes, chunkSize: 97), failAfter: chunks)
    }
    var one = EpochMergingGPSDReader(GPSDJSONReader(source: failing(), fileName: "e"))
    var expected: [Fix] = []
    #expect(throws: FormatError.self) { while let fix = try one.next() { expected.append(fix) } }
    var batched = EpochMergingGPSDReader(GPSDJSONReader(source: failing(), fileName: "e"))
    var fixes: [Fix] = []
    #expect(throws: FormatError.self) {
      while try batched.read(into: &fixes, upTo: fixes.count + limit) {}
    }
    #expect(!expected.isEmpty && fixes == expected)
  }

  static func batches(_ reader: inout some FixReader, limit: Int) throws -> [Fix] {
    var fixes: [Fix] = []
    var batch: [Fix] = []
    while try reader.read(into: &batch, upTo: limit) {
      #expect(batch.count == limit)
      fixes += batch
      batch.removeAll()
    }
    return fixes + batch
  }

  @Test func tpvKeysAreTheirNamesPacked() {
    let keys: [(String, UInt64)] = [
      ("lat", GPSDMessage.TPVKey.lat), ("lon", GPSDMessage.TPVKey.lon),
      ("altMSL", GPSDMessage.TPVKey.altMSL), ("alt", GPSDMessage.TPVKey.alt),
      ("altHAE", GPSDMessage.TPVKey.altHAE), ("eph", GPSDMessage.TPVKey.eph),
      ("epx", GPSDMessage.TPVKey.epx), ("epy", GPSDMessage.TPVKey.epy),
      ("epv", GPSDMessage.TPVKey.epv), ("speed", GPSDMessage.TPVKey.speed),
      ("track", GPSDMessage.TPVKey.track), ("mode", GPSDMessage.TPVKey.mode),
      ("status", GPSDMessage.TPVKey.status), ("time", GPSDMessage.TPVKey.time),
      ("device", GPSDMessage.TPVKey.device), ("class", GPSDMessage.TPVKey.class),
    ]
    for (name, key) in keys {
      let packed = Array(name.utf8).withUnsafeBufferPointer { GPSDMessage.TPVKey.pack($0) }
      #expect(packed == key, "\(name)")
    }
  }
}

/// Bytes handed out in chunks that end at the given offsets.
struct CutSource: ByteChunkSource {
  private let bytes: [UInt8]
  private var ends: [Int]
  private var offset = 0

  init(_ bytes: [UInt8], cuts: [Int]) {
    self.bytes = bytes
    ends = (cuts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]).sorted()
  }

  mutating func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    while let end = ends.first, end <= offset { ends.removeFirst() }
    guard let end = ends.first else { return nil }
    defer { offset = end }
    return bytes[offset..<end]
  }
}
