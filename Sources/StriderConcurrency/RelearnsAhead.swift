import Foundation
import StriderCore

/// The live engine's relearns worked out ahead of it on a thread of its own
/// (`RelearnWorker`), from the gate's decisions as a judging thread makes them.
///
/// In its first 50,000 fixes the live engine learns the track's noise anew 28 times and
/// measures the whole track again with each model: a seventh of a replay of a million
/// fixes at full speed, all on the engine's thread while the second core waited for it.
/// The engine takes a result that is ready, waits for one being worked out, and works out
/// itself one the thread has not begun (`take`): the numbers are the same to the bit
/// whoever works them out; only the time differs.
public final class RelearnsAhead: RelearnSupply, @unchecked Sendable {
  /// What the thread and the engine share; the thread holds it, not the `RelearnsAhead`,
  /// so that letting go of the latter stops the thread.
  private let shared = Shared()

  /// Nil where the engine never relearns: no smoothing, or a raw session.
  public init?(configuration: SessionConfiguration) {
    guard let worker = RelearnWorker(configuration: configuration, parallelism: Threads())
    else { return nil }
    let shared = shared
    let thread = Thread { shared.work(worker) }
    thread.name = "strider-relearn"
    thread.start()
  }

  deinit { stop() }

  /// Hands the thread the decisions a gate made, in the order it made them; false once
  /// the thread wants no more (past the last relearn, or stopped).
  @discardableResult
  public func feed(_ decisions: [GateDecision]) -> Bool { shared.feed(decisions) }

  /// Stops the thread after what it is working out; results not taken are let go.
  public func stop() { shared.stop() }

  /// How many relearns the engine took ready from the thread, and how many did not match
  /// its own track (none, unless the two ways of keeping the track part).
  public var counts: (taken: Int, mismatched: Int) { shared.counts }

  /// Waits until the thread has taken in all it was fed and worked out every relearn the
  /// engine has not reached (for tests, which then know what the engine will find ready).
  package func waitUntilIdle() { shared.waitUntilIdle() }

  /// Relearns before `count` are let go.
  package func take(count: Int, endingIn last: TrackEnd) -> Relearn? {
    shared.take(count: count, last: last)
  }

  private final class Shared: @unchecked Sendable {
    private let condition = NSCondition()
    /// Decisions fed and not yet taken in by the thread.
    private var fed: [[GateDecision]] = []
    private var results: [Int: Relearn] = [:]
    /// The relearn the thread is working out.
    private var working: Int?
    /// The latest relearn the engine has reached: the thread skips those up to it.
    private var engineReached = 0
    private var closed = false
    /// Whether the thread has gone past the last relearn and wants no more decisions.
    private var wantsNoMore = false
    private var taken = 0
    private var mismatched = 0
    /// Whether the thread waits with nothing it could work out.
    private var idle = false

    func feed(_ decisions: [GateDecision]) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      guard !wantsNoMore, !closed else { return false }
      fed.append(decisions)
      condition.broadcast()
      return true
    }

    func stop() {
      condition.lock()
      closed = true
      fed = []
      results = [:]
      condition.broadcast()
      condition.unlock()
    }

    var counts: (taken: Int, mismatched: Int) {
      condition.lock()
      defer { condition.unlock() }
      return (taken, mismatched)
    }

    func waitUntilIdle() {
      condition.lock()
      while !(idle && fed.isEmpty) && !closed { condition.wait() }
      condition.unlock()
    }

    func take(count: Int, last: TrackEnd) -> Relearn? {
      condition.lock()
      defer { condition.unlock() }
      engineReached = max(engineReached, count)
      while working == count && !closed { condition.wait() }
      let relearn = results.removeValue(forKey: count)
      if !results.isEmpty { results = results.filter { $0.key > count } }
      guard let relearn else { return nil }
      guard relearn.end.isSame(as: last) else {
        mismatched += 1
        return nil
      }
      taken += 1
      return relearn
    }

    /// Takes in what was fed, then works out the furthest relearn the engine has not
    /// reached: the engine works out the nearer ones itself meanwhile, so the two share
    /// the work rather than the engine waiting on the thread for each in turn.
    func work(_ worker: RelearnWorker) {
      var worker = worker
      var due: [Int] = []
      while true {
        condition.lock()
        while fed.isEmpty && !closed && !due.contains(where: { $0 > engineReached }) {
          idle = true
          condition.broadcast()
          condition.wait()
        }
        idle = false
        if closed {
          condition.unlock()
          return
        }
        let batches = fed
        fed = []
        condition.unlock()
        for decisions in batches {
          for decision in decisions {
            if let count = worker.take(decision) { due.append(count) }
          }
        }
        condition.lock()
        due.removeAll { $0 <= engineReached }
        if worker.isPastLastRelearn {
          // No relearn comes after these: the judging thread may stop feeding.
          wantsNoMore = true
          fed = []
        }
        guard let count = due.popLast(), !closed else {
          let finished = wantsNoMore
          if finished {
            idle = true
            condition.broadcast()
          }
          condition.unlock()
          if finished { return }
          continue
        }
        working = count
        condition.unlock()
        let relearn = worker.relearn(at: count)
        condition.lock()
        working = nil
        if !closed { results[count] = relearn }
        condition.broadcast()
        condition.unlock()
      }
    }
  }
}
