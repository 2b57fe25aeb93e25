import Foundation
import StriderCore

/// Writes the whole session as one JSON object (docs/json-export.md): the session, the
/// settings in force, the summary, the storyline of stops and moves, the finished track,
/// the events, and every fix with its verdict. `--points` does not apply.
public enum SessionJSONWriter: SessionWriter {
  public static let format = ExportFormat.json

  public static func write(
    _ export: SessionExport, points: ExportPoints, to stream: inout some ExportStream
  ) {
    let record = export.record
    var document = Document(
      head: export.jsonHead(
        startTime: record.startTime, endTime: record.fixes.lazy.compactMap(\.fix.time).max(),
        finished: record.finishedTrack),
      to: &stream)
    for point in record.finishedTrack.points { document.write(point, to: &stream) }
    document.write(events: record.events, to: &stream)
    for fix in record.fixes { document.write(fix, to: &stream) }
    document.end(to: &stream)
  }

  public static var holdsSessionDetails: Bool { true }

  public static func canWrite(_ rows: some SessionRows) -> Bool {
    _ = rows.jsonHead()
    _ = rows.events()
    return true
  }

  public static func write(_ rows: some SessionRows, to stream: inout some ExportStream) {
    var document = Document(head: rows.jsonHead(), to: &stream)
    rows.forEachFinishedPoint { document.write($0, to: &stream) }
    document.write(events: rows.events(), to: &stream)
    rows.forEachFix { document.write($0, to: &stream) }
    document.end(to: &stream)
  }

  /// The same object written a part at a time, for an export that reads the finished track
  /// and the fixes a row at a time: the head (session, settings, summary, segments), then
  /// each point of the track, the events, each fix, and `end`. Byte for byte what `write`
  /// writes.
  public struct Document {
    /// Items written in the array now open (the track, then the fixes).
    private var count = 0
    private var bytes: [UInt8] = []

    /// Opens the object with its head (`SessionExport.jsonHead`).
    public init(head: [JSONMember], to stream: inout some ExportStream) {
      bytes.append(UInt8(ascii: "{"))
      for member in head {
        JSONValue.writeString(member.key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.value.write(to: &bytes)
        bytes.append(UInt8(ascii: ","))
      }
      JSONValue.writeString("track", to: &bytes)
      bytes.append(contentsOf: ":[".utf8)
      flush(to: &stream)
    }

    /// Opens the next item of the array: a comma after the first.
    private mutating func openItem() {
      if count > 0 { bytes.append(UInt8(ascii: ",")) }
      count += 1
    }

    private mutating func closeItem(to stream: inout some ExportStream) {
      if bytes.count >= 1 << 16 { flush(to: &stream) }
    }

    private mutating func flush(to stream: inout some ExportStream) {
      stream.write(bytes: bytes)
      bytes.removeAll(keepingCapacity: true)
    }

    /// The next point of the finished track.
    public mutating func write(_ point: FinishedTrack.Point, to stream: inout some ExportStream) {
      openItem()
      SessionExport.writeJSON(point, to: &bytes)
      closeItem(to: &stream)
    }

    /// Closes the track and writes the events.
    public mutating func write(events: [SessionEvent], to stream: inout some ExportStream) {
      bytes.append(contentsOf: "],".utf8)
      JSONValue.writeString("events", to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      JSONValue.array(events.compactMap(SessionExport.jsonValue)).write(to: &bytes)
      bytes.append(UInt8(ascii: ","))
      JSONValue.writeString("fixes", to: &bytes)
      bytes.append(contentsOf: ":[".utf8)
      count = 0
    }

    /// The next fix, with its verdict.
    public mutating func write(_ fix: JudgedFix, to stream: inout some ExportStream) {
      openItem()
      SessionExport.writeJSON(fix, to: &bytes)
      closeItem(to: &stream)
    }

    /// Closes the fixes and the object.
    public mutating func end(to stream: inout some ExportStream) {
      bytes.append(contentsOf: "]}\n".utf8)
      flush(to: &stream)
    }
  }
}

extension ExportFormat {
  /// The whole session as JSON (docs/json-export.md).
  public static let json = ExportFormat(name: "json")
}

extension SessionExport {
  /// The version of the JSON layout in docs/json-export.md; a change that breaks readers
  /// raises it.
  public static let jsonVersion = 2

  private static func time(_ t: GNSSTime?) -> JSONValue { t.map { .string($0.iso8601) } ?? .null }

  private static func number(_ value: Double?, _ decimals: Int = 3) -> JSONValue {
    JSONValue.rounded(value.flatMap { $0.isFinite ? $0 : nil }, decimals)
  }

  private static func position(_ c: Coordinate) -> [JSONMember] {
    [
      JSONMember(JSONKey.latitude, number(c.latitude, 7)),
      JSONMember(JSONKey.longitude, number(c.longitude, 7)),
    ]
  }

