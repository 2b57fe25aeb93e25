import Foundation
import GRDB
import StriderCore

/// How much room the database takes, before and after `SessionStore.vacuum`.
public struct StoreSize: Hashable, Sendable {
  /// The database's pages in use and free, in bytes (the file once the WAL is folded in).
  public var bytes: Int64
  /// Bytes in pages no table uses (left by deletes, given back by vacuuming).
  public var freeBytes: Int64
  /// Fixes kept, over all sessions.
  public var fixes: Int64

  /// The database's bytes per fix kept, free pages included; nil without fixes.
  public var bytesPerFix: Double? {
    fixes > 0 ? Double(bytes) / Double(fixes) : nil
  }
}

/// The database's upkeep: journals of recorders that died, free pages, size.
extension SessionStore {
  /// Commits the journal of every recorder that died with fixes it could not commit (the
  /// lock was held elsewhere); a journal whose recorder still runs is its own business.
  /// A lock held elsewhere now puts it off to the next command.
  func replayJournals() throws(StoreError) {
    let prefix = location.fileName + RecordingJournal.prefixSuffix
    guard
      let names = try? FileManager.default.contentsOfDirectory(atPath: location.directory)
    else { return }
    for name in names where name.hasPrefix(prefix) {
      guard let session = Int64(name.dropFirst(prefix.count)) else { continue }
      let path = location.directory + "/" + name
      guard let journal = RecordingJournal.read(path) else { continue }
      if journal.owner.isAlive { continue }
      let done = try attemptWrite(waiting: .milliseconds(100)) { db in
        // A session deleted, or finished from its fixes, takes no more.
        let state = try SessionRow.fetchOne(db, key: session)?.state
        guard state == .recording || state == .interrupted else { return true }
        try FixRow.insert(
          journal.fixes.lazy.map {
            FixRow(sessionId: session, seq: $0.seq, fix: $0.fix, verdict: nil)
          },
          db, ignoringKept: true)
        let fixes = FixRow.filter(FixRow.Columns.sessionId == session)
        let times = fixes.select(FixRow.Columns.time)
        try SessionRow.filter(key: session).updateAll(
          db, SessionRow.Columns.fixCount.set(to: try fixes.fetchCount(db)),
          SessionRow.Columns.startTime.set(
            to: try GNSSTime.fetchOne(
              db, times.filter(FixRow.Columns.time != nil).order(FixRow.Columns.time))),
          SessionRow.Columns.endTime.set(
            to: try GNSSTime.fetchOne(db, times.order(FixRow.Columns.time.desc))))
        return true
      }
      if done == true { unlink(path) }
    }
  }

  /// Gives free pages back to the file system a few thousand at a time, when the database
  /// was made with incremental auto-vacuum; returns whether it was.
  func reclaimFreePages(waiting: Duration) throws(StoreError) -> Bool {
    let incremental = try guarded {
      try pool.read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 2 }
    }
    guard incremental else { return false }
    while true {
      let left = try attemptWrite(waiting: waiting) { db in
        let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        if free > 0 { try db.execute(sql: "PRAGMA incremental_vacuum(4096)") }
        return free
      }
      guard let left, left > 4096 else { break }
    }
    return true
  }

  /// The database's size and fixes now.
  public func size() throws(StoreError) -> StoreSize {
    try guarded {
      try pool.read { db in
        let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
        let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let free = try Int64.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
        let fixes = Int64(try FixRow.fetchCount(db))
        return StoreSize(bytes: pageSize * pages, freeBytes: pageSize * free, fixes: fixes)
      }
    }
  }

  /// Gives the room deletes left back to the file system. A database made before
  /// incremental auto-vacuum is rewritten once with it (a full VACUUM, which holds the
  /// write lock while it copies); after that only free pages are released, in batches.
  @discardableResult
  public func vacuum() throws(StoreError) -> (before: StoreSize, after: StoreSize) {
    let before = try size()
    if try !reclaimFreePages(waiting: .seconds(1)) {
      let deadline = ContinuousClock.now + lockPatience
      while true {
        do {
          try guarded {
            try pool.writeWithoutTransaction { db in
              try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
              try db.execute(sql: "VACUUM")
            }
          }
          break
        } catch StoreError.locked where ContinuousClock.now < deadline {
          continue
        }
      }
    }
    // Fold the WAL into the file so its size on disk follows (readers may hold it back).
    try guarded {
      try pool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)")
      }
    }
    return (before, try size())
  }
}
