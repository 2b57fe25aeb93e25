import Foundation

/// Makes the database folder and files private, and refuses links, before SQLite sees them.
///
/// Location history is personal data: a folder Strider creates is 0700 and the database
/// with its WAL companions (`-wal`, `-shm`, which SQLite creates with the database's own
/// mode) is 0600. A file others can read is tightened, and the caller told so it can warn;
/// a folder Strider did not create keeps its mode: one others can write is refused. A symbolic link where the database or a companion belongs is refused: SQLite would
/// follow it and create or write the file it points at, wherever that is.
enum StoreFiles {
  /// The files SQLite keeps beside the database in WAL mode. (The opening lock beside them
  /// holds nothing and refuses a link itself: one this user cannot open, made by another
  /// user who can write the folder, only means opening without it; see `OpeningLock`.)
  static let companionSuffixes = ["-wal", "-shm"]

  /// Prepares the folder and the database file; returns a warning for each mode it had to
  /// tighten or could not.
  static func prepare(_ location: StoreLocation) throws(StoreError) -> [String] {
    var warnings: [String] = []
    try prepareFolder(location, warnings: &warnings)
    let created = open(
      location.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if created >= 0 {
      close(created)
    } else if errno != EEXIST {
      throw .cannotOpen(path: location.path, reason: String(cString: strerror(errno)))
    }
    for path in [location.path] + companionSuffixes.map({ location.path + $0 }) {
      try checkFile(path, of: location, warnings: &warnings)
    }
    return warnings
  }

  /// Creates the folder 0700; an existing one keeps its mode, since Strider never changes a
  /// folder it did not make (`STRIDER_HOME=/tmp` made 0700 would lock everyone else out of
  /// /tmp, and a shared folder loses its sticky and setgid bits). One that others can
  /// write is refused: they could swap the database or its companions under it. One they
  /// can only read or list is used as it is, with a warning: the files in it are 0600.
  private static func prepareFolder(
    _ location: StoreLocation, warnings: inout [String]
  ) throws(StoreError) {
    let folder = location.directory
    var info = stat()
    guard stat(folder, &info) == 0 else {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw .cannotOpen(path: location.path, reason: "cannot create \(folder)")
      }
      return
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw .cannotOpen(path: location.path, reason: "\(folder) is not a folder")
    }
    let mode = info.st_mode & 0o7777
    if mode & 0o022 != 0 {
      throw .cannotOpen(
        path: location.path,
        reason:
          "\(folder) can be written by other users (mode \(octal(mode))), who could replace "
          + "the database under Strider; Strider does not change the mode of a folder it did "
          + "not create: set STRIDER_HOME to a folder only you can write "
          + "(mkdir -m 700 ~/strider-data)")
    }
    if mode & 0o077 != 0 {
      warnings.append(
        "\(folder) can be listed by other users (mode \(octal(mode))); the database in it is "
          + "owner-only, and Strider leaves the folder's mode as it is (chmod 700 \(folder) "
          + "hides the files' names and sizes too)")
    }
  }

  /// Refuses a link or a non-file at `path` and tightens a file others can read; a file
  /// that does not exist is fine (SQLite creates the companions 0600, like the database).
  ///
  /// The file is looked at by its path (`lstat`, `chmod`) and never opened: closing any
  /// descriptor of a file drops every POSIX lock this process holds on it, and a process
  /// that opens the store a second time while its first connection is open (a recording
  /// looking up the records to beat) would drop that connection's locks. Without its
  /// shared lock on the `-shm` file, another process takes the shared memory for unused
  /// and starts it afresh under the live connection: "database disk image is malformed",
  /// or a bus error on the truncated mapping (SQLite's "How To Corrupt An SQLite Database
  /// File", 2.2). `chmod` follows a link, so the link is refused first; the folder is
  /// one nobody else can write (`prepareFolder`), so nobody else can swap one in between.
  private static func checkFile(
    _ path: String, of location: StoreLocation, warnings: inout [String]
  ) throws(StoreError) {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT { return }
      throw .cannotOpen(
        path: location.path, reason: "\(path): \(String(cString: strerror(errno)))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFLNK:
      let what = path == location.path ? "it" : path
      throw .cannotOpen(
        path: location.path,
        reason:
          "\(what) is a symbolic link, and Strider never follows one to its database; "
          + "remove the link, or set STRIDER_HOME to the folder it points into")
    default:
      throw .cannotOpen(path: location.path, reason: "\(path) is not a regular file")
    }
    let mode = info.st_mode & 0o7777
    guard mode & 0o7077 != 0 else { return }
    let tightened = mode & 0o600
    if chmod(path, tightened) == 0 {
      warnings.append(
        "\(path) was readable by other users (mode \(octal(mode))); made it private "
          + "(mode \(octal(tightened)))")
    } else {
      warnings.append(
        "\(path) is readable by other users (mode \(octal(mode))) and could not be made "
          + "private (\(String(cString: strerror(errno))))")
    }
  }

  /// Makes the `-wal` and `-shm` this user's SQLite created owner-only. SQLite's Unix layer
  /// may give them the database's own mode (`robust_open` in os_unix.c), which stays open to
  /// others when the database is another user's and `checkFile` could not tighten it; a
  /// `-wal` was seen 0644 (issue 49). Looked at and changed by path, never opened
  /// (`checkFile` says why), and only files this user owns; called once the pool is open,
  /// when both exist.
  static func tightenCompanions(_ location: StoreLocation) {
    for suffix in companionSuffixes {
      let path = location.path + suffix
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        info.st_uid == geteuid(), info.st_mode & 0o077 != 0
      else { continue }
      _ = chmod(path, info.st_mode & 0o600)
    }
  }

  /// Why the database cannot be written, or nil when it can: the file, or the folder SQLite
  /// must create its `-wal` and `-shm` files in, is on a read-only mount or lacks write
  /// permission for this user (`access(2)`; root passes the permission check, not the
  /// read-only mount).
  static func unwritableReason(_ path: String) -> String? {
    if access(path, W_OK) != 0 { return String(cString: strerror(errno)) }
    let folder = (path as NSString).deletingLastPathComponent
    if access(folder, W_OK) != 0 {
      return "its folder \(folder): \(String(cString: strerror(errno)))"
    }
    return nil
  }

  /// Whether the file system holding `path`'s folder has no room left: SQLite reports a
  /// full disk met while growing its `-shm` index or log as a plain I/O error, and errno
  /// is gone by the time the error reaches us.
  static func diskIsFull(_ path: String) -> Bool {
    var stats = statvfs()
    guard statvfs((path as NSString).deletingLastPathComponent, &stats) == 0 else { return false }
    return UInt64(stats.f_bavail) * UInt64(stats.f_frsize) < 64 * 1024
  }

  private static func octal(_ mode: mode_t) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
