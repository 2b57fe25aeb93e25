import Foundation
import GRDB
import StriderCore

/// A session as the `session` table keeps it: what the history lists, who is writing it,
/// the settings it was computed with and its summary (both JSON).
struct SessionRow: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
  static let databaseTableName = "session"

  var id: Int64?
  var name: String?
  var activity: Activity
  var origin: SessionOrigin
  var state: State
  /// The recording was cut off once (even if it has been finished since).
  var wasInterrupted = false
  var source: String?
  var createdAt: Double
  var updatedAt: Double
  var startTime: GNSSTime?
  var endTime: GNSSTime?
  var fixCount = 0
  /// The settings in force, as JSON (`StoredSettings` reads it).
  var configuration: String
  /// The process writing the session (recording, importing, deleting), so that another
  /// can tell when it died.
  var ownerPid: Int64?
  var ownerStart: Int64?
  var distance: Meters?
  var elapsed: Seconds?
  var moving: Seconds?
  var calories: Kilocalories?
  /// The summary, as JSON, once finished.
  var summary: String?
  var hasFinishedTrack = false
  /// An import's identity by content (`FixStreamDigest`); nil for other sessions and for
  /// imports kept before digests (v3).
  var contentDigest: String?

  /// Where a session stands, as the `state` column keeps it: the model's states and the
  /// two the store uses for work on its way, which the history does not show.
  enum State: String, Codable, CaseIterable, DatabaseValueConvertible {
    case recording, interrupted, finished
    /// An import not finished yet: taken away if its process dies.
    case importing
    /// A delete going in batches: finished by `markAbandonedSessions` if its process dies.
    case deleting

    init(_ state: SessionState) {
      switch state {
      case .recording: self = .recording
      case .interrupted: self = .interrupted
      case .finished: self = .finished
      }
    }

    /// The state the history shows; nil for an import or a delete on its way.
    var sessionState: SessionState? {
      switch self {
      case .recording: .recording
      case .interrupted: .interrupted
      case .finished: .finished
      case .importing, .deleting: nil
      }
    }
  }

  enum Columns {
    static let id = Column(CodingKeys.id)
    static let name = Column(CodingKeys.name)
    static let origin = Column(CodingKeys.origin)
    static let state = Column(CodingKeys.state)
    static let wasInterrupted = Column(CodingKeys.wasInterrupted)
    static let updatedAt = Column(CodingKeys.updatedAt)
    static let endTime = Column(CodingKeys.endTime)
    static let ownerPid = Column(CodingKeys.ownerPid)
    static let ownerStart = Column(CodingKeys.ownerStart)
    static let startTime = Column(CodingKeys.startTime)
    static let createdAt = Column(CodingKeys.createdAt)
    static let fixCount = Column(CodingKeys.fixCount)
    static let configuration = Column(CodingKeys.configuration)
    static let hasFinishedTrack = Column(CodingKeys.hasFinishedTrack)
    static let contentDigest = Column(CodingKeys.contentDigest)
  }

  /// A new session, owned by `owner` while it is written.
  init(
    name: String?, activity: Activity, origin: SessionOrigin, state: State,
    configuration: SessionConfiguration, source: String?, owner: ProcessIdentity?
  ) throws {
    let now = Date().timeIntervalSince1970
    self.name = name
    self.activity = activity
    self.origin = origin
    self.state = state
    self.source = source
    createdAt = now
    updatedAt = now
    self.configuration = try StoredJSON.encode(configuration)
    self.owner = owner
  }

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// The process writing the session, if any.
  var owner: ProcessIdentity? {
    get {
      ownerPid.map { ProcessIdentity(pid: Int32(truncatingIfNeeded: $0), startTicks: ownerStart) }
    }
    set {
      ownerPid = newValue.map { Int64($0.pid) }
      ownerStart = newValue?.startTicks
    }
  }

  /// The sessions the history shows: not an import or a delete on its way.
  static var visible: SQLExpression { ![State.importing, State.deleting].contains(Columns.state) }

  /// The session, when the history shows it: an import or a delete on its way is no session
  /// yet (or any more), so nothing reads, exports or finishes it.
  static func visible(_ id: Int64, _ db: Database) throws -> SessionRow {
    guard let row = try filter(key: id).filter(visible).fetchOne(db) else {
      throw StoreError.noSuchSession(id)
    }
    return row
  }

  /// The history's line for it; an import or a delete on its way has none.
  func listing() throws(StoreError) -> SessionListing {
    guard let id, let shown = state.sessionState else { throw .noSuchSession(id ?? 0) }
    return SessionListing(
      id: id, name: name, activity: activity, origin: origin, state: shown,
      wasInterrupted: wasInterrupted, source: source, startTime: startTime, endTime: endTime,
      fixCount: fixCount, distance: distance, elapsed: elapsed, moving: moving,
      calories: calories)
  }

  /// The summary kept, decoded.
  func decodedSummary() throws -> SessionSummary? {
    try summary.map { try StoredJSON.decode(SessionSummary.self, from: $0) }
  }

  /// Records a finished session's summary and times; the session becomes finished.
  mutating func finish(
    summary: SessionSummary?, start: GNSSTime?, end: GNSSTime?, fixCount: Int
  ) throws {
    state = .finished
    updatedAt = Date().timeIntervalSince1970
    (startTime, endTime, self.fixCount) = (start, end, fixCount)
    distance = summary?.distance
    elapsed = summary?.elapsed
    moving = summary?.moving
    calories = summary?.calories
    self.summary = try summary.map(StoredJSON.encode)
    hasFinishedTrack = true
    owner = nil
  }
}

extension SessionRow {
  /// Marks the sessions still recording among `ids` interrupted, as a killed recording is
  /// found: the one write both the recording that cannot finish and the store that finds
  /// its process gone make, so that a session is marked the same whoever marks it.
  static func markInterrupted(_ ids: [Int64], in db: Database) throws {
    try SessionRow.filter(keys: ids)
      .filter(Columns.state == State.recording)
      .updateAll(
        db, Columns.state.set(to: State.interrupted), Columns.wasInterrupted.set(to: true))
  }
}
