import Foundation
import GRDB
import StriderTestSupport
import Testing

/// Issue 14 on the real binary: a database on a read-only mount can still be listed, shown,
/// exported and replayed ("attempt to write a readonly database" before), and what would
/// change it says so instead.
///
/// The mount is real: a small tmpfs remounted read-only, so the kernel refuses every write
/// with EROFS as on a read-only USB stick or a `ro` bind mount. Tests run as root, and root
/// passes `chmod` permission checks, so the chmod'd database is read by the binary run as
/// `nobody` (`runuser`). Where mounting or switching user is not allowed the tests are not
/// enabled (`SystemDrills`).
@Suite(.serialized, .offCooperativePool) struct ReadOnlyDatabaseEndToEndTests {
  /// A folder holding a tmpfs, unmounted when the value goes.
  final class Mount {
    let path: String

    init?(_ path: String) {
      self.path = path
      try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      guard Self.run(["-t", "tmpfs", "-o", "size=8m,mode=0700", "tmpfs", path]) else { return nil }
    }

    /// Makes the mount read-only: false when the system would not.
    func remountReadOnly() -> Bool { Self.run(["-o", "remount,ro", path]) }

    deinit { _ = Self.run([path], tool: "/bin/umount") }

    static func run(_ arguments: [String], tool: String = "/bin/mount") -> Bool {
      SystemDrills.run(tool, arguments)
    }
  }

  static let runFile = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path

  /// A mount holding a database with one imported session, before it is made read-only.
  static func preparedMount(_ dir: URL) throws -> Mount {
    let mount = try #require(Mount(dir.appendingPathComponent("ro").path))
    let imported = try StriderBinary.run(
      ["sessions", "import", runFile], environment: ["STRIDER_HOME": mount.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    return mount
  }

  static func checkReads(home: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let environment = ["STRIDER_HOME": home]
    let out = StriderBinary.scratchRoot
      .appendingPathComponent("ro-export-\(UUID().uuidString).gpx").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    let reads: [([String], String)] = [
      (["sessions", "list"], "park-run.gpx"),
      (["sessions", "show", "1"], "session         1 (park-run.gpx)"),
      (["sessions", "export", "1", "--format", "gpx", "-o", out], ""),
      (["sessions", "export", "1", "--format", "csv"], "session,seq,time"),
      (["replay", "1", "--headless", "--speed", "max"], "\"event\":\"summary\""),
    ]
    for (arguments, expected) in reads {
      let result = try StriderBinary.run(arguments, environment: environment)
      #expect(
        result.status == 0 && !result.crashed, "\(arguments): \(result.stderr)",
        sourceLocation: sourceLocation)
      #expect(
        expected.isEmpty || result.stdout.contains(expected),
        "\(arguments): \(result.stdout.prefix(300))",
        sourceLocation: sourceLocation)
    }
    let analyzed = try StriderBinary.run(["analyze", out], environment: environment)
    #expect(analyzed.status == 0, "the export reads back: \(analyzed.stderr)")
  }

