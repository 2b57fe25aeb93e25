import GRDB

/// Writing around other processes: SQLite lets one writer at a time hold the database, so
/// a write either takes the lock within a short wait or reports that it could not, and the
/// caller decides whether to keep the work for later (a live recording) or wait longer (an
/// import, a delete, finishing a session). Readers in WAL mode never wait for any of this.
extension SessionStore {
  /// Rows written per transaction by long writes (imports, deletes): each commits in well
  /// under a second, so a recorder or another writer gets the lock between two batches.
  static let batchRows = 10_000

  /// Runs `body` in one transaction if the write lock can be had within `wait`; nil when
  /// another process still held it (nothing was written).
  func attemptWrite<T>(
    waiting wait: Duration, _ body: (Database) throws -> T
  ) throws(StoreError) -> T? {
    let milliseconds = max(0, Int(wait.inSeconds * 1000))
    let usual = Int(busyTimeout * 1000)
    guard try becomeWritable(waiting: wait) else { return nil }
    return try guarded {
      do {
        return try pool.writeWithoutTransaction { db -> T? in
          try db.execute(sql: "PRAGMA busy_timeout = \(milliseconds)")
          defer { try? db.execute(sql: "PRAGMA busy_timeout = \(usual)") }
          var result: T?
          // IMMEDIATE takes the write lock first, so a busy database is found before any
          // work is done and never halfway through it.
          try db.inTransaction(.immediate) {
            result = try body(db)
            return .commit
          }
          return result
        }
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
        return nil
      }
    }
  }

  /// Runs `body` in one transaction, waiting for the write lock as long as `lockPatience`
  /// (retrying each second), and fails with `.locked` only after that.
  func patientWrite<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
    let deadline = ContinuousClock.now + lockPatience
    while true {
      if let result = try attemptWrite(waiting: .seconds(1), body) { return result }
      if ContinuousClock.now >= deadline { throw StoreError.locked(path: location.path) }
    }
  }
}

extension Duration {
  /// The duration in seconds, as SQLite's and GRDB's timeouts take it.
  var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
