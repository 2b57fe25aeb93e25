import GRDB
import StriderConcurrency
import StriderCore

/// Keeping sessions: saved whole, finished from their fixes, deleted, started.
extension SessionStore {
  /// Keeps a session computed elsewhere (an import): everything in one transaction.
  @discardableResult
  public func save(
    _ record: SessionRecord, configuration: SessionConfiguration, source: String?
  ) throws(StoreError) -> Int64 {
    try guarded {
      try pool.write { db in
        try Self.insert(record, configuration: configuration, source: source, db)
      }
    }
  }

  static func insert(
    _ record: SessionRecord, configuration: SessionConfiguration, source: String?,
    _ db: Database
  ) throws -> Int64 {
    let id = try insertSession(
      db, name: record.name, activity: record.activity, origin: record.origin,
      state: .recording, configuration: configuration, source: source, owner: nil)
    try FixRow.insert(
      record.fixes.enumerated().lazy.map {
        FixRow(sessionId: id, seq: $0, fix: $1.fix, verdict: $1.verdict)
      }, db)
    try writeFinished(db, id: id, record: record)
    return id
  }

  static func insertSession(
    _ db: Database, name: String?, activity: Activity, origin: SessionOrigin,
    state: SessionRow.State, configuration: SessionConfiguration, source: String?,
    owner: ProcessIdentity?
  ) throws -> Int64 {
    var row = try SessionRow(
      name: name, activity: activity, origin: origin, state: state,
      configuration: configuration, source: source, owner: owner)
    try row.insert(db)
    return db.lastInsertedRowID
  }

  /// Writes what finishing computed: the live track, the finished track, the display track
  /// (reduced from the finished one), the events and the summary; the state becomes
  /// finished.
  static func writeFinished(_ db: Database, id: Int64, record: SessionRecord) throws {
    for child: any SessionChildRecord.Type in [
      LiveTrackPointRow.self, DisplayPointRow.self, FinishedPointRow.self, EventRow.self,
    ] {
      try child.deleteAll(of: id, db)
    }
    try LiveTrackPointRow.insert(record.track, of: id, db)
    try DisplayPointRow.insert(DisplayTrack.reduce(record.drawnTrack), of: id, db)
    try FinishedPointRow.insert(record.finishedTrack.points[...], of: id, db)
    try EventRow.insert(record.events, of: id, db)
    var row = try SessionRow.find(db, key: id)
    try row.finish(
      summary: record.summary, start: startTime(of: record), end: endTime(of: record),
      fixCount: record.fixes.count)
    try row.update(db)
    try HistoryFigures.keep(
      record.summary.map { SessionFigures(summary: $0, track: record.finishedTrack) }, of: id, db)
    try HeartRateFigures.keep(
      HeartRateTime.of(record.fixes.lazy.map(\.fix), excluding: record.summary?.pauses ?? []),
      of: id, db)
  }