  /// The members before the finished track: the session (`startTime` as
  /// `SessionRecord.startTime`, `endTime` the latest time of any fix), the settings, the
  /// summary, and the stops and moves of `finished` (read a run of points at a time),
  /// each move with its display track.
  public func jsonHead<Track: TimelineTrack>(
    startTime: GNSSTime?, endTime: GNSSTime?, finished: Track
  ) throws(Track.Failure) -> [JSONMember] {
    let (time, number, position) = (Self.time, Self.number, Self.position)
    func point(_ p: TrackPoint) -> JSONValue {
      .object(
        [JSONMember("time", time(p.time))] + position(p.coordinate) + [
          JSONMember("ele", number(p.altitude?.value, 1)),
          JSONMember(JSONKey.speed, number(p.speed.value, 2)),
          JSONMember("accuracy_m", number(p.accuracy?.value, 1)),
        ])
    }
    let session: [JSONMember] = [
      JSONMember("id", record.id.map { .int(Int($0)) } ?? .null),
      JSONMember("name", record.name.map(JSONValue.string) ?? .null),
      JSONMember("activity", .string(record.activity.rawValue)),
      JSONMember("origin", .string(record.origin.rawValue)),
      JSONMember("state", .string(record.state.rawValue)),
      JSONMember("source", source.map(JSONValue.string) ?? .null),
      JSONMember(JSONKey.startTime, time(startTime)),
      JSONMember(JSONKey.endTime, time(endTime)),
    ]
    var segments: [JSONValue] = []
    for segment in try Timeline.segments(
      track: finished, display: displayTrack, pauses: record.summary?.pauses ?? [],
      activity: record.activity)
    {
      switch segment {
      case .stop(let stop):
        segments.append(
          .object([
            JSONMember("type", .string("place")),
            JSONMember(JSONKey.startTime, time(stop.arrival)),
            JSONMember(JSONKey.endTime, time(stop.departure)),
            JSONMember(JSONKey.duration, number(stop.duration.value, 1)),
            JSONMember("place", .object(position(stop.coordinate))),
          ]))
      case .move(let move):
        segments.append(
          .object([
            JSONMember("type", .string("move")),
            JSONMember("activity", .string(move.kind.word)),
            JSONMember(JSONKey.startTime, time(move.start)),
            JSONMember(JSONKey.endTime, time(move.end)),
            JSONMember(JSONKey.distance, number(move.distance.value, 1)),
            JSONMember("track", .array(move.track.map(point))),
          ]))
      }
    }
    var head = [
      JSONMember("format", .string("strider-session")),
      JSONMember("version", .int(Self.jsonVersion)),
      JSONMember("session", .object(session)),
      JSONMember("settings", configuration.map { Self.jsonValue($0, snakeCase: true) } ?? .null),
      JSONMember("summary", record.summary.map { .object($0.jsonMembers(live: true)) } ?? .null),
      JSONMember("heart_rate", heartRate?.json ?? .null),
    ]
    if let device {
      let compared = record.summary.map { DeviceComparison(device: device, summary: $0).json }
      head.append(
        JSONMember("device", compared ?? .object(DeviceComparison.totalsMembers(device))))
    }
    if !parts.isEmpty { head.append(JSONMember("parts", .array(parts.map(Self.jsonValue)))) }
    return head + [JSONMember("segments", .array(segments))]
  }

  /// A multisport part, in the shape of `analyze`'s legs.
  static func jsonValue(_ part: SessionPart) -> JSONValue {
    .object([
      JSONMember("sport", part.device.sport.map { .string($0) } ?? .null),
      JSONMember("activity", .string(part.activity.rawValue)),
      JSONMember("start", time(part.device.start)),
      JSONMember(JSONKey.distance, number(part.distance.value, 2)),
      JSONMember(JSONKey.elapsed, number(part.elapsed.value, 1)),
      JSONMember(JSONKey.moving, number(part.moving.value, 1)),
      JSONMember("points_accepted", .int(part.pointsAccepted)),
      JSONMember("device_distance_m", number(part.device.distance?.value, 2)),
      JSONMember("device_timer_s", number(part.device.timerTime?.value, 1)),
    ])
  }

