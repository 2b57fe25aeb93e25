import GRDB
import StriderCore

/// A fix as it arrived, with the gate's verdict: a row of `fix`.
///
/// Written out column by column rather than through `Codable`: imports and replays read and
/// write a million of these, and the model's `Fix` nests its coordinate and origin.
struct FixRow: SessionChildRecord, Equatable {
  static let databaseTableName = "fix"

  var sessionId: Int64
  var seq: Int
  var fix: Fix
  /// Nil while the session is unfinished (not judged yet).
  var verdict: Verdict?

  enum Columns {
    static let sessionId = SessionChildColumns.sessionId
    static let seq = SessionChildColumns.seq
    static let time = Column("time")
    static let latitude = Column("latitude")
    static let longitude = Column("longitude")
    static let altitude = Column("altitude")
    static let horizontalAccuracy = Column("horizontalAccuracy")
    static let verticalAccuracy = Column("verticalAccuracy")
    static let speed = Column("speed")
    static let course = Column("course")
    static let mode = Column("mode")
    static let provider = Column("provider")
    static let satellites = Column("satellites")
    static let hdop = Column("hdop")
    static let heartRate = Column("heartRate")
    static let cadence = Column("cadence")
    static let deviceDistance = Column("deviceDistance")
    static let segment = Column("segment")
    static let originIndex = Column("originIndex")
    static let originLine = Column("originLine")
    static let verdict = Column("verdict")
  }

  init(sessionId: Int64, seq: Int, fix: Fix, verdict: Verdict?) {
    self.sessionId = sessionId
    self.seq = seq
    self.fix = fix
    self.verdict = verdict
  }

  init(row: Row) throws {
    typealias C = Columns
    let latitude = try row.decode(Double?.self, forColumn: C.latitude)
    let longitude = try row.decode(Double?.self, forColumn: C.longitude)
    let coordinate = latitude.flatMap { lat in
      longitude.map { Coordinate(latitude: lat, longitude: $0) }
    }
    fix = Fix(
      time: try row.decode(forColumn: C.time), coordinate: coordinate,
      altitude: try row.decode(forColumn: C.altitude),
      horizontalAccuracy: try row.decode(forColumn: C.horizontalAccuracy),
      verticalAccuracy: try row.decode(forColumn: C.verticalAccuracy),
      speed: try row.decode(forColumn: C.speed), course: try row.decode(forColumn: C.course),
      mode: try row.decode(forColumn: C.mode), provider: try row.decode(forColumn: C.provider),
      satellites: try row.decode(forColumn: C.satellites), hdop: try row.decode(forColumn: C.hdop),
      heartRate: try row.decode(forColumn: C.heartRate),
      cadence: try row.decode(forColumn: C.cadence),
      deviceDistance: try row.decode(forColumn: C.deviceDistance),
      segment: try row.decode(forColumn: C.segment),
      origin: FixOrigin(
        index: try row.decode(forColumn: C.originIndex),
        line: try row.decode(forColumn: C.originLine)))
    sessionId = try row.decode(forColumn: C.sessionId)
    seq = try row.decode(forColumn: C.seq)
    verdict = try row.decode(forColumn: C.verdict)
  }

  func encode(to container: inout PersistenceContainer) {
    typealias C = Columns
    container[C.sessionId] = sessionId
    container[C.seq] = seq
    container[C.time] = fix.time
    container[C.latitude] = fix.coordinate?.latitude
    container[C.longitude] = fix.coordinate?.longitude
    container[C.altitude] = fix.altitude
    container[C.horizontalAccuracy] = fix.horizontalAccuracy
    container[C.verticalAccuracy] = fix.verticalAccuracy
    container[C.speed] = fix.speed
    container[C.course] = fix.course
    container[C.mode] = fix.mode
    container[C.provider] = fix.provider
    container[C.satellites] = fix.satellites
    container[C.hdop] = fix.hdop
    container[C.heartRate] = fix.heartRate
    container[C.cadence] = fix.cadence
    container[C.deviceDistance] = fix.deviceDistance
    container[C.segment] = fix.segment
    container[C.originIndex] = fix.origin.index
    container[C.originLine] = fix.origin.line
    container[C.verdict] = verdict
  }

  /// Only the fixes the gate accepted (or has not judged yet).
  static func accepted(of session: Int64) -> QueryInterfaceRequest<FixRow> {
    of(session).filter(Columns.verdict == nil || Columns.verdict == Verdict.accepted)
  }
}
