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
/// Strider to open the store commits the journal.
///
/// A disk that refuses the writes (full, a file-size limit, an I/O error) does not stop it
/// either: the fixes (and lap presses) wait in memory, up to `holdLimit` of them, the write
/// is tried again every `retryInterval`, and everything held is written when the disk takes
/// it (`writeFailure` says meanwhile why nothing is written). Only a `kill -9` meanwhile
/// loses the held fixes; a session that cannot be finished is marked interrupted
/// (`markInterrupted`), never left recording.
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
  /// Lap presses the disk refused, written with the next commit that succeeds.
  private var pendingLaps: [LapMark] = []
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
  /// How often a write the disk refused is tried again: often enough that the fixes are
  /// kept soon after room is made, seldom enough not to hammer a failing disk.
  public var retryInterval: Duration = .seconds(5)
  /// How many fixes wait in memory at most while the disk refuses them: a day at 1 Hz,
  /// about 20 MB. One more ends the recording with the disk's error.
  public var holdLimit = 86_400
  /// Why the fixes received wait in memory: the disk refused the last write; nil while
  /// writes succeed.
  public private(set) var writeFailure: StoreError?
  /// How many writes the disk has refused in a row (each retry counts).
  public private(set) var refusedWrites = 0
  /// How many held fixes the last write after a refusal wrote.
  public private(set) var lastHeldWritten = 0
  public private(set) var isFinished = false
  /// A test's stand-in for the disk: called before each commit, and an error it returns
  /// is taken as that write's.
  var injectedFailure: (() -> StoreError?)?

  init(store: SessionStore, id: Int64) {
    self.store = store
    self.id = id
    journal = RecordingJournal(database: store.location.path, session: id)
  }

  /// How many fixes have been kept or are about to be.
  public var fixCount: Int { nextSeq + pending.count }

  /// How many received fixes are not committed yet: waiting for the write lock (in memory
  /// and in the journal) or for a disk that refused them (in memory).
  public var uncommittedCount: Int { pending.count }

  /// Keeps a fix; commits when the last commit is older than `commitInterval` (or, while
  /// the disk refuses writes, `retryInterval`). Throws the disk's error once more than
  /// `holdLimit` fixes wait.
  public func append(_ fix: Fix) throws(StoreError) {
    pending.append(fix)
    try flushIfDue()
    if let writeFailure, pending.count > holdLimit { throw writeFailure }
  }

  /// Keeps a lap press at once, with the fixes before it, so a crash after the press
  /// keeps the lap; finishing the session measures the laps from the presses kept. While
  /// the disk refuses writes the press waits in memory with the fixes.
  public func appendLap(_ mark: LapMark) throws(StoreError) {
    try flush()
    guard writeFailure == nil else {
      pendingLaps.append(mark)
      return
    }
    let id = id
    let seq = lapCount
    do throws(StoreError) {
      if let failure = injectedFailure?() { throw failure }
      try store.patientWrite { db in
        try LapRow(sessionId: id, seq: seq, mark: mark).insert(db)
      }
    } catch {
      guard error.mayPass else { throw error }
      pendingLaps.append(mark)
      refuse(error)
      return
    }
    lapCount += 1
  }

  /// Commits what waits if it has waited long enough; the session loop calls this when idle.
  public func flushIfDue() throws(StoreError) {
    let interval = writeFailure == nil ? commitInterval : retryInterval
    if !pending.isEmpty || !pendingLaps.isEmpty, ContinuousClock.now - lastCommit >= interval {
      _ = try commit(waiting: lockWait)
    }
  }

  /// Commits every fix received so far if the write lock can be had soon; otherwise they
  /// are journaled and committed by a later call (or by `finish`).
  public func flush() throws(StoreError) {
    _ = try commit(waiting: .milliseconds(500))
  }

  /// Tries one commit of everything pending; when the lock is not had within `wait`, the
  /// fixes not yet journaled are appended to the journal. Returns whether it committed;
  /// false too when the disk refused the write (`writeFailure`), whose error it throws
  /// only when it may not pass.
  private func commit(waiting wait: Duration) throws(StoreError) -> Bool {
    lastCommit = ContinuousClock.now
    guard !pending.isEmpty || !pendingLaps.isEmpty else { return true }
    let batch = pending
    let laps = pendingLaps
    let id = id
    let start = nextSeq
    let firstLap = lapCount
    var (first, last) = (firstTime, lastTime)
    for fix in batch {
      guard let t = fix.time else { continue }
      if first.map({ t < $0 }) ?? true { first = t }
      if last.map({ t > $0 }) ?? true { last = t }
    }
    let committed: Bool?
    do throws(StoreError) {
      if let failure = injectedFailure?() { throw failure }
      committed = try store.attemptWrite(waiting: wait) { db in
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
        for (offset, mark) in laps.enumerated() {
          try LapRow(sessionId: id, seq: firstLap + offset, mark: mark).insert(db)
        }
        return true
      }
    } catch {
      guard error.mayPass, pending.count <= holdLimit else { throw error }
      refuse(error)
      return false
    }
    guard committed == true else {
      do throws(StoreError) {
        try journalPending()
      } catch {
        guard error.mayPass else { throw error }
        refuse(error)
      }
      return false
    }
    (firstTime, lastTime) = (first, last)
    nextSeq = start + batch.count
    lapCount += laps.count
    pending.removeAll(keepingCapacity: true)
    pendingLaps.removeAll()
    journaled = 0
    journal.discard()
    if writeFailure != nil { lastHeldWritten = batch.count }
    writeFailure = nil
    refusedWrites = 0
    return true
  }

  /// Notes a write the disk refused: the fixes stay in memory for the next try.
  private func refuse(_ error: StoreError) {
    writeFailure = error
    refusedWrites += 1
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
  /// kept, with the settings the session started with. A disk that still refuses the
  /// fixes held fails it with the disk's error, at once.
  @discardableResult
  public func finish() throws(StoreError) -> FinishedSession {
    let deadline = ContinuousClock.now + store.lockPatience
    while try !commit(waiting: .seconds(1)) {
      if let writeFailure { throw writeFailure }
      if ContinuousClock.now >= deadline { throw StoreError.locked(path: store.location.path) }
    }
    let record = try store.finish(id, recorder: owner)
    isFinished = true
    return record
  }

  /// Marks the session interrupted, as a killed recording is found, when it cannot be
  /// finished: its fixes written so far are kept, and `sessions finish` sums them up.
  /// False when even that could not be written; the next Strider to open the store marks it
  /// then, this process being gone.
  @discardableResult
  public func markInterrupted() -> Bool {
    let id = id
    let marked = try? store.attemptWrite(waiting: .seconds(1)) { db in
      try SessionRow.markInterrupted([id], in: db)
      return true
    }
    return marked == true
  }
}
