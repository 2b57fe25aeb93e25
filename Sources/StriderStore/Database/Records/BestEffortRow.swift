import GRDB
import StriderCore

/// A session's best effort for one target, as the `bestEffort` table keeps it: one row per
/// session and target it reached.
struct BestEffortRow: Codable, FetchableRecord, PersistableRecord, Equatable {
  static let databaseTableName = "bestEffort"

  var sessionId: Int64
  var kind: BestEffortTarget.Kind
  /// Metres for a distance, seconds for a duration.
  var target: Double
  var startTime: GNSSTime
  var endTime: GNSSTime
  var startDistance: Meters
  var distance: Meters

  enum Columns {
    static let sessionId = Column(CodingKeys.sessionId)
    static let kind = Column(CodingKeys.kind)
    static let target = Column(CodingKeys.target)
  }

  init(sessionId: Int64, effort: BestEffort) {
    self.sessionId = sessionId
    kind = effort.target.kind
    target = effort.target.value
    startTime = effort.start
    endTime = effort.end
    startDistance = effort.startDistance
    distance = effort.distance
  }

  var effort: BestEffort {
    BestEffort(
      target: BestEffortTarget(kind: kind, value: target), start: startTime, end: endTime,
      startDistance: startDistance, distance: distance)
  }
}

extension BestEffortTarget.Kind: DatabaseValueConvertible {}

/// What the history keeps of a session besides the `session` row's distance and times: the
/// elevation gain its summary trusts, and which version of the best-effort search made its
/// `bestEffort` rows. A finished session without this row has not been searched yet.
struct SessionFiguresRow: Codable, FetchableRecord, PersistableRecord, Equatable {
  static let databaseTableName = "sessionFigures"

  var sessionId: Int64
  var version: Int
  var elevationGain: Meters?

  enum Columns {
    static let sessionId = Column(CodingKeys.sessionId)
    static let version = Column(CodingKeys.version)
    static let elevationGain = Column(CodingKeys.elevationGain)
  }
}
