import GRDB
import StriderCore

/// A `SessionPart` as the `sessionPart` table keeps it, one row per part in file order.
struct SessionPartRow: Codable, FetchableRecord, PersistableRecord, Equatable {
  static let databaseTableName = "sessionPart"

  var sessionId: Int64
  var partIndex: Int
  var sport: String?
  var deviceActivity: Activity?
  var startTime: GNSSTime?
  var deviceDistance: Meters?
  var deviceTimerTime: Seconds?
  var deviceElapsedTime: Seconds?
  var activity: Activity
  var distance: Meters
  var elapsed: Seconds
  var moving: Seconds
  var pointsAccepted: Int

  enum Columns {
    static let sessionId = Column(CodingKeys.sessionId)
    static let partIndex = Column(CodingKeys.partIndex)
  }

  init(sessionId: Int64, index: Int, _ part: SessionPart) {
    self.sessionId = sessionId
    partIndex = index
    sport = part.device.sport
    deviceActivity = part.device.activity
    startTime = part.device.start.flatMap { $0.secondsSince1970.isFinite ? $0 : nil }
    deviceDistance = Self.finite(part.device.distance)
    deviceTimerTime = Self.finite(part.device.timerTime)
    deviceElapsedTime = Self.finite(part.device.elapsedTime)
    activity = part.activity
    distance = part.distance
    elapsed = part.elapsed
    moving = part.moving
    pointsAccepted = part.pointsAccepted
  }

  private static func finite<Q: Quantity>(_ value: Q?) -> Q? {
    value.flatMap { $0.value.isFinite && $0.value >= 0 ? $0 : nil }
  }

  /// Whether the table's checks take it: Strider's own figures are never negative, but a
  /// hostile file's part must not make the import fail.
  var isValid: Bool {
    distance.value.isFinite && distance.value >= 0 && elapsed.value.isFinite
      && elapsed.value >= 0 && moving.value.isFinite && moving.value >= 0 && pointsAccepted >= 0
  }

  var part: SessionPart {
    SessionPart(
      device: DeviceLeg(
        sport: sport, activity: deviceActivity, start: startTime, distance: deviceDistance,
        timerTime: deviceTimerTime, elapsedTime: deviceElapsedTime),
      activity: activity, distance: distance, elapsed: elapsed, moving: moving,
      pointsAccepted: pointsAccepted)
  }

  /// The `sessionPart` table, added by the migration "v12: multisport parts".
  static let schema = """
    CREATE TABLE sessionPart (
      sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      partIndex INTEGER NOT NULL CHECK (partIndex >= 0),
      sport TEXT,
      deviceActivity TEXT,
      startTime REAL,
      deviceDistance REAL CHECK (deviceDistance IS NULL OR deviceDistance >= 0),
      deviceTimerTime REAL CHECK (deviceTimerTime IS NULL OR deviceTimerTime >= 0),
      deviceElapsedTime REAL CHECK (deviceElapsedTime IS NULL OR deviceElapsedTime >= 0),
      activity TEXT NOT NULL,
      distance REAL NOT NULL CHECK (distance >= 0),
      elapsed REAL NOT NULL CHECK (elapsed >= 0),
      moving REAL NOT NULL CHECK (moving >= 0),
      pointsAccepted INTEGER NOT NULL CHECK (pointsAccepted >= 0),
      PRIMARY KEY (sessionId, partIndex)
    );
    """
}

extension SessionStore {
  /// Keeps the parts of session `id` (an imported multisport file), in place of what was
  /// kept before. A part whose figures the table would refuse is left out, its place kept.
  public func keepParts(_ parts: [SessionPart], of id: Int64) throws(StoreError) {
    let rows = parts.enumerated().map { SessionPartRow(sessionId: id, index: $0, $1) }
    try patientWrite { db in
      try SessionPartRow.filter(SessionPartRow.Columns.sessionId == id).deleteAll(db)
      for row in rows where row.isValid { try row.insert(db) }
    }
  }

  /// The parts of session `id` in file order; empty for a session of one activity, one
  /// imported before "v12: multisport parts" (importing the file again fills them in), or
  /// a database read before that migration ran.
  public func parts(of id: Int64) throws(StoreError) -> [SessionPart] {
    try guarded {
      try pool.read { db in
        guard try db.tableExists(SessionPartRow.databaseTableName) else { return [] }
        return try SessionPartRow.filter(SessionPartRow.Columns.sessionId == id)
          .order(SessionPartRow.Columns.partIndex).fetchAll(db).map(\.part)
      }
    }
  }
}
