import GRDB
import StriderCore

/// One personal record: the best of the whole history for one activity, and the session
/// that set it.
public struct PersonalRecord: Hashable, Sendable {
  /// What is best.
  public enum Kind: Hashable, Sendable {
    /// The best effort for a target (fastest 5 km, farthest 20 minutes).
    case effort(BestEffortTarget)
    /// The longest session by distance.
    case longestDistance
    /// The longest session by moving time.
    case longestMoving
    /// The most elevation gain in one session (where the elevation is trusted).
    case mostElevation

    /// A short name for JSON and CSV: an effort's key (`5km`, `20min`) or the figure's.
    public var key: String {
      switch self {
      case .effort(let target): target.key
      case .longestDistance: "longest_distance"
      case .longestMoving: "longest_moving"
      case .mostElevation: "most_elevation"
      }
    }

    /// Efforts in their targets' order, then the figures.
    func precedes(_ other: Kind) -> Bool {
      switch (self, other) {
      case (.effort(let a), .effort(let b)): a < b
      case (.effort, _): true
      case (_, .effort): false
      default: rank < other.rank
      }
    }

    private var rank: Int {
      switch self {
      case .effort: 0
      case .longestDistance: 1
      case .longestMoving: 2
      case .mostElevation: 3
      }
    }
  }

  public var activity: Activity
  public var kind: Kind
  public var sessionId: Int64
  /// When the session started.
  public var sessionStart: GNSSTime?
  /// The effort, for an effort record.
  public var effort: BestEffort?
  /// What is compared: seconds for a distance effort and for moving time, metres for a
  /// duration effort, a distance and an elevation gain.
  public var value: Double

  public init(
    activity: Activity, kind: Kind, sessionId: Int64, sessionStart: GNSSTime?,
    effort: BestEffort?, value: Double
  ) {
    self.activity = activity
    self.kind = kind
    self.sessionId = sessionId
    self.sessionStart = sessionStart
    self.effort = effort
    self.value = value
  }

  /// Whether this beats `other` of the same kind: less time for a distance effort, more of
  /// everything else.
  public func beats(_ other: PersonalRecord) -> Bool {
    if case .effort(let target) = kind, target.kind == .distance { return value < other.value }
    return value > other.value
  }
}

/// A session left out of the records because one of its efforts over a kilometre or
/// longer is beyond what a person can do in its activity (`HumanLimits`): misread as a
/// whole (a ride kept as a run), so none of its efforts or figures count.
public struct MisreadSession: Hashable, Sendable {
  public var sessionId: Int64
  public var activity: Activity
  public var sessionStart: GNSSTime?
  /// The shortest of its sustained efforts no person has made.
  public var effort: BestEffort
  /// Every sustained effort of the session.
  public var sustained: [BestEffort]

  /// What the session more likely was: a run or a ride where a person could have made all
  /// its sustained efforts so, else a drive.
  public var likelyActivity: Activity {
    [Activity.run, .ride].first { other in
      other != activity && sustained.allSatisfy { HumanLimits.allows($0, activity: other) }
    } ?? .drive
  }
}

/// The personal records, and the sessions left out of them (`MisreadSession`).
public struct RecordBook: Hashable, Sendable {
  public var records: [PersonalRecord]
  public var leftOut: [MisreadSession]
}

/// A record a session set: the new one and the one it beat.
public struct NewRecord: Hashable, Sendable {
  public var record: PersonalRecord
  public var previous: PersonalRecord
}

extension SessionStore {
  /// The personal records of every activity (or of `activities`), from the figures kept
  /// per session: for each, the first session to reach the best figure.
  public func personalRecords(
    activities: [Activity] = [], includingSimulated: Bool = true
  ) throws(StoreError) -> [PersonalRecord] {
    try recordBook(activities: activities, includingSimulated: includingSimulated).records
  }

