import Foundation
import StriderCore
import TOMLKit

/// A config file that cannot be used: the file, the line and the key, and why.
public struct SettingsError: Error, Hashable, CustomStringConvertible {
  public var path: String
  public var line: Int?
  public var key: String?
  public var message: String

  public var description: String {
    let place = line.map { "\(path):\($0)" } ?? path
    return "\(place): " + (key.map { "\($0): " } ?? "") + message
  }
}

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
  public static func load(environment: [String: String]) throws(SettingsError) -> UserSettings {
    guard let path = path(environment: environment),
      FileManager.default.fileExists(atPath: path)
    else { return UserSettings() }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SettingsError(path: path, line: nil, key: nil, message: "cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw SettingsError(path: path, line: nil, key: nil, message: "is not UTF-8 text")
    }
    return try parse(text, path: path)
  }

  /// Reads settings from TOML text; `path` names the file in errors and sources.
  public static func parse(_ text: String, path: String) throws(SettingsError) -> UserSettings {
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw SettingsError(
        path: path, line: error.source.begin.line, key: nil,
        message: "\(error.description) (column \(error.source.begin.column))")
    } catch {
      throw SettingsError(path: path, line: nil, key: nil, message: "\(error)")
    }
    var settings = UserSettings()
    let lines = KeyLines(text)
    for section in table.keys.sorted() {
      guard let inner = table[section]?.table else {
        throw SettingsError(
          path: path, line: lines.line(of: section), key: section,
          message: "expected a table such as [\(section)]; known tables: "
            + Set(SettingKey.all.map(\.section)).sorted().joined(separator: ", "))
      }
      for name in inner.keys.sorted() {
        let key = section + "." + name
        let line = lines.line(of: key)
        guard let setting = SettingKey.all.first(where: { $0.name == key }) else {
          throw SettingsError(
            path: path, line: line, key: key,
            message: "unknown key; known keys: "
              + SettingKey.all.map(\.name).joined(separator: ", "))
        }
        guard let value = inner[name] else { continue }
        if let problem = setting.apply(value, &settings) {
          throw SettingsError(path: path, line: line, key: key, message: problem)
        }
        settings.sources[key] = .file(path: path, line: line ?? 0)
      }
    }
    return settings
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
}
