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

  /// Calls `body` with each point of the session's finished track (with its distance), in
  /// order, read from a cursor; nothing when it has none.
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

  private static func forEach<Row: TrackPointRecord>(
    _ table: Row.Type, _ id: Int64, _ db: Database, _ body: (StoredPoint) -> Void
  ) throws {
    let cursor = try Row.of(id).fetchCursor(db)
    while let row = try cursor.next() { body(.track(row.point)) }
  }
}