  @Test(.enabled(if: SystemDrills.canMountTmpfs, "needs root to mount a tmpfs read-only"))
  func aDatabaseOnAReadOnlyMountIsReadAndRefusesWrites() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let mount = try Self.preparedMount(dir)
    // A recording whose process died: marking it interrupted would write; reading skips it.
    let queue = try DatabaseQueue(path: mount.path + "/strider.sqlite")
    try queue.write { db in
      try db.execute(
        sql: "UPDATE session SET state = 'recording', ownerPid = 999999999 WHERE id = 1")
    }
    try queue.close()
    try #require(mount.remountReadOnly())
    try Self.checkReads(home: mount.path)
    let environment = ["STRIDER_HOME": mount.path]
    for arguments in [
      [
        "sessions", "import",
        SharedData.packageRoot.appendingPathComponent("Demo/park-walk.gpx").path,
      ],
      ["sessions", "delete", "1", "--yes"], ["demo", "--headless", "--speed", "max", "--record"],
    ] {
      let result = try StriderBinary.run(arguments, environment: environment)
      #expect(result.status == 1 && !result.crashed, "\(arguments)")
      #expect(
        result.stderr.contains("strider.sqlite is read-only (Read-only file system)"),
        "\(arguments): \(result.stderr)")
    }
  }

  /// A database from before the content digest (schema v2) is read without migrating.
  @Test(.enabled(if: SystemDrills.canMountTmpfs, "needs root to mount a tmpfs read-only"))
  func anOlderSchemaOnAReadOnlyMountIsReadWithoutMigrating() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let mount = try Self.preparedMount(dir)
    let queue = try DatabaseQueue(path: mount.path + "/strider.sqlite")
    try queue.write { db in
      try db.execute(
        sql: """
          DROP INDEX session_by_content;
          ALTER TABLE session DROP COLUMN contentDigest;
          DELETE FROM grdb_migrations WHERE identifier = 'v3: content digest';
          """)
    }
    try queue.close()
    try #require(mount.remountReadOnly())
    try Self.checkReads(home: mount.path)
  }

  /// A write-ahead log with commits the file lacks cannot be read from a read-only mount
  /// (SQLite needs to write its index beside it): refused with the way out, never ignored.
  @Test(.enabled(if: SystemDrills.canMountTmpfs, "needs root to mount a tmpfs read-only"))
  func anUncheckpointedLogOnAReadOnlyMountIsRefusedWithTheWayOut() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let mount = try #require(Mount(dir.appendingPathComponent("ro").path))
    let home = dir.appendingPathComponent("data").path
    let imported = try StriderBinary.run(
      ["sessions", "import", Self.runFile], environment: ["STRIDER_HOME": home])
    #expect(imported.status == 0, "\(imported.stderr)")
    // Copied while a writer holds the log open, as a snapshot of a running system would be.
    let pool = try DatabasePool(path: home + "/strider.sqlite")
    try pool.write { db in try db.execute(sql: "UPDATE session SET name = 'renamed'") }
    for name in ["strider.sqlite", "strider.sqlite-wal"] {
      try FileManager.default.copyItem(atPath: home + "/" + name, toPath: mount.path + "/" + name)
    }
    try pool.close()
    try #require(mount.remountReadOnly())
    let result = try StriderBinary.run(
      ["sessions", "list"], environment: ["STRIDER_HOME": mount.path])
    #expect(result.status == 1 && !result.crashed)
    #expect(result.stderr.contains("write-ahead log"), "\(result.stderr)")
    #expect(result.stderr.contains("copy the folder somewhere writable"), "\(result.stderr)")
  }

  /// A database file 0400 in a folder 0500, read by a user who owns them: SQLite cannot
  /// create its `-shm` index there ("attempt to write a readonly database" before).
  @Test(
    .enabled(
      if: SystemDrills.canRunAsNobody, "needs root and runuser to run the binary as nobody"))
  func aDatabaseWithoutWritePermissionIsReadAndRefusesWrites() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data").path
    let imported = try StriderBinary.run(
      ["sessions", "import", Self.runFile], environment: ["STRIDER_HOME": home])
    #expect(imported.status == 0, "\(imported.stderr)")
    let file = home + "/strider.sqlite"
    for (path, mode) in [(file, 0o400), (home, 0o500)] {
      #expect(chown(path, 65534, 65534) == 0 && chmod(path, mode_t(mode)) == 0, "\(path)")
    }
    #expect(chmod(dir.path, 0o755) == 0)
    func asNobody(_ arguments: String) throws -> StriderBinary.Result {
      try StriderBinary.shell(
        "/usr/sbin/runuser -u nobody -- env STRIDER_HOME='\(home)' \"$STRIDER\" \(arguments)")
    }
    let list = try asNobody("sessions list")
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("park-run.gpx"), "\(list.stdout)")
    let show = try asNobody("sessions show 1")
    #expect(show.status == 0 && show.stdout.contains("5.98 km"), "\(show.stderr)")
    let export = try asNobody("sessions export 1 --format tcx")
    #expect(export.status == 0 && export.stdout.contains("<Trackpoint>"), "\(export.stderr)")
    let delete = try asNobody("sessions delete 1 --yes")
    #expect(delete.status == 1 && !delete.crashed)
    #expect(
      delete.stderr.contains("strider.sqlite is read-only (Permission denied)"),
      "\(delete.stderr)")
  }
}
