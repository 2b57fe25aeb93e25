import StriderCore

/// Writes a session as a Garmin FIT activity file, from the published FIT protocol and
/// profile: what Garmin Connect, Strava and every training tool import.
///
/// The messages, in the order an activity file gives them: `file_id` (an activity), a timer
/// `event` start, one `record` per fix with a time (time, position in semicircles, altitude
/// and speed, plain and enhanced, the session's distance at that time, heart rate,
/// cadence, GPS accuracy, power and temperature where present), timer stop and start
/// `event`s around the session's pauses and
/// between track segments, a final timer stop, a `lap` per split (one for the whole session
/// without splits), the `session` (sport and the summary's totals) and the `activity`.
///
/// - `points` chooses the fixes as for GPX and TCX (default: the finished track). A fix
///   without a time, or with one before 1989-12-31 (the FIT epoch) or past 2126, has no
///   `record`: FIT has no untimed records. Times are whole seconds, rounded down.
/// - Each record's `distance` is the session's distance at its time from the finished track,
///   as TCX `DistanceMeters` is (a device's odometer): the last record's is the summary's.
/// - A number a field cannot hold (a negative speed, an altitude below -500 m) is written as
///   the field's invalid value; nothing is wrapped or clamped into a wrong value.
/// - The file streams: its messages are encoded once to count the bytes the header
///   declares, then again to write them, so only a chunk of it is ever in memory.
public enum FITWriter: SessionWriter {
  public static let format = ExportFormat.fit

  public static func write(
    _ export: SessionExport, points: ExportPoints, to stream: inout some ExportStream
  ) {
    write(export.record, source: FITPointSource(export, points: points), to: &stream)
  }

  public static var writesBytes: Bool { true }

  /// Not where a privacy zone applies: the timer events and laps are laid out from the
  /// whole record's.
  public static func canWrite(_ rows: some SessionRows) -> Bool { !rows.hidesEnds }

  /// The points read three times from `rows` (to lay out the timer events, to count the
  /// bytes the header declares, to write them); kept whole are the finished track's
  /// distance by time and, for the track's points, the sensor values of the fixes that have
  /// them. Nothing is written when reading those fails.
  public static func write(_ rows: some SessionRows, to stream: inout some ExportStream) {
    var table = FITDistanceTable()
    rows.forEachFinishedPoint { table.append($0) }
    var sensorTable: [Double: FITSensorValues] = [:]
    if !rows.points.isRawFixes {
      var fixes: [Fix] = []
      rows.forEachFixWithSensors { fixes.append($0.fix) }
      sensorTable = FITPointSource.sensorTable(fixes)
    }
    guard !rows.failed else { return }
    let distances = table
    let sensors = sensorTable
    let source = FITPointSource(
      forEachFix: { body in rows.forEachPoint { fix, _ in body(fix) } },
      distance: { distances.isEmpty ? nil : distances.distance(at: $0) },
      sensors: rows.points.isRawFixes
        ? nil : { sensors[$0.secondsSince1970] ?? FITSensorValues() })
    write(rows.record, source: source, to: &stream)
  }

  /// Writes a session whose points come from `source` (the store's cursor, for a session
  /// too long to load); `session` gives the activity and the summary, its points unused.
  public static func write(
    _ session: SessionRecord, source: FITPointSource, to stream: inout some ExportStream
  ) {
    let activity = FITActivityLayout(session, source: source)
    var counter = FITEncoder(counting: true)
    var nowhere = DiscardedExport()
    activity.encode(into: &counter, stream: &nowhere)
    guard let header = FITEncoder.header(dataSize: counter.dataSize) else {
      // Over 4 GB of records (some 150 million fixes): no FIT header can say so.
      preconditionFailure("a FIT file holds at most 4 GB of data records")
    }
    var encoder = FITEncoder(counting: false)
    encoder.writeHeader(header, to: &stream)
    activity.encode(into: &encoder, stream: &stream)
  }
}

/// Where a FIT export's points come from, read as many times as the writer needs (it
/// passes over them three times): a record in memory, or the store's cursor.
public struct FITPointSource {
  /// Calls its argument with each point the export holds, in order.
  public var forEachFix: (_ body: (Fix) -> Void) -> Void
  /// The session's distance at a time (the finished track's), nil without a finished track.
  public var distance: (GNSSTime) -> Double?
  /// Heart rate, cadence, power and temperature at a time, for points that do not carry
  /// them (the finished track's, which take them from the fix of the same time); nil when
  /// the points are the fixes themselves.
  public var sensors: ((GNSSTime) -> FITSensorValues)?

  public init(
    forEachFix: @escaping (_ body: (Fix) -> Void) -> Void,
    distance: @escaping (GNSSTime) -> Double?,
    sensors: ((GNSSTime) -> FITSensorValues)?
  ) {
    self.forEachFix = forEachFix
    self.distance = distance
    self.sensors = sensors
  }

