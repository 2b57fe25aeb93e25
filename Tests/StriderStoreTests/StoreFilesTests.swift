import Foundation
import StriderCore
import Testing

@testable import StriderStore

#if canImport(Glibc)
  import Glibc
#endif

/// The folder and files of the session database (issue 14): private modes, tightened when
/// found open, and no symbolic link ever followed to the database or its WAL companions.
@Suite struct StoreFilesTests {
  static func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }

  /// A folder others can write (0777, 1777 as /tmp, 0775, 2770) is refused and keeps its
  /// mode: Strider never changes a folder it did not create (issue 49; issue 14 made it
  /// 0700, which locked everyone else out of a shared folder and dropped its sticky and
  /// setgid bits).
  @Test(arguments: [0o777, 0o1777, 0o775, 0o2770] as [mode_t])
  func aFolderOthersCanWriteIsRefusedAndLeftAsItIs(mode: mode_t) throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    #expect(chmod(temp.directory, mode) == 0)
    #expect {
      _ = try temp.open()
    } throws: { error in
      guard case .cannotOpen(_, let reason) = error as? StoreError else { return false }
      return reason.contains(temp.directory) && reason.contains(String(mode, radix: 8))
        && reason.contains("can be written by other users")
    }
    #expect(Self.mode(temp.directory) == mode)
    #expect(!FileManager.default.fileExists(atPath: temp.location.path), "nothing was created")
  }

  /// A folder others can only list (0755, 2750) is used as it is, with a warning: the files
  /// in it are owner-only.
  @Test(arguments: [0o755, 0o2750] as [mode_t])
  func aFolderOthersCanListIsUsedAsItIsWithAWarning(mode: mode_t) throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    #expect(chmod(temp.directory, mode) == 0)
    let store = try temp.open()
    #expect(Self.mode(temp.directory) == mode)
    #expect(Self.mode(temp.location.path) == 0o600)
    #expect(store.warnings.count == 1, "\(store.warnings)")
    let warning = try #require(store.warnings.first)
    #expect(warning.contains(temp.directory) && warning.contains(String(mode, radix: 8)))
    #expect(warning.contains("leaves the folder's mode as it is"), "\(warning)")
  }

  @Test func aNewFolderAndAPrivateOneOpenWithoutWarnings() throws {
    let temp = TemporaryStore()
    #expect(try temp.open().warnings.isEmpty)
    #expect(Self.mode(temp.directory) == 0o700)
    #expect(try temp.open().warnings.isEmpty)
  }

  /// The database, its `-wal` and `-shm` and the opening lock are 0600 once something is
  /// written, whatever the umask; a database left readable by others is tightened, with a warning.
  @Test func theDatabaseAndItsCompanionsAreOwnerOnly() throws {
    let temp = TemporaryStore()
    let old = umask(0o022)
    defer { umask(old) }
    let store = try temp.open()
    let recording = try store.startRecording(
      name: nil, origin: .simulated, configuration: SessionConfiguration(activity: .run),
      source: "test")
    try recording.append(
      Fix(time: GNSSTime(secondsSince1970: 1_750_000_000), coordinate: nil, mode: .noFix))
    for suffix in ["", "-wal", "-shm", "-lock"] {
      #expect(Self.mode(temp.location.path + suffix) == 0o600, "strider.sqlite\(suffix)")
    }
    #expect(chmod(temp.location.path, 0o644) == 0)
    let again = try temp.open()
    #expect(Self.mode(temp.location.path) == 0o600)
    #expect(again.warnings.contains { $0.contains("0644") }, "\(again.warnings)")
  }

  /// A dangling link where the database belongs was followed and its target created 0644:
  /// now the store refuses it, names it, and creates nothing.
  @Test(arguments: ["", "-wal", "-shm", "-lock"])
  func aSymbolicLinkIsRefusedAndNothingIsCreated(suffix: String) throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let target = temp.directory + "/elsewhere.sqlite"
    let link = temp.location.path + suffix
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect {
      _ = try temp.open()
    } throws: { error in
      guard case .cannotOpen(let path, let reason) = error as? StoreError else { return false }
      return path == temp.location.path && reason.contains("symbolic link")
    }
    #expect(!FileManager.default.fileExists(atPath: target), "the link's target was created")
    // A link to an existing file is refused too.
    #expect(FileManager.default.createFile(atPath: target, contents: nil))
    #expect(throws: StoreError.self) { _ = try temp.open() }
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty)
  }

  @Test func aFolderWhereTheDatabaseBelongsIsRefused() throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.location.path, withIntermediateDirectories: true)
    #expect(throws: StoreError.self) { _ = try temp.open() }
  }
}

/// Opening the store a second time in one process keeps the first connection's locks
/// (issue 14): closing any descriptor of a file drops all of the process's POSIX locks on
/// it, so the file checks must never open the database or its `-shm`. Without its shared
/// lock on the `-shm` file's dead-man byte, another process starts the shared memory
/// afresh under the live connection ("database disk image is malformed", or a bus error).
@Suite struct SecondOpeningTests {
  /// The byte of `-shm` every connection holds a shared lock on while it uses the shared
  /// memory (SQLite's unix VFS: `UNIX_SHM_BASE` 120 plus its 8 lock slots).
  static let deadManByte: off_t = 128
  /// Linux's `F_OFD_GETLK`, which Glibc declares only under `_GNU_SOURCE`.
  static let getOpenFileDescriptionLock: Int32 = 36

  /// The lock type this process's connections hold on `path`'s byte, seen through an open
  /// file description lock (which conflicts with the process's own record locks, where a
  /// plain `F_GETLK` would not), or nil when the file cannot be read.
  static func heldLock(_ path: String, at offset: off_t, through fd: Int32) -> Int32? {
    var probe = flock()
    probe.l_type = Int16(F_WRLCK)
    probe.l_whence = Int16(SEEK_SET)
    probe.l_start = offset
    probe.l_len = 1
    probe.l_pid = 0
    guard fcntl(fd, Self.getOpenFileDescriptionLock, &probe) == 0 else { return nil }
    return Int32(probe.l_type)
  }

  @Test func aSecondOpeningKeepsTheFirstConnectionsSharedMemoryLock() throws {
    let temp = TemporaryStore()
    let first = try temp.open()
    let recording = try first.startRecording(
      name: nil, origin: .simulated, configuration: SessionConfiguration(activity: .run),
      source: "test")
    try recording.append(
      Fix(time: GNSSTime(secondsSince1970: 1_750_000_000), coordinate: nil, mode: .noFix))
    let shm = temp.location.path + "-shm"
    // Held open to the end: closing it would itself drop the locks it looks at.
    let fd = open(shm, O_RDONLY | O_CLOEXEC)
    try #require(fd >= 0, "the first connection uses shared memory")
    #expect(Self.heldLock(shm, at: Self.deadManByte, through: fd) == Int32(F_RDLCK))
    // A recording looks up the records to beat, a finished one its new records: each
    // opens the store again while the first connection is in use.
    _ = try temp.open()
    _ = try temp.open()
    #expect(
      Self.heldLock(shm, at: Self.deadManByte, through: fd) == Int32(F_RDLCK),
      "the first connection still holds its shared lock on the shared memory")
    try recording.append(
      Fix(time: GNSSTime(secondsSince1970: 1_750_000_001), coordinate: nil, mode: .noFix))
    withExtendedLifetime(first) {}
  }
}
