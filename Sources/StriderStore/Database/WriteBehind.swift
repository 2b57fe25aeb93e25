import Foundation

/// Writes an import's batches on a thread of its own, while the engine judges the next
/// fixes: SQLite's inserts are most of an import's time, and the engine most of the rest,
/// so on two cores the two overlap.
///
/// The batches are written one after the other in the order given, each in its own
/// transaction as before. At most `capacity` wait, so memory stays bounded. The first
/// batch that fails stops the writing: the batches waiting are dropped, and `submit` and
/// `drain` throw its error from then on. `close` ends the thread once nothing is being
/// written, and must be called (the thread holds the writer until then).
final class WriteBehind: @unchecked Sendable {
  typealias Work = @Sendable () throws(StoreError) -> Void

  private let condition = NSCondition()
  private var pending: [Work] = []
  private var writing = false
  private var failure: StoreError?
  private var closed = false
  private let capacity: Int

  init(capacity: Int = 2) {
    self.capacity = max(1, capacity)
    let thread = Thread { [self] in run() }
    thread.name = "strider-import-writer"
    thread.start()
  }

  /// Queues a batch, waiting while `capacity` batches wait; throws the error of a batch
  /// that failed before (and queues nothing then).
  func submit(_ work: @escaping Work) throws(StoreError) {
    condition.lock()
    defer { condition.unlock() }
    while pending.count >= capacity && failure == nil { condition.wait() }
    if let failure { throw failure }
    pending.append(work)
    condition.broadcast()
  }

  /// Waits until every batch queued is written (or dropped after a failure, whose error it
  /// throws).
  func drain() throws(StoreError) {
    condition.lock()
    defer { condition.unlock() }
    while !pending.isEmpty || writing { condition.wait() }
    if let failure { throw failure }
  }

  /// Drops what waits, waits for the batch being written, and ends the thread; the writer
  /// is spent.
  func close() {
    condition.lock()
    defer { condition.unlock() }
    pending.removeAll()
    closed = true
    condition.broadcast()
    while writing { condition.wait() }
  }

  private func run() {
    while true {
      condition.lock()
      while pending.isEmpty && !closed { condition.wait() }
      if pending.isEmpty {
        condition.unlock()
        return
      }
      let work = pending.removeFirst()
      writing = true
      condition.unlock()
      var error: StoreError?
      do throws(StoreError) {
        try work()
      } catch let failed {
        error = failed
      }
      condition.lock()
      writing = false
      if let error, failure == nil {
        failure = error
        pending.removeAll()
      }
      condition.broadcast()
      condition.unlock()
    }
  }
}
