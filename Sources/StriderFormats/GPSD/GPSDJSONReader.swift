import StriderCore

/// Reads a file of gpsd JSON reports (`gpspipe -w`, gpsd_json(5)) as fixes, streaming.
///
/// Every TPV report becomes a fix, no-fix ones included (the gate rejects them with a
/// reason); gpsd may send several TPVs for one epoch as sentences arrive, and all are kept.
/// VERSION, DEVICES, DEVICE, WATCH, SKY, PPS, TOFF, ATT and unknown classes are skipped and
/// counted; lines that are not JSON (gpsd's `.chk` files interleave the raw NMEA) or are
/// malformed are skipped and counted, never an error. `Fix.origin.line` is the report's line.
/// A jump of a whole number of 1024 GPS weeks in the times (a receiver's week-number
/// rollover that gpsd passed on) is undone and counted (`WeekRolloverGuard`). Lines end with
/// CR, LF or CRLF; UTF-16 text is an `.unsupportedEncoding` error, named so the user can
/// save it as UTF-8.
public struct GPSDJSONReader: FormatReader {
  /// Longest line kept (a SKY report with 60 satellites is about 6 KB).
  static let maximumLineLength = 1 << 16

  public static let format = FileFormat.gpsdJSON
  public static let title = "gpsd JSON"
  public static let extensions = ["json", "jsonl"]

  public var metadata: TrackMetadata { TrackMetadata() }
  /// What was read and skipped so far; complete once `next()` has returned nil.
  public private(set) var statistics = GPSDStatistics()

  private var source: any ByteChunkSource
  private let fileName: String
  private var chunk: ArraySlice<UInt8> = []
  private var line: [UInt8] = []
  private var lineTooLong = false
  private var lineNumber = 0
  private var afterCarriageReturn = false
  private var inputEnded = false
  private var count = 0
  private var rollover = WeekRolloverGuard()

  /// Reads from any chunk source; `fileName` is used in error messages.
  public init(source: some ByteChunkSource, fileName: String) {
    self.source = UTF16RefusingSource(source, fileName: fileName)
    self.fileName = fileName
    line.reserveCapacity(512)
  }

  /// Reads gpsd JSON text already in memory.
  public init(bytes: [UInt8], fileName: String) {
    self.init(source: MemoryByteSource(bytes: bytes), fileName: fileName)
  }

  /// The reader a file is read with: reports merged into one fix per receiver epoch
  /// (`EpochMergingGPSDReader`), as a live session judges them.
  public static func open(source: some ByteChunkSource, file: SourceFile) -> any FixReader {
    EpochMergingGPSDReader(GPSDJSONReader(source: source, fileName: file.name))
  }

  /// Whether a file's text starts (after a byte-order mark and white space) with a JSON
  /// object whose first line has a `"class"` key, white space allowed before its colon.
  /// The key need not come first: a log rewritten with sorted keys (`jq -S`) still reads.
  public static func looksLike(prefix: [UInt8]) -> Bool {
    let start = TextSniffing.contentStart(prefix)
    guard start < prefix.endIndex, prefix[start] == UInt8(ascii: "{") else { return false }
    var line = prefix[start...].prefix { $0 != 0x0A && $0 != 0x0D }
    let key = Array("\"class\"".utf8)
    while let found = TextSniffing.firstIndex(of: key, in: line) {
      var i = found + key.count
      while i < line.endIndex, ASCIINumber.isSpace(line[i]) { i += 1 }
      if i < line.endIndex, line[i] == UInt8(ascii: ":") { return true }
      line = line[(found + 1)...]
    }
    return false
  }

  public mutating func next() throws(FormatError) -> Fix? {
    while !inputEnded {
      if chunk.isEmpty {
        // Let go of the read buffer first, so the source reads into it again instead of
        // copying it (`FileByteSource`).
        chunk = []
        guard let next = try source.nextChunk() else {
          inputEnded = true
          if !line.isEmpty || lineTooLong { return endLine() }
          return nil
        }
        chunk = next
      }
      while let byte = chunk.first {
        chunk = chunk.dropFirst()
        // CR, LF and CRLF each end one line.
        let endsLine = byte == 0x0D || (byte == 0x0A && !afterCarriageReturn)
        let isLineEnd = byte == 0x0D || byte == 0x0A
        afterCarriageReturn = byte == 0x0D
        if endsLine {
          if let fix = endLine() { return fix }
        } else if isLineEnd {
          continue
        } else if line.count < Self.maximumLineLength {
          line.append(byte)
        } else {
          lineTooLong = true
        }
      }
    }
    return nil
  }

  /// What the file held besides the fixes, for `analyze`'s report.
  public var notes: [JSONMember] {
    let s = statistics
    return [
      JSONMember("lines", .int(s.lines)), JSONMember("tpv_reports", .int(s.tpv)),
      JSONMember("other_reports", .int(s.skippedReports)),
      JSONMember("non_json_lines", .int(s.nonJSONLines)),
      JSONMember("malformed", .int(s.malformed)),
      JSONMember("week_rollovers", .int(s.weekRollovers)),
    ]
  }

  private mutating func endLine() -> Fix? {
    lineNumber += 1
    statistics.lines += 1
    defer {
      line.removeAll(keepingCapacity: true)
      lineTooLong = false
    }
    if lineTooLong {
      statistics.malformed += 1
      return nil
    }
    guard let first = line.firstIndex(where: { !ASCIINumber.isSpace($0) }) else { return nil }
    guard line[first] == UInt8(ascii: "{") else {
      statistics.nonJSONLines += 1
      return nil
    }
    guard let (message, device) = GPSDMessage.parse(bytes: line[...]) else {
      statistics.malformed += 1
      return nil
    }
    if let device, !statistics.devices.contains(device) { statistics.devices.append(device) }
    switch message {
    case .tpv(var fix):
      fix.origin = FixOrigin(index: count, line: lineNumber)
      if let time = fix.time {
        fix.time = rollover.corrected(time)
        statistics.weekRollovers = rollover.corrections
      }
      count += 1
      statistics.tpv += 1
      return fix
    case .devices(let paths):
      for path in paths where !statistics.devices.contains(path) {
        statistics.devices.append(path)
      }
      statistics.skipped["DEVICES", default: 0] += 1
    case .version: statistics.skipped["VERSION", default: 0] += 1
    case .watch: statistics.skipped["WATCH", default: 0] += 1
    case .sky: statistics.skipped["SKY", default: 0] += 1
    case .error: statistics.skipped["ERROR", default: 0] += 1
    case .other(let name): statistics.skipped[name, default: 0] += 1
    }
    return nil
  }
}

extension FileFormat {
  /// gpsd JSON reports, one per line (`gpspipe -w`, gpsd_json(5)).
  public static let gpsdJSON = FileFormat(rawValue: "gpsd_json")
}
