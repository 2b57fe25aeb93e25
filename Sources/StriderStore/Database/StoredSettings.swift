import Foundation
import StriderCore

/// Reads the settings a session was computed with, as any Strider since v1 stored them.
///
/// The settings are stored as the JSON of `SessionConfiguration` (with its gate, smoother,
/// auto-pause and cue settings), whose synthesized decoding needs every key. A Strider that
/// adds a setting would fail to read every older session; so the stored object is laid over
/// the documented defaults for its activity (the `--no-filter` ones for a raw session)
/// before it is decoded, and a key an older Strider did not write takes its default, at any
/// depth. Keys that are written are never replaced, so a replay keeps the numbers of the
/// recording. The frozen fixtures in the store's tests hold this to every released schema.
public enum StoredSettings {
  /// Keys whose absence means nil rather than "written before the key existed": the
  /// smoother of a `--no-filter` session is left out because there is none.
  static let absentMeansNil: Set<String> = ["smoother"]
  /// Settings added with a change to the numbers, whose absence means the engine as it was
  /// before them (nil), not today's default: a session stored before distance was measured
  /// along the smoothed curve replays along chords, and one stored before auto-pause read
  /// the filtered speed pauses on the region alone, and one stored before stops were looked
  /// for in the error's wander finds them in the activity's region alone, to the numbers it
  /// was stored with; so does one stored before a stop was dated between its fixes, one
  /// stored before a stop was held across a gap in its fixes, one stored before the live
  /// filter read a watch's speed, one stored before a stop was kept on a silent step, and
  /// one stored before a slow walk far from a stop ended it, and one stored before a lone
  /// silent step was timed at the pace beside it.
  static let absentMeansBefore: [(object: String, key: String)] = [
    ("smoother", "measuresAlongCurve"), ("smoother", "liveReadsSpeedWithoutCourse"),
    ("autoPause", "movingSpeed"),
    ("autoPause", "wanderRadius"), ("autoPause", "datesStopEdges"),
    ("autoPause", "holdsStopsAcrossGaps"), ("autoPause", "keepsSilentStops"),
    ("autoPause", "resumesBeyondWander"), ("autoPause", "timesSilentSteps"),
  ]

  /// The settings the JSON holds, missing keys taking their defaults.
  public static func decode(_ text: String) throws -> SessionConfiguration {
    let stored = try StoredJSON.decode(JSONValue.self, from: text)
    guard case .object(let fields) = stored,
      case .string(let name) = fields["activity"], let activity = Activity(rawValue: name)
    else {
      // Not settings at all: decoded as they are, so the error says what is wrong.
      return try StoredJSON.decode(SessionConfiguration.self, from: text)
    }
    let raw = fields["isRaw"] == .bool(true)
    let defaults =
      raw ? SessionConfiguration.raw(activity: activity) : SessionConfiguration(activity: activity)
    var base = try StoredJSON.decode(JSONValue.self, from: StoredJSON.encode(defaults))
    if case .object(var top) = base {
      for key in absentMeansNil where fields[key] == nil { top[key] = nil }
      for (object, key) in absentMeansBefore {
        guard case .object(let written)? = fields[object], written[key] == nil,
          case .object(var inner)? = top[object]
        else { continue }
        inner[key] = nil
        top[object] = .object(inner)
      }
      base = .object(top)
    }
    let merged = base.overlaid(with: stored)
    return try StoredJSON.decode(
      SessionConfiguration.self, from: StoredJSON.encode(merged))
  }
}

/// A JSON document as a value, to lay one object over another.
enum JSONValue: Codable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// This value with `top` laid over it: objects merge key by key (recursively); anything
  /// else is `top`.
  func overlaid(with top: JSONValue) -> JSONValue {
    guard case .object(var merged) = self, case .object(let fields) = top else { return top }
    for (key, value) in fields {
      merged[key] = merged[key].map { $0.overlaid(with: value) } ?? value
    }
    return .object(merged)
  }

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let value = try? c.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? c.decode(Double.self) {
      self = .number(value)
    } else if let value = try? c.decode(String.self) {
      self = .string(value)
    } else if let value = try? c.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try c.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .null: try c.encodeNil()
    case .bool(let value): try c.encode(value)
    case .number(let value): try c.encode(value)
    case .string(let value): try c.encode(value)
    case .array(let value): try c.encode(value)
    case .object(let value): try c.encode(value)
    }
  }
}
