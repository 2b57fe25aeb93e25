import Foundation

/// Work done on a thread of its own, one piece after the other in the order given, while
/// the caller goes on (an import's batches written behind the engine).
///
/// At most `capacity` pieces wait, so memory stays bounded. The first piece that fails
/// stops the work: the pieces waiting are dropped, and `submit` and `drain` throw its error
/// from then on. `close` ends the thread once nothing is being done, and must be called
/// (the thread holds the work's captures until then).
public final class OrderedWorker<Failure: Error>: @unchecked Sendable {
  public typealias Work = @Sendable () throws(Failure) -> Void

  private let condition = NSCondition()
  private var pending: [Work] = []
  private var writing = false
  private var failure: Failure?
  private var closed = false
  private let capacity: Int

  public init(capacity: Int = 2, name: String) {
    self.capacity = max(1, capacity)
    let thread = Thread { [self] in run() }
    thread.name = name
    thread.start()
  }

  /// Queues a batch, waiting while `capacity` batches wait; throws the error of a batch
  /// that failed before (and queues nothing then).
  public func submit(_ work: @escaping Work) throws(Failure) {
    condition.lock()
    defer { condition.unlock() }
    while pending.count >= capacity && failure == nil { condition.wait() }
    if let failure { throw failure }
    pending.append(work)
    condition.broadcast()
  }

  /// Waits until every batch queued is written (or dropped after a failure, whose error it
  /// throws).
  public func drain() throws(Failure) {
    condition.lock()
    defer { condition.unlock() }
    while !pending.isEmpty || writing { condition.wait() }
    if let failure { throw failure }
  }

  /// Drops what waits, waits for the batch being written, and ends the thread; the writer
  /// is spent.
  public func close() {
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
      var error: Failure?
      do throws(Failure) {
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
