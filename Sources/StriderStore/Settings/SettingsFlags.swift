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
    if let weight = flags.weight {
      settings.weight = weight
      settings.sources["profile.weight"] = .flag("--weight")
    }
    if let units = flags.units {
      settings.units = units
      settings.sources["profile.units"] = .flag("--units")
    }
    if let elevation = flags.elevation {
      settings.elevation = elevation
      settings.sources["profile.elevation"] = .flag("--elevation")
    }
    if let activity = flags.activity {
      settings.activity = activity
      settings.sources["profile.activity"] = .flag("--activity")
    }
    if flags.noAutoPause {
      settings.autoPause = false
      settings.sources["auto_pause.enabled"] = .flag("--no-auto-pause")
    }
    return settings
  }
}
