import StriderCore
import Testing

@testable import StriderFormats

/// The FIT reader on files built byte by byte (`FITTestFile`): each protocol feature, and
/// damage at every byte.
@Suite("FIT reader")
struct FITReaderTests {
  static let t0: UInt32 = 1_000_000_000  // 2021-09-08T01:46:40Z
  static let north45: Int32 = 536_870_912  // 45 degrees in semicircles
  static let west90: Int32 = -1_073_741_824  // -90 degrees

  struct Outcome {
    var fixes: [Fix]
    var error: FormatError?
    var reader: FITReader
  }

  static func read(_ bytes: [UInt8], chunkSize: Int = Int.max) -> Outcome {
    var reader = FITReader(
      source: MemoryByteSource(bytes: bytes, chunkSize: chunkSize), fileName: "t.fit")
    var fixes: [Fix] = []
    do {
      while let fix = try reader.next() { fixes.append(fix) }
      return Outcome(fixes: fixes, error: nil, reader: reader)
    } catch {
      return Outcome(fixes: fixes, error: error, reader: reader)
    }
  }

  static func oneRecord(bigEndian: Bool) -> FITTestFile {
    var file = FITTestFile()
    file.define(local: 0, global: 20, fields: FITTestFile.recordFields, bigEndian: bigEndian)
    file.message(
      local: 0,
      FITTestFile.record(
        time: t0, latitude: north45, longitude: west90, altitude: 3000, heartRate: 150,
        cadence: 85, distance: 123_456, speed: 3500, accuracy: 4, enhancedSpeed: 3600,
        enhancedAltitude: 3100, bigEndian: bigEndian))
    return file
  }

  /// A lap's intensity and trigger, and a workout's sport, are small enumerations, but a
  /// file may declare them of any base type: a float64 of 1e19 (the fit fuzz target found
  /// one in a lap) is no value, not a trap in the conversion to an integer.
  @Test func enumerationsOfAbsurdSizeAreNoValue() throws {
    func f64(_ v: Double) -> [UInt8] { (0..<8).map { UInt8(v.bitPattern >> (8 * $0) & 0xFF) } }
    var file = Self.oneRecord(bigEndian: false)
    file.define(local: 1, global: 19, fields: [(2, 4, 0x86), (23, 8, 0x89), (24, 8, 0x89)])
    file.message(local: 1, FITTestFile.le32(Self.t0) + f64(1e19) + f64(-.infinity))
    file.define(local: 2, global: 26, fields: [(4, 8, 0x89)])
    file.message(local: 2, f64(1e300))
    let out = Self.read(file.bytes())
    #expect(out.error == nil)
    #expect(out.fixes.count == 1)
    #expect(out.reader.laps.count == 1)
    #expect(out.reader.laps.first?.intensity == nil && out.reader.laps.first?.trigger == nil)
    #expect(out.reader.workoutSport == nil)
  }

  /// Thousands of tiny chained files with wrong CRCs make a few warnings, not thousands.
  @Test func warningsAndSessionsAreBounded() {
    var session = FITTestFile()
    session.define(local: 0, global: 18, fields: [(5, 1, 0x00)])
    for _ in 0..<1500 { session.message(local: 0, [1]) }
    let tiny = FITTestFile().bytes(fileCRC: 0xBAD0)
    let out = Self.read(session.bytes() + Array([[UInt8]](repeating: tiny, count: 50).joined()))
    #expect(out.error == nil)
    #expect(out.reader.statistics.files == 51 && out.reader.statistics.crcMismatches == 50)
    #expect(out.reader.warnings.count == FITReader.warningLimit + 1)
    #expect(out.reader.warnings.last == "40 more CRC mismatches in chained FIT files")
    #expect(out.reader.sessions.count == FITReader.sessionLimit)
    #expect(out.reader.statistics.sessions == 1500)
  }