  /// The points `points` chooses from a record in memory.
  init(_ export: SessionExport, points: ExportPoints) {
    forEachFix = { body in FITActivityLayout.forEachFix(export, points, body) }
    let finished = export.record.finishedTrack
    distance = { finished.isEmpty ? nil : finished.distance(at: $0).value }
    if points.isRawFixes {
      sensors = nil
    } else {
      let table = Self.sensorTable(export.record.fixes.lazy.map(\.fix))
      sensors = { table[$0.secondsSince1970] ?? FITSensorValues() }
    }
  }

  /// What the record written for `fix` carries: its own values, or those of the fix of
  /// its time.
  func sensorValues(of fix: Fix) -> FITSensorValues {
    sensors.map { sensors in fix.time.map(sensors) ?? FITSensorValues() } ?? FITSensorValues(fix)
  }

  /// The sensor values by time, of the fixes that have any.
  public static func sensorTable(_ fixes: some Sequence<Fix>) -> [Double: FITSensorValues] {
    var table: [Double: FITSensorValues] = [:]
    for fix in fixes {
      let values = FITSensorValues(fix)
      guard let time = fix.time, !values.isEmpty else { continue }
      table[time.secondsSince1970] = values
    }
    return table
  }
}

/// What a fix's sensors measured, as a FIT `record` carries it beside the position: heart
/// rate, cadence, power (W) and temperature (°C). The finished track's points carry none of
/// them, so an export of the track takes them from the fix of the same time.
public struct FITSensorValues: Sendable, Equatable {
  public var heartRate: Double?
  public var cadence: Double?
  public var power: Double?
  public var temperature: Double?

  public init(
    heartRate: Double? = nil, cadence: Double? = nil, power: Double? = nil,
    temperature: Double? = nil
  ) {
    self.heartRate = heartRate
    self.cadence = cadence
    self.power = power
    self.temperature = temperature
  }

  /// The values `fix` carries.
  public init(_ fix: Fix) {
    self.init(
      heartRate: fix.heartRate?.value, cadence: fix.cadence?.value, power: fix.power?.value,
      temperature: fix.temperature?.value)
  }

  /// Whether no sensor gave a value.
  public var isEmpty: Bool {
    heartRate == nil && cadence == nil && power == nil && temperature == nil
  }
}

/// The session message's `avg_heart_rate`, `max_heart_rate`, `avg_cadence`, `max_cadence`,
/// `avg_power` and `max_power`, over the records written: a heart rate or cadence of 0 (a
/// strap without contact, a wheel coasting) is left out of the average, as devices leave
/// it out; a power of 0 counts.
struct FITSensorTotals {
  private(set) var heartRate = Figure()
  private(set) var cadence = Figure()
  private(set) var power = Figure()

  struct Figure {
    var count = 0
    var sum = 0.0
    var maximum = 0.0
    var average: Double? { count > 0 ? sum / Double(count) : nil }
    var largest: Double? { count > 0 ? maximum : nil }

    mutating func add(_ value: Double?, zeroCounts: Bool) {
      guard let value, value.isFinite, value > 0 || (zeroCounts && value == 0) else { return }
      count += 1
      sum += value
      maximum = max(maximum, value)
    }
  }

  /// Adds what one record carries: only what its fields can hold (a heart rate of 255 is
  /// FIT's "invalid", so no record says it, and the session does not count it either).
  mutating func add(_ values: FITSensorValues) {
    func held(_ value: Double?, _ invalid: Double) -> Double? {
      value.flatMap { $0.rounded() < invalid ? $0 : nil }
    }
    heartRate.add(held(values.heartRate, 255), zeroCounts: false)
    cadence.add(held(values.cadence, 255), zeroCounts: false)
    power.add(held(values.power, 65535), zeroCounts: true)
  }
}

extension ExportFormat {
  /// Garmin's FIT activity file.
  public static let fit = ExportFormat(name: "fit")
}

/// A stream that drops what it is given: the counting pass writes into it.
private struct DiscardedExport: ExportStream {
  mutating func write(_ string: String) {}
  mutating func write(bytes: some Collection<UInt8>) {}
}

/// What a session's FIT file holds beyond its records, worked out from one pass over the
/// fixes: the first and last record times, the timer's pauses, the distance without a
/// finished track.
struct FITActivityLayout {
  /// The session: its activity and summary (its points are not used).
  let session: SessionRecord
  let source: FITPointSource
  let firstTime: UInt32?
  let lastTime: UInt32?
  /// When the timer stopped and started again for the summary's pauses, merged, in order
  /// (the gaps between segments are timer stops too, written where they fall).
  let pauses: [(stop: UInt32, start: UInt32)]
  /// Seconds the timer stood still: the pauses and the gaps between segments.
  let stoppedSeconds: Double
  /// The length of the written positions, segment by segment: the distance without a
  /// finished track or a summary.
  let pathLength: Double
  /// The records' heart rate, cadence and power, for the session's averages and maxima.
  let sensorTotals: FITSensorTotals

