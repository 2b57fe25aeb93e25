import Foundation
import GRDB
import StriderCore
import Synchronization

/// The local database of sessions: every live, simulated and imported session, with its
/// raw fixes and verdicts, its track, its events, its summary and the settings in force.
///
/// SQLite in WAL mode with synchronous writes: a reader never blocks the recorder, two
/// processes may share the file, and a commit survives a power cut. The store refuses a
/// file it did not make or cannot read rather than repair or overwrite it.
public final class SessionStore: Sendable {
  public let location: StoreLocation
  /// The connections, and why they only read when they do; replaced once by writing ones
  /// when the store was opened while another process held the write lock
  /// (`becomeWritable`).
  private let opened: Mutex<(pool: DatabasePool, readOnlyReason: ReadOnlyReason?)>
  private let configuration: Configuration
  var pool: DatabasePool { opened.withLock { $0.pool } }
  /// Why the store only reads, when it does: writes then fail with a `StoreError` that says
  /// so, and what opening would write (migrations, marking abandoned sessions) is skipped.
  var readOnlyReason: ReadOnlyReason? { opened.withLock { $0.readOnlyReason } }
  /// How long an ordinary write waits for another process's transaction, in seconds.
  let busyTimeout: Double
  /// How long writes that must not fail (finishing a recording, the batches of an import
  /// or a delete) keep retrying while another process holds the write lock.
  let lockPatience: Duration
  /// What opening had to change or could not: a folder or file others could reach, made
  /// private (see `StoreFiles`). The command line prints them as warnings.
  public let warnings: [String]

  /// Why a store was opened for reading only.
  enum ReadOnlyReason: Equatable, Sendable {
    /// Another process held the write lock: reads work, writes say "locked".
    case locked
    /// The file or its folder cannot be written; the reason as the system gave it.
    case unwritable(String)
  }

  /// Opened for reading only: another process held the write lock, or the file is not
  /// writable.
  var isReadOnly: Bool { readOnlyReason != nil }

  /// Opens the database, creating it (owner-only) and its folder if needed; a folder or
  /// file others can reach is made private, and a symbolic link to the database refused.
  /// A database that cannot be written (a read-only mount, a file or folder without write
  /// permission) is opened for reading: it can still be listed, shown, exported, replayed.
  ///
  /// - Parameters:
  ///   - busyTimeout: how long a write waits for another process's transaction.
  ///   - lockPatience: how long finishing a recording and each batch of an import or a
  ///     delete keep waiting for the write lock before they give up.
  public init(
    location: StoreLocation, busyTimeout: Double = 5, lockPatience: Duration = .seconds(600)
  ) throws(StoreError) {
    self.location = location
    self.busyTimeout = busyTimeout
    self.lockPatience = lockPatience
    let path = location.path
    warnings = try StoreFiles.prepare(location)
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    configuration.prepareDatabase { db in
      // A new file gives the room of deleted rows back a step at a time (SQLite takes the
      // mode only before the first page is written; for an older file it waits for VACUUM).
      if !db.configuration.readonly { try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL") }
    }
    self.configuration = configuration
    opened = Mutex(try Self.openPool(path: path, configuration: configuration))
    try migrate()
  }

  /// Replaces the reading connections of a store opened while another process held the
  /// write lock by writing ones, if the lock can be had within `wait`; whether it can write.
  func becomeWritable(waiting wait: Duration) throws(StoreError) -> Bool {
    guard let reason = readOnlyReason else { return true }
    // A file that cannot be written stays so: no waiting makes it writable.
    if case .unwritable(let why) = reason {
      throw StoreError.readOnly(path: location.path, reason: why)
    }
    var writing = configuration
    writing.busyMode = .timeout(wait.inSeconds)
    do {
      let pool = try DatabasePool(path: location.path, configuration: writing)
      try pool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA synchronous = FULL")
        try db.execute(sql: "PRAGMA busy_timeout = \(Int(busyTimeout * 1000))")
      }
      opened.withLock { $0 = (pool, nil) }
      return true
    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
      return false
    } catch {
      throw StoreError.from(error, path: location.path)
    }
  }

