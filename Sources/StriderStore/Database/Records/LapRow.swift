import GRDB
import StriderCore

/// A lap press as `lap` keeps it, written as it happens while recording: unlike the
/// events, which finishing recomputes from the fixes, a press cannot be found in them.
struct LapRow: SessionChildRecord, Codable, Equatable {
  static let databaseTableName = "lap"

  var sessionId: Int64
  var seq: Int
  var time: GNSSTime
  var intensity: LapIntensity

  enum Columns {
    static let sessionId = SessionChildColumns.sessionId
    static let seq = SessionChildColumns.seq
    static let time = Column(CodingKeys.time)
    static let intensity = Column(CodingKeys.intensity)
  }

  init(sessionId: Int64, seq: Int, mark: LapMark) {
    self.sessionId = sessionId
    self.seq = seq
    time = mark.time
    intensity = mark.intensity
  }

  var mark: LapMark { LapMark(time: time, intensity: intensity) }

  /// The `lap` table, added by the migration "v8: laps".
  static let schema = """
    CREATE TABLE lap (
      sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      seq INTEGER NOT NULL CHECK (seq >= 0),
      time REAL NOT NULL,
      intensity TEXT NOT NULL CHECK (intensity IN ('active', 'rest')),
      PRIMARY KEY (sessionId, seq)
    ) WITHOUT ROWID;
    """

  /// A session's lap presses in order; none in a database read before "v8: laps" ran (a
  /// read-only or locked one: `Schema.readable` does not need the table).
  static func marks(of session: Int64, _ db: Database) throws -> [LapMark] {
    guard try db.tableExists(databaseTableName) else { return [] }
    return try of(session).fetchAll(db).map(\.mark)
  }

  /// Moves the presses of session `old` from `start` (nil: its first) up to `end` (nil: to
  /// its end) to session `new`, numbered on from `first` there (`SessionStore.split` and
  /// `merge`).
  static func move(
    from old: Int64, to new: Int64, from start: GNSSTime?, before end: GNSSTime?,
    numberedFrom first: Int = 0, _ db: Database
  ) throws {
    guard try db.tableExists(databaseTableName) else { return }
    let moving = try of(old).fetchAll(db).filter { row in
      (start.map { row.time >= $0 } ?? true) && (end.map { row.time < $0 } ?? true)
    }
    for (seq, row) in moving.enumerated() {
      try row.delete(db)
      try LapRow(sessionId: new, seq: first + seq, mark: row.mark).insert(db)
    }
  }
}

extension LapIntensity: DatabaseValueConvertible {}
