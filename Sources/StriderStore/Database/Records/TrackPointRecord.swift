import GRDB
import StriderCore

/// A point of a filtered track as `trackPoint` (the live track) and `displayPoint` (the
/// finished track reduced for drawing) keep it: the two tables have one shape, written here
/// once, and differ only in name.
protocol TrackPointRecord: SessionChildRecord {
  var sessionId: Int64 { get }
  var seq: Int { get }
  var point: TrackPoint { get }
  init(sessionId: Int64, seq: Int, point: TrackPoint)
}

/// The columns of both track point tables.
enum TrackPointColumns {
  static let sessionId = SessionChildColumns.sessionId
  static let seq = SessionChildColumns.seq
  static let time = Column("time")
  static let latitude = Column("latitude")
  static let longitude = Column("longitude")
  static let altitude = Column("altitude")
  static let speed = Column("speed")
  static let accuracy = Column("accuracy")
  static let segment = Column("segment")
}

extension TrackPointRecord {
  init(row: Row) throws {
    typealias C = TrackPointColumns
    self.init(
      sessionId: try row.decode(forColumn: C.sessionId), seq: try row.decode(forColumn: C.seq),
      point: TrackPoint(
        time: try row.decode(forColumn: C.time),
        coordinate: Coordinate(
          latitude: try row.decode(forColumn: C.latitude),
          longitude: try row.decode(forColumn: C.longitude)),
        altitude: try row.decode(forColumn: C.altitude), speed: try row.decode(forColumn: C.speed),
        accuracy: try row.decode(forColumn: C.accuracy),
        segment: try row.decode(forColumn: C.segment)))
  }

  func encode(to container: inout PersistenceContainer) {
    typealias C = TrackPointColumns
    container[C.sessionId] = sessionId
    container[C.seq] = seq
    container[C.time] = point.time
    container[C.latitude] = point.coordinate.latitude
    container[C.longitude] = point.coordinate.longitude
    container[C.altitude] = point.altitude
    container[C.speed] = point.speed
    container[C.accuracy] = point.accuracy
    container[C.segment] = point.segment
  }

  /// Keeps `points` as the session's rows from `first` on.
  static func insert(
    _ points: some Sequence<TrackPoint>, of session: Int64, from first: Int = 0, _ db: Database
  ) throws {
    for (offset, point) in points.enumerated() {
      try Self(sessionId: session, seq: first + offset, point: point).insert(db)
    }
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
struct FinishedPointRow: SessionChildRecord {
  static let databaseTableName = "finishedPoint"

  var sessionId: Int64
  var seq: Int
  var point: FinishedTrack.Point

  enum Columns {
    static let sessionId = SessionChildColumns.sessionId
    static let seq = SessionChildColumns.seq
    static let time = Column("time")
    static let latitude = Column("latitude")
    static let longitude = Column("longitude")
    static let altitude = Column("altitude")
    static let speed = Column("speed")
    static let stopped = Column("stopped")
    static let distance = Column("distance")
    static let segment = Column("segment")
  }

  init(sessionId: Int64, seq: Int, point: FinishedTrack.Point) {
    self.sessionId = sessionId
    self.seq = seq
    self.point = point
  }

  init(row: Row) throws {
    typealias C = Columns
    sessionId = try row.decode(forColumn: C.sessionId)
    seq = try row.decode(forColumn: C.seq)
    point = FinishedTrack.Point(
      time: try row.decode(forColumn: C.time),
      coordinate: Coordinate(
        latitude: try row.decode(forColumn: C.latitude),
        longitude: try row.decode(forColumn: C.longitude)),
      altitude: try row.decode(forColumn: C.altitude), speed: try row.decode(forColumn: C.speed),
      isStopped: try row.decode(forColumn: C.stopped),
      distance: try row.decode(forColumn: C.distance),
      segment: try row.decode(forColumn: C.segment))
  }

  func encode(to container: inout PersistenceContainer) {
    typealias C = Columns
    container[C.sessionId] = sessionId
    container[C.seq] = seq
    container[C.time] = point.time
    container[C.latitude] = point.coordinate.latitude
    container[C.longitude] = point.coordinate.longitude
    container[C.altitude] = point.altitude
    container[C.speed] = point.speed
    container[C.stopped] = point.isStopped
    container[C.distance] = point.distance
    container[C.segment] = point.segment
  }

  /// Whether the session has a finished track kept.
  static func exists(of session: Int64, _ db: Database) throws -> Bool {
    try filter(Columns.sessionId == session).isEmpty(db) == false
  }
}
