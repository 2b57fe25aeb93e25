import GRDB
import StriderCore

/// A point of a filtered track as `trackPoint` (the live track) and `displayPoint` (the
/// finished track reduced for drawing) keep it: the two tables have one shape, written here
/// once, and differ only in name.
protocol TrackPointRecord: SessionChildRecord, BulkRecord {
  var sessionId: Int64 { get }
  var seq: Int { get }
  var point: TrackPoint { get }
  init(sessionId: Int64, seq: Int, point: TrackPoint)
}

/// The columns of both track point tables.
enum TrackPointColumns: PointColumns {
  static let accuracy = Column("accuracy")
}

extension TrackPointRecord {
  static var columnOrder: [Column] {
    typealias C = TrackPointColumns
    return [
      C.sessionId, C.seq, C.time, C.latitude, C.longitude, C.altitude, C.speed, C.accuracy,
      C.segment,
    ]
  }

  init(row: Row) throws {
    func number(_ index: Int) throws -> Double? { try row.decode(Double?.self, atIndex: index) }
    self.init(
      sessionId: try row.decode(atIndex: 0), seq: try row.decode(atIndex: 1),
      point: TrackPoint(
        time: try number(2).map(GNSSTime.init(secondsSince1970:)),
        coordinate: Coordinate(
          latitude: try row.decode(atIndex: 3), longitude: try row.decode(atIndex: 4)),
        altitude: try number(5).map(Meters.init),
        speed: MetersPerSecond(try row.decode(atIndex: 6)),
        accuracy: try number(7).map(Meters.init), segment: try row.decode(atIndex: 8)))
  }

  func put(into row: inout some BulkRowValues) {
    row.put(Int(sessionId))
    row.put(seq)
    row.put(point.time?.secondsSince1970)
    row.put(point.coordinate.latitude)
    row.put(point.coordinate.longitude)
    row.put(point.altitude?.value)
    row.put(point.speed.value)
    row.put(point.accuracy?.value)
    row.put(point.segment)
  }

  /// Keeps `points` as the session's rows from `first` on.
  static func insert(
    _ points: some Sequence<TrackPoint>, of session: Int64, from first: Int = 0, _ db: Database
  ) throws {
    try insert(
      points.enumerated().lazy.map { Self(sessionId: session, seq: first + $0, point: $1) }, db)
  }

  /// A session's points, in order.
  static func points(of session: Int64, _ db: Database) throws -> [TrackPoint] {
    try of(session).fetchAll(db).map(\.point)
  }

  /// A session's points from number `start` on, at most `TrackDrawing.displayPiece`.
  static func piece(of session: Int64, from start: Int, _ db: Database) throws -> [TrackPoint] {
    try of(session).filter(SessionChildColumns.seq >= start)
      .limit(TrackDrawing.displayPiece).fetchAll(db).map(\.point)
  }
}

/// A point of the live filtered track, as the dashboard drew it: a row of `trackPoint`.
struct LiveTrackPointRow: TrackPointRecord {
  static let databaseTableName = "trackPoint"
  var sessionId: Int64
  var seq: Int
  var point: TrackPoint
}

/// A point of the finished track reduced for drawing and export: a row of `displayPoint`.
struct DisplayPointRow: TrackPointRecord {
  static let databaseTableName = "displayPoint"
  var sessionId: Int64
  var seq: Int
  var point: TrackPoint
}

/// A point of the finished track, with the distance at it: a row of `finishedPoint`.
struct FinishedPointRow: SessionChildRecord, BulkRecord {
  static let databaseTableName = "finishedPoint"

  var sessionId: Int64
  var seq: Int
  var point: FinishedTrack.Point

  enum Columns: PointColumns {
    static let stopped = Column("stopped")
    static let distance = Column("distance")
  }

  init(sessionId: Int64, seq: Int, point: FinishedTrack.Point) {
    self.sessionId = sessionId
    self.seq = seq
    self.point = point
  }

  static let columnOrder: [Column] = [
    Columns.sessionId, Columns.seq, Columns.time, Columns.latitude, Columns.longitude,
    Columns.altitude, Columns.speed, Columns.stopped, Columns.distance, Columns.segment,
  ]

