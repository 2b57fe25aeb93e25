import StriderCore

/// Reads an NMEA 0183 log (what a receiver sends on its serial port) as fixes, streaming.
///
/// Follows NMEA 0183 (v2.3–4.11 as receivers send it): the sentences GGA, RMC, GSA, GST,
/// VTG, GLL, GNS and ZDA are read from every talker (`GP`, `GN`, `GL`, `GA`, `BD`, `GB`,
/// `QZ`, `IN`, `PQ`, ...); every other type (GSV, TXT, proprietary `$P...`, DPT, HDT, ...)
/// is skipped and counted in `statistics`.
///
/// Robustness, in the spirit of gpsd's packet lexer: a sentence is the bytes from `$` to a
/// `*hh` checksum; a wrong checksum, a missing checksum (gpsd refuses those too), a sentence
/// cut off by the next `$`, stray bytes before a `$`, NULs, binary noise and debug text are
/// skipped and counted, never an error. Only an unreadable file is one, and UTF-16 text
/// (`.unsupportedEncoding`, named so the user can save it as UTF-8). Lines end with CR, LF
/// or CRLF, mixed freely.
///
/// Epochs: the sentences a receiver sends for one instant share a UTC time of day, and are
/// merged into one fix. An epoch ends when two newer times have been seen (receivers such
/// as the Septentrio PolarRx2 interleave the GGA of the next second before the GST and GNS
/// of this one) and at the end of the input. Sentences without a time (GSA, VTG) belong to
/// the epoch of the sentence before them. Every time a receiver gives a position is an
/// epoch of its own, even within one output cycle: a Garmin 48 sends RMC and GGA, then a GLL
/// stamped a second later, and gives two fixes per cycle where gpsd reports one (at the
/// GLL, under the GLL's time).
///
/// - Date: from RMC (`ddmmyy`) or ZDA (four-digit year). Two-digit years pivot at 80:
///   80–99 are 1980–1999, 00–79 are 2000–2079. (gpsd resolves them against its build date
///   instead, so the same log can get another century from gpsd.) The date carries forward
///   and rolls over when the time of day wraps past midnight (a step back of more than
///   half a day). Epochs before the first date (a GGA-only log whose one ZDA comes at the
///   end) are held until it comes and dated backwards from it, by the same rule; a log
///   with no date at all is dated from the file's modification time (`fileDate`: its last
///   epoch is the latest such time of day not after it, an hour allowed for a slow
///   system clock), else its fixes have no time. Each is counted in `statistics`
///   (`datedBackwards`, `datedFromFileTime`, `undated`) so the user is told. At most
///   `undatedHoldLimit` epochs are held; past that they go out without a time.
/// - Position from GGA, GNS, RMC or GLL (in that order of preference); altitude (mean sea
///   level) from GGA or GNS; speed and course from RMC or VTG (knots → m/s).
/// - Mode: GGA quality 0 or empty, RMC or GLL status `V`, a mode indicator `N`, or GSA
///   mode 1 make a `.noFix` fix without a position (it is kept: that is how "no fix"
///   reaches the gate); so does a GGA from zero satellites that no other sentence of the
///   epoch confirms.
///   Otherwise GSA mode 2 or 3; else a GGA or GNS with altitude is 3D and without is 2D;
///   RMC or GLL alone do not say (`.unknown`).
/// - Accuracy: from GST (√(σlat² + σlon²) metres; σalt vertically) when present, else
///   HDOP × 5 m and VDOP × 5 m, 5 m being the user-equivalent range error also used for GPX
///   (`GPXReader.userEquivalentRangeError`).
/// - Time traps: a leap second (`235960`) is kept apart from the next day's first second and
///   folded into the day's last millisecond; a jump of a whole number of 1024 GPS weeks (a
///   receiver's week-number rollover) is undone from there on and counted in
///   `statistics.weekRollovers` (`WeekRolloverGuard`).
/// - `Fix.origin.line` is the line of the epoch's first sentence.
public struct NMEAReader: FormatReader {
  /// Knots (nautical miles per hour) to metres per second.
  public static let metersPerSecondPerKnot = 1852.0 / 3600.0
  /// Longest line kept; longer lines are garbage (NMEA allows 82 bytes).
  static let maximumLineLength = 4096
  /// How many epochs may be open at once (see the type's discussion).
  static let openEpochLimit = 2
  /// How many undated epochs are held waiting for a date: two days at 1 Hz, about 40 MB.
  static let undatedHoldLimit = 200_000

