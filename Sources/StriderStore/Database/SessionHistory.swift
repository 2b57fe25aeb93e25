import GRDB
import StriderConcurrency
import StriderCore

/// Reading the history: the sessions listed, and each one whole.
extension SessionStore {
  /// Marks as interrupted every session whose recording process has died; returns them.
  /// Any command that opens the store calls this, so a `kill -9` is found on the next start.
  ///
  /// First the journals of dead recorders are committed, so a recorder killed while
  /// another process held the lock loses nothing; imports and deletes whose process died
  /// are taken away (a half-done import is never a session). It writes only when something
  /// is found, and a write lock held elsewhere puts the work off to the next command
  /// rather than fail it: listing the history never waits for a writer. A full disk puts
  /// it off too: what is kept can still be listed, shown and exported with no room left.
  public func markAbandonedSessions() throws(StoreError) -> [Int64] {
    if isReadOnly { return [] }
    do {
      return try markAbandonedSessionsNow()
    } catch .diskFull {
      return []
    }
  }

  private func markAbandonedSessionsNow() throws(StoreError) -> [Int64] {
    try replayJournals()
    let owned = try guarded {
      try pool.read { db in
        let owned: [SessionRow.State] = [.recording, .importing, .deleting]
        return try SessionRow.filter(owned.contains(SessionRow.Columns.state)).fetchAll(db)
      }
    }
    var abandoned: [Int64] = []
    var doomed: [SessionRow] = []
    for row in owned where !(row.owner?.isAlive ?? false) {
      guard let id = row.id else { continue }
      if row.state == .recording { abandoned.append(id) } else { doomed.append(row) }
    }
    for row in doomed where (try? claimAbandoned(row)) == true {
      guard let id = row.id else { continue }
      try? removeSession(id, waiting: .milliseconds(100))
    }
    guard !abandoned.isEmpty else { return [] }
    let marked = try attemptWrite(waiting: .milliseconds(100)) { db in
      try SessionRow.markInterrupted(abandoned, in: db)
      return true
    }
    return marked == true ? abandoned : []
  }

  /// Makes an import or delete whose process was found gone this process's delete, in one
  /// write and only if the row is still as it was read: the read above holds no lock, and a
  /// process found gone there may have been slow, not dead, and finished its import since.
  /// Whether the session is now this process's to take away.
  private func claimAbandoned(_ row: SessionRow) throws(StoreError) -> Bool {
    guard let id = row.id else { return false }
    let me = ProcessIdentity.current
    let claimed = try attemptWrite(waiting: .milliseconds(100)) { db in
      try SessionRow.filter(key: id)
        .filter(SessionRow.Columns.state == row.state)
        .filter(SessionRow.Columns.ownerPid == row.ownerPid)
        .filter(SessionRow.Columns.ownerStart == row.ownerStart)
        .updateAll(
          db, SessionRow.Columns.state.set(to: SessionRow.State.deleting),
          SessionRow.Columns.ownerPid.set(to: Int64(me.pid)),
          SessionRow.Columns.ownerStart.set(to: me.startTicks)) > 0
    }
    return claimed == true
  }

  /// Every session, oldest first; demos only when asked for.
  public func sessions(includingSimulated: Bool = true) throws(StoreError) -> [SessionListing] {
    try guarded {
      try pool.read { db in
        var request = SessionRow.filter(SessionRow.visible)
        if !includingSimulated {
          request = request.filter(SessionRow.Columns.origin != SessionOrigin.simulated)
        }
        return try request.order(
          (SessionRow.Columns.startTime ?? SessionRow.Columns.createdAt), SessionRow.Columns.id
        ).fetchAll(db).map { try $0.listing() }
      }
    }
  }

  public func listing(_ id: Int64) throws(StoreError) -> SessionListing {
    try guarded { try pool.read { db in try SessionRow.visible(id, db).listing() } }
  }

