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
public struct GPSDJSONReader: NamedSourceReader {
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
  /// Where the next line ends, and the start of one the chunk's end cut.
  private var lines = ChunkedLines(
    maximumLength: GPSDJSONReader.maximumLineLength, reserving: 512)
  private var lineNumber = 0
  private var afterCarriageReturn = false
  private var inputEnded = false
  private var count = 0
  private var rollover = WeekRolloverGuard()
  /// The raw bytes of the last TPV's `device` member, whose path is already counted: a log
  /// names the same device in every report.
  private var lastDevice: (bytes: [UInt8], escaped: Bool)?
  /// The array `next()` reads its one fix into, kept to reuse its memory.
  private var single: [Fix] = []

  /// Reads from any chunk source; `fileName` is used in error messages.
  public init(source: some ByteChunkSource, fileName: String) {
    self.source = UTF16RefusingSource(source, fileName: fileName)
    self.fileName = fileName
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
    var fixes = single
    single = []
    fixes.removeAll(keepingCapacity: true)
    defer { single = fixes }
    _ = try read(into: &fixes, upTo: 1)
    return fixes.first
  }

  /// Fills the batch from the chunk in hand: each call of the line loop costs the chunk's
  /// retain and release, so a batch takes one per chunk instead of one per fix.
  public mutating func read(into fixes: inout [Fix], upTo limit: Int) throws(FormatError) -> Bool {
    while fixes.count < limit {
      if chunk.isEmpty {
        if inputEnded { return false }
        // Let go of the read buffer first, so the source reads into it again instead of
        // copying it (`FileByteSource`).
        chunk = []
        guard let next = try source.nextChunk() else {
          inputEnded = true
          if lines.isCarrying { endCarriedLine(into: &fixes) }
          return false
        }
        chunk = next
        lines.startChunk()
      }
      let current = chunk
      let read = current.withUnsafeBufferPointer { readLines(in: $0, into: &fixes, upTo: limit) }
      chunk = chunk[(chunk.startIndex + read)...]
    }
    return true
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

  // MARK: - Lines

  /// Reads the lines of `text` (the chunk's bytes) until `fixes` holds `limit`; returns how
  /// many bytes it took.
  ///
  /// A line that lies whole in the chunk is parsed where it is; only the piece of a line
  /// the chunk's end cuts is copied, into `line`, to wait for the rest. A CR ends a line,
  /// and so does an LF except right after a CR (CRLF is one line end, whichever chunks
  /// its two bytes come in; CR CR is two).
  private mutating func readLines(
    in text: UnsafeBufferPointer<UInt8>, into fixes: inout [Fix], upTo limit: Int
  ) -> Int {
    var index = 0
    let end = text.count
    while index < end, fixes.count < limit {
      if afterCarriageReturn {
        afterCarriageReturn = false
        if text[index] == 0x0A {
          index += 1
          continue
        }
      }
      let stop = lines.end(in: text, from: index, chunkStart: chunk.startIndex)
      if stop == end {
        lines.carry(UnsafeBufferPointer(rebasing: text[index..<end]))
        return end
      }
      let bytes = UnsafeBufferPointer(rebasing: text[index..<stop])
      if !lines.isCarrying {
        endLine(bytes, tooLong: bytes.count > Self.maximumLineLength, into: &fixes)
      } else {
        lines.carry(bytes)
        endCarriedLine(into: &fixes)
      }
      afterCarriageReturn = text[stop] == 0x0D
      index = stop + 1
    }
    return index
  }

  private mutating func endCarriedLine(into fixes: inout [Fix]) {
    let (text, tooLong) = lines.takeCarried()
    text.withUnsafeBufferPointer { endLine($0, tooLong: tooLong, into: &fixes) }
    lines.giveBack(text)
  }

  private mutating func endLine(
    _ line: UnsafeBufferPointer<UInt8>, tooLong: Bool, into fixes: inout [Fix]
  ) {
    lineNumber += 1
    statistics.lines += 1
    if tooLong {
      statistics.malformed += 1
      return
    }
    guard let first = line.firstIndex(where: { !ASCIINumber.isSpace($0) }) else { return }
    guard line[first] == UInt8(ascii: "{") else {
      statistics.nonJSONLines += 1
      return
    }
    switch GPSDMessage.scan(line) {
    case nil:
      statistics.malformed += 1
    case .tpv(let members)?:
      if let device = members.device {
        noteDevice(UnsafeBufferPointer(rebasing: line[device.range]), escaped: device.escaped)
      }
      var fix = members.fix()
      fix.origin = FixOrigin(index: count, line: lineNumber)
      if let time = fix.time {
        fix.time = rollover.corrected(time)
        statistics.weekRollovers = rollover.corrections
      }
      count += 1
      statistics.tpv += 1
      fixes.append(fix)
    case .other(let name)?:
      countReport(named: name, line)
    }
  }

  /// Adds a TPV's device to the devices named, unless the last TPV named it in the same bytes.
  private mutating func noteDevice(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool) {
    if let lastDevice, escaped == lastDevice.escaped, raw.elementsEqual(lastDevice.bytes) {
      return
    }
    let device = FlatJSONObject.text(raw, escaped: escaped)
    if !statistics.devices.contains(device) { statistics.devices.append(device) }
    lastDevice = (Array(raw), escaped)
  }

  /// Counts a report of another class than TPV under its name, as its `GPSDMessage` case
  /// spells it; DEVICES and DEVICE are read whole, for the device paths they name.
  private mutating func countReport(named name: String, _ line: UnsafeBufferPointer<UInt8>) {
    let key: String
    switch name {
    case "VERSION": key = "VERSION"
    case "WATCH": key = "WATCH"
    case "SKY": key = "SKY"
    case "ERROR": key = "ERROR"
    case "DEVICES", "DEVICE":
      // Scanned as an object already, so it parses.
      guard let object = FlatJSONObject(Array(line)[...]) else { return }
      let (message, device) = GPSDMessage.other(named: name, object)
      if let device, !statistics.devices.contains(device) { statistics.devices.append(device) }
      if case .devices(let paths) = message {
        for path in paths where !statistics.devices.contains(path) {
          statistics.devices.append(path)
        }
      }
      key = name == "DEVICE" ? name : "DEVICES"
    default: key = name
    }
    statistics.skipped[key, default: 0] += 1
  }
}

extension FileFormat {
  /// gpsd JSON reports, one per line (`gpspipe -w`, gpsd_json(5)).
  public static let gpsdJSON = FileFormat(rawValue: "gpsd_json")
}
