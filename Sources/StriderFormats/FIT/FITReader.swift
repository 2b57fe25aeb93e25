import StriderCore

/// Reads a Garmin FIT file (what watches and bike computers record) as fixes, streaming.
///
/// Follows the published FIT protocol: a 12- or 14-byte file header (size, protocol and
/// profile versions, data size, ".FIT", header CRC), then record headers each followed by a
/// definition message (reserved byte, architecture, global message number, field
/// definitions, developer field definitions) or a data message laid out as the latest
/// definition of its local message number says (normal header: local number 0–15; compressed
/// timestamp header: local number 0–3 and a 5-bit offset from the last timestamp), then the
/// file CRC. Several FIT files may follow one another in one file (chained files); each
/// starts its local definitions and timestamps afresh.
///
/// - Each `record` message is a fix: time, position (semicircles → degrees), altitude and
///   speed (the enhanced fields when present), distance as `deviceDistance` (also from the
///   compressed speed-and-distance field), heart rate, cadence, power, temperature, GPS
///   accuracy. A record without a valid position is kept as a time-only fix (`coordinate`
///   nil, `.noFix`), as TCX trackpoints without `<Position>` are: indoor and pool files give
///   what they have. The device's timer pauses (`event` messages: a timer stop, then
///   a start) are segment breaks: the first record after the restart starts a new segment,
///   as the first `<Track>` after a pause does in TCX; a record written while the timer
///   stood, timed after the stop (an auto-pause's last point), starts one of its own, so
///   the stretch walked or rolled while paused is never distance.
/// - Each `session` is kept (`sessions`); its sport is the activity the file declares when
///   every session that names one Strider knows names the same one, once the whole file is
///   read: a triathlon chained from several FIT files holds its swim's session long before
///   its ride's and run's.
/// - Unknown messages, unknown fields, developer fields and invalid values (each base type's
///   sentinel) are skipped by size, never fatal.
/// - A wrong file or header CRC is a warning (`warnings`): the data is used. A file that
///   ends early, a data message of an undefined local number or one that runs past the data
///   the header declares ends the reading with a warning naming the byte offset (`damage`):
///   the records before it are kept. A corrupt header, or such damage before the first
///   record, is a `FormatError` naming the byte offset. Nothing is allocated by a size the
///   file claims.
public struct FITReader: NamedSourceReader {
  public static let format = FileFormat.fit
  public static let title = "Garmin FIT"
  public static let extensions = ["fit"]
  public static var emptyFileNote: String {
    "no record messages: not an activity file (settings, workouts, monitoring)"
  }

  /// The file's sessions so far, in file order; complete once `next()` has returned nil.
  public internal(set) var sessions: [FITSession] = []
  /// The file's `lap` messages so far (`lapLimit` at most); complete once `next()` has
  /// returned nil. `recordedLaps` makes them the session's laps.
  public internal(set) var laps: [FITLap] = []
  /// The steps of a workout file (`workout_step` messages), in file order; complete once
  /// `next()` has returned nil. `FITWorkoutImport` turns them into a `Workout`.
  public internal(set) var workoutSteps: [FITWorkoutStep] = []
  /// The `workout` message's sport, if the file has one.
  public internal(set) var workoutSport: Int?
  /// At most this many workout steps are kept (watches take 50 to 100).
  static let workoutStepLimit = 10_000
  /// What was read and skipped so far; complete once `next()` has returned nil.
  public internal(set) var statistics = FITStatistics()
  /// The first CRC mismatches found so far (`warningLimit` at most: a hostile file of
  /// thousands of tiny chained files must not make as many strings).
  private var crcWarnings: [String] = []
  static let warningLimit = 10
  /// At most this many sessions are kept (a triathlon has five); the rest are counted.
  static let sessionLimit = 1000

  /// CRC mismatches (the data was used anyway), and records timed from power-on.
  public var warnings: [String] {
    var all = crcWarnings
    if let damage {
      all.append(
        "\(damage.message): the \(statistics.records) records before it were read, "
          + "nothing after it")
    }
    let more = statistics.crcMismatches - crcWarnings.count
    if more > 0 { all.append("\(more) more CRC mismatches in chained FIT files") }
    if statistics.relativeTimes > 0 {
      all.append(
        "\(statistics.relativeTimes) records are timed in seconds from the device's power-on, "
          + "not by date; they are shown as times from the FIT epoch, 1989-12-31")
    }
    return all
  }

