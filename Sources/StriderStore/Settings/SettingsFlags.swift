import StriderCore

/// What the command line says over the config file (`--weight`, `--units`, `--elevation`,
/// `--activity`, `--no-auto-pause`), each nil or false when not given.
public struct SettingsFlags: Equatable, Sendable {
  public var activity: Activity?
  public var weight: Double?
  public var units: UnitSystem?
  public var elevation: ElevationPolicy?
  public var noAutoPause = false

  public init(
    activity: Activity? = nil, weight: Double? = nil, units: UnitSystem? = nil,
    elevation: ElevationPolicy? = nil, noAutoPause: Bool = false
  ) {
    self.activity = activity
    self.weight = weight
    self.units = units
    self.elevation = elevation
    self.noAutoPause = noAutoPause
  }
}

extension UserSettings {
  /// These settings with `flags` over them: each value given replaces the file's, and its
  /// source is the flag, so that `strider config` and the errors say where it came from.
  public func applying(_ flags: SettingsFlags) -> UserSettings {
    var settings = self
    func take<Value>(
      _ value: Value?, _ field: WritableKeyPath<UserSettings, Value>, _ key: String,
      _ flag: String
    ) {
      guard let value else { return }
      settings[keyPath: field] = value
      settings.sources[key] = .flag(flag)
    }
    take(flags.weight, \.weight, "profile.weight", "--weight")
    take(flags.units, \.units, "profile.units", "--units")
    take(flags.elevation, \.elevation, "profile.elevation", "--elevation")
    // The field is optional itself: only an activity given is taken.
    take(flags.activity.map(Optional.some), \.activity, "profile.activity", "--activity")
    take(flags.noAutoPause ? false : nil, \.autoPause, "auto_pause.enabled", "--no-auto-pause")
    return settings
  }
}
