import Foundation
import GRDB

/// Opens a database that cannot be written, for reading.
///
/// SQLite reads a WAL database read-only only where it can keep the `-shm` index beside it
/// (see "Read-Only Databases" in SQLite's WAL documentation): on a read-only mount, or in a
/// folder this user cannot write, without the `-shm` file a plain read-only open fails.
/// There the file is opened `immutable=1`: nothing this user runs can change it, so SQLite
/// may skip locking and the index (another user who can write it must not be recording). Not when a `-wal` file holds commits the database
/// file lacks: immutable would not see them, so that is refused with the reason instead.
enum ReadOnlyOpening {
  static func open(path: String, configuration: Configuration, reason: String)
    throws(StoreError) -> DatabasePool
  {
    var readOnly = configuration
    readOnly.readonly = true
    do {
      let pool = try DatabasePool(path: path, configuration: readOnly)
      try pool.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
      return pool
    } catch let error as DatabaseError
      where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode)
    {
      // Below: the index cannot be made beside the file (a read-only mount says "unable to
      // open", a folder without write permission "attempt to write a readonly database").
    } catch {
      // A full disk has no room for the index either: read the file as it is.
      guard case .diskFull = StoreError.from(error, path: path) else {
        throw StoreError.from(error, path: path)
      }
    }
    if let size = try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size]
      as? NSNumber, size.intValue > 0
    {
      throw .readOnly(
        path: path,
        reason:
          "\(reason), and its write-ahead log \(path)-wal cannot be read without writing "
          + "beside it; copy the folder somewhere writable and set STRIDER_HOME to the copy")
    }
    // A URI filename: SQLite as Debian and Apple build it takes `file:` names (USE_URI).
    let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    do {
      let pool = try DatabasePool(path: "file:\(escaped)?immutable=1", configuration: readOnly)
      try pool.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
      return pool
    } catch {
      throw StoreError.from(error, path: path)
    }
  }
}
