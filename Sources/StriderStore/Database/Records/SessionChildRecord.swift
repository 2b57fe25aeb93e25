import GRDB

/// A row that belongs to one session, numbered from 0 in its order: a fix, a point of one
/// of the tracks, an event. Every such table has the key (sessionId, seq).
protocol SessionChildRecord: FetchableRecord, PersistableRecord {}

/// The key columns every session child table shares.
enum SessionChildColumns {
  static let sessionId = Column("sessionId")
  static let seq = Column("seq")
}

/// The columns every table of points (fixes, track points, finished points) has: the key,
/// then when, where, how fast and in which segment. A table's `Columns` adopts it and
/// adds its own.
protocol PointColumns {}

extension PointColumns {
  static var sessionId: Column { SessionChildColumns.sessionId }
  static var seq: Column { SessionChildColumns.seq }
  static var time: Column { Column("time") }
  static var latitude: Column { Column("latitude") }
  static var longitude: Column { Column("longitude") }
  static var altitude: Column { Column("altitude") }
  static var speed: Column { Column("speed") }
  static var segment: Column { Column("segment") }
}

extension SessionChildRecord {
  /// A session's rows in their order: the one query every reader of a child table runs.
  static func of(_ session: Int64) -> QueryInterfaceRequest<Self> {
    filter(SessionChildColumns.sessionId == session).order(SessionChildColumns.seq)
  }

  /// Deletes every row of a session.
  @discardableResult
  static func deleteAll(of session: Int64, _ db: Database) throws -> Int {
    try filter(SessionChildColumns.sessionId == session).deleteAll(db)
  }

  /// Deletes the first `limit` rows of a session (a range of the primary key, so a long
  /// session goes in short transactions); how many went.
  static func deleteFirst(_ limit: Int, of session: Int64, _ db: Database) throws -> Int {
    let end = try Int.fetchOne(
      db, of(session).select(SessionChildColumns.seq).limit(1, offset: limit))
    var doomed = filter(SessionChildColumns.sessionId == session)
    if let end { doomed = doomed.filter(SessionChildColumns.seq < end) }
    return try doomed.deleteAll(db)
  }
}