  /// Measures session `id` again from the fixes and lap presses it now holds, with its own
  /// settings and origin, and keeps what it computed (`finish`, `edit`, `split`, `merge`),
  /// in the caller's transaction. The fixes are read, and the live and finished tracks
  /// written, `batchRows` at a time, as an import streams a file: the session is never held
  /// whole (measured whole, the ten parts of a ten-day file peaked at 1 GB).
  @discardableResult
  static func measureAgain(_ id: Int64, _ db: Database) throws -> FinishedSession {
    let origin = try SessionRow.find(db, key: id).origin
    let configuration = try configuration(of: id, db)
    var pipeline = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(
        keepsFinishedTrack: true, keepsToldSplits: origin != .imported,
        trackStorage: ScratchFile.shared),
      parallelism: Threads())
    for child: any SessionChildRecord.Type in [
      LiveTrackPointRow.self, DisplayPointRow.self, FinishedPointRow.self, EventRow.self,
    ] {
      try child.deleteAll(of: id, db)
    }
    // The gate releases verdicts in time order: each fix goes in stamped with its place.
    var taken = RecordedEvents()
    var liveWritten = 0
    var heartRates = HeartRateTime.Collector()
    var times: (first: GNSSTime?, last: GNSSTime?) = (nil, nil)
    func writeLive() throws {
      try LiveTrackPointRow.insert(taken.track, of: id, from: liveWritten, db)
      liveWritten += taken.track.count
      taken.track.removeAll(keepingCapacity: true)
    }
    var after: Int?
    var read = batchRows
    while read == batchRows {
      read = 0
      try FixRow.forEach(of: id, after: after, limit: batchRows, db) { row in
        (read, after) = (read + 1, row.seq)
        var fix = row.fix
        if let t = fix.time {
          if times.first.map({ t < $0 }) ?? true { times.first = t }
          if times.last.map({ t > $0 }) ?? true { times.last = t }
        }
        heartRates.add(fix)
        fix.origin = FixOrigin(index: taken.verdicts.count)
        taken.addFix()
        for event in pipeline.ingest(fix) { taken.take(event) }
      }
      try writeLive()
    }
    // A recording keeps a mark at its end with the last lap's intensity; without one
    // (interrupted), the last lap is active.
    let laps = RecordedLaps(marks: try LapRow.marks(of: id, db), last: .active)
    // The finish hands its points out from its own threads, and the connection is this
    // thread's: they are written here, a batch at a time, as the finish makes them.
    let finishing = Handed(consume pipeline)
    var handedOut = 0
    let (tail, measured) = try handOver(
      name: "strider-measure-again",
      produce: { give in
        guard var finishing = finishing.take() else { preconditionFailure("finished twice") }
        var batch: [FinishedTrack.Point] = []
        batch.reserveCapacity(batchRows)
        let finished = finishing.finish(laps: laps) { point in
          batch.append(point)
          if batch.count >= batchRows {
            give(batch)
            batch.removeAll(keepingCapacity: true)
          }
        }
        if !batch.isEmpty { give(batch) }
        return finished
      },
      consume: { (batch: [FinishedTrack.Point]) in
        try FinishedPointRow.insert(batch, of: id, from: handedOut, db)
        handedOut += batch.count
      })
    for event in tail { taken.take(event) }
    try writeLive()
    let summary = try DeviceTotalsRow.takingCalories(measured, of: id, db) ?? measured
    try FixRow.setVerdicts(taken.verdicts, of: id, db)
    try EventRow.insert(taken.events, of: id, db)
    func draw(_ reduced: [TrackPoint], from first: Int) throws {
      try DisplayPointRow.insert(reduced, of: id, from: first, db)
    }
    var efforts: [BestEffort] = []
    if handedOut == 0 {
      try TrackDrawing.drawLive(
        read: { try LiveTrackPointRow.piece(of: id, from: $0, db) }, write: draw)
    } else {
      efforts = try TrackDrawing.drawFinished(
        count: handedOut, targets: BestEffortTarget.targets(for: summary.activity),
        read: { try FinishedPointRow.forEach(of: id, seq: $0, db, $1) }, write: draw)
    }
    var row = try SessionRow.find(db, key: id)
    try row.finish(
      summary: summary, start: summary.start?.time ?? times.first,
      end: summary.end?.time ?? times.last, fixCount: taken.verdicts.count)
    try row.update(db)
    try HistoryFigures.keep(SessionFigures(summary: summary, efforts: efforts), of: id, db)
    try HeartRateFigures.keep(heartRates.time(excluding: summary.pauses), of: id, db)
    return FinishedSession(
      id: id, activity: configuration.activity, fixCount: taken.verdicts.count, summary: summary)
  }

  /// Computes the summary of an interrupted (or any) session from its stored fixes with the
  /// stored settings, and keeps it. A session still being recorded by a live process is
  /// refused.
  @discardableResult
  public func finish(_ id: Int64) throws(StoreError) -> FinishedSession {
    try finish(id, recorder: nil)
  }

  func finish(_ id: Int64, recorder: ProcessIdentity?) throws(StoreError) -> FinishedSession {
    try patientWrite { db in
      let row = try SessionRow.visible(id, db)
      if row.state == .recording, let owner = row.owner, owner != recorder, owner.isAlive {
        throw StoreError.stillRecording(id: id, pid: owner.pid)
      }
      return try Self.measureAgain(id, db)
    }
  }

  /// Deletes a session and everything kept of it, in batches (see `removeSession`). A
  /// session a live process is still recording is refused, as `finish` refuses it: its
  /// recorder would lose every fix it has yet to write (the run failed with "FOREIGN KEY
  /// constraint failed" and the recording was gone). The check and the marking are one
  /// transaction, so a recording cannot start owning it in between.
  public func delete(_ id: Int64) throws(StoreError) {
    let owner = ProcessIdentity.current
    let found = try patientWrite { db in
      guard let row = try SessionRow.filter(key: id).filter(SessionRow.visible).fetchOne(db)
      else { return false }
      if row.state == .recording, let recorder = row.owner, recorder.isAlive {
        throw StoreError.stillRecording(id: id, pid: recorder.pid)
      }
      return try SessionRow.filter(key: id).filter(SessionRow.visible).updateAll(
        db, SessionRow.Columns.state.set(to: SessionRow.State.deleting),
        SessionRow.Columns.ownerPid.set(to: Int64(owner.pid)),
        SessionRow.Columns.ownerStart.set(to: owner.startTicks)) > 0
    }
    guard found else { throw StoreError.noSuchSession(id) }
    try removeSession(id, waiting: nil)
  }

  /// What an import did.
  public enum ImportOutcome: Sendable {
    case imported(SessionRecord)
    /// A file with the same fixes (times and positions, in order: `FixStreamDigest`) was
    /// imported before as this session, under whatever name, compression or line ends.
    case alreadyImported(Int64)
    /// No fix with a position was accepted; not kept (`importSession(reading:)`).
    case nothingAccepted(fixCount: Int)
    /// The fixes never moved; not kept (`StreamedImportOutcome.neverMoved`).
    case neverMoved(elapsed: Seconds, distance: Meters)
  }

  /// Keeps fixes read from a file as a finished session, computed with `configuration`;
  /// fixes imported before (the same times and positions in the same order) are not kept
  /// twice, and different fixes always are. Written in batches like
  /// `importSession(reading:)`.
  public func importSession(
    fixes: [Fix], name: String?, configuration: SessionConfiguration, source: String?
  ) throws(StoreError) -> ImportOutcome {
    // Before the engine runs: a file imported again costs one hash, not a whole session.
    let digest = FixStreamDigest.of(fixes, nameIfEmpty: name)
    if let existing = try importedSession(digest: digest, fixCount: fixes.count) {
      return .alreadyImported(existing)
    }
    var iterator = fixes.makeIterator()
    let outcome: StreamedImportOutcome
    do {
      outcome = try importSession(
        reading: { () throws(StoreError) in iterator.next() }, name: name,
        configuration: configuration, source: source)
    } catch {
      throw StoreError.from(error, path: location.path)
    }
    switch outcome {
    case .imported(let imported): return .imported(try record(imported.id))
    case .alreadyImported(let id), .sameOuting(let id): return .alreadyImported(id)
    case .nothingAccepted(let fixCount): return .nothingAccepted(fixCount: fixCount)
    case .neverMoved(let elapsed, let distance):
      return .neverMoved(elapsed: elapsed, distance: distance)
    }
  }

  /// The imports the history shows, oldest first.
  static var visibleImports: QueryInterfaceRequest<SessionRow> {
    SessionRow.filter(SessionRow.Columns.origin == SessionOrigin.imported)
      .filter(SessionRow.visible).order(SessionRow.Columns.id)
  }

  static func importedSession(digest: String, _ db: Database) throws -> Int64? {
    try Int64.fetchOne(
      db,
      visibleImports.filter(SessionRow.Columns.contentDigest == digest)
        .select(SessionRow.Columns.id))
  }

  /// The imported session with this digest, if any. Sessions imported before digests were
  /// kept get theirs computed from their stored fixes, only those with as many fixes (no
  /// other can match), and kept when the store can write.
  func importedSession(digest: String, fixCount: Int) throws(StoreError) -> Int64? {
    let (found, computed) = try guarded {
      try pool.read { db -> (Int64?, [(Int64, String)]) in
        if let id = try Self.importedSession(digest: digest, db) { return (id, []) }
        let candidates = try Self.visibleImports
          .filter(SessionRow.Columns.contentDigest == nil)
          .filter(SessionRow.Columns.fixCount == fixCount)
          .fetchAll(db)
        var computed: [(Int64, String)] = []
        for row in candidates {
          guard let id = row.id else { continue }
          computed.append((id, try Self.storedDigest(of: id, name: row.name, db)))
        }
        return (computed.first { $0.1 == digest }?.0, computed)
      }
    }
    if !computed.isEmpty, !isReadOnly {
      // Keeping them only saves the next import the work: a locked or read-only file is fine.
      try? pool.write { db in
        for (id, value) in computed {
          try SessionRow.filter(key: id).filter(SessionRow.Columns.contentDigest == nil)
            .updateAll(db, SessionRow.Columns.contentDigest.set(to: value))
        }
      }
    }
    return found
  }

  /// The digest of a session's stored fixes, as `FixStreamDigest` makes it of a file's.
  static func storedDigest(of id: Int64, name: String?, _ db: Database) throws -> String {
    var digest = FixStreamDigest()
    try FixRow.forEach(of: id, db) { digest.add($0.fix) }
    return digest.finalize(nameIfEmpty: name)
  }

  static func startTime(of record: SessionRecord) -> GNSSTime? {
    record.summary?.start?.time ?? record.fixes.lazy.compactMap(\.fix.time).min()
  }

  static func endTime(of record: SessionRecord) -> GNSSTime? {
    record.summary?.end?.time ?? record.fixes.lazy.compactMap(\.fix.time).max()
  }

  /// Starts recording a session: the fixes are kept as they arrive.
  public func startRecording(
    name: String?, origin: SessionOrigin, configuration: SessionConfiguration, source: String?
  ) throws(StoreError) -> SessionRecording {
    // The one write a recording cannot put off: it waits for the lock like finishing does.
    let id = try patientWrite { db in
      try Self.insertSession(
        db, name: name, activity: configuration.activity, origin: origin, state: .recording,
        configuration: configuration, source: source, owner: .current)
    }
    return SessionRecording(store: self, id: id)
  }
}
