import StriderCore
import TOMLKit

/// One key of the config file: its name, what it means, how a value is checked and kept.
public struct SettingKey: Sendable {
  public var name: String
  public var help: String
  /// Keeps the value; returns what is wrong with it instead when it is not acceptable.
  let apply: @Sendable (any TOMLValueConvertible, inout UserSettings) -> String?
  /// The value in force, as TOML would write it; nil when unset and decided elsewhere.
  public let value: @Sendable (UserSettings) -> String?

  /// For a second spelling of a key (`cues.every_time_min`), the key whose value it sets.
  public var canonical: String? = nil

  /// What an unset key means, as `strider config` says it.
  public var whenUnset = "the activity's own"

  public var section: String { String(name.split(separator: ".").first ?? "") }

  /// The `[cues]` keys (`CueSettingKey`), setting the settings of every activity.
  static let cueKeys: [SettingKey] = CueSettingKey.all.map { key in
    SettingKey(
      name: "cues." + key.name, help: key.help,
      apply: { value, settings in key.apply(value, &settings.cues) },
      value: { settings in key.value?(settings.cues) },
      canonical: key.isAlias ? "cues." + key.slot : nil,
      whenUnset: key.name.hasPrefix("goal_") ? "no finish estimate" : "the activity's own")
  }

  /// Every key, in the order `strider config` prints them.
  public static let all: [SettingKey] =
    [
      number(
        "profile.weight", "body weight in kilograms, for calories", range: 20...400,
        \.weight),
      optionalNumber(
        "profile.age", "age in years, with profile.sex for calories from a heart rate",
        range: 10...120, \.age, whenUnset: "unknown: calories from the speed"),
      SettingKey(
        name: "profile.sex",
        help: "female or male, with profile.age for calories from a heart rate",
        apply: { value, settings in
          guard let text = value.string, let sex = PersonProfile.Sex(rawValue: text) else {
            return "expected \"female\" or \"male\""
          }
          settings.sex = sex
          return nil
        }, value: { $0.sex.map { "\"\($0.rawValue)\"" } },
        whenUnset: "unknown: calories from the speed"),
      optionalNumber(
        "profile.max_heart_rate",
        "maximum heart rate in bpm, for zones (default: the highest in the last year)",
        range: 100...240, \.maxHeartRate, whenUnset: "the highest in the last year"),
      SettingKey(
        name: "profile.heart_rate_zones",
        help: "lower boundaries of heart-rate zones 1 to 5 in % of the maximum",
        apply: { value, settings in
          let expected =
            "expected five increasing numbers between 0 and 100, e.g. [50, 60, 70, 80, 90]"
          guard let array = value.array else { return expected }
          let percents = array.compactMap { numberValue($0) }
          guard percents.count == array.count, HeartRateZones.validate(percents) == nil else {
            return expected
          }
          settings.heartRateZones = percents
          return nil
        }, value: { "[" + $0.heartRateZones.map(format).joined(separator: ", ") + "]" }),
      choice("profile.units", "metric or imperial", \.units),
      SettingKey(
        name: "profile.activity", help: "default activity of run and demo: \(Activity.choiceList)",
        apply: { value, settings in
          guard let text = value.string, let activity = Activity(rawValue: text) else {
            return "expected one of "
              + Activity.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
          }
          settings.activity = activity
          return nil
        }, value: { "\"\(($0.activity ?? .run).rawValue)\"" }),
      choice("profile.elevation", "elevation gain: auto, on or off", \.elevation),
      number(
        "import.split_gap_hours",
        "an import becomes one session per stretch between gaps longer than this (0: never)",
        range: 0...100_000, \.importSplitGapHours),
      flag("auto_pause.enabled", "pause automatically when standing still", \.autoPause),
      optionalNumber(
        "auto_pause.radius_m", "standing still: every position within this many metres",
        range: 1...100, \.autoPauseRadius),
      optionalNumber(
        "auto_pause.window_s", "... for this many seconds", range: 1...120, \.autoPauseWindow),
      optionalNumber(
        "auto_pause.resume_distance_m", "metres of movement that resume a paused session",
        range: 0.5...100, \.autoPauseResumeDistance),
      optionalNumber(
        "auto_pause.moving_speed_m_s", "never pause while the filtered speed is above this",
        range: 0.1...100, \.autoPauseMovingSpeed),
    ] + cueKeys + [
      flag("cues.speak", "speak cues through espeak-ng on the dashboard", \.speak),
      SettingKey(
        name: "gpsd.address", help: "where gpsd listens: HOST:PORT, HOST or [IPv6]:PORT",
        apply: { value, settings in
          guard let text = value.string, !text.isEmpty else { return "expected \"HOST:PORT\"" }
          settings.gpsdAddress = text
          return nil
        }, value: { "\"\($0.gpsdAddress)\"" }),
    ]

