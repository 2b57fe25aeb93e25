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
  /// Finished (its figures count in totals); not while recording or interrupted.
  public var isFinished: Bool
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
              s.source, s.distance, s.moving, \(gain), s.state = 'finished'
            FROM session s \(join)
            WHERE s.state IN ('recording', 'interrupted', 'finished') \(demos)
            ORDER BY coalesce(s.startTime, s.createdAt) DESC, s.id DESC
            """)
        // Plain numbers and text (GRDB's direct path), not each column's own type: a
        // generic decode per value was most of the time of a ten-year history.
        func double(_ row: Row, _ index: Int) -> Double? {
          row.hasNull(atIndex: index) ? nil : row[index] as Double
        }
        func text(_ row: Row, _ index: Int) -> String? {
          row.hasNull(atIndex: index) ? nil : row[index] as String
        }
        var out: [HistoryRow] = []
        while let row = try rows.next() {
          guard let activity = Activity(rawValue: row[2] as String) else { continue }
          out.append(
            HistoryRow(
              id: row[0] as Int64, name: text(row, 1), activity: activity,
              localStart: text(row, 3), source: text(row, 4),
              distance: double(row, 5).map(Meters.init), moving: double(row, 6).map(Seconds.init),
              elevationGain: double(row, 7).map(Meters.init), isFinished: row[8] as Bool))
        }
        return out
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
