import Foundation
import TOMLKit

/// A TOML file Strider reads (the config file, a workout) that cannot be used: the file, the
/// line and the key, and why.
public struct TOMLFileError: Error, Hashable, CustomStringConvertible {
  public var path: String
  public var line: Int?
  /// Where in the file: `units.distance`, `step[2].pace_per_km`, `step[3].step[1].kind`.
  public var key: String?
  public var message: String

  public init(path: String, line: Int?, key: String?, message: String) {
    self.path = path
    self.line = line
    self.key = key
    self.message = message
  }

  public var description: String {
    let place = line.map { "\(path):\($0)" } ?? path
    return "\(place): " + (key.map { "\($0): " } ?? "") + message
  }
}

/// Reading a small TOML file: its text, then its tables, each failure said with the file and
/// the line. What the tables mean is the caller's (`SettingsFile`, `WorkoutFile`).
enum TOMLFile {
  /// The file's text: read whole (`SmallFile`), and UTF-8.
  static func text(at path: String) throws(TOMLFileError) -> String {
    let data: Data
    switch SmallFile.read(path) {
    case .success(let bytes): data = bytes
    case .failure(let failure):
      throw TOMLFileError(path: path, line: nil, key: nil, message: failure.message)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw TOMLFileError(path: path, line: nil, key: nil, message: "is not UTF-8 text")
    }
    return text
  }

  /// The tables of TOML `text`; `path` names the file in errors.
  static func table(_ text: String, path: String) throws(TOMLFileError) -> TOMLTable {
    do {
      return try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw TOMLFileError(
        path: path, line: error.source.begin.line, key: nil,
        message: "\(error.description) (column \(error.source.begin.column))")
    } catch {
      throw TOMLFileError(path: path, line: nil, key: nil, message: "\(error)")
    }
  }
}
