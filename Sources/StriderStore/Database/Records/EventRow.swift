import GRDB
import StriderCore

/// A session event as `event` keeps it: a kind, the time it happened, and its payload as
/// JSON. Fix-by-fix events (verdicts, track points) have tables of their own.
struct EventRow: SessionChildRecord, Codable, Equatable {
  static let databaseTableName = "event"

  var sessionId: Int64
  var seq: Int
  var kind: Kind
  var time: GNSSTime
  var detail: String?

  /// The kinds of event kept; the `event.kind` column holds their raw values.
  enum Kind: String, Codable, CaseIterable, DatabaseValueConvertible {
    case started, paused, resumed, split, cue, signalLost, signalRegained
  }

  enum Columns {
    static let sessionId = SessionChildColumns.sessionId
    static let seq = SessionChildColumns.seq
    static let kind = Column(CodingKeys.kind)
    static let time = Column(CodingKeys.time)
    static let detail = Column(CodingKeys.detail)
  }

  /// The row of an event, or nil for the per-fix events that are not kept here.
  init?(sessionId: Int64, seq: Int, event: SessionEvent) throws {
    let kept: (Kind, GNSSTime, String?)
    switch event {
    case .judged, .point: return nil
    case .started(let point):
      // An untimed file's start has no time; the column (which only orders the events, all
      // untimed alike in such a session) takes the epoch, the payload keeps the truth.
      kept = (.started, point.time ?? GNSSTime(secondsSince1970: 0), try StoredJSON.encode(point))
    case .paused(let at, let since): kept = (.paused, at, try StoredJSON.encode(since))
    case .resumed(let at): kept = (.resumed, at, nil)
    case .split(let split): kept = (.split, split.endTime, try StoredJSON.encode(split))
    case .cue(let cue): kept = (.cue, cue.time, try StoredJSON.encode(cue))
    case .signalLost(let at): kept = (.signalLost, at, nil)
    case .signalRegained(let at): kept = (.signalRegained, at, nil)
    }
    self.sessionId = sessionId
    self.seq = seq
    (kind, time, detail) = kept
  }

  /// The event the row keeps; a payload that does not decode is an error, not a default.
  func event() throws -> SessionEvent {
    switch kind {
    case .started: .started(try StoredJSON.decode(TrackPoint.self, from: payload()))
    case .paused: .paused(at: time, since: try StoredJSON.decode(GNSSTime.self, from: payload()))
    case .resumed: .resumed(at: time)
    case .split: .split(try StoredJSON.decode(Split.self, from: payload()))
    case .cue: .cue(try StoredJSON.decode(Cue.self, from: payload()))
    case .signalLost: .signalLost(at: time)
    case .signalRegained: .signalRegained(at: time)
    }
  }

  /// The JSON payload; a kind that needs one and has none fails to decode, as JSON would.
  private func payload() -> String { detail ?? "" }

  /// The rows of the events that belong in this table, numbered from `first`.
  static func rows(
    _ events: [SessionEvent], of session: Int64, from first: Int = 0
  ) throws -> [EventRow] {
    var rows: [EventRow] = []
    for event in events {
      if let row = try EventRow(sessionId: session, seq: first + rows.count, event: event) {
        rows.append(row)
      }
    }
    return rows
  }

  /// Keeps the events that belong in this table, numbered from `first`; how many were
  /// kept.
  @discardableResult
  static func insert(
    _ events: [SessionEvent], of session: Int64, from first: Int = 0, _ db: Database
  ) throws -> Int {
    let rows = try rows(events, of: session, from: first)
    for row in rows { try row.insert(db) }
    return rows.count
  }
}
