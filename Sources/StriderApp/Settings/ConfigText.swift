import StriderCore
import StriderRender
import StriderStore

/// What `strider config` prints: the settings in force, each with where its value came from,
/// and the list of keys its help gives.
public enum ConfigText {
  /// Every key with what it means, one a line, a long meaning continued indented under it.
  public static var keyList: String {
    let perActivity = (
      "[cues.ACTIVITY]",
      "the cue keys again, for sessions of one activity (\(Activity.choiceList)); "
        + "see docs/cues.md"
    )
    return (SettingKey.all.map { ($0.name, $0.help) } + [perActivity])
      .map { HangingText.wrap("  \($0.0): \($0.1)", indent: 6) }
      .joined(separator: "\n")
  }

  /// The settings as a config file would set them, unset keys said as comments. `path` is
  /// the config file's (nil without a home), `store` where the sessions are kept.
  public static func text(
    settings: UserSettings, path: String?, exists: Bool, store: StoreLocation?
  ) -> String {
    var text = ""
    func line(_ string: String) { text += string + "\n" }
    // A setting and where it came from; a long value (a `says` list) is never cut.
    func row(_ setting: String, _ source: SettingSource) {
      let padded =
        setting.count < 39 ? setting.padding(toLength: 39, withPad: " ", startingAt: 0) : setting
      line(padded + " # \(source)")
    }
    line("# config file: \(path ?? "none (HOME is not set)")\(exists ? "" : " (not present)")")
    var section = ""
    for key in SettingKey.all where key.canonical == nil {
      if key.section != section {
        section = key.section
        line("\n[\(section)]")
      }
      let name = key.name.dropFirst(section.count + 1)
      guard let value = key.value(settings) else {
        line("# \(name) is not set: \(key.whenUnset)")
        continue
      }
      row("\(name) = \(value)", settings.source(of: key.name))
    }
    for activity in Activity.allCases {
      guard let profile = settings.cueProfiles[activity] else { continue }
      line("\n[cues.\(activity.rawValue)]")
      for key in CueSettingKey.all where !key.isAlias {
        let name = "cues.\(activity.rawValue).\(key.name)"
        guard case .file = settings.source(of: name), let value = key.value?(profile) else {
          continue
        }
        row("\(key.name) = \(value)", settings.source(of: name))
      }
    }
    if let store {
      line("\n# sessions are kept in \(store.path)")
    }
    // Values and paths come from the file and the environment: no escape reaches the terminal.
    return TerminalText.safe(text, keepingNewlines: true)
  }
}

/// A line wrapped with its continuation lines indented, each shorter than the 80 columns
/// the help is wrapped to (which would start them at the margin, losing the indentation).
public enum HangingText {
  public static func wrap(_ text: String, indent: Int, width: Int = 78) -> String {
    let margin = String(text.prefix { $0 == " " })
    var lines: [String] = []
    var line = margin
    for word in text.split(separator: " ") {
      if line.count > margin.count, line.count + 1 + word.count > width {
        lines.append(line)
        line = String(repeating: " ", count: indent) + word
      } else {
        line += (line.count > margin.count ? " " : "") + word
      }
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
