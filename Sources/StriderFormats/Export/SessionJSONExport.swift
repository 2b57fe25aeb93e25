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
    var bytes: [UInt8] = []
    export.json.write(to: &bytes)
    bytes.append(UInt8(ascii: "\n"))
    stream.write(bytes: bytes)
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

  /// The whole session as one JSON object: the session, the settings in force, the
  /// summary, the storyline of stops and moves (each move with its reduced track), the
  /// finished track the summary was computed from, the events, and every fix with its
  /// verdict.
  var json: JSONValue {
    func time(_ t: GNSSTime?) -> JSONValue { t.map { .string($0.iso8601) } ?? .null }
    func number(_ value: Double?, _ decimals: Int = 3) -> JSONValue {
      JSONValue.rounded(value.flatMap { $0.isFinite ? $0 : nil }, decimals)
    }
    func position(_ c: Coordinate) -> [JSONMember] {
      [JSONMember("lat", number(c.latitude, 7)), JSONMember("lon", number(c.longitude, 7))]
    }
    func point(_ p: TrackPoint) -> JSONValue {
      .object(
        [JSONMember("time", time(p.time))] + position(p.coordinate) + [
          JSONMember("ele", number(p.altitude?.value, 1)),
          JSONMember("speed_m_s", number(p.speed.value, 2)),
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
      JSONMember("start_time", time(record.startTime)),
      JSONMember("end_time", time(record.fixes.lazy.compactMap(\.fix.time).max())),
    ]
    var segments: [JSONValue] = []
    for segment in Timeline.segments(
      finished: record.finishedTrack, display: displayTrack,
      pauses: record.summary?.pauses ?? [])
    {
      switch segment {
      case .stop(let stop):
        segments.append(
          .object([
            JSONMember("type", .string("place")),
            JSONMember("start_time", time(stop.arrival)),
            JSONMember("end_time", time(stop.departure)),
            JSONMember("duration_s", number(stop.duration.value, 1)),
            JSONMember("place", .object(position(stop.coordinate))),
          ]))
      case .move(let move):
        segments.append(
          .object([
            JSONMember("type", .string("move")),
            JSONMember("activity", .string(move.kind.rawValue)),
            JSONMember("start_time", time(move.start)),
            JSONMember("end_time", time(move.end)),
            JSONMember("distance_m", number(move.distance.value, 1)),
            JSONMember("track", .array(move.track.map(point))),
          ]))
      }
    }
    var events: [JSONValue] = []
    for event in record.events {
      switch event {
      case .started(let p):
        events.append(
          .object(
            [JSONMember("type", .string("start")), JSONMember("time", time(p.time))]
              + position(p.coordinate)))
      case .paused(let at, let since):
        events.append(
          .object([
            JSONMember("type", .string("pause")), JSONMember("time", time(at)),
            JSONMember("since", time(since)),
          ]))
      case .resumed(let at):
        events.append(
          .object([JSONMember("type", .string("resume")), JSONMember("time", time(at))]))
      case .split(let split):
        events.append(
          .object([
            JSONMember("type", .string("split")), JSONMember("time", time(split.endTime)),
            JSONMember("index", .int(split.index)),
            JSONMember("distance_m", number(split.distance.value, 1)),
            JSONMember("duration_s", number(split.duration.value, 1)),
          ]))
      case .cue(let cue):
        events.append(
          .object([
            JSONMember("type", .string("cue")), JSONMember("time", time(cue.time)),
            JSONMember("text", .string(cue.text)),
          ]))
      case .signalLost(let at):
        events.append(
          .object([JSONMember("type", .string("signal_lost")), JSONMember("time", time(at))]))
      case .signalRegained(let at):
        events.append(
          .object([JSONMember("type", .string("signal_regained")), JSONMember("time", time(at))]))
      case .judged, .point:
        break
      }
    }
    let fixes: [JSONValue] = record.fixes.map { judged in
      let f = judged.fix
      return .object(
        [JSONMember("time", time(f.time))]
          + (f.coordinate.map(position)
            ?? [JSONMember("lat", .null), JSONMember("lon", .null)]) + [
            JSONMember("ele", number(f.altitude?.value, 2)),
            JSONMember("accuracy_m", number(f.horizontalAccuracy?.value, 2)),
            JSONMember("speed_m_s", number(f.speed?.value, 3)),
            JSONMember("verdict", .string(judged.verdict.reason?.rawValue ?? "accepted")),
          ])
    }
    return .object([
      JSONMember("format", .string("strider-session")),
      JSONMember("version", .int(Self.jsonVersion)),
      JSONMember("session", .object(session)),
      JSONMember("settings", configuration.map { Self.jsonValue($0, snakeCase: true) } ?? .null),
      JSONMember("summary", record.summary.map { .object($0.jsonMembers) } ?? .null),
      JSONMember("segments", .array(segments)),
      JSONMember(
        "track",
        .array(
          record.finishedTrack.points.map { p in
            .object(
              [JSONMember("time", time(p.time))] + position(p.coordinate) + [
                JSONMember("ele", number(p.altitude?.value, 1)),
                JSONMember("speed_m_s", number(p.speed.value, 2)),
                JSONMember("stopped", .bool(p.isStopped)),
                JSONMember("distance_m", number(p.distance.value, 2)),
                JSONMember("segment", .int(p.segment)),
              ])
          })),
      JSONMember("events", .array(events)),
      JSONMember("fixes", .array(fixes)),
    ])
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