  /// The sessions' totals added up (one per part of a multisport file).
  public var deviceTotals: DeviceTotals? {
    guard
      var totals = DeviceTotals.summing(
        sessions.map {
          (
            $0.totalDistance, $0.totalTimerTime.map(Seconds.init),
            $0.totalElapsedTime.map(Seconds.init)
          )
        }, partName: "session")
    else { return nil }
    if sessions.count > 1 {
      totals.legs = sessions.map {
        DeviceLeg(
          sport: $0.sportName, activity: $0.sport.flatMap(FITProfile.activity(sport:)),
          start: $0.startTime, distance: $0.totalDistance,
          timerTime: $0.totalTimerTime.map(Seconds.init),
          elapsedTime: $0.totalElapsedTime.map(Seconds.init))
      }
    }
    totals.pauses = statistics.timerRestarts
    totals.calories = DeviceTotals.sum(sessions.map { $0.totalCalories?.value }).map(
      Kilocalories.init)
    // A multisport file's legs each count from their own start.
    if sessions.count == 1 { totals.unpositionedDistance = span.outsidePositions }
    totals.end =
      sessions.compactMap { session -> GNSSTime? in
        guard let start = session.startTime, let elapsed = session.totalElapsedTime,
          elapsed.isFinite
        else { return nil }
        return GNSSTime(secondsSince1970: start.secondsSince1970 + elapsed)
      }.max()
    return totals
  }

  public var metadata: TrackMetadata {
    // Before the end, a later session may name another sport (a triathlon's legs).
    guard state == .finished else { return TrackMetadata() }
    let activities = Set(sessions.compactMap { $0.sport.flatMap(FITProfile.activity(sport:)) })
    return TrackMetadata(declaredActivity: activities.count == 1 ? activities.first : nil)
  }

  public var notes: [JSONMember] {
    let s = statistics
    return [
      JSONMember("fit_files", .int(s.files)), JSONMember("messages", .int(s.messages)),
      JSONMember("records", .int(s.records)), JSONMember("laps", .int(s.laps)),
      JSONMember("sessions", .int(s.sessions)),
      JSONMember("other_messages", .int(s.otherMessages)),
      JSONMember("timer_stops", .int(s.timerStops)),
      JSONMember("timer_restarts", .int(s.timerRestarts)),
      JSONMember("relative_times", .int(s.relativeTimes)),
    ]
  }

  private enum State { case betweenFiles, inData, finished }

  var stream: FITByteStream
  let fileName: String
  private var state = State.betweenFiles
  private var failure: FormatError?
  /// File offset where the current FIT file's data ends and its CRC begins.
  private var dataEnd = 0
  private var dataStart = 0
  var definitions = [FITDefinition?](repeating: nil, count: 16)
  /// What the decoder's quick path needs of each local message number's definition, beside
  /// `definitions`: plain values, so reading one copies no array.
  var plans = [FITMessagePlan](repeating: FITMessagePlan(), count: 16)
  /// The last timestamp seen (seconds since the FIT epoch), which compressed headers add to.
  var lastTimestamp: UInt32?
  /// The distance the compressed speed-and-distance field has counted (1/16 m), and the
  /// last 12-bit value it gave.
  var compressedDistance: (total: Int, last: Int)?
  /// Set by a timer stop event, until the timer starts again.
  var timerStopped = false
  /// The time of the stop event (seconds since the FIT epoch), when it had one.
  var stoppedAt: UInt32?
  /// Whether a record written while the timer stood has started a segment since the stop.
  var brokeWhileStopped = false
  /// Set by a timer start after a stop: the next record starts segment `segment + 1`.
  var segmentBreakPending = false
  /// The segment of the next record: one more after each timer stop, across chained files.
  var segment = 0
  /// Where the device's running distance stood at the first and last positions.
  var span = DeviceDistanceSpan()

  /// Reads from any chunk source; `fileName` is used in error messages.
  public init(source: some ByteChunkSource, fileName: String) {
    stream = FITByteStream(source: source)
    self.fileName = fileName
  }

  /// Whether the first bytes of a file are a FIT file header: a header size of 12 or more
  /// and ".FIT" at bytes 8–11.
  public static func looksLike(prefix: [UInt8]) -> Bool {
    prefix.count >= 12 && prefix[0] >= 12 && prefix[8] == UInt8(ascii: ".")
      && prefix[9] == UInt8(ascii: "F") && prefix[10] == UInt8(ascii: "I")
      && prefix[11] == UInt8(ascii: "T")
  }

  public mutating func next() throws(FormatError) -> Fix? {
    // The quick path: a planned record whole in the buffer, most of any activity file.
    // Anything else (and anything that could fail) takes the path below, from the start.
    if state == .inData, failure == nil, stream.available > 0 {
      let at = stream.offset
      let header = stream.pointer.load(as: UInt8.self)
      let compressed = header & 0x80 != 0
      let local = Int(compressed ? header >> 5 & 0x03 : header & 0x0F)
      if compressed || header & 0x40 == 0, plans[local].planned {
        let length = 1 + plans[local].size
        if at + length <= dataEnd, stream.available >= length {
          statistics.messages += 1
          return readRecord(local: local, timeOffset: compressed ? header & 0x1F : nil, length)
        }
      }
    }
    return try nextMessage()
  }