  @Test(arguments: [false, true])
  func recordFieldsInEitherByteOrder(bigEndian: Bool) throws {
    let out = Self.read(Self.oneRecord(bigEndian: bigEndian).bytes())
    #expect(out.error == nil)
    let fix = try #require(out.fixes.first)
    #expect(out.fixes.count == 1)
    #expect(fix.time?.iso8601 == "2021-09-08T01:46:40Z")
    #expect(fix.coordinate == Coordinate(latitude: 45, longitude: -90))
    #expect(fix.altitude == Meters(3100.0 / 5 - 500), "enhanced altitude wins")
    #expect(fix.speed == MetersPerSecond(3.6), "enhanced speed wins")
    #expect(fix.deviceDistance == Meters(1234.56))
    #expect(fix.heartRate == BeatsPerMinute(150))
    #expect(fix.cadence == RevolutionsPerMinute(85))
    #expect(fix.horizontalAccuracy == Meters(4))
    #expect(fix.mode == .unknown)
    #expect(out.reader.warnings.isEmpty)
  }

  @Test func plainFieldsWhenEnhancedAreInvalid() throws {
    var file = FITTestFile()
    file.define(local: 0, global: 20, fields: FITTestFile.recordFields)
    file.message(
      local: 0,
      FITTestFile.record(
        time: Self.t0, latitude: Self.north45, longitude: Self.west90, altitude: 3000,
        speed: 3500))
    let fix = try #require(Self.read(file.bytes()).fixes.first)
    #expect(fix.altitude == Meters(100))
    #expect(fix.speed == MetersPerSecond(3.5))
    #expect(fix.heartRate == nil && fix.cadence == nil && fix.deviceDistance == nil)
    #expect(fix.horizontalAccuracy == nil)
  }

  /// The invalid value of each base type reads as absent: a record without a position is a
  /// time-only fix, as a TCX trackpoint without `<Position>` is.
  @Test func invalidPositionIsATimeOnlyFix() throws {
    var file = FITTestFile()
    file.define(local: 0, global: 20, fields: FITTestFile.recordFields)
    file.message(
      local: 0,
      FITTestFile.record(
        time: Self.t0, latitude: .max, longitude: .max, heartRate: 120, distance: 500))
    let fix = try #require(Self.read(file.bytes()).fixes.first)
    #expect(fix.coordinate == nil && fix.mode == .noFix)
    #expect(fix.heartRate == BeatsPerMinute(120) && fix.deviceDistance == Meters(5))
  }

  @Test func aLocalNumberRedefinedMidFile() throws {
    var file = Self.oneRecord(bigEndian: false)
    // Local 0 becomes a `record` of only a timestamp and a heart rate, big-endian.
    file.define(local: 0, global: 20, fields: [(3, 1, 0x02), (253, 4, 0x86)], bigEndian: true)
    file.message(local: 0, [99] + FITTestFile.be32(Self.t0 + 1))
    let out = Self.read(file.bytes())
    #expect(out.error == nil)
    #expect(out.fixes.count == 2)
    #expect(out.fixes.last?.heartRate == BeatsPerMinute(99))
    #expect(out.fixes.last?.time?.iso8601 == "2021-09-08T01:46:41Z")
  }

