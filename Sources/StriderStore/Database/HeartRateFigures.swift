import GRDB
import StriderCore

/// The time at each heart rate kept per session (`HeartRateTime`): written whenever a
/// session is finished or imported, read by `sessions show` and summed into zones by
/// `stats` in SQL; made once for the sessions kept before, by the migration that brought it.
///
/// Kept per bpm rather than per zone so that a new maximum heart rate or new zone
/// boundaries apply to the whole history at once, with nothing to recompute.
enum HeartRateFigures {
  /// The table, as migration v6 makes it.
  static let schema = """
    CREATE TABLE heartRateTime (
      sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      bpm INTEGER NOT NULL CHECK (bpm > 0),
      seconds REAL NOT NULL CHECK (seconds > 0),
      below REAL NOT NULL CHECK (below >= 0),
      PRIMARY KEY (sessionId, bpm)
    ) WITHOUT ROWID;
    """

  /// Keeps a session's time at each rate in place of any it had.
  static func keep(_ time: HeartRateTime, of id: Int64, _ db: Database) throws {
    try HeartRateTimeRow.filter(HeartRateTimeRow.Columns.sessionId == id).deleteAll(db)
    var below = 0.0
    for (bpm, seconds) in time.seconds.sorted(by: { $0.key < $1.key }) {
      try HeartRateTimeRow(sessionId: id, bpm: bpm, seconds: seconds, below: below).insert(db)
      below += seconds
    }
  }

  /// The time at each rate of a stored session, from its fixes (in their order) and its
  /// summary's pauses; empty when its summary cannot be read.
  static func compute(_ id: Int64, _ db: Database) throws -> HeartRateTime {
    guard
      let text = try String.fetchOne(
        db, sql: "SELECT summary FROM session WHERE id = ?", arguments: [id]),
      let summary = try? StoredJSON.decode(SessionSummary.self, from: text)
    else { return HeartRateTime() }
    var collector = HeartRateTime.Collector()
    let rows = try Row.fetchCursor(
      db, sql: "SELECT time, heartRate FROM fix WHERE sessionId = ? ORDER BY seq",
      arguments: [id])
    while let row = try rows.next() {
      let time: Double? = row[0]
      let rate: Double? = row[1]
      collector.add(
        time: time.map(GNSSTime.init(secondsSince1970:)), rate: rate.map(BeatsPerMinute.init))
    }
    return collector.time(excluding: summary.pauses)
  }

  /// Makes the time at each rate of every finished session, in `db`'s transaction,
  /// telling `progress` after each session; how many were made.
  @discardableResult
  static func backfill(_ db: Database, progress: BackfillReporter?) throws -> Int {
    let ids = try Int64.fetchAll(
      db,
      sql: """
        SELECT id FROM session WHERE state = 'finished' AND summary IS NOT NULL ORDER BY id
        """)
    for (done, id) in ids.enumerated() {
      try keep(try compute(id, db), of: id, db)
      progress?(BackfillProgress(done: done + 1, total: ids.count))
    }
    return ids.count
  }

  /// Whether the database has the table (one an older Strider wrote, read without
  /// migrating, has not).
  static func isPresent(_ db: Database) throws -> Bool {
    try db.tableExists(HeartRateTimeRow.databaseTableName)
  }
}

extension SessionStore {
  /// A session's time at each heart rate as kept; nil when the database predates it (read
  /// without migrating).
  public func heartRateTime(of id: Int64) throws(StoreError) -> HeartRateTime? {
    try guarded {
      try pool.read { db in
        guard try HeartRateFigures.isPresent(db) else { return nil }
        var seconds: [Int: Double] = [:]
        for row in try HeartRateTimeRow.filter(HeartRateTimeRow.Columns.sessionId == id)
          .fetchAll(db)
        {
          seconds[row.bpm] = row.seconds
        }
        return HeartRateTime(seconds: seconds)
      }
    }
  }

  /// The highest heart rate held in the finished sessions started at or after `from`
  /// (demos left out): the maximum heart rate when the profile gives none.
  public func highestHeartRate(from: GNSSTime) throws(StoreError) -> BeatsPerMinute? {
    try guarded {
      try pool.read { db in
        guard try HeartRateFigures.isPresent(db) else { return nil }
        let highest = try Int.fetchOne(
          db,
          sql: """
            SELECT max(h.bpm) FROM heartRateTime h JOIN session s ON s.id = h.sessionId
            WHERE s.state = 'finished' AND s.origin <> 'simulated' AND s.startTime >= ?
            """, arguments: [from.secondsSince1970])
        return highest.map { BeatsPerMinute(Double($0)) }
      }
    }
  }
}
