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

  /// A folder others can list or write (0755, 0777, 1777) is made 0700, with a warning.
  @Test(arguments: [0o755, 0o777, 0o1777, 0o2750] as [mode_t])
  func anOpenFolderIsTightenedWithAWarning(mode: mode_t) throws {
    let temp = TemporaryStore()
    try FileManager.default.createDirectory(
      atPath: temp.directory, withIntermediateDirectories: true)
    #expect(chmod(temp.directory, mode) == 0)
    let store = try temp.open()
    #expect(Self.mode(temp.directory) == 0o700)
    #expect(store.warnings.count == 1, "\(store.warnings)")
    let warning = try #require(store.warnings.first)
    #expect(warning.contains(temp.directory) && warning.contains(String(mode, radix: 8)))
    #expect(warning.contains("made it private (mode 0700)"), "\(warning)")
    // Once private, opening again has nothing to say.
    #expect(try temp.open().warnings.isEmpty)
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
