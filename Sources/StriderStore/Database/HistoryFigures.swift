import Foundation
import GRDB
import StriderCore

/// How far a backfill of the history's figures has come: sessions done of all to do.
public struct BackfillProgress: Sendable, Equatable {
  public var done: Int
  public var total: Int
}

/// Told how a long backfill goes, from the thread doing it.
public typealias BackfillReporter = @Sendable (BackfillProgress) -> Void

/// The figures the history keeps per session (`SessionFigures`): written whenever a
/// session is finished, read by `records` and `stats`, and made for the sessions kept
/// before they existed, once, by the migration that brought them.
enum HistoryFigures {
  /// The tables, as migration v5 makes them.
  static let schema = """
    CREATE TABLE sessionFigures (
      sessionId INTEGER PRIMARY KEY REFERENCES session(id) ON DELETE CASCADE,
      version INTEGER NOT NULL CHECK (version >= 1),
      elevationGain REAL
    );
    CREATE TABLE bestEffort (
      sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('distance', 'duration')),
      target REAL NOT NULL CHECK (target > 0),
      startTime REAL NOT NULL,
      endTime REAL NOT NULL CHECK (endTime >= startTime),
      startDistance REAL NOT NULL CHECK (startDistance >= 0),
      distance REAL NOT NULL CHECK (distance >= 0),
      PRIMARY KEY (sessionId, kind, target)
    ) WITHOUT ROWID;
    CREATE INDEX bestEffort_by_target ON bestEffort(kind, target);
    """

  /// The column migration v7 adds: the session holds several sports (left out of records).
  static let multisportColumn = """
    ALTER TABLE sessionFigures ADD COLUMN multisport INTEGER NOT NULL DEFAULT 0
      CHECK (multisport IN (0, 1));
    """

  /// Whether the database has the multisport flag (one an older Strider wrote, read
  /// without migrating, has not).
  static func hasMultisportFlag(_ db: Database) throws -> Bool {
    try db.columns(in: SessionFiguresRow.databaseTableName).contains { $0.name == "multisport" }
  }

  /// Keeps a session's figures in place of any it had; nil (a session without a summary)
  /// keeps none.
  static func keep(_ figures: SessionFigures?, of id: Int64, _ db: Database) throws {
    try BestEffortRow.filter(BestEffortRow.Columns.sessionId == id).deleteAll(db)
    guard let figures else {
      try SessionFiguresRow.deleteOne(db, key: id)
      return
    }
    try SessionFiguresRow(
      sessionId: id, version: SessionFigures.currentVersion, elevationGain: figures.elevationGain
    ).upsert(db)
    for effort in figures.efforts {
      try BestEffortRow(sessionId: id, effort: effort).insert(db)
    }
  }

  /// The finished sessions that have a finished track kept and no figures of the current
  /// version: the ones a backfill makes figures for from their stored points.
  static func missing(_ db: Database) throws -> [Int64] {
    try Int64.fetchAll(
      db,
      sql: """
        SELECT s.id FROM session s LEFT JOIN sessionFigures f ON f.sessionId = s.id
        WHERE s.state = 'finished' AND s.hasFinishedTrack = 1 AND s.summary IS NOT NULL
          AND (f.sessionId IS NULL OR f.version < ?)
        ORDER BY s.id
        """, arguments: [SessionFigures.currentVersion])
  }

  /// The figures of a stored session, from its summary and the times and distances of its
  /// finished track; nil when its summary cannot be read (it is then left without).
  static func compute(_ id: Int64, _ db: Database) throws -> SessionFigures? {
    guard
      let text = try String.fetchOne(
        db, sql: "SELECT summary FROM session WHERE id = ?", arguments: [id]),
      let summary = try? StoredJSON.decode(SessionSummary.self, from: text)
    else { return nil }
    var times: [Double] = []
    var distances: [Double] = []
    let rows = try Row.fetchCursor(
      db, sql: "SELECT time, distance FROM finishedPoint WHERE sessionId = ? ORDER BY seq",
      arguments: [id])
    while let row = try rows.next() {
      times.append(row[0])
      distances.append(row[1])
    }
    let efforts = BestEfforts.of(
      times: consume times, distances: consume distances,
      targets: BestEffortTarget.targets(for: summary.activity))
    return SessionFigures(summary: summary, efforts: efforts)
  }