  /// The next fix, from wherever the reading stands: a file header, a message, a file CRC.
  private mutating func nextMessage() throws(FormatError) -> Fix? {
    if let failure { throw failure }
    do {
      while true {
        switch state {
        case .finished:
          return nil
        case .betweenFiles:
          // An empty input is a header cut short; after a file, the end.
          guard try stream.require(1) || statistics.files == 0 else {
            state = .finished
            return nil
          }
          try readFileHeader()
        case .inData:
          do {
            if stream.offset == dataEnd {
              try readFileCRC()
            } else if let fix = try readMessage() {
              return fix
            }
          } catch  where statistics.records > 0 {
            // Damage inside the data: what came before was read from whole messages and
            // stands; nothing after it can be placed.
            damage = error
            state = .finished
            return nil
          }
        }
      }
    } catch {
      failure = error
      throw error
    }
  }

  /// Where the data was damaged (a file that ends early, a data message of an undefined
  /// local number, a message running past the data): reading stopped there, and the
  /// records before it were returned. Damage before the first record, and any damaged
  /// header, is thrown instead: nothing before it is worth keeping.
  public private(set) var damage: FormatError?

  /// An error at a byte offset of the file.
  func error(_ code: FormatError.Code, at offset: Int, _ message: String) -> FormatError {
    FormatError(code, file: fileName, message: "byte \(offset): \(message)")
  }

  // MARK: - File header and CRC

  private mutating func readFileHeader() throws(FormatError) {
    let at = stream.offset
    let what = statistics.files == 0 ? "the FIT file header" : "the header of a chained FIT file"
    guard try stream.require(12) else {
      throw error(
        .truncated, at: at, "the file ends inside \(what) (\(stream.available) of 12 bytes)")
    }
    guard Self.looksLike(prefix: (0..<12).map { stream.byte($0) }) else {
      let detail =
        stream.byte(0) < 12 && stream.byte(8) == UInt8(ascii: ".")
        ? "a header size of \(stream.byte(0)), less than 12" : "no \".FIT\" signature"
      throw error(.malformed, at: at, "not a FIT file header: \(detail)")
    }
    let size = Int(stream.byte(0))
    guard try stream.require(size) else {
      throw error(.truncated, at: at, "the file ends inside \(what) (\(size) bytes)")
    }
    let dataSize = stream.withBytes { Int(FITBaseType.u32($0 + 4, false)) }
    stream.resetCRC()
    stream.take(12)
    if size >= 14 {
      let expected = stream.withBytes { FITBaseType.u16($0, false) }
      let crc = stream.crc()
      if expected != 0, expected != crc {
        statistics.crcMismatches += 1
        if crcWarnings.count < Self.warningLimit {
          crcWarnings.append(
            "byte \(at + 12): the header CRC is \(hex(expected)) but the header gives "
              + "\(hex(crc)); the file was read anyway")
        }
      }
    }
    stream.take(size - 12)
    dataStart = stream.offset
    dataEnd = dataStart + dataSize
    definitions = [FITDefinition?](repeating: nil, count: 16)
    plans = [FITMessagePlan](repeating: FITMessagePlan(), count: 16)
    lastTimestamp = nil
    compressedDistance = nil
    statistics.files += 1
    state = .inData
  }

  private mutating func readFileCRC() throws(FormatError) {
    let at = stream.offset
    guard try stream.require(2) else {
      throw error(.truncated, at: at, "the file ends where the FIT file's CRC should be")
    }
    let expected = stream.withBytes { FITBaseType.u16($0, false) }
    let crc = stream.crc()
    if expected != crc {
      statistics.crcMismatches += 1
      if crcWarnings.count < Self.warningLimit {
        crcWarnings.append(
          "byte \(at): the file CRC is \(hex(expected)) but the bytes give \(hex(crc)): "
            + "the file is damaged or was changed; its data was read anyway")
      }
    }
    stream.skip(2)
    state = .betweenFiles
  }

