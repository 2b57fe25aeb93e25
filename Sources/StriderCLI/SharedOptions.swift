import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderStore

extension Activity: ExpressibleByArgument {}
extension UnitSystem: ExpressibleByArgument {}
extension ElevationPolicy: ExpressibleByArgument {}

/// The options of a session's profile every command that computes one shares (weight,
/// units, elevation, auto-pause). Each one left out takes the config file's value, else the
/// built-in default. The activity is separate, since its default depends on whether there
/// is a file to say it (`SessionOptions`) or not (`LiveSessionOptions`).
struct ProfileOptions: ParsableArguments {
  // `.unconditional`: a negative number is the value, so `--weight -70` is refused as out
  // of range rather than read as an unknown option with the value missing.
  @Option(
    parsing: .unconditional, help: "The user's weight in kilograms, for calories (default 70).")
  var weight: Double?

  @Option(help: "metric or imperial (default metric).")
  var units: UnitSystem?

  @Option(help: "Elevation gain: auto (only smooth, barometric-looking elevation), on, off.")
  var elevation: ElevationPolicy?

  @Flag(help: "Never pause automatically: standing still counts as moving time.")
  var noAutoPause = false

  func validate() throws {
    if let weight, !(weight.isFinite && weight >= 20 && weight <= 400) {
      throw ValidationError(
        "--weight \(Self.number(weight)) is out of range: give a weight in kilograms "
          + "between 20 and 400.")
    }
  }

  /// The parsed values with `activity`, as the settings take them.
  func flags(activity: Activity?) -> SettingsFlags {
    SettingsFlags(
      activity: activity, weight: weight, units: units, elevation: elevation,
      noAutoPause: noAutoPause)
  }

  /// "-70" rather than "-70.0".
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

/// Numbers of the command line whose refusal should say why.
enum NumberArgument {
  /// A simulator seed: a whole number from 0 up; "-1" or "1.5" is refused as such.
  static func seed(_ text: String) throws -> UInt64 {
    if let seed = UInt64(text) { return seed }
    guard let number = Double(text), !number.isNaN else {
      throw ValidationError("not a seed: give a whole number, 0 or more")
    }
    throw ValidationError("out of range: a seed is a whole number from 0 to \(UInt64.max)")
  }
}

/// What a command that computes a session can be asked: an activity and a profile.
protocol SessionFlags {
  var flags: SettingsFlags { get }
}

extension SessionFlags {
  /// The settings in force: the config file under these flags.
  func settings() throws -> UserSettings {
    try ConfigFile.settings().applying(flags)
  }

  /// The engine configuration these options and the config file ask for.
  func configuration(activity: Activity, raw: Bool) throws -> SessionConfiguration {
    try settings().sessionConfiguration(activity: activity, raw: raw)
  }
}

/// The session options of a command that reads a file (analyze, replay, import): the
/// file's own activity is the default.
struct SessionOptions: ParsableArguments, SessionFlags {
  @Option(
    help: ArgumentHelp(
      "\(Activity.choiceList) (default: what the file says, else guessed from its speed)."))
  var activity: Activity?

  @OptionGroup var profile: ProfileOptions

  var flags: SettingsFlags { profile.flags(activity: activity) }
}

/// The session options of a command with no file to say the activity (run, demo, config).
struct LiveSessionOptions: ParsableArguments, SessionFlags {
  @Option(
    help: ArgumentHelp(
      "\(Activity.choiceList) (default: profile.activity in the config file, else run)."))
  var activity: Activity?

  @OptionGroup var profile: ProfileOptions

  var flags: SettingsFlags { profile.flags(activity: activity) }

  /// The activity of a session with no file to say: the flag, else the config file, else run.
  func liveActivity() throws -> Activity { try settings().activity ?? .run }
}

/// How `records` and `stats` show the history: in which units, and whether simulated
/// sessions count.
struct HistoryShownOptions: ParsableArguments {
  @Option(help: ArgumentHelp(HistoryUnits.help + " Text only."))
  var units: UnitSystem?

  @Flag(help: "Leave out simulated sessions (demo --record).")
  var noDemos = false
}
