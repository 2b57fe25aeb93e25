import StriderCore
import StriderStore

/// The config file, read once per run (once per command a test runs in process with its
/// own environment); a bad file stops the command with the error.
public enum ConfigFile {
  private static let loaded = load()

  private static func load() -> Result<UserSettings, TOMLFileError> {
    Result { () throws(TOMLFileError) in
      try SettingsFile.load(environment: placingVariables())
    }
  }

  /// The variables that place the config file (`SettingsFile.path`).
  private static func placingVariables() -> [String: String] {
    var variables: [String: String] = [:]
    for name in ["XDG_CONFIG_HOME", "HOME"] {
      if let value = ProcessEnvironment.value(name) { variables[name] = value }
    }
    return variables
  }

  public static func settings() throws -> UserSettings {
    switch ProcessEnvironment.overridden == nil ? loaded : load() {
    case .success(let settings): return settings
    case .failure(let error):
      throw CommandFailure(error.description)
    }
  }
}

/// The units the history is printed in: `--units`, else the config file's `profile.units`,
/// else metric. One rule for `records`, `stats`, `history` and `sessions list`; a session's
/// own page (`sessions show`) keeps the units it was measured in, its splits with them.
public enum HistoryUnits {
  public static let help =
    "metric or imperial (default: profile.units from the config file, else metric)."

  public static func resolve(_ asked: UnitSystem?) throws -> UnitSystem {
    if let asked { return asked }
    return try ConfigFile.settings().units
  }
}