  private func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
  }

  // MARK: - Messages

  /// Reads one message; a fix when it was a `record`.
  @inline(always)
  private mutating func readMessage() throws(FormatError) -> Fix? {
    let at = stream.offset
    guard try stream.require(1) else {
      throw error(
        .truncated, at: at,
        "the file ends after \(at - dataStart) of the \(dataEnd - dataStart) data bytes "
          + "its header declares")
    }
    let header = stream.pointer.load(as: UInt8.self)
    statistics.messages += 1
    if header & 0x80 != 0 {
      return try readData(local: Int(header >> 5 & 0x03), timeOffset: header & 0x1F, at: at)
    }
    if header & 0x40 != 0 {
      try readDefinition(local: Int(header & 0x0F), developer: header & 0x20 != 0, at: at)
      return nil
    }
    return try readData(local: Int(header & 0x0F), timeOffset: nil, at: at)
  }

  /// Reads a record of a planned local message, whose `length` bytes are available: the
  /// bulk of a file, read through its plan in place.
  @inline(always)
  private mutating func readRecord(local: Int, timeOffset: UInt8?, _ length: Int) -> Fix {
    let message = stream.pointer
    let timestamp = messageTime(plans[local].record.time(message), timeOffset: timeOffset)
    let values = plans[local].record.values(message)
    stream.take(length)
    statistics.records += 1
    return recordFix(values, timestamp: timestamp)
  }

  /// Makes a whole message of `length` bytes available, or says why it cannot be.
  private mutating func requireMessage(_ length: Int, at: Int, _ what: String) throws(FormatError) {
    if at + length > dataEnd {
      throw error(
        .malformed, at: at,
        "\(what) of \(length) bytes runs past the end of the data its header declares "
          + "(byte \(dataEnd))")
    }
    guard try stream.require(length) else {
      throw error(
        .truncated, at: at,
        "the file ends at byte \(at + stream.available), inside \(what) of \(length) bytes")
    }
  }

  private mutating func readDefinition(local: Int, developer: Bool, at: Int) throws(FormatError) {
    try requireMessage(6, at: at, "a definition message")
    let architecture = stream.byte(2)
    guard architecture <= 1 else {
      throw error(
        .malformed, at: at,
        "a definition message gives architecture \(architecture) (only 0, little-endian, "
          + "and 1, big-endian, exist)")
    }
    let bigEndian = architecture == 1
    let global = stream.withBytes { FITBaseType.u16($0 + 3, bigEndian) }
    let fieldCount = Int(stream.byte(5))
    var length = 6 + 3 * fieldCount
    var developerCount = 0
    if developer {
      try requireMessage(length + 1, at: at, "a definition message")
      developerCount = Int(stream.byte(length))
      length += 1 + 3 * developerCount
    }
    try requireMessage(length, at: at, "a definition message")
    var fields: [FITDefinition.Field] = []
    var size = 0
    for i in 0..<fieldCount {
      let number = stream.byte(6 + 3 * i)
      let width = Int(stream.byte(7 + 3 * i))
      if FITProfile.uses(global: global, field: number) {
        fields.append(
          .init(number: number, size: width, baseType: stream.byte(8 + 3 * i), offset: 1 + size))
      }
      size += width
    }
    for i in 0..<developerCount {
      size += Int(stream.byte(6 + 3 * fieldCount + 2 + 3 * i))
    }
    stream.take(length)
    let definition = FITDefinition(
      global: global, bigEndian: bigEndian, size: size, fields: fields)
    definitions[local] = definition
    let record = global == FITProfile.record ? FITRecordPlan(definition) : nil
    plans[local] = FITMessagePlan(
      defined: true, size: size, planned: record != nil, record: record ?? FITRecordPlan())
    statistics.definitions += 1
  }

  @inline(always)
  private mutating func readData(local: Int, timeOffset: UInt8?, at: Int) throws(FormatError)
    -> Fix?
  {
    guard plans[local].defined else {
      throw error(
        .malformed, at: at,
        "a data message of local message \(local), which no definition message has defined")
    }
    let length = 1 + plans[local].size
    if at + length > dataEnd || stream.available < length {
      try requireMessage(length, at: at, "a data message")
    }
    if plans[local].planned {
      return readRecord(local: local, timeOffset: timeOffset, length)
    }
    guard let definition = definitions[local] else {
      preconditionFailure("a FIT local message with a plan and no definition")
    }
    let fix = decode(definition, timeOffset: timeOffset)
    stream.take(length)
    return fix
  }
}

extension FileFormat {
  /// Garmin's Flexible and Interoperable Data Transfer protocol.
  public static let fit = FileFormat(rawValue: "fit")
}

/// What a FIT file held, as counts for `analyze`'s report.
public struct FITStatistics: Sendable, Equatable {
  /// FIT files read (more than one when they are chained).
  public var files = 0
  /// Record headers read: definition and data messages.
  public var messages = 0
  public var definitions = 0
  public var records = 0
  public var laps = 0
  /// Data messages other than `record`, `lap` and `session`, skipped.
  public var otherMessages = 0
  /// Records timed in seconds from the device's power-on rather than by date.
  public var relativeTimes = 0
  /// `session` messages, kept or not (`FITReader.sessionLimit`).
  public var sessions = 0
  /// Timer stop events: the device's own pauses, each a segment break.
  public var timerStops = 0
  /// Timer starts after a stop: the device's pauses that ended (the last stop of a file
  /// ends the activity, it is no pause).
  public var timerRestarts = 0
  /// Header and file CRCs that did not match their bytes.
  public var crcMismatches = 0
}
