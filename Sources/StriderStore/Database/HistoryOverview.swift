import GRDB
import StriderCore

/// One session as the history screen lists it: the figures kept with it, and its start
/// written in local time by SQLite (as `stats` places sessions), so a long history is
/// listed without a date formatter per row.
public struct HistoryRow: Hashable, Sendable {
  public var id: Int64
  public var name: String?
  public var activity: Activity
  /// "YYYY-MM-DD HH:MM" in local time; nil without a start.
  public var localStart: String?
  public var source: String?
  public var distance: Meters?
  public var moving: Seconds?
  public var elevationGain: Meters?
}

extension SessionStore {
  /// Every session the history shows, newest first, from the session rows and their
  /// figures only (no summary, settings or fixes read); demos only when asked for.
  public func historyRows(includingSimulated: Bool = true) throws(StoreError) -> [HistoryRow] {
    let demos = includingSimulated ? "" : "AND s.origin <> 'simulated'"
    return try guarded {
      try pool.read { db in
        let figures = try db.tableExists(SessionFiguresRow.databaseTableName)
        let gain = figures ? "f.elevationGain" : "NULL"
        let join = figures ? "LEFT JOIN sessionFigures f ON f.sessionId = s.id" : ""
        let rows = try Row.fetchCursor(
          db,
          sql: """
            SELECT s.id, s.name, s.activity,
              strftime('%Y-%m-%d %H:%M', s.startTime, 'unixepoch', 'localtime'),
              s.source, s.distance, s.moving, \(gain)
            FROM session s \(join)
            WHERE s.state IN ('recording', 'interrupted', 'finished') \(demos)
            ORDER BY coalesce(s.startTime, s.createdAt) DESC, s.id DESC
            """)
        var out: [HistoryRow] = []
        while let row = try rows.next() {
          out.append(
            HistoryRow(
              id: row[0], name: row[1], activity: row[2], localStart: row[3], source: row[4],
              distance: (row[5] as Double?).map(Meters.init),
              moving: (row[6] as Double?).map(Seconds.init),
              elevationGain: (row[7] as Double?).map(Meters.init)))
        }
        return out
      }
    }
  }

  /// The distance of the finished sessions of each local day ("YYYY-MM-DD"), all
  /// activities together, from the day `from` on (every day when nil).
  public func dailyDistances(from: String? = nil, includingSimulated: Bool = true)
    throws(StoreError) -> [(day: String, distance: Meters)]
  {
    let demos = includingSimulated ? "" : "AND origin <> 'simulated'"
    return try guarded {
      try pool.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT date(startTime, 'unixepoch', 'localtime') AS day, total(distance)
            FROM session
            WHERE state = 'finished' AND startTime IS NOT NULL AND distance IS NOT NULL \(demos)
            GROUP BY day HAVING day >= ?
            ORDER BY day
            """, arguments: [from ?? ""]
        ).map { (day: $0[0], distance: Meters($0[1])) }
      }
    }
  }
}

extension SessionStore {
  /// The summary kept with a session, without its fixes or tracks; nil until it is
  /// finished.
  public func storedSummary(of id: Int64) throws(StoreError) -> SessionSummary? {
    try guarded { try pool.read { db in try SessionRow.visible(id, db).decodedSummary() } }
  }
}
