import GRDB
import StriderCore
import StriderFormats

/// Reading a session for an export a row at a time, so a session of any length is written
/// in the memory of one row (`sessions export` of a 1M-fix session held all of it, twice).
extension SessionStore {
  /// The session with its name, activity, state and summary but none of its points: what
  /// an export's header needs.
  public func recordWithoutPoints(_ id: Int64) throws(StoreError) -> SessionRecord {
    try guarded {
      try pool.read { db in
        let row = try Self.visibleRow(id, db)
        let listing = Self.listing(row)
        let summary = try (row["summary"] as String?).map {
          try Rows.decode(SessionSummary.self, from: $0)
        }
        return SessionRecord(
          id: id, name: listing.name, activity: listing.activity, origin: listing.origin,
          state: listing.state, summary: summary)
      }
    }
  }

  /// Calls `body` with each point a GPX or TCX export of `points` holds, in order, read
  /// from a cursor: the same points `SessionExport` selects from the whole record.
  public func forEachExportPoint(
    of id: Int64, _ points: ExportPoints, _ body: (Fix, Verdict?) -> Void
  ) throws(StoreError) {
    try guarded {
      try pool.read { db in
        switch points {
        case .raw, .accepted:
          let filter = points == .accepted ? "AND (verdict IS NULL OR verdict = 'accepted')" : ""
          let cursor = try Row.fetchCursor(
            db, sql: "SELECT * FROM fix WHERE sessionId = ? \(filter) ORDER BY seq",
            arguments: [id])
          while let row = try cursor.next() {
            let (fix, verdict) = Rows.fix(row)
            body(fix, points == .raw ? verdict ?? .accepted : nil)
          }
        case .track:
          let finished =
            try Bool.fetchOne(
              db, sql: "SELECT EXISTS (SELECT 1 FROM finishedPoint WHERE sessionId = ?)",
              arguments: [id]) ?? false
          guard finished else { return try Self.forEachPoint("trackPoint", id, db, body) }
          let cursor = try Row.fetchCursor(
            db, sql: "SELECT * FROM finishedPoint WHERE sessionId = ? ORDER BY seq",
            arguments: [id])
          while let row = try cursor.next() {
            let p = Rows.finishedPoint(row)
            let point = TrackPoint(
              time: p.time, coordinate: p.coordinate, altitude: p.altitude, speed: p.speed,
              segment: p.segment)
            body(SessionExport.fix(point), nil)
          }
        case .display:
          try Self.forEachPoint("displayPoint", id, db, body)
        }
      }
    }
  }

  private static func forEachPoint(
    _ table: String, _ id: Int64, _ db: Database, _ body: (Fix, Verdict?) -> Void
  ) throws {
    let cursor = try Row.fetchCursor(
      db, sql: "SELECT * FROM \(table) WHERE sessionId = ? ORDER BY seq", arguments: [id])
    while let row = try cursor.next() { body(SessionExport.fix(Rows.point(row)), nil) }
  }
}