  init(row: Row) throws {
    sessionId = try row.decode(atIndex: 0)
    seq = try row.decode(atIndex: 1)
    point = FinishedTrack.Point(
      time: GNSSTime(secondsSince1970: try row.decode(atIndex: 2)),
      coordinate: Coordinate(
        latitude: try row.decode(atIndex: 3), longitude: try row.decode(atIndex: 4)),
      altitude: try row.decode(Double?.self, atIndex: 5).map(Meters.init),
      speed: MetersPerSecond(try row.decode(atIndex: 6)), isStopped: try row.decode(atIndex: 7),
      distance: Meters(try row.decode(atIndex: 8)), segment: try row.decode(atIndex: 9))
  }

  func put(into row: inout some BulkRowValues) {
    row.put(Int(sessionId))
    row.put(seq)
    row.put(point.time.secondsSince1970)
    row.put(point.coordinate.latitude)
    row.put(point.coordinate.longitude)
    row.put(point.altitude?.value)
    row.put(point.speed.value)
    row.put(point.isStopped)
    row.put(point.distance.value)
    row.put(point.segment)
  }

  /// Keeps a finished track's points from `first` on.
  static func insert(
    _ points: ArraySlice<FinishedTrack.Point>, of session: Int64, _ db: Database
  ) throws {
    try insert(
      points.indices.lazy.map { Self(sessionId: session, seq: $0, point: points[$0]) }, db)
  }

  /// Keeps points of a finished track handed out in batches, the first at `first`.
  static func insert(
    _ points: [FinishedTrack.Point], of session: Int64, from first: Int, _ db: Database
  ) throws {
    try insert(
      points.indices.lazy.map { Self(sessionId: session, seq: first + $0, point: points[$0]) },
      db)
  }

  /// Hands out a session's points (those numbered `seqs`, or all), in order, read column by
  /// column straight from SQLite: an import reads a million back at its end, an export
  /// or a replay as many, which GRDB's decoding of each row took a third of. A row whose
  /// values are not what the schema keeps (a database changed by hand) is read again
  /// through GRDB's decoding, which refuses it as it always has.
  static func forEach(
    of session: Int64, seq seqs: Range<Int>? = nil, _ db: Database,
    _ body: (FinishedTrack.Point) throws -> Void
  ) throws {
    var sql =
      "SELECT \(columnOrder.map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")) "
      + "FROM finishedPoint WHERE sessionId = ?"
    var arguments: [any DatabaseValueConvertible] = [session]
    if let seqs {
      sql += " AND seq >= ? AND seq < ?"
      arguments += [seqs.lowerBound, seqs.upperBound]
    }
    let statement = try db.cachedStatement(sql: sql + " ORDER BY seq")
    try statement.setArguments(StatementArguments(arguments))
    try BulkRowReader(statement, db).forEach { row in
      if let point = Self.point(row) {
        try body(point)
      } else {
        try body(try readAgain(of: session, seq: row.optionalInteger(1), db))
      }
    }
  }

  /// The row's point where every column holds the type the schema keeps, else nil.
  private static func point(_ row: BulkRowReader.Columns) -> FinishedTrack.Point? {
    guard row.optionalInteger(0) != nil, row.optionalInteger(1) != nil,
      let time = row.number(2) ?? nil, let latitude = row.number(3) ?? nil,
      let longitude = row.number(4) ?? nil, let altitude = row.number(5),
      let speed = row.number(6) ?? nil, let stopped = row.optionalInteger(7),
      let distance = row.number(8) ?? nil, let segment = row.optionalInteger(9)
    else { return nil }
    return FinishedTrack.Point(
      time: GNSSTime(secondsSince1970: time),
      coordinate: Coordinate(latitude: latitude, longitude: longitude),
      altitude: altitude.map(Meters.init), speed: MetersPerSecond(speed),
      isStopped: stopped != 0, distance: Meters(distance), segment: segment)
  }

  /// A row the fast reading could not take, read through GRDB, which throws its own error
  /// for what it cannot decode either; what it reads after all is taken.
  private static func readAgain(
    of session: Int64, seq: Int?, _ db: Database
  ) throws -> FinishedTrack.Point {
    if let seq, let row = try of(session).filter(SessionChildColumns.seq == seq).fetchOne(db) {
      return row.point
    }
    _ = try of(session).fetchAll(db)
    throw DatabaseError(
      resultCode: .SQLITE_MISMATCH,
      message:
        "a finished point of session \(session) is not as the schema keeps it (seq \(seq.map(String.init) ?? "unreadable"))"
    )
  }

  /// Whether the session has a finished track kept.
  static func exists(of session: Int64, _ db: Database) throws -> Bool {
    try filter(Columns.sessionId == session).isEmpty(db) == false
  }
}