  /// The settings the session was recorded with, so a replay reproduces its numbers.
  /// The laps pressed in a session, for a replay to press again where they were pressed;
  /// the mark a recording keeps at its end (the last lap's intensity) is not a press.
  public func lapPresses(of id: Int64) throws(StoreError) -> [LapMark] {
    try guarded {
      try pool.read { db in
        let marks = try LapRow.marks(of: id, db)
        let end = try SessionRow.visible(id, db).decodedSummary()?.end?.time
        guard let last = marks.last, let end, last.time >= end else { return marks }
        return Array(marks.dropLast())
      }
    }
  }

  public func configuration(of id: Int64) throws(StoreError) -> SessionConfiguration {
    try guarded { try pool.read { db in try Self.configuration(of: id, db) } }
  }

  static func configuration(of id: Int64, _ db: Database) throws -> SessionConfiguration {
    guard
      let text = try String.fetchOne(
        db, SessionRow.filter(key: id).select(SessionRow.Columns.configuration))
    else { throw StoreError.noSuchSession(id) }
    return try StoredSettings.decode(text)
  }

  /// Every fix as it arrived, with the gate's verdict (nil while the session is unfinished).
  public func fixes(of id: Int64) throws(StoreError) -> [(fix: Fix, verdict: Verdict?)] {
    try guarded { try pool.read { db in try Self.fixes(of: id, db) } }
  }

  static func fixes(of id: Int64, _ db: Database) throws -> [(fix: Fix, verdict: Verdict?)] {
    var out: [(fix: Fix, verdict: Verdict?)] = []
    try FixRow.forEach(of: id, db) { out.append(($0.fix, $0.verdict)) }
    return out
  }

  /// The reduced track kept for drawing and export.
  public func displayTrack(of id: Int64) throws(StoreError) -> [TrackPoint] {
    try guarded { try pool.read { db in try DisplayPointRow.points(of: id, db) } }
  }

  /// The whole session: fixes with verdicts, tracks, events and summary.
  ///
  /// A session finished before the finished track was kept (an older Strider) is finished
  /// again from its fixes first, so that everything read from it derives from one track;
  /// when another process holds the database locked, that happens in memory only.
  public func record(_ id: Int64) throws(StoreError) -> SessionRecord {
    if try needsFinishedTrack(id) {
      if !isReadOnly {
        try finish(id)
        return try storedRecord(id)
      }
      var record = try storedRecord(id)
      let configuration = try configuration(of: id)
      let again = SessionRecorder.record(
        fixes: record.fixes.map(\.fix), configuration: configuration,
        keepsToldSplits: record.origin != .imported, parallelism: Threads())
      (record.fixes, record.track, record.events) = (again.fixes, again.track, again.events)
      (record.summary, record.finishedTrack) = (again.summary, again.finishedTrack)
      return record
    }
    return try storedRecord(id)
  }

  /// Whether a finished session lacks its finished track (stored by an older Strider).
  public func needsFinishedTrack(_ id: Int64) throws(StoreError) -> Bool {
    try guarded {
      try pool.read { db in
        guard let row = try SessionRow.fetchOne(db, key: id) else { return false }
        return row.state == .finished && !row.hasFinishedTrack
      }
    }
  }

  func storedRecord(_ id: Int64) throws(StoreError) -> SessionRecord {
    try guarded {
      try pool.read { db in
        let row = try SessionRow.visible(id, db)
        let listing = try row.listing()
        let fixes = try Self.fixes(of: id, db).map {
          JudgedFix(fix: $0.fix, verdict: $0.verdict ?? .accepted)
        }
        let events = try EventRow.of(id).fetchAll(db).map { try $0.event() }
        var finished: [FinishedTrack.Point] = []
        try FinishedPointRow.forEach(of: id, db) { finished.append($0) }
        return SessionRecord(
          id: id, name: listing.name, activity: listing.activity, origin: listing.origin,
          state: listing.state, fixes: fixes, track: try LiveTrackPointRow.points(of: id, db),
          events: events, summary: try row.decodedSummary(),
          finishedTrack: FinishedTrack(points: finished))
      }
    }
  }

  /// Checks the whole file, as `PRAGMA integrity_check` does; nil when it is sound.
  public func integrityProblems() throws(StoreError) -> String? {
    try guarded {
      try pool.read { db in
        let result = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        return result == ["ok"] ? nil : result.joined(separator: "; ")
      }
    }
  }
}
