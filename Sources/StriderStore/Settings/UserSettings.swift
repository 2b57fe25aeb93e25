import Foundation
import StriderCore

/// Where a value in force came from, for `strider config`.
public enum SettingSource: Hashable, Sendable, CustomStringConvertible {
  case builtIn
  case file(path: String, line: Int)
  case flag(String)

  public var description: String {
    switch self {
    case .builtIn: "default"
    case .file(let path, let line): "\(path):\(line)"
    case .flag(let flag): "command line (\(flag))"
    }
  }
}

/// The user's profile and preferences: what the config file says over the built-in
/// defaults. Command-line flags override these in turn.
public struct UserSettings: Hashable, Sendable {
  /// Kilograms, for calories.
  public var weight = 70.0
  /// Age in years and sex, for calories from a heart rate (`HeartRateEnergy`); both are
  /// needed, neither is assumed.
  public var age: Double?
  public var sex: PersonProfile.Sex?
  /// The maximum heart rate in bpm, for zones; nil: the highest in the last year's sessions.
  public var maxHeartRate: Double?
  /// The lower boundaries of heart-rate zones 1 to 5, in % of the maximum.
  public var heartRateZones = HeartRateZones.defaultPercents
  public var units = UnitSystem.metric
  /// The activity of live sessions and demos when no flag names one; nil: run.
  public var activity: Activity?
  public var elevation = ElevationPolicy.auto
  public var autoPause = true
  /// Auto-pause thresholds; nil keeps the activity's own.
  public var autoPauseRadius: Double?
  public var autoPauseWindow: Double?
  public var autoPauseResumeDistance: Double?
  /// A filtered speed above which the session never pauses
  /// (`AutoPauseConfiguration.movingSpeed`); nil keeps the activity's own (none for a drive).
  public var autoPauseMovingSpeed: Double?
  /// An import is split into one session per stretch between gaps longer than this many
  /// hours (a logger left running for weeks); 0 never splits.
  public var importSplitGapHours = 6.0
  /// The `[cues]` table: what every activity's cues say and when.
  public var cues = CueSettings()
  /// The `[cues.ACTIVITY]` tables, over `cues` for sessions of that activity.
  public var cueProfiles: [Activity: CueSettings] = [:]
  /// Speak the cues through espeak-ng on the dashboard.
  public var speak = false
  /// Where gpsd listens: HOST:PORT, HOST or [IPv6]:PORT.
  public var gpsdAddress = "127.0.0.1:2947"

  /// For each key that the file set, where; keys absent here are built-in defaults.
  public var sources: [String: SettingSource] = [:]

  public init() {}

  public func source(of key: String) -> SettingSource { sources[key] ?? .builtIn }

  /// The cue settings of a session of `activity`: `[cues]` with `[cues.ACTIVITY]` over it.
  public func cueSettings(for activity: Activity) -> CueSettings {
    cueProfiles[activity].map { cues.overridden(by: $0) } ?? cues
  }

  /// The person a heart rate is read for, when both age and sex are set.
  public var person: PersonProfile? {
    guard let age, let sex else { return nil }
    return PersonProfile(age: age, sex: sex)
  }

  /// The engine configuration these settings give a session of `activity`; `raw`: the
  /// raw length of every fix, with only the weight, units, elevation and person kept.
  public func sessionConfiguration(activity: Activity, raw: Bool) -> SessionConfiguration {
    let weight = Kilograms(self.weight)
    if raw {
      return .raw(
        activity: activity, weight: weight, units: units, elevation: elevation, person: person)
    }
    var configuration = SessionConfiguration(
      activity: activity, weight: weight, units: units, elevation: elevation)
    apply(to: &configuration)
    if configuration.cues.fields.contains(.timeOfDay) {
      // The local time of day is said from the fix clock and this offset, kept with the
      // recording so that its replay says the same.
      configuration.cues.utcOffset = Seconds(Double(TimeZone.current.secondsFromGMT()))
    }
    return configuration
  }

  /// Applies these preferences (auto-pause, cues, the person) to an engine configuration.
  public func apply(to configuration: inout SessionConfiguration) {
    configuration.person = person
    configuration.autoPause.enabled = configuration.autoPause.enabled && autoPause
    if let r = autoPauseRadius { configuration.autoPause.radius = Meters(r) }
    if let w = autoPauseWindow { configuration.autoPause.window = Seconds(w) }
    if let d = autoPauseResumeDistance { configuration.autoPause.resumeDistance = Meters(d) }
    if let v = autoPauseMovingSpeed { configuration.autoPause.movingSpeed = MetersPerSecond(v) }
    cueSettings(for: configuration.activity).apply(to: &configuration.cues)
    if configuration.cues.fields.contains(.heartRateZone), let maxHeartRate {
      configuration.cues.heartRateMaximum = BeatsPerMinute(maxHeartRate)
      configuration.cues.heartRateZonePercents = heartRateZones
    }
  }
}
