import Foundation
import GRDB
import StriderCore

/// A session kept and measured, without its fixes and tracks (an import, or a session
/// measured again, never holds them all).
public struct FinishedSession: Hashable, Sendable {
  public var id: Int64
  public var activity: Activity
  public var fixCount: Int
  public var summary: SessionSummary?
}

/// What a streamed import did.
public enum StreamedImportOutcome: Sendable {
  case imported(FinishedSession)
  /// The same fixes (times and positions, in order: `FixStreamDigest`) were imported
  /// before as this session, under whatever name, compression or line ends.
  case alreadyImported(Int64)
  /// Other fixes of the same outing are kept as this session (recorded or imported): it began within
  /// `SessionStore.sameOutingStart` of these fixes and ended within `sameOutingEnd` of them
  /// (a ride's GPX and its bike computer's FIT, a watch's file of a run recorded live).
  case sameOuting(Int64)
  /// No fix with a position was accepted (a receiver log that never got a fix, `fixCount`
  /// records): not kept, since a 0 km session helps no one's history.
  case nothingAccepted(fixCount: Int)
  /// The fixes stood for longer than `SessionStore.neverMovedAfter` and covered less than
  /// `Pace.shortestMeasured`: a receiver left logging on a desk or a windowsill, not an
  /// outing; not kept, for the same reason.
  case neverMoved(elapsed: Seconds, distance: Meters)
}

extension SessionStore {
  /// Keeps fixes read one at a time (from a file) as a finished session, computed with
  /// `configuration` as `SessionRecorder.record` does, without holding them all: they go
  /// through the engine and into the database in batches of `batchRows`, each its own
  /// transaction, so readers, recorders and other writers interleave with a long import.
  /// Until the last batch the session is `importing` and not shown; if the import fails
  /// or its process dies, what it wrote is taken away.
  ///
  /// `laps` is asked once every fix is read: the laps the file recorded, kept as the
  /// session's laps (in the summary, and as lap marks a replay presses again).
  ///
  /// Throws what `next` throws, or a `StoreError`.
  ///
  /// Unless `keepsSameOuting`, fixes whose first and last times are those of a stored
  /// session (`sameOuting`) are not kept: counted twice, one ride made two in the totals;
  /// unless `keepsEmpty`, fixes of which none with a position was accepted
  /// (`nothingAccepted`), or that never moved (`neverMoved`), are not kept either. None of
  /// these uses up a session number.
  public func importSession<E: Error>(
    reading next: () throws(E) -> Fix?, laps: () -> RecordedLaps? = { nil }, name: String?,
    configuration: SessionConfiguration, source: String?, keepsSameOuting: Bool = true,
    keepsEmpty: Bool = true
  ) throws -> StreamedImportOutcome {
    let owner = ProcessIdentity.current
    let id = try patientWrite { db in
      try Self.insertSession(
        db, name: name, activity: configuration.activity, origin: .imported, state: .importing,
        configuration: configuration, source: source, owner: owner)
    }
    var writer = ImportWriter(store: self, id: id, configuration: configuration)
    defer { writer.stopWriting() }
    do {
      var digest = FixStreamDigest()
      while let fix = try next() {
        digest.add(fix)
        try writer.add(fix)
      }
      let recorded = laps()
      let done = try writer.complete(laps: recorded)
      let content = digest.finalize(nameIfEmpty: name)
      if let existing = try importedSession(digest: content, fixCount: digest.count) {
        try removeSession(id, waiting: nil, givingItsNumberBack: true)
        return .alreadyImported(existing)
      }
      if !keepsEmpty, done.summary.pointsAccepted == 0 {
        try removeSession(id, waiting: nil, givingItsNumberBack: true)
        return .nothingAccepted(fixCount: done.fixCount)
      }
      if !keepsEmpty, done.summary.distance < Pace.shortestMeasured,
        done.summary.elapsed >= Self.neverMovedAfter
      {
        try removeSession(id, waiting: nil, givingItsNumberBack: true)
        return .neverMoved(elapsed: done.summary.elapsed, distance: done.summary.distance)
      }
      if !keepsSameOuting, let start = done.start, let end = done.end,
        let other = try sessionOfTheSameOuting(start: start, end: end, besides: id)
      {
        try removeSession(id, waiting: nil, givingItsNumberBack: true)
        return .sameOuting(other)
      }
      let figures = SessionFigures(summary: done.summary, efforts: writer.efforts)
      // Checked again in the transaction that makes the session visible: two imports of
      // one file at once keep it once.
      let existing: Int64? = try patientWrite { db in
        if let existing = try Self.importedSession(digest: content, db) { return existing }
        // Another Strider that found this process gone takes its import away (see
        // `markAbandonedSessions`): then nothing is made visible, and the user is told.
        guard var row = try SessionRow.fetchOne(db, key: id), row.state == .importing,
          row.owner == owner
        else { throw StoreError.importTakenAway(path: location.path) }
        try row.finish(
          summary: done.summary, start: done.start, end: done.end, fixCount: done.fixCount)
        row.contentDigest = content
        try row.update(db)
        try HistoryFigures.keep(figures, of: id, db)
        try HeartRateFigures.keep(writer.heartRateTime, of: id, db)
        if done.summary.laps != nil, let recorded, let end = done.summary.end?.time {
          for (seq, mark) in recorded.kept(end: end).enumerated() {
            try LapRow(sessionId: id, seq: seq, mark: mark).insert(db)
          }
        }
        return nil
      }
      if let existing {
        try removeSession(id, waiting: nil, givingItsNumberBack: true)
        return .alreadyImported(existing)
      }
      return .imported(
        FinishedSession(
          id: id, activity: configuration.activity, fixCount: done.fixCount,
          summary: done.summary))
    } catch {
      // Nothing is written behind the back of what follows.
      writer.stopWriting()
      // A batch written after another Strider took the import away fails on the session
      // row it deleted; the user is told what happened, not which constraint failed.
      let ours = try? pool.read { db in
        try SessionRow.fetchOne(db, key: id).map { $0.state == .importing && $0.owner == owner }
          ?? false
      }
      if ours == false { throw StoreError.importTakenAway(path: location.path) }
      try? removeSession(id, waiting: nil, givingItsNumberBack: true)
      throw error
    }
  }

