import Foundation

/// Reading what a command printed, and the environment a command reads its settings from,
/// for the tests that run it in process and those that launch the binary alike.
public enum CommandOutput {
  /// Every line of `text` that is a JSON object (a headless session's events).
  public static func jsonLines(_ text: String) -> [[String: Any]] {
    text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// Every `cue` line as (trigger, text).
  public static func cues(_ stdout: String) -> [(trigger: String, text: String)] {
    jsonLines(stdout).filter { $0["event"] as? String == "cue" }.map {
      ($0["trigger"] as? String ?? "?", $0["text"] as? String ?? "?")
    }
  }

  /// An isolated environment whose config.toml holds `text`, in UTC.
  public static func environment(config text: String) throws -> [String: String] {
    let folder = try StriderBinary.temporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("config/strider"), withIntermediateDirectories: true)
    try text.write(
      to: folder.appendingPathComponent("config/strider/config.toml"), atomically: true,
      encoding: .utf8)
    return StriderBinary.isolatedEnvironment([
      "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
      "STRIDER_HOME": folder.appendingPathComponent("data").path, "TZ": "UTC",
    ])
  }
}
