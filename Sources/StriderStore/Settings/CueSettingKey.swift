import StriderCore
import TOMLKit

/// One key of `[cues]` and of an activity's `[cues.ACTIVITY]`: its name in the table, what
/// it sets, and how a value is checked. Several names may set one value (`every_time_s`,
/// `every_time_min`): `slot` names the value, so one table cannot set it twice.
public struct CueSettingKey: Sendable {
  public var name: String
  public var help: String
  /// The canonical key of the value this key sets (its own name for most keys).
  public var slot: String
  let apply: @Sendable (any TOMLValueConvertible, inout CueSettings) -> String?
  /// The value in force in `[cues]` terms; nil when unset and decided elsewhere.
  public let value: (@Sendable (CueSettings) -> String?)?

  public var isAlias: Bool { slot != name }

  /// Every cue key, in the order `strider config` prints them.
  public static let all: [CueSettingKey] =
    [
      number(
        "every_time_s", "speak every this many seconds of moving time (0: never)",
        range: 0...86_400, scale: 1, \.everyTime, shown: { SettingKey.format($0 ?? 300) }),
      number(
        "every_time_min", "the same in minutes", range: 0...1440, scale: 60, \.everyTime,
        slot: "every_time_s"),
    ]
    + distance(
      "every_distance", "speak every this many metres (0: never; default one split)",
      least: 0, \.everyDistance)
    + [
      flag("at_split", "also speak at each completed split (\"Split 3. ...\")", \.atSplit, false),
      flag("at_lap", "speak what lap_says lists at each lap press", \.atLap, true),
      flag("announce_pauses", "say \"Auto-paused.\" and \"Resumed.\"", \.announcePauses, true),
      flag(
        "announce_signal", "say when the GPS signal is lost and regained", \.announceSignal, true),
      flag(
        "include_current_pace", "add the current pace (or speed) to cues", \.includeCurrentPace,
        false),
      fields(
        "says", "what time, distance and split cues say, in order: \(CueField.names)", \.says,
        shown: { $0.says ?? CueField.defaults }),
      fields(
        "lap_says", "what a lap press says, in order (default [\"lap_result\"])", \.lapSays,
        shown: { $0.lapSays ?? CueField.lapDefaults }),
      fields(
        "finish_says", "what the finish says after \"Session complete.\" (default: says)",
        \.finishSays, shown: { $0.finishSays ?? $0.says ?? CueField.defaults }),
    ]
    + distance(
      "goal_distance", "the distance finish_estimate estimates the finish of, in metres",
      least: 1, \.goalDistance)

  public static func named(_ name: String) -> CueSettingKey? { all.first { $0.name == name } }

  /// A list of cue fields (`says`, `lap_says`, `finish_says`): known names, each once, at
  /// least one.
  private static func fields(
    _ name: String, _ help: String, _ path: WritableKeyPath<CueSettings, [CueField]?> & Sendable,
    shown: @escaping @Sendable (CueSettings) -> [CueField]
  ) -> CueSettingKey {
    CueSettingKey(
      name: name, help: help, slot: name,
      apply: { value, settings in
        let expected = "expected a list of names from: \(CueField.names)"
        guard let array = value.array else { return expected }
        var fields: [CueField] = []
        for item in array {
          guard let text = item.string else { return expected }
          guard let field = CueField(rawValue: text) else {
            return "unknown cue field \"\(text)\"; " + expected
          }
          guard !fields.contains(field) else { return "\"\(text)\" is listed twice" }
          fields.append(field)
        }
        guard !fields.isEmpty else { return "expected at least one field; " + expected }
        settings[keyPath: path] = fields
        return nil
      },
      value: { settings in
        "[" + shown(settings).map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]"
      })
  }

  private static func number(
    _ name: String, _ help: String, range: ClosedRange<Double>, scale: Double,
    _ path: WritableKeyPath<CueSettings, Double?> & Sendable, slot: String? = nil,
    shown: (@Sendable (Double?) -> String?)? = nil
  ) -> CueSettingKey {
    CueSettingKey(
      name: name, help: help, slot: slot ?? name,
      apply: SettingKey.applyingNumber(in: range) { number, settings in
        settings[keyPath: path] = number * scale
      },
      value: shown.map { shown in { @Sendable settings in shown(settings[keyPath: path]) } })
  }

  /// A distance's three keys: `NAME_m` and its other spellings `NAME_km` and `NAME_mi`, which
  /// set the same metres. From `least` metres (the kilometres and miles from a thousandth
  /// of that) up to 1,000 km, or 621 miles.
  private static func distance(
    _ name: String, _ help: String, least: Double,
    _ path: WritableKeyPath<CueSettings, Double?> & Sendable
  ) -> [CueSettingKey] {
    let metres = name + "_m"
    return [
      number(
        metres, help, range: least...1_000_000, scale: 1, path,
        shown: { $0.map(SettingKey.format) }),
      number(
        name + "_km", "the same in kilometres", range: least / 1000...1000, scale: 1000, path,
        slot: metres),
      number(
        name + "_mi", "the same in miles", range: least / 1000...621, scale: 1609.344, path,
        slot: metres),
    ]
  }

  private static func flag(
    _ name: String, _ help: String, _ path: WritableKeyPath<CueSettings, Bool?> & Sendable,
    _ builtIn: Bool
  ) -> CueSettingKey {
    CueSettingKey(
      name: name, help: help, slot: name,
      apply: SettingKey.applyingFlag { flag, settings in settings[keyPath: path] = flag },
      value: { ($0[keyPath: path] ?? builtIn) ? "true" : "false" })
  }
}