  public static let format = FileFormat.nmea
  public static let title = "NMEA 0183"
  public static let extensions = ["nmea", "nma"]

  public var metadata: TrackMetadata { TrackMetadata() }
  /// What was read and skipped so far; complete once `next()` has returned nil.
  public private(set) var statistics = NMEAStatistics()
  /// When the file was last written: the date of a log that gives none.
  public let fileDate: GNSSTime?

  private var source: any ByteChunkSource
  private let fileName: String
  private var chunk: ArraySlice<UInt8> = []
  private var lineNumber = 1
  /// Where the fields of the sentence being read start, kept to reuse their memory.
  private var fieldStarts: [Int] = []
  /// Where the next line ends, and the start of one the chunk's end cut.
  private var lines = ChunkedLines(maximumLength: NMEAReader.maximumLineLength, reserving: 128)
  private var afterCarriageReturn = false
  private var inputEnded = false
  private var epochs: [NMEAEpoch] = []
  private var currentEpoch: Int?
  private var ready: [Fix] = []
  private var readyIndex = 0
  private var emitted = 0
  private var lastDay: Int?
  private var lastTimeOfDay: Int?
  /// The last RMC date field read (`ddmmyy` as a number) and its day since 1970.
  private var lastRMCDate: (digits: Int, day: Int?) = (-1, nil)
  /// The last time field read, as its length and first and last eight bytes, and its
  /// value: the sentences of an epoch repeat its time, read once.
  private var lastTimeField: (count: Int, first: UInt64, last: UInt64, value: Int?) = (0, 0, 0, nil)
  private var rollover = WeekRolloverGuard()
  /// Fixes of epochs before the first date, with their time of day, waiting for a date.
  private var undatedFixes: [(fix: Fix, timeOfDay: Int?)] = []
  /// Set once more than `undatedHoldLimit` epochs waited: later undated ones go out at once.
  private var stoppedHolding = false

  /// Reads from any chunk source; `fileName` is used in error messages, `fileDate` (the
  /// file's modification time) dates a log that has no date of its own.
  public init(source: some ByteChunkSource, fileName: String, fileDate: GNSSTime? = nil) {
    self.source = UTF16RefusingSource(source, fileName: fileName)
    self.fileName = fileName
    self.fileDate = fileDate
  }

  /// Reads NMEA text already in memory.
  public init(bytes: [UInt8], fileName: String, fileDate: GNSSTime? = nil) {
    self.init(source: MemoryByteSource(bytes: bytes), fileName: fileName, fileDate: fileDate)
  }

  public static func open(source: some ByteChunkSource, file: SourceFile) -> any FixReader {
    NMEAReader(source: source, fileName: file.name, fileDate: file.modificationTime)
  }

  /// Whether the first bytes of a file look like an NMEA log: some line among the first 200
  /// (ended by CR, LF or CRLF) holds `$`, a five-character address of capitals or digits,
  /// and a comma. A file whose text starts with `<` or `{` is markup or JSON, not a log,
  /// whatever it quotes.
  public static func looksLike(prefix: [UInt8]) -> Bool {
    let start = TextSniffing.contentStart(prefix)
    guard start < prefix.endIndex, prefix[start] != UInt8(ascii: "{"),
      prefix[start] != UInt8(ascii: "<")
    else { return false }
    let lines = prefix[start...].split(maxSplits: 200) { $0 == 0x0A || $0 == 0x0D }
    for text in lines.prefix(200) {
      var rest = text[...]
      while let dollar = rest.firstIndex(of: UInt8(ascii: "$")) {
        let address = rest[(dollar + 1)...].prefix(6)
        if address.count == 6, address.last == UInt8(ascii: ","),
          address.prefix(5).allSatisfy(NMEASentence.isUpperAlphanumeric)
        {
          return true
        }
        rest = rest[(dollar + 1)...]
      }
    }
    return false
  }

