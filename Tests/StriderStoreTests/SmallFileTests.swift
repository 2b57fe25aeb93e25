import Foundation
import Testing

@testable import StriderStore

/// Issue 49: a 50 MB config file added 22 s to every command, since every command reads the
/// settings. A config file or a workout over 1 MiB is refused unread, with a clear error.
@Suite struct SmallFileTests {
  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "strider-small-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: path + "/strider", withIntermediateDirectories: true)
    return path
  }

  /// Comment lines: valid TOML, and parsed in full before.
  static func comments(bytes: Int) -> String {
    String(
      repeating: "# a comment line of the config file, harmless and long enough\n",
      count: bytes / 62 + 1)
  }

  @Test func aConfigFileOverOneMebibyteIsRefusedUnparsed() throws {
    let home = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let path = home + "/strider/config.toml"
    try Self.comments(bytes: 2 << 20).write(toFile: path, atomically: true, encoding: .utf8)
    #expect {
      _ = try SettingsFile.load(environment: ["XDG_CONFIG_HOME": home])
    } throws: { error in
      guard let error = error as? TOMLFileError else { return false }
      return error.path == path && error.message.contains("too large")
        && error.description.contains("at most 1048576 bytes")
    }
    // Within the bound, the same lines are read as before.
    try Self.comments(bytes: 500_000).write(toFile: path, atomically: true, encoding: .utf8)
    _ = try SettingsFile.load(environment: ["XDG_CONFIG_HOME": home])
  }

  @Test func aWorkoutFileOverOneMebibyteIsRefusedUnparsed() throws {
    let home = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let path = home + "/intervals.toml"
    try ("name = \"big\"\n" + Self.comments(bytes: 2 << 20)).write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect {
      _ = try WorkoutFile.load(path: path)
    } throws: { error in
      guard let error = error as? TOMLFileError else { return false }
      return error.path == path && error.message.contains("too large")
    }
  }
}