  private static func number(
    _ name: String, _ help: String, range: ClosedRange<Double>,
    _ path: WritableKeyPath<UserSettings, Double> & Sendable
  ) -> SettingKey {
    SettingKey(
      name: name, help: help,
      apply: applyingNumber(in: range) { number, settings in settings[keyPath: path] = number },
      value: { format($0[keyPath: path]) })
  }

  private static func optionalNumber(
    _ name: String, _ help: String, range: ClosedRange<Double>,
    _ path: WritableKeyPath<UserSettings, Double?> & Sendable,
    whenUnset: String = "the activity's own"
  ) -> SettingKey {
    SettingKey(
      name: name, help: help,
      apply: applyingNumber(in: range) { number, settings in settings[keyPath: path] = number },
      value: { $0[keyPath: path].map(format) }, whenUnset: whenUnset)
  }

  private static func flag(
    _ name: String, _ help: String, _ path: WritableKeyPath<UserSettings, Bool> & Sendable
  ) -> SettingKey {
    SettingKey(
      name: name, help: help,
      apply: applyingFlag { flag, settings in settings[keyPath: path] = flag },
      value: { $0[keyPath: path] ? "true" : "false" })
  }

  private static func choice<T: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, _ help: String, _ path: WritableKeyPath<UserSettings, T> & Sendable
  ) -> SettingKey where T.RawValue == String {
    SettingKey(
      name: name, help: help,
      apply: { value, settings in
        guard let text = value.string, let choice = T(rawValue: text) else {
          return "expected one of "
            + T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        }
        settings[keyPath: path] = choice
        return nil
      }, value: { "\"\($0[keyPath: path].rawValue)\"" })
  }

  /// An integer or a float; TOML keeps them apart, people do not.
  static func numberValue(_ value: any TOMLValueConvertible) -> Double? {
    switch value.type {
    case .int: value.int.map(Double.init)
    case .double: value.double.flatMap { $0.isFinite ? $0 : nil }
    default: nil
    }
  }

  /// Checks a number key's value, an integer or a float within `range`, and keeps it
  /// through `keep`: every number key of every table checks and words its complaint alike.
  static func applyingNumber<Settings>(
    in range: ClosedRange<Double>, _ keep: @escaping @Sendable (Double, inout Settings) -> Void
  ) -> @Sendable (any TOMLValueConvertible, inout Settings) -> String? {
    { value, settings in
      guard let number = numberValue(value), range.contains(number) else {
        return "expected a number from \(format(range.lowerBound)) to \(format(range.upperBound))"
      }
      keep(number, &settings)
      return nil
    }
  }

  /// Checks a true-or-false key's value and keeps it through `keep`, as `applyingNumber`
  /// does for numbers.
  static func applyingFlag<Settings>(
    _ keep: @escaping @Sendable (Bool, inout Settings) -> Void
  ) -> @Sendable (any TOMLValueConvertible, inout Settings) -> String? {
    { value, settings in
      guard value.type == .bool, let flag = value.bool else { return "expected true or false" }
      keep(flag, &settings)
      return nil
    }
  }

  /// A number as a config file writes it: whole numbers without a fraction.
  static func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }
}
