import GRDB
import StriderCore

/// Which of a session's kept points to read.
public enum StoredPoints: Hashable, Sendable, CaseIterable {
  /// Every fix as it arrived, with its verdict.
  case fixes
  /// The fixes the gate accepted.
  case acceptedFixes
  /// The finished track (the live track for a session finished without one).
  case finishedTrack
  /// The finished track reduced for drawing.
  case displayTrack
}

/// One point read back: a fix as it arrived, or a point of a filtered track.
public enum StoredPoint: Hashable, Sendable {
  /// A fix, with its verdict (nil while the session is unfinished).
  case fix(Fix, verdict: Verdict?)
  case track(TrackPoint)
}

/// Reading a session for an export a row at a time, so a session of any length is written
/// in the memory of one row (`sessions export` of a 1M-fix session held all of it, twice).
extension SessionStore {
  /// The session with its name, activity, state and summary but none of its points: what
  /// an export's header needs.
  public func recordWithoutPoints(_ id: Int64) throws(StoreError) -> SessionRecord {
    try guarded {
      try pool.read { db in
        let row = try SessionRow.visible(id, db)
        let listing = try row.listing()
        return SessionRecord(
          id: id, name: listing.name, activity: listing.activity, origin: listing.origin,
          state: listing.state, summary: try row.decodedSummary())
      }
    }
  }

  /// Calls `body` with each of the session's `points`, in order, read from a cursor.
  public func forEachStoredPoint(
    of id: Int64, _ points: StoredPoints, _ body: (StoredPoint) -> Void
  ) throws(StoreError) {
    try guarded {
      try pool.read { db in
        switch points {
        case .fixes, .acceptedFixes:
          let request = points == .fixes ? FixRow.of(id) : FixRow.accepted(of: id)
          let cursor = try request.fetchCursor(db)
          while let row = try cursor.next() { body(.fix(row.fix, verdict: row.verdict)) }
        case .finishedTrack:
          guard try FinishedPointRow.exists(of: id, db) else {
            return try Self.forEach(LiveTrackPointRow.self, id, db, body)
          }
          let cursor = try FinishedPointRow.of(id).fetchCursor(db)
          while let row = try cursor.next() {
            let p = row.point
            body(
              .track(
                TrackPoint(
                  time: p.time, coordinate: p.coordinate, altitude: p.altitude, speed: p.speed,
                  segment: p.segment)))
          }
        case .displayTrack:
          try Self.forEach(DisplayPointRow.self, id, db, body)
        }
      }
    }
  }

  private static func forEach<Row: TrackPointRecord>(
    _ table: Row.Type, _ id: Int64, _ db: Database, _ body: (StoredPoint) -> Void
  ) throws {
    let cursor = try Row.of(id).fetchCursor(db)
    while let row = try cursor.next() { body(.track(row.point)) }
  }
}

/// What a streamed TCX, CSV or JSON export reads besides the rows: the events, the times
/// the export's head names, the finished track as an odometer, or whole where the stops
/// and moves are drawn from it.
extension SessionStore {
  /// The session's events, in order (a few per kilometre: held whole).
  public func events(of id: Int64) throws(StoreError) -> [SessionEvent] {
    try guarded { try pool.read { db in try EventRow.of(id).fetchAll(db).map { try $0.event() } } }
  }

  /// The first fix time that is a representable instant, as `SessionRecord.startTime`
  /// falls back on (read until found), and the latest time of any fix.
  public func fixTimes(of id: Int64) throws(StoreError) -> (first: GNSSTime?, latest: GNSSTime?) {
    try guarded {
      try pool.read { db in
        var first: GNSSTime?
        let cursor = try FixRow.of(id).fetchCursor(db)
        while first == nil, let row = try cursor.next() {
          if let t = row.fix.time, t.isRepresentable { first = t }
        }
        let latest = try Double.fetchOne(
          db, FixRow.filter(SessionChildColumns.sessionId == id).select(max(FixRow.Columns.time)))
        return (first, latest.map(GNSSTime.init(secondsSince1970:)))
      }
    }
  }

  /// The finished track's times, distances and segments (`FinishedTrack.Odometer`): empty
  /// when the session has no finished track.
  public func odometer(of id: Int64) throws(StoreError) -> FinishedTrack.Odometer {
    try guarded {
      try pool.read { db in
        let count = try FinishedPointRow.filter(SessionChildColumns.sessionId == id).fetchCount(db)
        var odometer = FinishedTrack.Odometer(capacity: count)
        let request = FinishedPointRow.of(id).select(
          FinishedPointRow.Columns.time, FinishedPointRow.Columns.distance,
          FinishedPointRow.Columns.segment)
        let rows = try Row.fetchCursor(db, request)
        while let row = try rows.next() {
          odometer.append(
            time: GNSSTime(secondsSince1970: try row.decode(atIndex: 0)),
            distance: Meters(try row.decode(atIndex: 1)), segment: try row.decode(atIndex: 2))
        }
        return odometer
      }
    }
  }

  /// The finished track as the stops and moves read it (`Timeline`): its times held (8
  /// bytes a point), its points read a run at a time. Nil when its rows are not numbered
  /// by their place (the runs are read by number), which a Strider never writes.
  public func timelineTrack(of id: Int64) throws(StoreError) -> StoredTimelineTrack? {
    try guarded {
      try pool.read { db in
        let count = try FinishedPointRow.filter(SessionChildColumns.sessionId == id).fetchCount(db)
        var times: [Double] = []
        times.reserveCapacity(count)
        let request = FinishedPointRow.of(id).select(
          FinishedPointRow.Columns.seq, FinishedPointRow.Columns.time)
        let rows = try Row.fetchCursor(db, request)
        while let row = try rows.next() {
          guard try row.decode(Int.self, atIndex: 0) == times.count else { return nil }
          times.append(try row.decode(atIndex: 1))
        }
        return StoredTimelineTrack(store: self, id: id, times: times)
      }
    }
  }

  /// Calls `body` with each point of the finished track, in order (none without one).
  public func forEachFinishedPoint(
    of id: Int64, _ body: (FinishedTrack.Point) -> Void
  ) throws(StoreError) {
    try guarded {
      try pool.read { db in
        let cursor = try FinishedPointRow.of(id).fetchCursor(db)
        while let row = try cursor.next() { body(row.point) }
      }
    }
  }
}

/// A session's finished track in the database, as `Timeline` reads it: the times in
/// memory, the points of a run read when asked for.
public struct StoredTimelineTrack: TimelineTrack {
  let store: SessionStore
  let id: Int64
  let times: [Double]

  public var count: Int { times.count }

  public func time(at index: Int) -> GNSSTime { GNSSTime(secondsSince1970: times[index]) }

  public func forEachPoint(
    in range: Range<Int>, _ body: (FinishedTrack.Point) -> Void
  ) throws(StoreError) {
    guard !range.isEmpty else { return }
    let id = id
    try store.guarded {
      try store.pool.read { db in
        let seq = FinishedPointRow.Columns.seq
        let cursor = try FinishedPointRow.of(id)
          .filter(seq >= range.lowerBound && seq < range.upperBound).fetchCursor(db)
        while let row = try cursor.next() { body(row.point) }
      }
    }
  }
}
