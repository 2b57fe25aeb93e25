import Foundation
import GRDB
import StriderCore

/// A session being recorded: each fix is kept as it arrives and committed within a quarter
/// of a second of wall time, so a `kill -9` or a power cut loses at most that much.
///
/// Nothing another process does stops it: while another Strider (an import, a delete, a
/// second recorder) or any other program holds the database's write lock, the fixes stay
/// in memory and in a fsynced journal beside the database (`RecordingJournal`), and are
/// committed when the lock comes back; a crash meanwhile loses nothing, since the next
/// Strider to open the store commits the journal. Only a failure of the disk itself (full,
/// unwritable) ends the recording.
///
/// Used from the one thread that runs the session loop.
public final class SessionRecording {
  public let id: Int64
  let store: SessionStore
  /// Fixes received and not yet committed, oldest first; the first `journaled` of them are
  /// also in the journal.
  private var pending: [Fix] = []
  private var journaled = 0
  private var nextSeq = 0
  private var lapCount = 0
  private var lastCommit = ContinuousClock.now
  private var firstTime: GNSSTime?
  private var lastTime: GNSSTime?
  private let journal: RecordingJournal
  private let owner = ProcessIdentity.current
  /// Longest a fix waits in memory before it is committed.
  public var commitInterval: Duration = .milliseconds(250)
  /// How long a commit on the way waits for the write lock before the fixes go to the
  /// journal instead: short, since the session loop is waiting too.
  public var lockWait: Duration = .milliseconds(20)
  public private(set) var isFinished = false

  init(store: SessionStore, id: Int64) {
    self.store = store
    self.id = id
    journal = RecordingJournal(database: store.location.path, session: id)
  }

  /// How many fixes have been kept or are about to be.
  public var fixCount: Int { nextSeq + pending.count }

  /// How many received fixes wait for the write lock (in memory and in the journal).
  public var uncommittedCount: Int { pending.count }

  /// Keeps a fix; commits when the last commit is older than `commitInterval`.
  public func append(_ fix: Fix) throws(StoreError) {
    pending.append(fix)
    try flushIfDue()
  }

  /// Keeps a lap press at once, with the fixes before it, so a crash after the press
  /// keeps the lap; finishing the session measures the laps from the presses kept.
  public func appendLap(_ mark: LapMark) throws(StoreError) {
    try flush()
    let id = id
    let seq = lapCount
    try store.patientWrite { db in
      try LapRow(sessionId: id, seq: seq, mark: mark).insert(db)
    }
    lapCount += 1
  }

  /// Commits what waits if it has waited long enough; the session loop calls this when idle.
  public func flushIfDue() throws(StoreError) {
    if !pending.isEmpty, ContinuousClock.now - lastCommit >= commitInterval {
      _ = try commit(waiting: lockWait)
    }
  }

  /// Commits every fix received so far if the write lock can be had soon; otherwise they
  /// are journaled and committed by a later call (or by `finish`).
  public func flush() throws(StoreError) {
    _ = try commit(waiting: .milliseconds(500))
  }

  /// Tries one commit of everything pending; when the lock is not had within `wait`, the
  /// fixes not yet journaled are appended to the journal. Returns whether it committed.
  private func commit(waiting wait: Duration) throws(StoreError) -> Bool {
    lastCommit = ContinuousClock.now
    guard !pending.isEmpty else { return true }
    let batch = pending
    let id = id
    let start = nextSeq
    var (first, last) = (firstTime, lastTime)
    for fix in batch {
      guard let t = fix.time else { continue }
      if first.map({ t < $0 }) ?? true { first = t }
      if last.map({ t > $0 }) ?? true { last = t }
    }
    let committed = try store.attemptWrite(waiting: wait) { db in
      // Ignored when kept: a journal replayed by another process may have committed some.
      try FixRow.insert(
        batch.enumerated().lazy.map {
          FixRow(sessionId: id, seq: start + $0, fix: $1, verdict: nil)
        },
        db, ignoringKept: true)
      try SessionRow.filter(key: id).updateAll(
        db, SessionRow.Columns.fixCount.set(to: start + batch.count),
        SessionRow.Columns.startTime.set(to: first), SessionRow.Columns.endTime.set(to: last),
        SessionRow.Columns.updatedAt.set(to: Date().timeIntervalSince1970))
      return true
    }
    guard committed == true else {
      try journalPending()
      return false
    }
    (firstTime, lastTime) = (first, last)
    nextSeq = start + batch.count
    pending.removeAll(keepingCapacity: true)
    journaled = 0
    journal.discard()
    return true
  }

  /// Puts the pending fixes the journal does not hold yet into it, fsynced.
  private func journalPending() throws(StoreError) {
    guard journaled < pending.count else { return }
    let start = nextSeq
    let fresh = pending[journaled...].enumerated().lazy.map { offset, fix in
      (seq: start + self.journaled + offset, fix: fix)
    }
    try journal.append(fresh, owner: owner)
    journaled = pending.count
  }

  /// Commits the last fixes, waiting for the write lock as long as the store's
  /// `lockPatience`, then computes the summary, verdicts, track and events from what was
  /// kept, with the settings the session started with.
  @discardableResult
  public func finish() throws(StoreError) -> SessionRecord {
    let deadline = ContinuousClock.now + store.lockPatience
    while try !commit(waiting: .seconds(1)) {
      if ContinuousClock.now >= deadline { throw StoreError.locked(path: store.location.path) }
    }
    let record = try store.finish(id, recorder: owner)
    isFinished = true
    return record
  }
}
