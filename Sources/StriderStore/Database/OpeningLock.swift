import Foundation

/// The lock that Striders opening one database take in turn, so that one makes or brings
/// up to date the schema while the others wait, and none reads the schema halfway through.
///
/// GRDB's migrator decides which migrations to run before it takes SQLite's write lock,
/// and each migration commits on its own: two processes opening a new database at once
/// ran the same migration twice ("table already exists"), and a process reading while
/// another remade a table (migration v4) kept statements prepared against the old one
/// ("column not found" long after opening). An advisory `flock(2)` on a file beside the
/// database (`strider.sqlite-lock`, 0600, never followed through a link, never removed:
/// removing a lock file lets two holders lock different files) makes opening one step.
/// The kernel lets go of it when its process ends, `kill -9` included.
final class OpeningLock {
  private var fd: Int32

  /// The file beside the database.
  static func path(of location: StoreLocation) -> String { location.path + suffix }
  static let suffix = "-lock"

  /// Takes the lock, waiting up to `patience` for another process to finish opening; nil
  /// where no lock can be had (a folder that cannot be written: nothing is migrated
  /// there) or after waiting that long (opening then goes ahead unserialised, as before
  /// the lock, rather than fail).
  static func take(_ location: StoreLocation, patience: Duration) throws(StoreError)
    -> OpeningLock?
  {
    let path = path(of: location)
    var fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if fd < 0, errno == EACCES || errno == EROFS {
      fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard fd >= 0 else {
      if errno == ELOOP {
        throw .cannotOpen(
          path: location.path,
          reason:
            "\(path) is a symbolic link, and Strider never follows one beside its "
            + "database; remove it")
      }
      return nil
    }
    let deadline = ContinuousClock.now + patience
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
        close(fd)
        return nil
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return OpeningLock(fd: fd)
  }

  private init(fd: Int32) { self.fd = fd }

  /// Lets the next process open; closing the descriptor releases the lock.
  func release() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
  }

  deinit { release() }
}
