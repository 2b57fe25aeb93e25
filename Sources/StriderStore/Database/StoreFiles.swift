import Foundation

/// Makes the database folder and files private, and refuses links, before SQLite sees them.
///
/// Location history is personal data: the folder is 0700 and the database with its WAL
/// companions (`-wal`, `-shm`, which SQLite creates with the database's own mode) is 0600.
/// A folder or file that others can reach is tightened, and the caller is told so it can
/// warn. A symbolic link where the database or a companion belongs is refused: SQLite would
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

  /// Creates the folder 0700, or takes group and other permissions off an existing one.
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
    guard mode & 0o7077 != 0 else { return }
    let tightened = mode & 0o700
    if chmod(folder, tightened) == 0 {
      warnings.append(
        "\(folder) was open to other users (mode \(octal(mode))); made it private "
          + "(mode \(octal(tightened)))")
    } else if errno == EROFS {
      warnings.append(
        "\(folder) is open to other users (mode \(octal(mode))) and on a read-only file "
          + "system, so it was left as it is")
    } else {
      throw .cannotOpen(
        path: location.path,
        reason:
          "\(folder) is open to other users (mode \(octal(mode))) and cannot be made "
          + "private (\(String(cString: strerror(errno)))); choose another STRIDER_HOME")
    }
  }

  /// Refuses a link or a non-file at `path` and tightens a file others can read; a file
  /// that does not exist is fine (SQLite creates the companions 0600, like the database).
  private static func checkFile(
    _ path: String, of location: StoreLocation, warnings: inout [String]
  ) throws(StoreError) {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      switch errno {
      case ENOENT: return
      case ELOOP:
        let what = path == location.path ? "it" : path
        throw .cannotOpen(
          path: location.path,
          reason:
            "\(what) is a symbolic link, and Strider never follows one to its database; "
            + "remove the link, or set STRIDER_HOME to the folder it points into")
      default:
        throw .cannotOpen(
          path: location.path, reason: "\(path): \(String(cString: strerror(errno)))")
      }
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw .cannotOpen(path: location.path, reason: "\(path) is not a regular file")
    }
    let mode = info.st_mode & 0o7777
    guard mode & 0o7077 != 0 else { return }
    let tightened = mode & 0o600
    if fchmod(fd, tightened) == 0 {
      warnings.append(
        "\(path) was readable by other users (mode \(octal(mode))); made it private "
          + "(mode \(octal(tightened)))")
    } else {
      warnings.append(
        "\(path) is readable by other users (mode \(octal(mode))) and could not be made "
          + "private (\(String(cString: strerror(errno))))")
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

  private static func octal(_ mode: mode_t) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