  // Local message numbers.
  static let fileID: UInt8 = 0
  static let event: UInt8 = 1
  static let record: UInt8 = 2
  static let lap: UInt8 = 3
  static let session: UInt8 = 4
  static let activity: UInt8 = 5

  init(_ session: SessionRecord, source: FITPointSource) {
    self.session = session
    self.source = source
    var first: UInt32?
    var last: UInt32?
    var gaps: [(stop: UInt32, start: UInt32)] = []
    var length = 0.0
    var previous: (segment: Int, time: UInt32, coordinate: Coordinate?)?
    var totals = FITSensorTotals()
    source.forEachFix { fix in
      guard let time = fix.time.flatMap(FITValue.time) else { return }
      totals.add(source.sensorValues(of: fix))
      if first == nil { first = time }
      last = time
      let coordinate = fix.coordinate.flatMap { $0.isValid ? $0 : nil }
      if let p = previous, p.segment != fix.segment {
        gaps.append((p.time, time))
      } else if let a = previous?.coordinate, let coordinate {
        length += Geodesy.distanceMeters(a, coordinate)
      }
      previous = (fix.segment, time, coordinate ?? previous?.coordinate)
    }
    firstTime = first
    lastTime = last
    pathLength = length
    sensorTotals = totals
    var summaryPauses: [(stop: UInt32, start: UInt32)] = []
    for pause in session.summary?.pauses ?? [] {
      guard let first, let last, let stop = FITValue.time(pause.start),
        let start = FITValue.time(pause.end), stop <= start, start >= first, stop <= last
      else { continue }
      summaryPauses.append((max(stop, first), start))
    }
    // A stop held across a break in the fixes is written as the timer stopping before the
    // break and again after it, so that a reader sees the break as the segment it was.
    pauses = Self.merged(Self.cut(summaryPauses, at: gaps))
    stoppedSeconds = Self.merged(summaryPauses + gaps).reduce(0) {
      $0 + Double($1.start) - Double($1.stop)
    }
  }

  /// `intervals` less the time strictly inside each gap: an interval a gap falls within
  /// becomes the part before it and the part after it.
  static func cut(
    _ intervals: [(stop: UInt32, start: UInt32)], at gaps: [(stop: UInt32, start: UInt32)]
  ) -> [(stop: UInt32, start: UInt32)] {
    var pieces = intervals
    for gap in gaps where gap.start > gap.stop {
      pieces = pieces.flatMap { piece -> [(stop: UInt32, start: UInt32)] in
        guard piece.stop < gap.start, piece.start > gap.stop else { return [piece] }
        var parts: [(stop: UInt32, start: UInt32)] = []
        if piece.stop <= gap.stop { parts.append((piece.stop, gap.stop)) }
        if piece.start >= gap.start { parts.append((gap.start, piece.start)) }
        return parts
      }
    }
    return pieces
  }

  /// Intervals in time order, overlapping ones joined.
  static func merged(_ intervals: [(stop: UInt32, start: UInt32)]) -> [(
    stop: UInt32, start: UInt32
  )] {
    var merged: [(stop: UInt32, start: UInt32)] = []
    for interval in intervals.sorted(by: { $0.stop < $1.stop }) {
      if let last = merged.last, interval.stop <= last.start {
        merged[merged.count - 1].start = max(last.start, interval.start)
      } else {
        merged.append(interval)
      }
    }
    return merged
  }

  /// Calls `body` with each fix `points` chooses, without copying them into an array.
  static func forEachFix(
    _ export: SessionExport, _ points: ExportPoints, _ body: (Fix) -> Void
  ) {
    let record = export.record
    switch points {
    case .raw:
      for judged in record.fixes { body(judged.fix) }
    case .accepted:
      for judged in record.fixes where judged.verdict.isAccepted { body(judged.fix) }
    case .track:
      if record.finishedTrack.isEmpty {
        for point in record.track { body(SessionExport.fix(point)) }
      } else {
        for p in record.finishedTrack.points {
          body(
            Fix(
              time: p.time, coordinate: p.coordinate, altitude: p.altitude, speed: p.speed,
              segment: p.segment))
        }
      }
    case .display:
      for point in export.displayTrack { body(SessionExport.fix(point)) }
    }
  }

