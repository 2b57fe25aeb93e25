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

  /// Hands out a session's points numbered `seqs`, in order, read column by column
  /// straight from SQLite (a million are read back at the end of an import).
  static func forEach(
    of session: Int64, seq seqs: Range<Int>, _ db: Database,
    _ body: (FinishedTrack.Point) throws -> Void
  ) throws {
    let statement = try db.makeStatement(
      sql: "SELECT \(columnOrder.map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")) "
        + "FROM finishedPoint WHERE sessionId = ? AND seq >= ? AND seq < ? ORDER BY seq")
    try statement.setArguments([session, seqs.lowerBound, seqs.upperBound])
    try BulkRowReader(statement, db).forEach { row in
      try body(
        FinishedTrack.Point(
          time: GNSSTime(secondsSince1970: row.double(2)),
          coordinate: Coordinate(latitude: row.double(3), longitude: row.double(4)),
          altitude: row.optionalDouble(5).map(Meters.init),
          speed: MetersPerSecond(row.double(6)), isStopped: row.integer(7) != 0,
          distance: Meters(row.double(8)), segment: row.integer(9)))
    }
  }

  /// Whether the session has a finished track kept.
  static func exists(of session: Int64, _ db: Database) throws -> Bool {
    try filter(Columns.sessionId == session).isEmpty(db) == false
  }
}