  public mutating func next() throws(FormatError) -> Fix? {
    while true {
      if readyIndex < ready.count {
        defer { readyIndex += 1 }
        return ready[readyIndex]
      }
      ready.removeAll(keepingCapacity: true)
      readyIndex = 0
      if inputEnded { return nil }
      try readLines()
    }
  }

  /// The ready fixes moved into `fixes` in blocks: handed out one by one through `next()`,
  /// each fix was copied twice more on its way to the batch.
  public mutating func read(into fixes: inout [Fix], upTo limit: Int) throws(FormatError) -> Bool {
    while fixes.count < limit {
      if readyIndex < ready.count {
        let taken = min(ready.count - readyIndex, limit - fixes.count)
        fixes.append(contentsOf: ready[readyIndex..<(readyIndex + taken)])
        readyIndex += taken
        continue
      }
      ready.removeAll(keepingCapacity: true)
      readyIndex = 0
      if inputEnded { return false }
      do {
        // As many fixes at once as the batch still wants: each call of `readLines` costs
        // the chunk's retain and release.
        try readLines(wanting: limit - fixes.count)
      } catch {
        // The fixes read before the error first, as `next()` gives them.
        fixes.append(contentsOf: ready)
        ready.removeAll(keepingCapacity: true)
        throw error
      }
    }
    return true
  }

  // MARK: - Lines

  /// Feeds bytes until `wanted` fixes are ready (or a few more: an epoch's end can release
  /// several) or the input ends.
  ///
  /// A line that lies whole in the chunk is read where it is; only the piece of a line cut
  /// by the chunk's end is copied, into `line`, to wait for the rest.
  private mutating func readLines(wanting wanted: Int = 1) throws(FormatError) {
    while ready.count < wanted {
      if chunk.isEmpty {
        // Let go of the read buffer first, so the source reads into it again instead of
        // copying it: a megabyte allocated, faulted in and freed per chunk.
        chunk = []
        guard let next = try source.nextChunk() else {
          if lines.isCarrying { endCarriedLine() }
          while !epochs.isEmpty { finish(epochs.removeFirst()) }
          releaseUndatedAtEnd()
          inputEnded = true
          return
        }
        chunk = next
        lines.startChunk()
      }
      // The chunk's bytes are read through one pointer: a slice of it for each line
      // retained and released its buffer, 9 % of the reading thread's time.
      let current = chunk
      let read = current.withUnsafeBufferPointer { readLines(in: $0, wanting: wanted) }
      chunk = chunk[(chunk.startIndex + read)...]
    }
  }

  /// Reads the lines of `text` (the chunk's bytes) until `wanted` fixes are ready; returns
  /// how many bytes it took.
  private mutating func readLines(in text: UnsafeBufferPointer<UInt8>, wanting wanted: Int) -> Int {
    var index = 0
    let end = text.count
    while index < end, ready.count < wanted {
      let stop = lines.end(in: text, from: index, chunkStart: chunk.startIndex)
      if stop > index { afterCarriageReturn = false }
      if stop == end {
        lines.carry(UnsafeBufferPointer(rebasing: text[index..<end]))
        return end
      }
      // A CR or LF ends a line, except the LF of a CRLF (or a CR right after a CR).
      if !afterCarriageReturn {
        let bytes = UnsafeBufferPointer(rebasing: text[index..<stop])
        if !lines.isCarrying {
          endLine(bytes, tooLong: stop - index > Self.maximumLineLength)
        } else {
          lines.carry(bytes)
          endCarriedLine()
        }
      }
      afterCarriageReturn = text[stop] == 0x0D
      index = stop + 1
    }
    return index
  }

  private mutating func endCarriedLine() {
    let (text, tooLong) = lines.takeCarried()
    text.withUnsafeBufferPointer { endLine($0, tooLong: tooLong) }
    lines.giveBack(text)
  }

