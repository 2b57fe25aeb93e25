import Foundation

/// What the drills that need the system's help may do here: the tests that mount a small
/// tmpfs (a full disk, a read-only stick) or run the binary as another user are enabled
/// only where these say so (`.enabled(if:)`), and say why they are skipped elsewhere.
public enum SystemDrills {
  /// Root, with `runuser` to run the binary as `nobody`.
  public static let canRunAsNobody =
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")

  /// A tmpfs can be mounted, remounted read-only and unmounted here (root, and a system
  /// that allows it: a locked-down container does not), tried once on a scratch folder.
  public static let canMountTmpfs: Bool = {
    guard getuid() == 0 else { return false }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("strider-mount-probe-\(UUID().uuidString)").path
    guard
      (try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)) != nil
    else { return false }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder]) else {
      return false
    }
    let remounts = run("/bin/mount", ["-o", "remount,ro", folder])
    return run("/bin/umount", [folder]) && remounts
  }()

  /// Runs a system tool (`mount`, `umount`) quietly: whether it succeeded.
  public static func run(_ tool: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