  /// A compressed header's 5-bit offset replaces the last timestamp's low 5 bits, rolling
  /// over past 32 seconds.
  @Test func compressedTimestamps() throws {
    var file = FITTestFile()
    let start: UInt32 = Self.t0 + 30 - Self.t0 % 32  // low five bits: 30
    file.define(local: 1, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
    file.message(local: 1, FITTestFile.le32(start) + [100])
    file.define(local: 2, global: 20, fields: [(3, 1, 0x02)])
    file.compressed(local: 2, offset: 31, [101])  // +1 s
    file.compressed(local: 2, offset: 2, [102])  // rolls over: +4 s
    file.compressed(local: 2, offset: 2, [103])  // the same second again
    let out = Self.read(file.bytes())
    #expect(out.error == nil)
    let seconds = out.fixes.compactMap { $0.time?.secondsSince1970 }
    let base = Double(start) + 631_065_600
    #expect(seconds == [base, base + 1, base + 4, base + 4])
  }

  @Test func developerFieldsAreSkippedBySize() throws {
    var file = FITTestFile()
    file.define(
      local: 0, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)],
      developer: [(0, 7, 0), (1, 2, 0)])
    file.message(local: 0, FITTestFile.le32(Self.t0) + [77] + [UInt8](repeating: 0xAB, count: 9))
    file.message(local: 0, FITTestFile.le32(Self.t0 + 1) + [78] + [UInt8](repeating: 1, count: 9))
    let out = Self.read(file.bytes())
    #expect(out.error == nil)
    #expect(out.fixes.map(\.heartRate) == [BeatsPerMinute(77), BeatsPerMinute(78)])
  }

  @Test func unknownMessagesAndFieldsAreSkipped() throws {
    var file = FITTestFile()
    file.define(local: 3, global: 65_280, fields: [(1, 3, 0x07), (2, 200, 0x0D), (9, 5, 0x1F)])
    file.message(local: 3, [UInt8](repeating: 0x42, count: 208))
    file.data += Self.oneRecord(bigEndian: false).data
    let out = Self.read(file.bytes())
    #expect(out.error == nil && out.fixes.count == 1)
    #expect(out.reader.statistics.otherMessages == 1)
  }

  @Test func twelveByteHeaderAndChainedFiles() throws {
    let first = Self.oneRecord(bigEndian: false).bytes(headerSize: 12)
    let second = Self.oneRecord(bigEndian: true).bytes()
    let out = Self.read(first + second)
    #expect(out.error == nil)
    #expect(out.fixes.count == 2)
    #expect(out.reader.statistics.files == 2)
    #expect(out.fixes[0].coordinate == out.fixes[1].coordinate)
  }

  /// Each chained file starts its definitions afresh.
  @Test func definitionsDoNotCarryIntoAChainedFile() throws {
    let first = Self.oneRecord(bigEndian: false).bytes()
    var second = FITTestFile()
    second.message(local: 0, FITTestFile.record(time: Self.t0, latitude: 0, longitude: 0))
    let out = Self.read(first + second.bytes())
    #expect(out.fixes.count == 1 && out.error == nil, "the first file's record is kept")
    #expect(out.reader.damage?.code == .malformed)
    #expect(
      out.reader.damage?.message.contains(
        "byte \(first.count + 14): a data message of local message 0") == true)
  }

  /// A record written while the timer stood, timed after the stop (an auto-pause's last
  /// point, where the rider moved off again), starts a segment of its own, and the restart
  /// then starts none: the paused stretch is never distance. Records of the stop's own
  /// second stay in the old segment.
  @Test func recordsWrittenWhileTheTimerStoodStartTheirOwnSegment() throws {
    var file = FITTestFile()
    file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
    file.define(local: 1, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
    let t0 = Self.t0
    file.message(local: 1, FITTestFile.le32(t0) + [0, 0])  // timer start
    file.message(local: 0, FITTestFile.le32(t0) + [1])
    file.message(local: 0, FITTestFile.le32(t0 + 1) + [2])
    file.message(local: 1, FITTestFile.le32(t0 + 1) + [0, 4])  // stop all
    file.message(local: 0, FITTestFile.le32(t0 + 1) + [3])  // the stop's second
    file.message(local: 0, FITTestFile.le32(t0 + 20) + [4])  // while stopped
    file.message(local: 0, FITTestFile.le32(t0 + 30) + [5])  // where the rider moves off
    file.message(local: 1, FITTestFile.le32(t0 + 31) + [0, 0])  // start
    file.message(local: 0, FITTestFile.le32(t0 + 31) + [6])
    file.message(local: 1, FITTestFile.le32(t0 + 40) + [0, 1])  // stop
    file.message(local: 1, FITTestFile.le32(t0 + 50) + [0, 0])  // start, nothing between
    file.message(local: 0, FITTestFile.le32(t0 + 50) + [7])
    let out = Self.read(file.bytes())
    #expect(out.error == nil)
    #expect(out.fixes.map(\.segment) == [0, 0, 0, 1, 2, 2, 3])
    #expect(out.reader.statistics.timerStops == 2)
    #expect(out.reader.statistics.timerRestarts == 2)
  }

  /// Power (uint16 W) and temperature (sint8 °C) of a record; each type's invalid value
  /// is no reading.
  @Test func powerAndTemperatureAreRead() throws {
    var file = FITTestFile()
    file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (7, 2, 0x84), (13, 1, 0x01)])
    file.message(local: 0, FITTestFile.le32(Self.t0) + [0x2C, 0x01, 0xF6])  // 300 W, -10 °C
    file.message(local: 0, FITTestFile.le32(Self.t0 + 1) + [0xFF, 0xFF, 0x7F])  // invalid
    let out = Self.read(file.bytes())
    #expect(out.error == nil)
    #expect(out.fixes.map(\.power) == [Watts(300), nil])
    #expect(out.fixes.map(\.temperature) == [Celsius(-10), nil])
  }

  /// A timer stop then start is a segment break; records up to the restart stay in the old
  /// segment (here the events carry no time, so none is known to follow the stop).
  @Test func timerPausesAreSegmentBreaks() throws {
    var file = FITTestFile()
    file.define(local: 0, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
    file.define(local: 1, global: 21, fields: [(0, 1, 0x00), (1, 1, 0x00)])
    file.message(local: 1, [0, 0])  // timer start
    file.message(local: 0, FITTestFile.le32(Self.t0) + [1])
    file.message(local: 1, [0, 4])  // timer stop all
    file.message(local: 0, FITTestFile.le32(Self.t0 + 1) + [2])
    file.message(local: 1, [3, 0])  // a marker, not the timer
    file.message(local: 1, [0, 0])  // timer start
    file.message(local: 0, FITTestFile.le32(Self.t0 + 60) + [3])
    file.message(local: 1, [0, 1])  // timer stop, never restarted
    file.message(local: 0, FITTestFile.le32(Self.t0 + 61) + [4])
    let out = Self.read(file.bytes())
    #expect(out.fixes.map(\.segment) == [0, 0, 1, 1])
    #expect(out.reader.statistics.timerStops == 2)
  }

  @Test func sessionSportIsTheDeclaredActivity() throws {
    var file = Self.oneRecord(bigEndian: false)
    file.define(local: 1, global: 18, fields: [(5, 1, 0x00), (6, 1, 0x00), (9, 4, 0x86)])
    file.message(local: 1, [2, 0] + FITTestFile.le32(4_200_000))
    let out = Self.read(file.bytes())
    #expect(out.reader.sessions.map(\.sportName) == ["cycling"])
    #expect(out.reader.sessions.first?.totalDistance == Meters(42_000))
    #expect(out.reader.metadata.declaredActivity == .ride)
  }

  @Test func badCRCsAreWarnings() throws {
    let file = Self.oneRecord(bigEndian: false)
    let badFile = Self.read(file.bytes(fileCRC: 0x1234))
    #expect(badFile.error == nil && badFile.fixes.count == 1)
    #expect(badFile.reader.warnings.count == 1)
    #expect(badFile.reader.warnings.first?.contains("file CRC is 0x1234") == true)
    var bytes = file.bytes()
    bytes[12] ^= 0xFF  // the header CRC
    let badHeader = Self.read(bytes)
    #expect(badHeader.error == nil && badHeader.fixes.count == 1)
    #expect(badHeader.reader.warnings.contains { $0.contains("header CRC") })
  }

  @Test(arguments: [
    ([UInt8](".FIT".utf8), FormatError.Code.truncated, "byte 0: the file ends inside"),
    (FITTestFile.header(dataSize: 0, size: 10), .malformed, "a header size of 10"),
    (Array("xxxxxxxxxxxxxx".utf8), .malformed, "no \".FIT\" signature"),
  ])
  func corruptHeaders(bytes: [UInt8], code: FormatError.Code, words: String) {
    let out = Self.read(bytes)
    #expect(out.error?.code == code)
    #expect(out.error?.message.contains(words) == true, "\(String(describing: out.error))")
  }

  @Test func messagesThatRunPastTheData() {
    var file = FITTestFile()
    file.define(local: 0, global: 20, fields: [(3, 1, 0x02)])
    file.message(local: 0, [1])
    var bytes = file.bytes()
    bytes[4] -= 1  // the header now declares one byte less
    bytes[12...13] = ArraySlice(FITTestFile.le16(FITTestFile.crc(Array(bytes[0..<12]))))
    let out = Self.read(bytes)
    #expect(out.error?.code == .malformed)
    #expect(out.error?.message.contains("runs past the end of the data") == true)

    var absurd = FITTestFile()
    absurd.define(local: 0, global: 20, fields: [(3, 1, 0x02)], bigEndian: false)
    absurd.data[2] = 7  // architecture 7
    #expect(Self.read(absurd.bytes()).error?.message.contains("architecture 7") == true)
  }

  /// A data message of a local number nothing defined cannot be sized: the reading stops
  /// there with a warning, the records before it kept; before any record, an error.
  @Test func undefinedLocalMessageKeepsTheRecordsBefore() {
    var file = Self.oneRecord(bigEndian: false)
    let at = 14 + file.data.count
    file.message(local: 5, [1, 2, 3])
    let out = Self.read(file.bytes())
    #expect(out.error == nil && out.fixes.count == 1)
    let damage = out.reader.damage
    #expect(damage?.code == .malformed)
    #expect(damage?.message.hasPrefix("byte \(at): a data message of local message 5") == true)
    #expect(out.reader.warnings.count == 1, "\(out.reader.warnings)")

    var early = FITTestFile()
    early.message(local: 5, [1, 2, 3])
    early.data += Self.oneRecord(bigEndian: false).data
    let refused = Self.read(early.bytes())
    #expect(refused.fixes.isEmpty && refused.error?.message.contains("local message 5") == true)
  }

  /// A file cut at every byte gives the fixes before the cut, then an error when the cut is
  /// before the first record is whole, else a warning naming the byte (`damage`); the same
  /// whatever the chunk size.
  @Test func truncatedAtEveryByte() {
    var file = Self.oneRecord(bigEndian: false)
    file.data += Self.oneRecord(bigEndian: true).data
    let bytes = file.bytes()
    let whole = Self.read(bytes)
    #expect(whole.fixes.count == 2 && whole.error == nil && whole.reader.damage == nil)
    for cut in 0..<bytes.count {
      let out = Self.read(Array(bytes[0..<cut]))
      let stop = out.error ?? out.reader.damage
      #expect(stop?.code == .truncated, "cut at \(cut): \(String(describing: stop))")
      #expect((out.error == nil) == !out.fixes.isEmpty, "cut at \(cut): kept when any")
      if let damage = out.reader.damage {
        #expect(
          out.reader.warnings.contains {
            $0.hasPrefix(damage.message)
              && $0.contains("the \(out.fixes.count) records before it were read")
          }, "cut at \(cut): \(out.reader.warnings)")
      }
      #expect(out.fixes == Array(whole.fixes.prefix(out.fixes.count)), "cut at \(cut)")
      for chunk in [1, 3, 7] {
        let chunked = Self.read(Array(bytes[0..<cut]), chunkSize: chunk)
        #expect(
          chunked.fixes == out.fixes && chunked.error == out.error
            && chunked.reader.damage == out.reader.damage, "cut \(cut) chunk \(chunk)")
      }
    }
  }

  /// Any byte changed gives fixes or an error, never a crash, and the same under chunking.
  @Test func everyByteFlipped() {
    let bytes = Self.oneRecord(bigEndian: false).bytes()
    for index in bytes.indices {
      for flip: UInt8 in [0x01, 0x80, 0xFF] {
        var damaged = bytes
        damaged[index] ^= flip
        let out = Self.read(damaged)
        let chunked = Self.read(damaged, chunkSize: 5)
        #expect(out.fixes == chunked.fixes && out.error == chunked.error, "byte \(index)")
      }
    }
  }
}

/// The byte-at-a-time CRC table gives what the protocol's nibble steps give.
@Test func fitCRCByteTableMatchesTheProtocolsNibbleSteps() {
  let bytes: [UInt8] = (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 3) }
  let byNibbles = bytes.reduce(UInt16(0)) { FITCRC.nibbleUpdate($0, $1) }
  let byBytes = bytes.withUnsafeBytes { FITCRC.update(0, $0) }
  #expect(byBytes == byNibbles)
  #expect(byBytes == FITTestFile.crc(bytes), "and the bit-by-bit CRC-16/ARC")
  // Two bytes a step, from any starting CRC, over odd and even lengths.
  for length in 0..<40 {
    let part = Array(bytes[..<length])
    let twoSteps = part.withUnsafeBytes { FITCRC.update(0x1234, $0) }
    #expect(twoSteps == part.reduce(UInt16(0x1234)) { FITCRC.nibbleUpdate($0, $1) }, "\(length)")
  }
}