  /// Deletes a session's rows a batch at a time, then the session. Each batch waits for
  /// the write lock up to `waiting` (as long as `lockPatience` when nil).
  ///
  /// `givingItsNumberBack`: the session was an import never shown (refused, or failed), so
  /// its number goes to the next session when none was made since: a refused import does
  /// not leave a gap in the numbers. A session that was ever shown keeps its number from
  /// ever being given again (its recording journal must not find a new session).
  func removeSession(
    _ id: Int64, waiting: Duration?, givingItsNumberBack: Bool = false
  ) throws(StoreError) {
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
      guard let waiting else { return try patientWrite(body) }
      guard let result = try attemptWrite(waiting: waiting, body) else {
        throw StoreError.locked(path: location.path)
      }
      return result
    }
    let children: [any SessionChildRecord.Type] = [
      FixRow.self, LiveTrackPointRow.self, FinishedPointRow.self, DisplayPointRow.self,
      EventRow.self,
    ]
    for child in children {
      while try write({ db in try child.deleteFirst(Self.batchRows, of: id, db) }) > 0 {}
    }
    // Only a session on its way out: one finished meanwhile is never taken away here.
    _ = try write { db in
      let removed = try SessionRow.filter(key: id)
        .filter([SessionRow.State.importing, .deleting].contains(SessionRow.Columns.state))
        .deleteAll(db)
      if givingItsNumberBack, removed > 0 {
        try db.execute(
          sql: """
            UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(id), 0) FROM session)
            WHERE name = 'session' AND seq = ?
            """, arguments: [id])
      }
    }
    _ = try reclaimFreePages(waiting: waiting ?? .seconds(1))
  }
}

extension SessionStore {
  /// A file whose fixes cover less than `Pace.shortestMeasured` over this long never moved
  /// (`StreamedImportOutcome.neverMoved`). Shorter ones are kept: a test file, a few fixes
  /// a user wants to look at.
  public static let neverMovedAfter = Seconds(60)

  /// Two files of one outing start within this of each other: receivers and watches begin
  /// recording a few seconds apart, and a logger may wait for its first fix.
  public static let sameOutingStart = Seconds(60)
  /// ... and end within this: one device is stopped a little after the other.
  public static let sameOutingEnd = Seconds(300)
  /// ... and their tracks begin and end within this of each other: two people who set off
  /// together but went different ways are two outings.
  public static let sameOutingPlace = Meters(500)

  /// A session the history shows (other than `id`, and not a simulated one: a demo is no
  /// outing, whatever its clock says) that began within `sameOutingStart` of
  /// `start` and ended within `sameOutingEnd` of `end`, its track beginning and ending
  /// within `sameOutingPlace` of session `id`'s, the oldest such.
  func sessionOfTheSameOuting(
    start: GNSSTime, end: GNSSTime, besides id: Int64
  ) throws(StoreError) -> Int64? {
    let candidates = try guarded {
      try pool.read { db in
        try Int64.fetchAll(
          db,
          SessionRow.filter(SessionRow.visible)
            .filter(SessionRow.Columns.id != id)
            .filter(SessionRow.Columns.origin != SessionOrigin.simulated)
            .filter(
              SessionRow.Columns.startTime >= start - Self.sameOutingStart
                && SessionRow.Columns.startTime <= start + Self.sameOutingStart
            )
            .filter(
              SessionRow.Columns.endTime >= end - Self.sameOutingEnd
                && SessionRow.Columns.endTime <= end + Self.sameOutingEnd
            )
            .order(SessionRow.Columns.id)
            .select(SessionRow.Columns.id))
      }
    }
    guard !candidates.isEmpty else { return nil }
    let ours = try ends(of: id)
    func near(_ a: Coordinate?, _ b: Coordinate?) -> Bool {
      guard let a, let b else { return false }
      return Geodesy.distanceMeters(a, b) <= Self.sameOutingPlace.value
    }
    for candidate in candidates {
      let theirs = try ends(of: candidate)
      if near(ours.first, theirs.first), near(ours.last, theirs.last) { return candidate }
    }
    return nil
  }
}