  /// A point of the finished track, written straight to bytes: a dozen allocations a
  /// point when built as a `JSONValue` first.
  static func writeJSON(_ p: FinishedTrack.Point, to out: inout [UInt8]) {
    out.append(contentsOf: #"{"time":"#.utf8)
    JSONValue.writeString(p.time.iso8601, to: &out)
    writePosition(p.coordinate, to: &out)
    out.append(contentsOf: #","ele":"#.utf8)
    JSONValue.writeRounded(p.altitude?.value, 1, to: &out)
    out.append(contentsOf: Names.speed)
    JSONValue.writeRounded(p.speed.value, 2, to: &out)
    out.append(contentsOf: (p.isStopped ? #","stopped":true"# : #","stopped":false"#).utf8)
    out.append(contentsOf: Names.distance)
    JSONValue.writeRounded(p.distance.value, 2, to: &out)
    out.append(contentsOf: #","segment":"#.utf8)
    JSONValue.writeInteger(Int64(p.segment), to: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// A fix with its verdict, written straight to bytes.
  static func writeJSON(_ judged: JudgedFix, to out: inout [UInt8]) {
    let f = judged.fix
    out.append(contentsOf: #"{"time":"#.utf8)
    if let t = f.time {
      JSONValue.writeString(t.iso8601, to: &out)
    } else {
      out.append(contentsOf: "null".utf8)
    }
    if let c = f.coordinate {
      writePosition(c, to: &out)
    } else {
      out.append(contentsOf: Names.latitude)
      out.append(contentsOf: "null".utf8)
      out.append(contentsOf: Names.longitude)
      out.append(contentsOf: "null".utf8)
    }
    out.append(contentsOf: #","ele":"#.utf8)
    JSONValue.writeRounded(f.altitude?.value, 2, to: &out)
    out.append(contentsOf: #","accuracy_m":"#.utf8)
    JSONValue.writeRounded(f.horizontalAccuracy?.value, 2, to: &out)
    out.append(contentsOf: Names.speed)
    JSONValue.writeRounded(f.speed?.value, 3, to: &out)
    if let power = f.power {
      out.append(contentsOf: #","power_w":"#.utf8)
      JSONValue.writeRounded(power.value, 0, to: &out)
    }
    if let temperature = f.temperature {
      out.append(contentsOf: #","temperature_c":"#.utf8)
      JSONValue.writeRounded(temperature.value, 0, to: &out)
    }
    out.append(contentsOf: #","verdict":"#.utf8)
    JSONValue.writeString(judged.verdict.reason?.rawValue ?? "accepted", to: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// `,"lat":…,"lon":…`, as `position` makes them.
  private static func writePosition(_ c: Coordinate, to out: inout [UInt8]) {
    out.append(contentsOf: Names.latitude)
    JSONValue.writeRounded(c.latitude, 7, to: &out)
    out.append(contentsOf: Names.longitude)
    JSONValue.writeRounded(c.longitude, 7, to: &out)
  }

  /// An event, or nil for those the export leaves out (verdicts and points).
  static func jsonValue(_ event: SessionEvent) -> JSONValue? {
    switch event {
    case .started(let p):
      return .object(
        [JSONMember("type", .string("start")), JSONMember("time", time(p.time))]
          + position(p.coordinate))
    case .paused(let at, let since):
      return .object([
        JSONMember("type", .string("pause")), JSONMember("time", time(at)),
        JSONMember("since", time(since)),
      ])
    case .resumed(let at):
      return .object([JSONMember("type", .string("resume")), JSONMember("time", time(at))])
    case .split(let split):
      return .object([
        JSONMember("type", .string("split")), JSONMember("time", time(split.endTime)),
        JSONMember("index", .int(split.index)),
        JSONMember(JSONKey.distance, number(split.distance.value, 1)),
        JSONMember(JSONKey.duration, number(split.duration.value, 1)),
      ])
    case .cue(let cue):
      return .object([
        JSONMember("type", .string("cue")), JSONMember("time", time(cue.time)),
        JSONMember("text", .string(cue.text)),
      ])
    case .signalLost(let at):
      return .object([
        JSONMember("type", .string("signal_lost")), JSONMember("time", time(at)),
      ])
    case .signalRegained(let at):
      return .object([
        JSONMember("type", .string("signal_regained")), JSONMember("time", time(at)),
      ])
    case .judged, .point:
      return nil
    }
  }

  /// Any Codable value as a JSONValue, through Foundation's encoder (keys sorted; in
  /// snake_case, the export's one convention, where the type's own keys are camelCase).
  static func jsonValue(_ value: some Encodable, snakeCase: Bool = false) -> JSONValue {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
    guard let data = try? encoder.encode(value),
      let object = try? JSONSerialization.jsonObject(with: data)
    else { return .null }
    return convert(object)
  }

  private static func convert(_ object: Any) -> JSONValue {
    switch object {
    case let dictionary as [String: Any]:
      return .object(
        dictionary.sorted { $0.key < $1.key }.map { JSONMember($0.key, convert($0.value)) })
    case let array as [Any]: return .array(array.map(convert))
    case let string as String: return .string(string)
    case let number as NSNumber:
      if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
      let double = number.doubleValue
      return double == double.rounded() && abs(double) < 1e15 ? .int(Int(double)) : .number(double)
    default: return .null
    }
  }
}

/// The shared figures' names the points and fixes are written with, as bytes made once.
private enum Names {
  static let distance = JSONValue.nextName(JSONKey.distance)
  static let speed = JSONValue.nextName(JSONKey.speed)
  static let latitude = JSONValue.nextName(JSONKey.latitude)
  static let longitude = JSONValue.nextName(JSONKey.longitude)
}
