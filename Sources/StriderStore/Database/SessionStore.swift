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

  /// Opens the database, creating it (owner-only) and its folder if needed; a file others
  /// can reach is made private, a folder others can write refused (`StoreFiles`), and a
  /// symbolic link to the database refused.
  /// A database that cannot be written (a read-only mount, a file or folder without write
  /// permission) is opened for reading: it can still be listed, shown, exported, replayed.
  ///
  /// - Parameters:
  ///   - busyTimeout: how long a write waits for another process's transaction.
  ///   - lockPatience: how long finishing a recording and each batch of an import or a
  ///     delete keep waiting for the write lock before they give up.
  ///   - backfillProgress: told how a long migration's backfill goes (the history's best
  ///     efforts, made once for every session kept before them).
  public init(
    location: StoreLocation, busyTimeout: Double = 5, lockPatience: Duration = .seconds(600),
    backfillProgress: BackfillReporter? = nil
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
      // Set on every opening, the pragma would write the header again each time: a write
      // transaction merely to open, which a full disk refuses (and then nothing could be
      // listed) and another writer delays.
      guard !db.configuration.readonly,
        try Int.fetchOne(db, sql: "PRAGMA page_count") == 0
      else { return }
      try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
    }
    self.configuration = configuration
    // Opening and migrating are one step among Striders (`OpeningLock`): no other one
    // migrates or reads the schema halfway through this one's migrations.
    let lock = try OpeningLock.take(location, patience: Self.migrationPatience)
    defer { lock?.release() }
    opened = Mutex(try Self.openPool(path: path, configuration: configuration))
    StoreFiles.tightenCompanions(location)
    try migrate(progress: backfillProgress)
    // Should the lock not have been had (a folder it cannot be made in, or a wait too
    // long), another Strider may have made tables again while this one opened: GRDB
    // refreshes its reading connections' view of the schema by itself, not the writing
    // one's, whose cached columns would then be those of the old table.
    try guarded { pool.writeWithoutTransaction { db in db.clearSchemaCache() } }
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
      StoreFiles.tightenCompanions(location)
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
      let failure = StoreError.from(error, path: path)
      // GRDB writes a transaction on opening when the write-ahead log is empty; a full
      // disk refuses it, and what is kept is still read.
      guard case .diskFull = failure else { throw failure }
      let reason = "the disk holding it is full"
      let pool = try ReadOnlyOpening.open(path: path, configuration: configuration, reason: reason)
      return (pool, .unwritable(reason))
    }
  }

  private func migrate(progress: BackfillReporter?) throws(StoreError) {
    let path = location.path
    let migrator = Schema.migrator(progress: progress)
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
          if case .locked = readOnlyReason {
            // Another Strider holds the lock, most likely making the database (two opening
            // a new one at once): its migrations are done in moments. All of them: a table
            // it is still making again would change under this store's cached schema. Then
            // this store reads, and writes once it gets the lock (`becomeWritable`).
            let deadline = ContinuousClock.now + Self.migrationPatience
            while ContinuousClock.now < deadline {
              Thread.sleep(forTimeInterval: 0.05)
              if try pool.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
            }
          }
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
          // The write-ahead log checkpointed after each migration and emptied after all:
          // a migration that makes a table again (v4) writes a log as large as the table,
          // and on a nearly full disk the logs of all of them would not fit together.
          try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 1")
          }
          defer {
            try? pool.writeWithoutTransaction { db in
              try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000")
              try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
          }
          try Self.migrateBesideOthers(migrator, pool)
          // The pages of the tables made again are given back too.
          _ = try? reclaimFreePages(waiting: .seconds(1))
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

  /// How long opening waits for another process's migrations before saying the database
  /// is locked.
  static let migrationPatience = Duration.seconds(30)

  /// Where the opening lock could not be had (`OpeningLock`), two Striders opening a new
  /// database at once both find it unmigrated; the one that loses the race fails a
  /// (rolled back) migration on a table the other has just made, while the other may
  /// still have migrations to go. Trying again reads what is applied
  /// anew and waits on the winner's write lock, so the loser carries on from where the
  /// winner is: a few tries, then the error.
  private static func migrateBesideOthers(
    _ migrator: DatabaseMigrator, _ pool: DatabasePool
  ) throws {
    var tries = 0
    while true {
      do {
        try migrator.migrate(pool)
        return
      } catch {
        tries += 1
        if try pool.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
        if tries >= 20 { throw error }
        Thread.sleep(forTimeInterval: 0.05 * Double(tries))
        // The other's migrations changed tables this connection may have read.
        pool.writeWithoutTransaction { db in db.clearSchemaCache() }
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
    case .SQLITE_IOERR where errno == ENOSPC || StoreFiles.diskIsFull(path):
      return .diskFull(path: path)
    case .SQLITE_IOERR where errno == EFBIG:
      return .writeFailed(path: path, reason: "the file-size limit (ulimit -f) was reached")
    case .SQLITE_IOERR: return .writeFailed(path: path, reason: reason)
    default: return .database(path: path, reason: reason)
    }
  }
}