  /// The personal records as `personalRecords` gives them, and the sessions left out
  /// because one of their sustained efforts is beyond what a person can do in their
  /// activity, oldest first: one read for both.
  public func recordBook(
    activities: [Activity] = [], includingSimulated: Bool = true
  ) throws(StoreError) -> RecordBook {
    try guarded {
      try pool.read { db in
        try self.requireHistoryFigures(db)
        let candidates = try Self.recordCandidates(
          db, activities: activities, includingSimulated: includingSimulated)
        return RecordBook(records: Self.best(of: candidates.records), leftOut: candidates.misread)
      }
    }
  }

  /// The records session `id` sets against every other session of its activity: only
  /// those it beats (a first effort for a target, with nothing to beat, is no record).
  public func newRecords(of id: Int64) throws(StoreError) -> [NewRecord] {
    try guarded {
      try pool.read { db in
        try self.requireHistoryFigures(db)
        guard
          let activity = try Activity.fetchOne(
            db, sql: "SELECT activity FROM session WHERE id = ?", arguments: [id])
        else { return [] }
        let candidates = try Self.recordCandidates(
          db, activities: [activity], includingSimulated: true
        ).records
        let previous = Self.best(of: candidates.filter { $0.sessionId != id })
        let mine = candidates.filter { $0.sessionId == id }
        return mine.compactMap { record in
          guard let before = previous.first(where: { $0.kind == record.kind }),
            record.beats(before)
          else { return nil }
          return NewRecord(record: record, previous: before)
        }
      }
    }
  }

  /// A session's best efforts, in the targets' order (none for a session not searched).
  public func bestEfforts(of id: Int64) throws(StoreError) -> [BestEffort] {
    try guarded {
      try pool.read { db in
        try self.requireHistoryFigures(db)
        return try BestEffortRow.filter(BestEffortRow.Columns.sessionId == id).fetchAll(db)
          .map(\.effort).sorted { $0.target < $1.target }
      }
    }
  }

  /// The best of `candidates` per activity and kind; the earlier session keeps a tie.
  ///
  /// Keyed by value, not by a name made for each candidate: a ten-year history has some
  /// 17,000 efforts, and a string built for each took most of `records`' time.
  static func best(of candidates: [PersonalRecord]) -> [PersonalRecord] {
    struct Key: Hashable {
      var activity: Activity
      var kind: PersonalRecord.Kind
    }
    var best: [Key: PersonalRecord] = [:]
    for candidate in candidates {
      let key = Key(activity: candidate.activity, kind: candidate.kind)
      if let held = best[key] {
        if candidate.beats(held) { best[key] = candidate }
      } else {
        best[key] = candidate
      }
    }
    return best.values.sorted {
      $0.activity != $1.activity
        ? $0.activity.rawValue < $1.activity.rawValue : $0.kind.precedes($1.kind)
    }
  }

