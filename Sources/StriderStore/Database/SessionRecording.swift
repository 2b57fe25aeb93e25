import Foundation
import GRDB
import StriderCore

/// A session being recorded: each fix is kept as it arrives and committed within a quarter
/// of a second of wall time, so a `kill -9` or a power cut loses at most that much.
///
/// Used from the one thread that runs the session loop.
public final class SessionRecording {
  public let id: Int64
  let store: SessionStore
  private var pending: [Fix] = []
  private var nextSeq = 0
  private var lastCommit = ContinuousClock.now
  private var firstTime: GNSSTime?
  private var lastTime: GNSSTime?
  /// Longest a fix waits in memory before it is committed.
  public var commitInterval: Duration = .milliseconds(250)
  public private(set) var isFinished = false

  init(store: SessionStore, id: Int64) {
    self.store = store
    self.id = id
  }

  /// How many fixes have been kept or are about to be.
  public var fixCount: Int { nextSeq + pending.count }

  /// Keeps a fix; commits when the last commit is older than `commitInterval`.
  public func append(_ fix: Fix) throws(StoreError) {
    pending.append(fix)
    try flushIfDue()
  }

  /// Commits what waits if it has waited long enough; the session loop calls this when idle.
  public func flushIfDue() throws(StoreError) {
    if !pending.isEmpty, ContinuousClock.now - lastCommit >= commitInterval { try flush() }
  }

  /// Commits every fix received so far, in one transaction.
  public func flush() throws(StoreError) {
    lastCommit = ContinuousClock.now
    guard !pending.isEmpty else { return }
    let batch = pending
    let id = id
    var seq = nextSeq
    for fix in batch {
      if let t = fix.time {
        if firstTime.map({ t < $0 }) ?? true { firstTime = t }
        if lastTime.map({ t > $0 }) ?? true { lastTime = t }
      }
    }
    let (first, last) = (firstTime, lastTime)
    try store.guarded {
      try store.pool.write { db in
        let insert = try db.cachedStatement(sql: Rows.insertFix)
        for fix in batch {
          try insert.execute(
            arguments: Rows.fixArguments(sessionId: id, seq: seq, fix: fix, verdict: nil))
          seq += 1
        }
        try db.execute(
          sql: """
            UPDATE session SET fixCount = ?, startTime = ?, endTime = ?, updatedAt = ?
            WHERE id = ?
            """,
          arguments: [
            seq, first?.secondsSince1970, last?.secondsSince1970,
            Date().timeIntervalSince1970, id,
          ])
      }
    }
    nextSeq = seq
    pending.removeAll(keepingCapacity: true)
  }

  /// Commits the last fixes and computes the summary, verdicts, track and events from what
  /// was kept, with the settings the session started with.
  @discardableResult
  public func finish() throws(StoreError) -> SessionRecord {
    try flush()
    let record = try store.finish(id, recorder: .current)
    isFinished = true
    return record
  }
}
