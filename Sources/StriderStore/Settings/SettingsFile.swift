import Foundation
import StriderCore
import TOMLKit

/// The config file: `$XDG_CONFIG_HOME/strider/config.toml`, else
/// `~/.config/strider/config.toml`. Every key is optional; an unknown key or a value of the
/// wrong kind is an error naming the key and its line, so a typo never goes unnoticed.
public enum SettingsFile {
  public static func path(environment: [String: String]) -> String? {
    if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty {
      return xdg + "/strider/config.toml"
    }
    if let home = environment["HOME"], !home.isEmpty {
      return home + "/.config/strider/config.toml"
    }
    return nil
  }

  /// The settings in force: the file's values over the defaults; the defaults alone when
  /// there is no file.
  public static func load(environment: [String: String]) throws(TOMLFileError) -> UserSettings {
    guard let path = path(environment: environment),
      FileManager.default.fileExists(atPath: path)
    else { return UserSettings() }
    return try parse(try TOMLFile.text(at: path), path: path)
  }

  /// Reads settings from TOML text; `path` names the file in errors and sources.
  public static func parse(_ text: String, path: String) throws(TOMLFileError) -> UserSettings {
    let table = try TOMLFile.table(text, path: path)
    var settings = UserSettings()
    let lines = KeyLines(text)
    for section in table.keys.sorted() {
      guard let inner = table[section]?.table else {
        throw TOMLFileError(
          path: path, line: lines.line(of: section), key: section,
          message: "expected a table such as [\(section)]; known tables: "
            + Set(SettingKey.all.map(\.section)).sorted().joined(separator: ", "))
      }
      var slots: [String: String] = [:]
      for name in lines.inFileOrder(inner.keys, in: section) {
        let key = section + "." + name
        let line = lines.line(of: key)
        if section == "cues", let profile = inner[name]?.table {
          try parseCueProfile(profile, named: name, lines: lines, path: path, into: &settings)
          continue
        }
        guard let setting = SettingKey.all.first(where: { $0.name == key }) else {
          throw TOMLFileError(
            path: path, line: line, key: key,
            message: "unknown key; known keys: "
              + SettingKey.all.map(\.name).joined(separator: ", ")
              + (section == "cues" ? "; and tables [cues.ACTIVITY] for \(Activity.choiceList)" : "")
          )
        }
        guard let value = inner[name] else { continue }
        let slot = setting.canonical ?? key
        try checkOnce(slot, key: key, line: line, path: path, slots: &slots)
        if let problem = setting.apply(value, &settings) {
          throw TOMLFileError(path: path, line: line, key: key, message: problem)
        }
        settings.sources[slot] = .file(path: path, line: line ?? 0)
      }
    }
    return settings
  }

  /// `[cues.ACTIVITY]`: the cue keys for sessions of one activity, over `[cues]`.
  private static func parseCueProfile(
    _ table: TOMLTable, named name: String, lines: KeyLines, path: String,
    into settings: inout UserSettings
  ) throws(TOMLFileError) {
    let prefix = "cues." + name
    guard let activity = Activity(rawValue: name) else {
      throw TOMLFileError(
        path: path, line: lines.line(of: prefix), key: prefix,
        message: "unknown activity; cue tables are [cues.ACTIVITY] for \(Activity.choiceList)")
    }
    var profile = settings.cueProfiles[activity] ?? CueSettings()
    var slots: [String: String] = [:]
    for inner in lines.inFileOrder(table.keys, in: prefix) {
      let key = prefix + "." + inner
      let line = lines.line(of: key)
      guard let setting = CueSettingKey.named(inner) else {
        throw TOMLFileError(
          path: path, line: line, key: key,
          message: "unknown key; the keys of an activity's cues: "
            + CueSettingKey.all.map(\.name).joined(separator: ", "))
      }
      guard let value = table[inner] else { continue }
      let slot = prefix + "." + setting.slot
      try checkOnce(slot, key: key, line: line, path: path, slots: &slots)
      if let problem = setting.apply(value, &profile) {
        throw TOMLFileError(path: path, line: line, key: key, message: problem)
      }
      settings.sources[slot] = .file(path: path, line: line ?? 0)
    }
    settings.cueProfiles[activity] = profile
  }

  /// Two spellings of one value in one table (`every_time_s` and `every_time_min`) are an
  /// error: which one was meant is not clear.
  private static func checkOnce(
    _ slot: String, key: String, line: Int?, path: String, slots: inout [String: String]
  ) throws(TOMLFileError) {
    if let other = slots[slot] {
      throw TOMLFileError(
        path: path, line: line, key: key,
        message: "sets the same value as \(other); keep one of them")
    }
    slots[slot] = key
  }
}

/// The line each key is written on, found by reading the text as TOML is laid out:
/// `[table]` headers, then `key = value` lines (or dotted `table.key = value`).
struct KeyLines {
  private var lines: [String: Int] = [:]

  init(_ text: String) {
    var table = ""
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("[") {
        table = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
        if lines[table] == nil { lines[table] = index + 1 }
        continue
      }
      guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        .replacingOccurrences(of: "\"", with: "")
      let full = table.isEmpty ? key : table + "." + key
      if lines[full] == nil { lines[full] = index + 1 }
      if let dot = key.firstIndex(of: "."), lines[String(key[..<dot])] == nil {
        lines[String(key[..<dot])] = index + 1
      }
    }
  }

  func line(of key: String) -> Int? { lines[key] }

  /// The keys of `table` in the order they are written (by name where no line is known),
  /// so that of two keys that clash the second written is the one named.
  func inFileOrder(_ keys: [String], in table: String) -> [String] {
    keys.sorted { a, b in
      let (la, lb) = (line(of: table + "." + a) ?? .max, line(of: table + "." + b) ?? .max)
      return la != lb ? la < lb : a < b
    }
  }
}