  /// Every finished session's efforts and figures as candidate records, oldest first, and
  /// the sessions left out: a session with an effort beyond what a person can do
  /// (`HumanLimits`) gives none.
  static func recordCandidates(
    _ db: Database, activities: [Activity], includingSimulated: Bool
  ) throws -> (records: [PersonalRecord], misread: [MisreadSession]) {
    var conditions = ["s.state = 'finished'"]
    var arguments: [any DatabaseValueConvertible] = []
    if !activities.isEmpty {
      conditions.append(
        "s.activity IN (\(Array(repeating: "?", count: activities.count).joined(separator: ", ")))"
      )
      arguments += activities.map(\.rawValue)
    }
    if !includingSimulated { conditions.append("s.origin <> 'simulated'") }
    // A drive's longest distance or time is no record, however it was kept (imported with
    // `--activity drive`, or from a GPX that says so, it is not flagged).
    let notExercise = Activity.allCases.filter { !$0.isExercise }.map(\.rawValue)
    if !notExercise.isEmpty {
      conditions.append(
        "s.activity NOT IN (\(Array(repeating: "?", count: notExercise.count).joined(separator: ", ")))"
      )
      arguments += notExercise
    }
    if try HistoryFigures.hasMultisportFlag(db) {
      conditions.append(
        "NOT EXISTS (SELECT 1 FROM sessionFigures m WHERE m.sessionId = s.id AND m.multisport)")
    }
    let filter = conditions.joined(separator: " AND ")
    var out: [PersonalRecord] = []
    var misread: [Int64: MisreadSession] = [:]
    let efforts = try Row.fetchCursor(
      db,
      sql: """
        SELECT s.id, s.activity, s.startTime, b.kind, b.target, b.startTime, b.endTime,
          b.startDistance, b.distance
        FROM bestEffort b JOIN session s ON s.id = b.sessionId
        WHERE \(filter)
        ORDER BY s.startTime, s.id
        """, arguments: StatementArguments(arguments))
    // Columns are read as plain numbers and text (GRDB's direct path): decoding each as
    // its own type went through generic metadata per value, most of `records`' time on a
    // ten-year history. A row of an activity or kind this Strider does not know is skipped.
    while let row = try efforts.next() {
      guard let activity = Activity(rawValue: row[1] as String),
        let kind = BestEffortTarget.Kind(rawValue: row[3] as String)
      else { continue }
      let start = row.hasNull(atIndex: 2) ? nil : GNSSTime(secondsSince1970: row[2] as Double)
      let effort = BestEffort(
        target: BestEffortTarget(kind: kind, value: row[4] as Double),
        start: GNSSTime(secondsSince1970: row[5] as Double),
        end: GNSSTime(secondsSince1970: row[6] as Double),
        startDistance: Meters(row[7] as Double), distance: Meters(row[8] as Double))
      // An effort no person has made is no record. Sustained over a kilometre or longer,
      // the session is misread as a whole and none of its efforts or figures are (a ride
      // kept as a run is beyond the world records over some distances and just short of
      // them over others); over a shorter one it is a jump the gate let through.
      let id = row[0] as Int64
      guard HumanLimits.allows(effort, activity: activity) else {
        if effort.target.isSustained {
          if var session = misread[id] {
            if effort.target < session.effort.target { session.effort = effort }
            session.sustained.append(effort)
            misread[id] = session
          } else {
            misread[id] = MisreadSession(
              sessionId: id, activity: activity, sessionStart: start, effort: effort,
              sustained: [effort])
          }
        }
        continue
      }
      out.append(
        PersonalRecord(
          activity: activity, kind: .effort(effort.target), sessionId: id,
          sessionStart: start, effort: effort, value: effort.value))
    }
    let sessions = try Row.fetchCursor(
      db,
      sql: """
        SELECT s.id, s.activity, s.startTime, s.distance, s.moving, f.elevationGain
        FROM session s JOIN sessionFigures f ON f.sessionId = s.id
        WHERE \(filter)
        ORDER BY s.startTime, s.id
        """, arguments: StatementArguments(arguments))
    // A misread session's efforts within a person's reach are none of the records either,
    // but say what it more likely was.
    for candidate in out {
      if let effort = candidate.effort, effort.target.isSustained {
        misread[candidate.sessionId]?.sustained.append(effort)
      }
    }
    out.removeAll { misread[$0.sessionId] != nil }
    while let row = try sessions.next() {
      guard misread[row[0] as Int64] == nil else { continue }
      let figures: [(PersonalRecord.Kind, Double?)] = [
        (.longestDistance, row[3]), (.longestMoving, row[4]), (.mostElevation, row[5]),
      ]
      for (kind, value) in figures {
        guard let value, value > 0 else { continue }
        out.append(
          PersonalRecord(
            activity: row[1], kind: kind, sessionId: row[0], sessionStart: row[2], effort: nil,
            value: value))
      }
    }
    let left = misread.values.sorted {
      ($0.sessionStart?.secondsSince1970 ?? 0, $0.sessionId)
        < ($1.sessionStart?.secondsSince1970 ?? 0, $1.sessionId)
    }
    return (out, left)
  }
}
