import Foundation
import GRDB
import StriderCore

/// What an import kept, without its fixes (a streamed import never holds them all).
public struct ImportedSession: Hashable, Sendable {
  public var id: Int64
  public var activity: Activity
  public var fixCount: Int
  public var summary: SessionSummary?
}

/// What a streamed import did.
public enum StreamedImportOutcome: Sendable {
  case imported(ImportedSession)
  /// The same file (name, start and number of fixes) was imported before as this session.
  case alreadyImported(Int64)
}

extension SessionStore {
  /// The state of a session whose import has not finished: hidden from the history, and
  /// taken away by `markAbandonedSessions` if its process dies.
  static let importingState = "importing"
  /// The state of a session being deleted in batches: hidden, and its deletion finished
  /// by `markAbandonedSessions` if its process dies.
  static let deletingState = "deleting"
  /// The sessions the history shows: not an import or a delete on its way.
  static let visible = "state NOT IN ('\(importingState)', '\(deletingState)')"

  /// Keeps fixes read one at a time (from a file) as a finished session, computed with
  /// `configuration` as `SessionRecorder.record` does, without holding them all: they go
  /// through the engine and into the database in batches of `batchRows`, each its own
  /// transaction, so readers, recorders and other writers interleave with a long import.
  /// Until the last batch the session is `importing` and not shown; if the import fails
  /// or its process dies, what it wrote is taken away.
  ///
  /// Throws what `next` throws, or a `StoreError`.
  public func importSession<E: Error>(
    reading next: () throws(E) -> Fix?, name: String?, configuration: SessionConfiguration,
    source: String?
  ) throws -> StreamedImportOutcome {
    let owner = ProcessIdentity.current
    let id = try patientWrite { db in
      let id = try Self.insertSession(
        db, name: name, activity: configuration.activity, origin: .imported, state: .recording,
        configuration: configuration, source: source, owner: owner)
      try db.execute(
        sql: "UPDATE session SET state = ? WHERE id = ?", arguments: [Self.importingState, id])
      return id
    }
    do {
      var writer = ImportWriter(store: self, id: id, configuration: configuration)
      while let fix = try next() { try writer.add(fix) }
      let done = try writer.complete()
      if let existing = try existingImport(
        name: name, fixCount: done.fixCount, start: done.start, except: id)
      {
        try removeSession(id, waiting: nil)
        return .alreadyImported(existing)
      }
      try patientWrite { db in
        try db.execute(
          sql: """
            UPDATE session SET state = 'finished', updatedAt = ?, startTime = ?, endTime = ?,
              fixCount = ?, distance = ?, elapsed = ?, moving = ?, calories = ?, summary = ?,
              hasFinishedTrack = 1, ownerPid = NULL, ownerStart = NULL
            WHERE id = ?
            """,
          arguments: [
            Date().timeIntervalSince1970, done.start?.secondsSince1970,
            done.end?.secondsSince1970, done.fixCount, done.summary.distance.value,
            done.summary.elapsed.value, done.summary.moving.value, done.summary.calories.value,
            try Rows.json(done.summary), id,
          ])
      }
      return .imported(
        ImportedSession(
          id: id, activity: configuration.activity, fixCount: done.fixCount,
          summary: done.summary))
    } catch {
      try? removeSession(id, waiting: nil)
      throw error
    }
  }

  /// The session a file was imported as before: same name, number of fixes and start.
  func existingImport(name: String?, fixCount: Int, start: GNSSTime?, except id: Int64)
    throws(StoreError) -> Int64?
  {
    try guarded {
      try pool.read { db in
        try Int64.fetchOne(
          db,
          sql: """
            SELECT id FROM session WHERE origin = 'imported' AND name IS ? AND fixCount = ?
              AND startTime IS ? AND id != ? AND \(Self.visible)
            """,
          arguments: [name, fixCount, start?.secondsSince1970, id])
      }
    }
  }

  /// Deletes a session's rows a batch at a time, then the session. Each batch waits for
  /// the write lock up to `waiting` (as long as `lockPatience` when nil).
  func removeSession(_ id: Int64, waiting: Duration?) throws(StoreError) {
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
      guard let waiting else { return try patientWrite(body) }
      guard let result = try attemptWrite(waiting: waiting, body) else {
        throw StoreError.locked(path: location.path)
      }
      return result
    }
    for table in ["fix", "trackPoint", "finishedPoint", "displayPoint", "event"] {
      // A range of the primary key at a time: the rows below the batch's last sequence.
      let sql = """
        DELETE FROM \(table) WHERE sessionId = ?1 AND seq < coalesce(
          (SELECT seq FROM \(table) WHERE sessionId = ?1 ORDER BY seq
           LIMIT 1 OFFSET \(Self.batchRows)), \(Int64.max))
        """
      while try write({ db in
        try db.execute(sql: sql, arguments: [id])
        return db.changesCount
      }) > 0 {}
    }
    try write { db in try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id]) }
    _ = try reclaimFreePages(waiting: waiting ?? .seconds(1))
  }
}