  /// A pool that writes, or, while another process holds the write lock, one that reads.
  ///
  /// Opening writes only when the WAL file is empty (GRDB makes sure it is not), so a
  /// lock held elsewhere is waited for briefly here: a reader need not wait at all, and a
  /// writer gets its writing connections later (`becomeWritable`).
  private static func openPool(path: String, configuration: Configuration) throws(StoreError)
    -> (pool: DatabasePool, readOnlyReason: ReadOnlyReason?)
  {
    if let reason = StoreFiles.unwritableReason(path) {
      let pool = try ReadOnlyOpening.open(path: path, configuration: configuration, reason: reason)
      return (pool, .unwritable(reason))
    }
    var opening = configuration
    if case .timeout(let usual) = configuration.busyMode {
      opening.busyMode = .timeout(min(usual, 0.5))
    }
    do {
      let pool = try DatabasePool(path: path, configuration: opening)
      // GRDB chooses NORMAL for WAL; FULL makes each commit survive a power cut too.
      try pool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA synchronous = FULL")
        if case .timeout(let usual) = configuration.busyMode {
          try db.execute(sql: "PRAGMA busy_timeout = \(Int(usual * 1000))")
        }
      }
      return (pool, nil)
    } catch let error as DatabaseError
      where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode)
    {
      var readOnly = opening
      readOnly.readonly = true
      do {
        return (try DatabasePool(path: path, configuration: readOnly), .locked)
      } catch {
        throw StoreError.from(error, path: path)
      }
    } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
      // Write permission as the system reports it, and SQLite still could not write (a
      // file system that refuses only the write itself).
      let reason = "SQLite could not write it"
      let pool = try ReadOnlyOpening.open(path: path, configuration: configuration, reason: reason)
      return (pool, .unwritable(reason))
    } catch {
      throw StoreError.from(error, path: path)
    }
  }

  private func migrate() throws(StoreError) {
    let path = location.path
    let migrator = Schema.migrator
    try guarded {
      try pool.read { db in
        let hasTables =
          try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'")
          ?? 0
        if hasTables > 0, try !db.tableExists("grdb_migrations") {
          throw StoreError.corrupt(path: path, reason: "it holds tables Strider did not make")
        }
        if try migrator.hasBeenSuperseded(db) {
          let known = Set(migrator.migrations)
          let unknown = try migrator.appliedIdentifiers(db).subtracting(known).sorted()
          throw StoreError.tooNew(path: path, unknownMigrations: unknown)
        }
      }
      // Migrate only when needed: a database another process holds locked, or one that
      // cannot be written, can still be read.
      if try !pool.read({ db in try migrator.hasCompletedMigrations(db) }) {
        if let readOnlyReason {
          // Reading needs only the migrations up to `Schema.readable`; the later ones serve
          // writing, which this store refuses anyway.
          let readable = try pool.read { db in
            try migrator.appliedIdentifiers(db).contains(Schema.readable)
          }
          if readable { return }
          switch readOnlyReason {
          case .locked: throw StoreError.locked(path: path)
          case .unwritable(let reason):
            throw StoreError.readOnly(
              path: path, reason: "\(reason), and it needs bringing up to date first")
          }
        }
        do {
          try migrator.migrate(pool)
        } catch {
          // Two Striders opening a new database at once both find it unmigrated; the one
          // that loses the race fails its (rolled back) migration on a table the other
          // has just made. Its work is then done: carry on if the schema is complete.
          guard try pool.read({ db in try migrator.hasCompletedMigrations(db) }) else {
            throw error
          }
        }
      }
    }
  }

  /// Runs `body`, turning any failure into a `StoreError` that names the file.
  func guarded<T>(_ body: () throws -> T) throws(StoreError) -> T {
    do {
      return try body()
    } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
      switch readOnlyReason {
      case .locked: throw StoreError.locked(path: location.path)
      case .unwritable(let reason): throw StoreError.readOnly(path: location.path, reason: reason)
      case nil: throw StoreError.from(error, path: location.path)
      }
    } catch {
      throw StoreError.from(error, path: location.path)
    }
  }

  // MARK: History

  /// Marks as interrupted every session whose recording process has died; returns them.
  /// Any command that opens the store calls this, so a `kill -9` is found on the next start.
  ///
  /// First the journals of dead recorders are committed, so a recorder killed while
  /// another process held the lock loses nothing; imports and deletes whose process died
  /// are taken away (a half-done import is never a session). It writes only when something
  /// is found, and a write lock held elsewhere puts the work off to the next command
  /// rather than fail it: listing the history never waits for a writer.
  public func markAbandonedSessions() throws(StoreError) -> [Int64] {
    if isReadOnly { return [] }
    try replayJournals()
    let owned = try guarded {
      try pool.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT id, state, ownerPid, ownerStart FROM session
            WHERE state IN ('recording', '\(Self.importingState)', '\(Self.deletingState)')
            """)
      }
    }
    var abandoned: [Int64] = []
    var doomed: [Int64] = []
    for row in owned {
      let owner = ProcessIdentity(
        pid: Int32(truncatingIfNeeded: (row["ownerPid"] as Int64?) ?? 0),
        startTicks: row["ownerStart"])
      if owner.isAlive { continue }
      let state: String = row["state"]
      if state == "recording" { abandoned.append(row["id"]) } else { doomed.append(row["id"]) }
    }
    for id in doomed { try? removeSession(id, waiting: .milliseconds(100)) }
    guard !abandoned.isEmpty else { return [] }
    let marked = try attemptWrite(waiting: .milliseconds(100)) { db in
      for id in abandoned {
        try db.execute(
          sql: """
            UPDATE session SET state = 'interrupted', wasInterrupted = 1
            WHERE id = ? AND state = 'recording'
            """,
          arguments: [id])
      }
      return true
    }
    return marked == true ? abandoned : []
  }

  /// Every session, oldest first; demos only when asked for.
  public func sessions(includingSimulated: Bool = true) throws(StoreError) -> [SessionListing] {
    try guarded {
      try pool.read { db in
        let filter = includingSimulated ? "" : "AND origin != 'simulated'"
        return try Row.fetchAll(
          db,
          sql: """
            SELECT * FROM session WHERE \(Self.visible) \(filter)
            ORDER BY coalesce(startTime, createdAt), id
            """
        ).map(Self.listing)
      }
    }
  }

  public func listing(_ id: Int64) throws(StoreError) -> SessionListing {
    try guarded {
      try pool.read { db in
        Self.listing(try Self.visibleRow(id, db))
      }
    }
  }

  /// A session's row, when the history shows it: an import or a delete on its way is no
  /// session yet (or any more), so nothing reads, exports or finishes it.
  static func visibleRow(_ id: Int64, _ db: Database) throws -> Row {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT * FROM session WHERE id = ? AND \(visible)", arguments: [id])
    else { throw StoreError.noSuchSession(id) }
    return row
  }

  static func listing(_ row: Row) -> SessionListing {
    SessionListing(
      id: row["id"], name: row["name"],
      activity: Activity(rawValue: row["activity"]) ?? .run,
      origin: SessionOrigin(rawValue: row["origin"]) ?? .imported,
      state: SessionState(rawValue: row["state"]) ?? .interrupted,
      wasInterrupted: row["wasInterrupted"], source: row["source"],
      startTime: (row["startTime"] as Double?).map(GNSSTime.init(secondsSince1970:)),
      endTime: (row["endTime"] as Double?).map(GNSSTime.init(secondsSince1970:)),
      fixCount: row["fixCount"],
      distance: (row["distance"] as Double?).map(Meters.init),
      elapsed: (row["elapsed"] as Double?).map(Seconds.init),
      moving: (row["moving"] as Double?).map(Seconds.init),
      calories: (row["calories"] as Double?).map(Kilocalories.init))
  }

  /// The settings the session was recorded with, so a replay reproduces its numbers.
  public func configuration(of id: Int64) throws(StoreError) -> SessionConfiguration {
    try guarded { try pool.read { db in try Self.configuration(of: id, db) } }
  }

  static func configuration(of id: Int64, _ db: Database) throws -> SessionConfiguration {
    guard
      let text = try String.fetchOne(
        db, sql: "SELECT configuration FROM session WHERE id = ?", arguments: [id])
    else { throw StoreError.noSuchSession(id) }
    return try Rows.decode(SessionConfiguration.self, from: text)
  }

  /// Every fix as it arrived, with the gate's verdict (nil while the session is unfinished).
  public func fixes(of id: Int64) throws(StoreError) -> [(fix: Fix, verdict: Verdict?)] {
    try guarded { try pool.read { db in try Self.fixes(of: id, db) } }
  }

  static func fixes(of id: Int64, _ db: Database) throws -> [(fix: Fix, verdict: Verdict?)] {
    var out: [(fix: Fix, verdict: Verdict?)] = []
    let cursor = try Row.fetchCursor(
      db, sql: "SELECT * FROM fix WHERE sessionId = ? ORDER BY seq", arguments: [id])
    while let row = try cursor.next() { out.append(Rows.fix(row)) }
    return out
  }

  /// The reduced track kept for drawing and export.
  public func displayTrack(of id: Int64) throws(StoreError) -> [TrackPoint] {
    try guarded { try pool.read { db in try Self.points(table: "displayPoint", id, db) } }
  }

  static func points(table: String, _ id: Int64, _ db: Database) throws -> [TrackPoint] {
    try Row.fetchAll(
      db, sql: "SELECT * FROM \(table) WHERE sessionId = ? ORDER BY seq", arguments: [id]
    ).map(Rows.point)
  }

  /// The whole session: fixes with verdicts, tracks, events and summary.
  ///
  /// A session finished before the finished track was kept (an older Strider) is finished
  /// again from its fixes first, so that everything read from it derives from one track;
  /// when another process holds the database locked, that happens in memory only.
  public func record(_ id: Int64) throws(StoreError) -> SessionRecord {
    if try needsFinishedTrack(id) {
      if !isReadOnly { return try finish(id) }
      var record = try storedRecord(id)
      let configuration = try configuration(of: id)
      let again = SessionRecorder.record(
        fixes: record.fixes.map(\.fix), configuration: configuration)
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
        try Bool.fetchOne(
          db,
          sql: "SELECT state = 'finished' AND hasFinishedTrack = 0 FROM session WHERE id = ?",
          arguments: [id]) ?? false
      }
    }
  }

  func storedRecord(_ id: Int64) throws(StoreError) -> SessionRecord {
    try guarded {
      try pool.read { db in
        let row = try Self.visibleRow(id, db)
        let listing = Self.listing(row)
        let fixes = try Self.fixes(of: id, db).map {
          JudgedFix(fix: $0.fix, verdict: $0.verdict ?? .accepted)
        }
        var events: [SessionEvent] = []
        for event in try Row.fetchAll(
          db, sql: "SELECT kind, time, detail FROM event WHERE sessionId = ? ORDER BY seq",
          arguments: [id])
        {
          if let e = try StoredEvent.event(
            kind: event["kind"], time: GNSSTime(secondsSince1970: event["time"]),
            detail: event["detail"])
          {
            events.append(e)
          }
        }
        let summary = try (row["summary"] as String?).map {
          try Rows.decode(SessionSummary.self, from: $0)
        }
        let finished = try Row.fetchAll(
          db, sql: "SELECT * FROM finishedPoint WHERE sessionId = ? ORDER BY seq", arguments: [id]
        ).map(Rows.finishedPoint)
        return SessionRecord(
          id: id, name: listing.name, activity: listing.activity, origin: listing.origin,
          state: listing.state, fixes: fixes,
          track: try Self.points(table: "trackPoint", id, db), events: events, summary: summary,
          finishedTrack: FinishedTrack(points: finished))
      }
    }
  }

  // MARK: Writing

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
    let insert = try db.cachedStatement(sql: Rows.insertFix)
    for (seq, judged) in record.fixes.enumerated() {
      try insert.execute(
        arguments: Rows.fixArguments(
          sessionId: id, seq: seq, fix: judged.fix, verdict: judged.verdict))
    }
    try writeFinished(db, id: id, record: record, judged: false)
    return id
  }

  static func insertSession(
    _ db: Database, name: String?, activity: Activity, origin: SessionOrigin,
    state: SessionState, configuration: SessionConfiguration, source: String?,
    owner: ProcessIdentity?
  ) throws -> Int64 {
    let now = Date().timeIntervalSince1970
    try db.execute(
      sql: """
        INSERT INTO session (name, activity, origin, state, source, createdAt, updatedAt,
          configuration, ownerPid, ownerStart)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        name, activity.rawValue, origin.rawValue, state.rawValue, source, now, now,
        try Rows.json(configuration), owner.map { Int64($0.pid) }, owner?.startTicks,
      ])
    return db.lastInsertedRowID
  }

  /// Writes what finishing computed: verdicts (unless the fixes were inserted with them),
  /// the live track, the finished track, the display track (reduced from the finished one),
  /// the events and the summary; the state becomes finished.
  static func writeFinished(_ db: Database, id: Int64, record: SessionRecord, judged: Bool)
    throws
  {
    if judged {
      let update = try db.cachedStatement(
        sql: "UPDATE fix SET verdict = ? WHERE sessionId = ? AND seq = ?")
      for (seq, fix) in record.fixes.enumerated() {
        try update.execute(arguments: [Rows.verdictText(fix.verdict), id, seq])
      }
    }
    for table in ["trackPoint", "displayPoint", "finishedPoint", "event"] {
      try db.execute(sql: "DELETE FROM \(table) WHERE sessionId = ?", arguments: [id])
    }
    try insertPoints(db, table: "trackPoint", id: id, points: record.track)
    try insertPoints(
      db, table: "displayPoint", id: id, points: DisplayTrack.reduce(record.drawnTrack))
    let insertFinished = try db.cachedStatement(
      sql: "INSERT INTO finishedPoint (\(Rows.finishedPointColumns)) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for (seq, point) in record.finishedTrack.points.enumerated() {
      try insertFinished.execute(
        arguments: Rows.finishedPointArguments(sessionId: id, seq: seq, point: point))
    }
    let insertEvent = try db.cachedStatement(
      sql: "INSERT INTO event (sessionId, seq, kind, time, detail) VALUES (?, ?, ?, ?, ?)")
    var seq = 0
    for event in record.events {
      guard let row = try StoredEvent.row(event) else { continue }
      try insertEvent.execute(arguments: [id, seq, row.kind, row.time.secondsSince1970, row.detail])
      seq += 1
    }
    let summary = record.summary
    try db.execute(
      sql: """
        UPDATE session SET state = 'finished', updatedAt = ?, startTime = ?, endTime = ?,
          fixCount = ?, distance = ?, elapsed = ?, moving = ?, calories = ?, summary = ?,
          hasFinishedTrack = 1, ownerPid = NULL, ownerStart = NULL
        WHERE id = ?
        """,
      arguments: [
        Date().timeIntervalSince1970,
        startTime(of: record)?.secondsSince1970, endTime(of: record)?.secondsSince1970,
        record.fixes.count,
        summary?.distance.value, summary?.elapsed.value, summary?.moving.value,
        summary?.calories.value, try summary.map(Rows.json), id,
      ])
  }

  static func insertPoints(_ db: Database, table: String, id: Int64, points: [TrackPoint])
    throws
  {
    let insert = try db.cachedStatement(
      sql: "INSERT INTO \(table) (\(Rows.pointColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for (seq, point) in points.enumerated() {
      try insert.execute(arguments: Rows.pointArguments(sessionId: id, seq: seq, point: point))
    }
  }

  /// Computes the summary of an interrupted (or any) session from its stored fixes with the
  /// stored settings, and keeps it. A session still being recorded by a live process is
  /// refused.
  @discardableResult
  public func finish(_ id: Int64) throws(StoreError) -> SessionRecord {
    try finish(id, recorder: nil)
  }

  func finish(_ id: Int64, recorder: ProcessIdentity?) throws(StoreError) -> SessionRecord {
    try patientWrite { db in
      let row = try Self.visibleRow(id, db)
      let listing = Self.listing(row)
      if listing.state == .recording {
        let owner = ProcessIdentity(
          pid: Int32(truncatingIfNeeded: (row["ownerPid"] as Int64?) ?? 0),
          startTicks: row["ownerStart"])
        if owner != recorder, owner.isAlive {
          throw StoreError.stillRecording(id: id, pid: owner.pid)
        }
      }
      let configuration = try Self.configuration(of: id, db)
      let fixes = try Self.fixes(of: id, db).map(\.fix)
      var record = SessionRecorder.record(fixes: fixes, configuration: configuration)
      record.id = id
      record.name = listing.name
      record.origin = listing.origin
      try Self.writeFinished(db, id: id, record: record, judged: true)
      return record
    }
  }

  /// Deletes a session and everything kept of it, in batches (see `removeSession`).
  public func delete(_ id: Int64) throws(StoreError) {
    let owner = ProcessIdentity.current
    let found = try patientWrite { db in
      try db.execute(
        sql: """
          UPDATE session SET state = ?, ownerPid = ?, ownerStart = ? WHERE id = ? AND \(Self.visible)
          """,
        arguments: [Self.deletingState, Int64(owner.pid), owner.startTicks, id])
      return db.changesCount > 0
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
    case .alreadyImported(let id): return .alreadyImported(id)
    }
  }

  static func importedSession(digest: String, _ db: Database) throws -> Int64? {
    try Int64.fetchOne(
      db,
      sql: """
        SELECT id FROM session WHERE origin = 'imported' AND contentDigest = ? AND \(visible)
        ORDER BY id
        """,
      arguments: [digest])
  }

  /// The imported session with this digest, if any. Sessions imported before digests were
  /// kept get theirs computed from their stored fixes, only those with as many fixes (no
  /// other can match), and kept when the store can write.
  func importedSession(digest: String, fixCount: Int) throws(StoreError) -> Int64? {
    let (found, computed) = try guarded {
      try pool.read { db -> (Int64?, [(Int64, String)]) in
        if let id = try Self.importedSession(digest: digest, db) { return (id, []) }
        let candidates = try Row.fetchAll(
          db,
          sql: """
            SELECT id, name FROM session WHERE origin = 'imported' AND contentDigest IS NULL
              AND fixCount = ? AND \(Self.visible) ORDER BY id
            """,
          arguments: [fixCount])
        var computed: [(Int64, String)] = []
        for row in candidates {
          let id: Int64 = row["id"]
          computed.append((id, try Self.storedDigest(of: id, name: row["name"], db)))
        }
        return (computed.first { $0.1 == digest }?.0, computed)
      }
    }
    if !computed.isEmpty, !isReadOnly {
      // Keeping them only saves the next import the work: a locked or read-only file is fine.
      try? pool.write { db in
        for (id, value) in computed {
          try db.execute(
            sql: "UPDATE session SET contentDigest = ? WHERE id = ? AND contentDigest IS NULL",
            arguments: [value, id])
        }
      }
    }
    return found
  }

  /// The digest of a session's stored fixes, as `FixStreamDigest` makes it of a file's.
  static func storedDigest(of id: Int64, name: String?, _ db: Database) throws -> String {
    var digest = FixStreamDigest()
    let cursor = try Row.fetchCursor(
      db, sql: "SELECT * FROM fix WHERE sessionId = ? ORDER BY seq", arguments: [id])
    while let row = try cursor.next() { digest.add(Rows.fix(row).fix) }
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

extension StoreError {
  /// The store's reading of an SQLite failure.
  static func from(_ error: any Error, path: String) -> StoreError {
    if let error = error as? StoreError { return error }
    guard let error = error as? DatabaseError else {
      return .database(path: path, reason: "\(error)")
    }
    let reason = error.message ?? "\(error.resultCode)"
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
    case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path: path, reason: reason)
    case .SQLITE_FULL: return .diskFull(path: path)
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
      return .cannotOpen(path: path, reason: reason)
    case .SQLITE_IOERR where errno == ENOSPC: return .diskFull(path: path)
    default: return .database(path: path, reason: reason)
    }
  }
}