  /// Encodes every message into `encoder`, which passes them on to `stream`.
  func encode(into encoder: inout FITEncoder, stream: inout some ExportStream) {
    let start = firstTime ?? session.startTime.flatMap(FITValue.time) ?? 0
    let end = lastTime ?? start
    encoder.define(
      local: Self.fileID, global: 0,
      fields: [.enumeration(0), .uint16(1), .uint16(2), .uint32(4)])
    encoder.begin(local: Self.fileID)
    encoder.u8(4)  // type: activity
    encoder.u16(255)  // manufacturer: development
    encoder.u16(0)  // product
    encoder.u32(start)  // time_created
    encoder.define(
      local: Self.event, global: 21, fields: [.uint32(253), .enumeration(0), .enumeration(1)])
    encoder.define(
      local: Self.record, global: 20,
      fields: [
        .uint32(253), .sint32(0), .sint32(1), .uint16(2), .uint8(3), .uint8(4), .uint32(5),
        .uint16(6), .uint32(73), .uint32(78), .uint8(31), .uint16(7), .sint8(13),
      ])
    Self.timer(start: true, at: start, into: &encoder)
    var running = true
    var nextPause = 0
    /// The last record's segment and time, and whether the timer restarted since.
    var last: (segment: Int, time: UInt32, restarted: Bool)?
    var cumulative = 0.0
    var previous: (segment: Int, coordinate: Coordinate)?
    source.forEachFix { fix in
      guard let time = fix.time.flatMap(FITValue.time) else { return }
      // The timer stops after the last record at or before a pause's start and starts
      // again before the first record at or after its end.
      while nextPause < pauses.count {
        let pause = pauses[nextPause]
        if running, pause.stop < time || pause.start <= time {
          Self.timer(start: false, at: pause.stop, into: &encoder)
          running = false
        } else if !running, pause.start <= time {
          Self.timer(start: true, at: pause.start, into: &encoder)
          running = true
          nextPause += 1
          last?.restarted = true
        } else {
          break
        }
      }
      // A new segment is a gap: the timer stops after the old one's last record (if a
      // pause has not stopped it) and starts before this one, so readers see the gap.
      if let previous = last, previous.segment != fix.segment, !previous.restarted {
        if running { Self.timer(start: false, at: previous.time, into: &encoder) }
        Self.timer(start: true, at: time, into: &encoder)
        if !running { nextPause += 1 }
        running = true
      }
      last = (fix.segment, time, false)
      let coordinate = fix.coordinate.flatMap { $0.isValid ? $0 : nil }
      if let coordinate {
        if let p = previous, p.segment == fix.segment {
          cumulative += Geodesy.distanceMeters(p.coordinate, coordinate)
        }
        previous = (fix.segment, coordinate)
      }
      let distance = fix.time.flatMap(source.distance) ?? cumulative
      writeRecord(fix, time: time, coordinate: coordinate, distance: distance, into: &encoder)
      encoder.flushIfFull(to: &stream)
    }
    if running { Self.timer(start: false, at: end, into: &encoder) }
    writeSummaries(start: start, end: end, into: &encoder)
    encoder.finish(to: &stream)
  }

  /// A timer start or stop-all `event`.
  static func timer(start: Bool, at time: UInt32, into encoder: inout FITEncoder) {
    encoder.begin(local: Self.event)
    encoder.u32(time)
    encoder.u8(0)  // event: timer
    encoder.u8(start ? 0 : 4)  // event_type: start, stop_all
  }

  private func writeRecord(
    _ fix: Fix, time: UInt32, coordinate: Coordinate?, distance: Double,
    into encoder: inout FITEncoder
  ) {
    let latitude = coordinate.flatMap { FITValue.semicircles($0.latitude) }
    let longitude = coordinate.flatMap { FITValue.semicircles($0.longitude) }
    let sensors = source.sensorValues(of: fix)
    let altitude = fix.altitude?.value
    let speed = fix.speed?.value
    encoder.begin(local: Self.record)
    encoder.u32(time)
    if let latitude, let longitude {
      encoder.s32(latitude)
      encoder.s32(longitude)
    } else {
      encoder.s32(FITValue.invalidS32)
      encoder.s32(FITValue.invalidS32)
    }
    encoder.u16(FITValue.u16(altitude, scale: 5, offset: 500))
    encoder.u8(FITValue.u8(sensors.heartRate))
    encoder.u8(FITValue.u8(sensors.cadence))
    encoder.u32(FITValue.u32(distance, scale: 100))
    encoder.u16(FITValue.u16(speed, scale: 1000))
    encoder.u32(FITValue.u32(speed, scale: 1000))
    encoder.u32(FITValue.u32(altitude, scale: 5, offset: 500))
    encoder.u8(FITValue.u8(fix.horizontalAccuracy?.value))  // gps_accuracy, metres
    encoder.u16(FITValue.u16(sensors.power))  // power, watts
    encoder.s8(FITValue.s8(sensors.temperature))  // temperature, °C
  }
}