  private mutating func endLine(_ line: UnsafeBufferPointer<UInt8>, tooLong: Bool) {
    statistics.lines += 1
    defer { lineNumber += 1 }
    if tooLong {
      statistics.garbageLines += 1
      return
    }
    guard let first = line.firstIndex(where: { !ASCIINumber.isSpace($0) }) else { return }
    if line[first] == UInt8(ascii: "#") {
      statistics.commentLines += 1
      return
    }
    scanSentences(line, lineNumber: lineNumber)
  }

  /// Takes every complete `$...*hh` out of one line and counts what is left.
  private mutating func scanSentences(_ text: UnsafeBufferPointer<UInt8>, lineNumber: Int) {
    var starts = fieldStarts
    fieldStarts = []
    if starts.count < text.count + 2 {
      starts.append(contentsOf: repeatElement(0, count: text.count + 2 - starts.count))
    }
    starts.withUnsafeMutableBufferPointer {
      scanSentences(text, lineNumber: lineNumber, starts: $0)
    }
    fieldStarts = starts
  }

  /// `starts` has room for where every field of the line starts.
  private mutating func scanSentences(
    _ text: UnsafeBufferPointer<UInt8>, lineNumber: Int, starts: UnsafeMutableBufferPointer<Int>
  ) {
    var garbage = false
    var index = 0
    let end = text.count
    while index < end {
      var dollar = index
      while dollar < end, text[dollar] != UInt8(ascii: "$") {
        if !ASCIINumber.isSpace(text[dollar]) { garbage = true }
        dollar += 1
      }
      if dollar == end { break }
      // The body, its checksum and where its fields start, in one pass.
      let (stop, sum, count) = Self.scanBody(text, after: dollar, starts: starts)
      starts[count] = stop - dollar
      let body = UnsafeBufferPointer(rebasing: text[(dollar + 1)..<stop])
      if stop == end {
        // No checksum before the line ended: a sentence without one, or one cut short.
        if Self.hasAddress(body) { statistics.missingChecksum += 1 } else { garbage = true }
        break
      }
      if text[stop] == UInt8(ascii: "$") {
        garbage = true  // cut off by the next sentence
        index = stop
        continue
      }
      guard stop + 2 < end,
        let high = NMEASentence.hexValue(text[stop + 1]),
        let low = NMEASentence.hexValue(text[stop + 2])
      else {
        garbage = true
        index = stop + 1
        continue
      }
      index = stop + 3
      if sum == high << 4 | low {
        let sentence = NMEASentence(body: body, starts: UnsafeBufferPointer(starts), count: count)
        handle(sentence, lineNumber: lineNumber)
      } else {
        statistics.badChecksum += 1
      }
    }
    if garbage { statistics.garbageLines += 1 }
  }