  /// Makes the figures of every session that lacks them, in `db`'s transaction, telling
  /// `progress` after each session; how many were made.
  @discardableResult
  static func backfill(_ db: Database, progress: BackfillReporter?) throws -> Int {
    let ids = try missing(db)
    for (done, id) in ids.enumerated() {
      try keep(try compute(id, db), of: id, db)
      progress?(BackfillProgress(done: done + 1, total: ids.count))
    }
    return ids.count
  }
}

extension SessionStore {
  /// Leaves session `id` out of the personal records: its file holds several sports (a
  /// triathlon's swim, bike and run), which the session measures as one activity, so its
  /// best efforts and its length would stand as records of a sport it was not.
  public func markMultisport(_ id: Int64) throws(StoreError) {
    try leaveOutOfRecords(id)
  }

  /// Whether session `id` is left out of the personal records (`leaveOutOfRecords`); false
  /// for a session without figures, or in a database from before the flag.
  public func isLeftOutOfRecords(_ id: Int64) throws(StoreError) -> Bool {
    try guarded {
      try pool.read { db in
        guard try HistoryFigures.hasMultisportFlag(db) else { return false }
        return try Bool.fetchOne(
          db, sql: "SELECT multisport FROM sessionFigures WHERE sessionId = ?", arguments: [id])
          ?? false
      }
    }
  }

  /// Leaves finished session `id` out of the personal records, whatever the reason: a
  /// multisport file, or a drive `run --auto` found (drives before the `drive` activity were
  /// kept as rides, whose records their speeds would be). The flag is the column v7 added,
  /// named after its first use; totals still count the session.
  public func leaveOutOfRecords(_ id: Int64) throws(StoreError) {
    try patientWrite { db in
      try db.execute(
        sql: "UPDATE sessionFigures SET multisport = 1 WHERE sessionId = ?", arguments: [id])
    }
  }

  /// Refuses, with the reason, to read records or totals from a database an older Strider
  /// wrote and this one could not bring up to date (it only reads it).
  func requireHistoryFigures(_ db: Database) throws {
    guard try db.tableExists(SessionFiguresRow.databaseTableName) else {
      throw StoreError.readOnly(
        path: location.path,
        reason: "written by an older Strider; records and totals need it brought up to date "
          + "by a Strider that can write it")
    }
  }

  /// Makes the figures of finished sessions that lack them: sessions finished by an older
  /// Strider before it kept their finished track are finished again from their fixes (as
  /// reading them does), and figures of an older version are made again. Nothing when the
  /// store cannot write. How many sessions were brought up to date.
  @discardableResult
  public func completeHistoryFigures(progress: BackfillReporter? = nil) throws(StoreError) -> Int {
    if isReadOnly { return 0 }
    let unfinished = try guarded {
      try pool.read { db in
        try Int64.fetchAll(
          db,
          sql: """
            SELECT id FROM session
            WHERE state = 'finished' AND hasFinishedTrack = 0 AND summary IS NOT NULL
            ORDER BY id
            """)
      }
    }
    let stale = try guarded { try pool.read { db in try HistoryFigures.missing(db) } }
    let total = unfinished.count + stale.count
    var done = 0
    for id in unfinished {
      _ = try finish(id)
      done += 1
      progress?(BackfillProgress(done: done, total: total))
    }
    for id in stale {
      try patientWrite { db in
        try HistoryFigures.keep(try HistoryFigures.compute(id, db), of: id, db)
      }
      done += 1
      progress?(BackfillProgress(done: done, total: total))
    }
    return total
  }
}
