import Foundation
import StriderTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 49 found a `-wal` created 0644. SQLite's Unix layer may give the `-wal` and `-shm`
/// the database's own mode, which stays open when the database is another user's (0666,
/// which Strider cannot tighten); the companions are made 0600 as soon as they exist. The
/// Debian SQLite 3.40 here already made them 0600 in this case, so this guards the promise
/// rather than reproducing the probe's file (whose set-up the issue does not give).
@Suite(.offCooperativePool) struct WALModeEndToEndTests {
  static func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }

  @Test(
    .enabled(
      if: SystemDrills.canRunAsNobody, "needs root and runuser to run the binary as nobody"))
  func theCompanionsOfADatabaseOthersCanReadAreOwnerOnly() throws {
    let dir = try StriderBinary.temporaryDirectory()
    #expect(chmod(dir.path, 0o755) == 0)
    let home = dir.appendingPathComponent("data").path
    let made = try StriderBinary.run(["sessions", "list"], environment: ["STRIDER_HOME": home])
    #expect(made.status == 0, "\(made.stderr)")
    // The folder is nobody's; the database root's and open to all, which nobody cannot change.
    #expect(chown(home, 65534, 65534) == 0)
    #expect(chmod(home + "/strider.sqlite", 0o666) == 0)
    let demo = Process()
    demo.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
    demo.arguments = [
      "-u", "nobody", "--", "env", "STRIDER_HOME=\(home)", StriderBinary.url.path, "demo",
      "--headless", "--record",
    ]
    demo.standardOutput = FileHandle.nullDevice
    demo.standardError = FileHandle.nullDevice
    try demo.run()
    defer {
      demo.terminate()
      demo.waitUntilExit()
    }
    var seen: [String: mode_t] = [:]
    for _ in 0..<100 where seen.count < 2 {
      Thread.sleep(forTimeInterval: 0.1)
      for suffix in ["-wal", "-shm"] {
        if let mode = Self.mode(home + "/strider.sqlite" + suffix) { seen[suffix] = mode }
      }
    }
    // Seen again a moment later: the tightening follows the creation.
    Thread.sleep(forTimeInterval: 0.5)
    for suffix in ["-wal", "-shm"] {
      seen[suffix] = Self.mode(home + "/strider.sqlite" + suffix)
    }
    #expect(seen["-wal"] == 0o600, "\(seen)")
    #expect(seen["-shm"] == 0o600, "\(seen)")
  }
}