  /// Reads a sentence's body from after the `$` at `dollar` up to its `*`, the next `$` or
  /// the end of `text`: where it stops, the XOR of its bytes, and how many fields it has,
  /// each field's start (from `dollar`) written into `starts` from 1 on.
  ///
  /// Eight bytes at a time (SWAR: the bytes equal to `*`, `$` or `,` found with word
  /// arithmetic, the checksum XORed a word at a time): byte by byte, this loop was a fifth
  /// of reading a log.
  @inline(__always)
  private static func scanBody(
    _ text: UnsafeBufferPointer<UInt8>, after dollar: Int, starts: UnsafeMutableBufferPointer<Int>
  ) -> (stop: Int, sum: UInt8, fields: Int) {
    let end = text.count
    var stop = dollar + 1
    var count = 1
    var sums: UInt64 = 0
    if let base = text.baseAddress {
      while stop + 8 <= end {
        let word = UInt64(
          littleEndian: UnsafeRawPointer(base + stop).loadUnaligned(as: UInt64.self))
        if zeroBytes(word ^ repeated("*")) | zeroBytes(word ^ repeated("$")) != 0 { break }
        sums ^= word
        var commas = zeroBytes(word ^ repeated(","))
        // Wrapping arithmetic: every value is below the line's length, and the checks for
        // an overflow that cannot happen were a fifth of this loop.
        let offset = stop &- dollar
        while commas != 0 {
          starts[count] = offset &+ commas.trailingZeroBitCount &>> 3
          count &+= 1
          commas &= commas &- 1
        }
        stop &+= 8
      }
    }
    sums ^= sums >> 32
    sums ^= sums >> 16
    sums ^= sums >> 8
    var sum = UInt8(truncatingIfNeeded: sums)
    // The last few bytes, and the word the body ends in, one at a time.
    while stop < end {
      let byte = text[stop]
      if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "$") { break }
      sum ^= byte
      if byte == UInt8(ascii: ",") {
        starts[count] = stop - dollar
        count += 1
      }
      stop += 1
    }
    return (stop, sum, count)
  }

  /// The high bit of each byte of `x` that is zero, and of no other (exact, unlike the
  /// shorter `(x - 0x01…) & ~x & 0x80…`, which also marks a 0x01 above a zero).
  @inline(__always)
  private static func zeroBytes(_ x: UInt64) -> UInt64 {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((x & low7) &+ low7) | x | low7)
  }

  /// `character` in each of a word's eight bytes.
  @inline(__always)
  private static func repeated(_ character: Unicode.Scalar) -> UInt64 {
    UInt64(UInt8(ascii: character)) &* 0x0101_0101_0101_0101
  }

  private static func hasAddress(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
    let address = body.prefix(6)
    return address.count == 6 && address.last == UInt8(ascii: ",")
      && address.prefix(5).allSatisfy(NMEASentence.isUpperAlphanumeric)
  }

  // MARK: - Sentences

  private static func code(_ text: StaticString) -> UInt32 {
    text.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
  }

  private static let gga = code("GGA")
  private static let rmc = code("RMC")
  private static let gsa = code("GSA")
  private static let gst = code("GST")
  private static let vtg = code("VTG")
  private static let gll = code("GLL")
  private static let gns = code("GNS")
  private static let zda = code("ZDA")

  private mutating func handle(_ sentence: NMEASentence, lineNumber: Int) {
    statistics.sentences += 1
    guard let type = sentence.type else {
      statistics.ignoredTypes += 1
      return
    }
    let code = type.reduce(0) { $0 << 8 | UInt32($1) }
    let used: Bool
    switch code {
    case Self.gga: used = gga(sentence, lineNumber)
    case Self.rmc: used = rmc(sentence, lineNumber)
    case Self.gsa: used = gsa(sentence, lineNumber)
    case Self.gst: used = gst(sentence, lineNumber)
    case Self.vtg: used = vtg(sentence, lineNumber)
    case Self.gll: used = gll(sentence, lineNumber)
    case Self.gns: used = gns(sentence, lineNumber)
    case Self.zda: used = zda(sentence, lineNumber)
    default:
      statistics.ignoredTypes += 1
      return
    }
    if used { statistics.used += 1 } else { statistics.malformed += 1 }
  }

  /// The time field at `index`: `.some(nil)` when empty, nil when present but invalid.
  private mutating func time(_ sentence: NMEASentence, _ index: Int) -> Int?? {
    let field = sentence[index]
    if field.isEmpty { return .some(nil) }
    var value: Int?
    // A field of 8 to 16 bytes is its first and last eight (`hhmmss.ss` and longer).
    if field.count >= 8, field.count <= 16, let base = field.baseAddress {
      let first = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
      let last = UnsafeRawPointer(base + field.count - 8).loadUnaligned(as: UInt64.self)
      if field.count == lastTimeField.count, first == lastTimeField.first,
        last == lastTimeField.last
      {
        value = lastTimeField.value
      } else {
        value = sentence.timeOfDay(index)
        lastTimeField = (field.count, first, last, value)
      }
    } else {
      value = sentence.timeOfDay(index)
    }
    guard let value else { return nil }
    return .some(value)
  }

  /// GGA: time, position, quality, satellites, HDOP, altitude (MSL).
  private mutating func gga(_ s: NMEASentence, _ lineNumber: Int) -> Bool {
    guard let time = time(s, 1) else { return false }
    let quality = s.integer(6) ?? 0
    // A "fix" from zero satellites is a held position: valid only if another sentence of
    // the epoch (GSA, RMC) says so, as gpsd decides too.
    let valid: Bool? = quality == 0 ? false : s.integer(7) == 0 ? nil : true
    let e = epoch(time: time, kind: .gga, line: lineNumber)
    epochs[e].position(s.coordinate(at: 2), valid: valid, kind: .gga, priority: 4)
    if quality == 6 { epochs[e].provider = .estimated }
    keepSatellitesHDOPAltitude(of: s, in: e)
    return true
  }

  /// Fields 7 to 9 of a GGA or GNS, which put them in the same places: satellites, HDOP and
  /// altitude (MSL), each kept unless the epoch already has it.
  private mutating func keepSatellitesHDOPAltitude(of s: NMEASentence, in e: Int) {
    if epochs[e].satellites == nil { epochs[e].satellites = s.integer(7) }
    if epochs[e].hdop == nil { epochs[e].hdop = s.double(8) }
    if epochs[e].altitude == nil { epochs[e].altitude = s.double(9) }
  }

  /// GNS: like GGA, with one mode letter per constellation (`N` = no fix).
  private mutating func gns(_ s: NMEASentence, _ lineNumber: Int) -> Bool {
    guard let time = time(s, 1) else { return false }
    let modes = s[6]
    let valid = modes.contains { $0 != UInt8(ascii: "N") }
    let e = epoch(time: time, kind: .gns, line: lineNumber)
    epochs[e].position(s.coordinate(at: 2), valid: valid, kind: .gns, priority: 3)
    if valid, modes.allSatisfy({ $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "N") }) {
      epochs[e].provider = .estimated
    }
    keepSatellitesHDOPAltitude(of: s, in: e)
    return true
  }

  /// RMC: time, status, position, speed (knots), course, date, mode indicator (2.3+).
  private mutating func rmc(_ s: NMEASentence, _ lineNumber: Int) -> Bool {
    guard let time = time(s, 1) else { return false }
    var day: Int?
    let date = s[9]
    if !date.isEmpty {
      guard date.count == 6, let digits = ASCIINumber.integer(date) else { return false }
      // Every RMC of a day gives the same date: its day count is worked out once.
      if digits != lastRMCDate.digits {
        lastRMCDate = (
          digits,
          Self.day(
            year: Self.year(twoDigits: digits % 100), month: digits / 100 % 100,
            day: digits / 10_000)
        )
      }
      guard let value = lastRMCDate.day else { return false }
      day = value
    }
    let mode = s.letter(12)
    let valid = s.letter(2) == UInt8(ascii: "A") && mode != UInt8(ascii: "N")
    let e = epoch(time: time, kind: .rmc, line: lineNumber)
    epochs[e].position(s.coordinate(at: 3), valid: valid, kind: .rmc, priority: 2)
    if mode == UInt8(ascii: "E") { epochs[e].provider = .estimated }
    if time != nil, epochs[e].day == nil { epochs[e].day = day }
    if epochs[e].speed == nil {
      epochs[e].speed = s.double(7).map { $0 * Self.metersPerSecondPerKnot }
    }
    if epochs[e].course == nil { epochs[e].course = s.double(8) }
    return true
  }

  /// GLL: position, time, status (2.0+), mode indicator (2.3+).
  private mutating func gll(_ s: NMEASentence, _ lineNumber: Int) -> Bool {
    guard let time = time(s, 5) else { return false }
    let status = s.letter(6)
    let valid = (status == nil || status == UInt8(ascii: "A")) && s.letter(7) != UInt8(ascii: "N")
    let e = epoch(time: time, kind: .gll, line: lineNumber)
    epochs[e].position(s.coordinate(at: 1), valid: valid, kind: .gll, priority: 1)
    return true
  }

  /// GSA: fix mode (1 none, 2 2D, 3 3D), satellites used, PDOP/HDOP/VDOP.
  private mutating func gsa(_ s: NMEASentence, _ lineNumber: Int) -> Bool {
    let e = epoch(time: nil, kind: nil, line: lineNumber)
    if let mode = s.integer(2), (1...3).contains(mode) {
      epochs[e].gsaMode = max(epochs[e].gsaMode ?? 0, mode)
    }
    epochs[e].gsaSatellites += (3...14).count { !s[$0].isEmpty }
    if epochs[e].hdop == nil { epochs[e].hdop = s.double(16) }
    if epochs[e].vdop == nil { epochs[e].vdop = s.double(17) }
    return true
  }

  /// GST: standard deviations of latitude, longitude and altitude errors, in metres.
  private mutating func gst(_ s: NMEASentence, _ lineNumber: Int) -> Bool {
    guard let time = time(s, 1) else { return false }
    let e = epoch(time: time, kind: nil, line: lineNumber)
    // The sigmas stand in for the DOPs only (`NMEAEpoch.fix`): beside an HDOP or a VDOP
    // already taken, which is kept, they would never be read.
    if epochs[e].hdop == nil, let latitude = s.double(6), let longitude = s.double(7) {
      epochs[e].sigmaLatitude = latitude
      epochs[e].sigmaLongitude = longitude
    }
    if epochs[e].vdop == nil, let altitude = s.double(8) { epochs[e].sigmaAltitude = altitude }
    return true
  }

  /// VTG: course and speed; NMEA 2.x (`c,T,c,M,s,N,s,K[,m]`) and the older `c,c,s,s`.
  private mutating func vtg(_ s: NMEASentence, _ lineNumber: Int) -> Bool {
    let e = epoch(time: nil, kind: nil, line: lineNumber)
    guard s.letter(9) != UInt8(ascii: "N") else { return true }
    var speed: Double?
    if s.letter(2) == UInt8(ascii: "T") {
      speed =
        s.double(5).map { $0 * Self.metersPerSecondPerKnot } ?? s.double(7).map { $0 / 3.6 }
    } else {
      speed = s.double(3).map { $0 * Self.metersPerSecondPerKnot }
    }
    if epochs[e].speed == nil { epochs[e].speed = speed }
    if epochs[e].course == nil { epochs[e].course = s.double(1) }
    return true
  }

  /// ZDA: time and date with a four-digit year (the local zone fields are not needed).
  private mutating func zda(_ s: NMEASentence, _ lineNumber: Int) -> Bool {
    guard let time = time(s, 1) else { return false }
    guard let time else { return true }  // no time yet: nothing to date
    guard let dayOfMonth = s.integer(2), let month = s.integer(3), let year = s.integer(4),
      let day = Self.day(year: year, month: month, day: dayOfMonth)
    else { return s[2].isEmpty && s[3].isEmpty && s[4].isEmpty }
    let e = epoch(time: time, kind: nil, line: lineNumber)
    if epochs[e].day == nil { epochs[e].day = day }
    return true
  }

  /// A two-digit year: 80–99 → 1980–1999, 00–79 → 2000–2079.
  static func year(twoDigits: Int) -> Int {
    twoDigits >= 80 ? 1900 + twoDigits : 2000 + twoDigits
  }

  private static func day(year: Int, month: Int, day: Int) -> Int? {
    guard let midnight = GNSSTime(year: year, month: month, day: day) else { return nil }
    return Int((midnight.secondsSince1970 / 86_400).rounded())
  }

  // MARK: - Epochs

  /// The index of the open epoch a sentence belongs to, opening one when needed.
  private mutating func epoch(time: Int?, kind: NMEAEpoch.Kinds?, line: Int) -> Int {
    if let time {
      if let index = epochs.firstIndex(where: { $0.timeOfDay == time }) {
        currentEpoch = index
        return index
      }
      if let index = currentEpoch, epochs[index].timeOfDay == nil, epochs[index].kinds.isEmpty {
        epochs[index].timeOfDay = time
        return index
      }
    } else if let index = currentEpoch {
      // A second position sentence of the same kind without a time starts a new epoch.
      let repeated = kind.map { epochs[index].kinds.contains($0) } ?? false
      if !repeated { return index }
    }
    if epochs.count >= Self.openEpochLimit { finish(epochs.removeFirst()) }
    epochs.append(NMEAEpoch(timeOfDay: time, line: line))
    currentEpoch = epochs.count - 1
    return epochs.count - 1
  }

  /// Dates a closed epoch and queues its fix.
  private mutating func finish(_ epoch: NMEAEpoch) {
    var day = epoch.day
    if day == nil, let lastDay, let lastTimeOfDay, let timeOfDay = epoch.timeOfDay {
      // Half a day backwards is a wrap past midnight, not a receiver stepping back.
      day = timeOfDay + 43_200_000 < lastTimeOfDay ? lastDay + 1 : lastDay
    }
    var time: GNSSTime?
    if let timeOfDay = epoch.timeOfDay {
      lastTimeOfDay = timeOfDay
      if let day {
        if !undatedFixes.isEmpty {
          releaseUndated(dating: day, timeOfDay: timeOfDay)
          statistics.datedBackwards += undatedFixes.count { $0.timeOfDay != nil }
          undatedFixes.removeAll()
        }
        lastDay = day
        time = self.time(day: day, timeOfDay: timeOfDay)
      }
    }
    guard let fix = epoch.fix(time: time, index: emitted) else { return }
    emitted += 1
    if time == nil, lastDay == nil, !stoppedHolding {
      undatedFixes.append((fix, epoch.timeOfDay))
      if undatedFixes.count > Self.undatedHoldLimit {
        stoppedHolding = true
        releaseUndated(dating: nil, timeOfDay: nil)
      }
      return
    }
    if time == nil, epoch.timeOfDay != nil { statistics.undated += 1 }
    ready.append(fix)
  }

  /// The instant of a time of day (milliseconds, up to 23:59:60.999) on a day since 1970.
  private mutating func time(day: Int, timeOfDay: Int) -> GNSSTime {
    // 23:59:60 is 86 400 000 ms and more: keep it in the day's last minute.
    let minute = min(timeOfDay / 60_000, 1439)
    let second = GNSSTime.foldingLeapSecond(Double(timeOfDay - minute * 60_000) / 1000)
    let time = rollover.corrected(
      GNSSTime(secondsSince1970: Double(day) * 86_400 + Double(minute * 60) + second))
    statistics.weekRollovers = rollover.corrections
    return time
  }

  /// Queues the held fixes, dated backwards from a later epoch's `day` and time of day (the
  /// inverse of carrying a date forward), or without a time when no date is known.
  private mutating func releaseUndated(dating day: Int?, timeOfDay: Int?) {
    var days = [Int?](repeating: nil, count: undatedFixes.count)
    if var day, var next = timeOfDay {
      for i in undatedFixes.indices.reversed() {
        guard let t = undatedFixes[i].timeOfDay else { continue }
        if next + 43_200_000 < t { day -= 1 }  // the later epoch came after a midnight
        next = t
        days[i] = day
      }
    }
    for (i, held) in undatedFixes.enumerated() {
      var fix = held.fix
      if let day = days[i], let t = held.timeOfDay {
        fix.time = time(day: day, timeOfDay: t)
      } else if held.timeOfDay != nil {
        statistics.undated += 1
      }
      ready.append(fix)
    }
    if day == nil { undatedFixes.removeAll() }
  }

  /// At the end of a log that never gave a date: dates the held fixes from the file's
  /// modification time, or lets them go without a time.
  private mutating func releaseUndatedAtEnd() {
    guard !undatedFixes.isEmpty else { return }
    let last = undatedFixes.last { $0.timeOfDay != nil }?.timeOfDay
    if let fileDate, let last {
      let seconds = fileDate.secondsSince1970
      var day = Int((seconds / 86_400).rounded(.down))
      let written = Int((seconds - Double(day) * 86_400) * 1000)
      // The log ended before the file was last written (an hour allowed for clock skew).
      if last > written + 3_600_000 { day -= 1 }
      releaseUndated(dating: day, timeOfDay: last)
      statistics.datedFromFileTime += undatedFixes.count { $0.timeOfDay != nil }
    } else {
      releaseUndated(dating: nil, timeOfDay: nil)
    }
    undatedFixes.removeAll()
  }
}
