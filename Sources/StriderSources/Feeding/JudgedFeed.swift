import Foundation
import StriderConcurrency
import StriderCore
import StriderFormats

/// Fixes judged by the gate (`GateStage`) in batches, as the engine takes them
/// (`SessionPipeline.ingest(judged:into:)`): on a thread of their own
/// between the reading and the engine where the input is big enough to pay for one, else on
/// the caller's thread as it asks. On two cores, `analyze` of a million fixes spent 70 % of
/// its time on the engine's thread and 30 % parsing beside it; the gate, a tenth, moves to
/// the second core. Either way the engine is fed exactly the decisions the pipeline's own gate
/// would have made, in order, and the pipeline takes the stage back at the end (`gate`).
///
/// `Failure` is what reading the fixes may throw: a file's `FormatError`, a stored session's
/// `StoreError`.
public final class JudgedFeed<Failure: Error>: @unchecked Sendable {
  fileprivate enum Item {
    case judged(JudgedBatch)
    case finished(SensorFigures, GateStage)
    case failed(Failure, SensorFigures, GateStage)
  }

  /// Where the judging happens.
  private enum Judging {
    /// On a thread of its own, which puts what it judged in `channel`.
    case onThread(BoundedChannel<Item>, done: DispatchSemaphore)
    /// On the caller's thread, in `next`.
    case inline(InlineJudge<Failure>)
  }

  private let judging: Judging
  private var ended = false
  private var failure: Failure?
  /// The sensors of every fix judged, once the end or the error has been taken.
  public private(set) var sensors = SensorFigures()
  /// The stage, once the end or the error has been taken: the engine takes it back
  /// (`SessionPipeline.takeBackGate`) before its finish.
  public private(set) var gate: GateStage?

  /// How many fixes are judged at a time: the engine's side looks for lap presses and
  /// speaks between batches (`StreamedReplaySource.turnSize`).
  static var batchSize: Int { 1024 }

  /// Judges `held` (the fixes read to guess the activity), calls `afterHeld`, and then
  /// judges every batch `nextBatch` gives, with `stage`. `nextBatch` and `afterHeld` are
  /// called on the thread only, `nextBatch` until `next` has returned nil or thrown.
  ///
  /// `relearnsAhead` is fed every batch's decisions until it wants no more.
  /// - Parameter onThread: judge on a thread of its own; else on the caller's, in `next`.
  public init(
    held: [Fix], stage: GateStage, onThread: Bool = true, relearnsAhead: RelearnsAhead? = nil,
    afterHeld: @escaping () -> Void = {},
    nextBatch: @escaping () throws(Failure) -> ArraySlice<Fix>?
  ) {
    guard onThread else {
      afterHeld()
      judging = .inline(InlineJudge(held: held, stage: stage, nextBatch: nextBatch))
      return
    }
    let box = ThreadState<Failure>(
      held: held, stage: stage, afterHeld: afterHeld, nextBatch: nextBatch)
    let channel = BoundedChannel<Item>(capacity: 4)
    let done = DispatchSemaphore(value: 0)
    judging = .onThread(channel, done: done)
    let thread = Thread {
      defer { done.signal() }
      var held = box.held
      var stage = box.stage
      let nextBatch = box.nextBatch
      var ahead = relearnsAhead
      box.held = []
      var sensors = SensorFigures()
      func judge(_ fixes: ArraySlice<Fix>) -> Bool {
        var start = fixes.startIndex
        while start < fixes.endIndex {
          let end = min(fixes.endIndex, start + Self.batchSize)
          for fix in fixes[start..<end] { sensors.add(fix) }
          let batch = stage.judge(fixes[start..<end])
          if let feeding = ahead, !feeding.feed(batch.decisions) { ahead = nil }
          guard channel.put(.judged(batch)) else { return false }
          start = end
        }
        return true
      }
      guard judge(held[...]) else { return }
      held = []
      box.afterHeld()
      do throws(Failure) {
        while let batch = try nextBatch() {
          guard judge(batch) else { return }
        }
        _ = channel.put(.finished(sensors, stage))
      } catch {
        _ = channel.put(.failed(error, sensors, stage))
      }
    }
    thread.name = "strider-gate"
    thread.start()
  }

  deinit {
    if case .onThread(let channel, _) = judging { channel.close() }
  }

  /// Stops judging and waits until the thread has let go of the reader, which the caller
  /// may then read (its warnings, say) though the end was not reached: a replay stopped
  /// partway.
  public func stop() {
    guard case .onThread(let channel, let done) = judging else { return }
    channel.close()
    done.wait()
  }

  /// The next fixes and their decisions, in order; nil after the last, or the reader's
  /// error once the fixes before it are given.
  public func next() throws(Failure) -> JudgedBatch? {
    if let failure { throw failure }
    if ended { return nil }
    let item: Item?
    switch judging {
    case .onThread(let channel, _): item = channel.take()
    case .inline(let judge): item = judge.next()
    }
    switch item {
    case .judged(let batch): return batch
    case .finished(let sensors, let stage):
      (self.sensors, gate) = (sensors, stage)
      ended = true
      return nil
    case .failed(let error, let sensors, let stage):
      (self.sensors, gate) = (sensors, stage)
      failure = error
      throw error
    case nil:
      // The inline judge's after its end, which `ended` keeps from being asked again.
      ended = true
      return nil
    }
  }
}

extension JudgedFeed where Failure == FormatError {
  /// How many fixes further the reader may read while the held ones are judged.
  static var readAheadWhileHeld: Int { 16_384 }

  /// Judges what `reader` reads after `held`.
  public convenience init(
    reader: PrefetchingFixReader, held: [Fix], stage: GateStage, onThread: Bool = true,
    relearnsAhead: RelearnsAhead? = nil
  ) {
    // The reader reads on while the held fixes are judged, instead of waiting for room:
    // judging 50,000 fixes takes about as long as reading 30,000, which four batches more
    // cover; as many more as were held put 7 MB on the peak of a 1M-fix FIT.
    if onThread { reader.readAhead(fixes: min(held.count, Self.readAheadWhileHeld)) }
    self.init(
      held: held, stage: stage, onThread: onThread, relearnsAhead: relearnsAhead,
      afterHeld: { reader.readAhead(fixes: 0) }
    ) {
      () throws(FormatError) in try reader.nextBatch()
    }
  }
}

/// What the judging thread starts from, handed to it: only it touches these from then on.
private final class ThreadState<Failure: Error>: @unchecked Sendable {
  var held: [Fix]
  let stage: GateStage
  let afterHeld: () -> Void
  let nextBatch: () throws(Failure) -> ArraySlice<Fix>?

  init(
    held: [Fix], stage: GateStage, afterHeld: @escaping () -> Void,
    nextBatch: @escaping () throws(Failure) -> ArraySlice<Fix>?
  ) {
    self.held = held
    self.stage = stage
    self.afterHeld = afterHeld
    self.nextBatch = nextBatch
  }
}

/// The judging done on the caller's thread, a batch at a time as the feed is asked.
private final class InlineJudge<Failure: Error> {
  private var held: [Fix]
  private var heldJudged = 0
  private var stage: GateStage
  private let nextBatch: () throws(Failure) -> ArraySlice<Fix>?
  private var sensors = SensorFigures()
  private var pending: ArraySlice<Fix> = []
  private var ended = false

  init(
    held: [Fix], stage: GateStage, nextBatch: @escaping () throws(Failure) -> ArraySlice<Fix>?
  ) {
    self.held = held
    self.stage = stage
    self.nextBatch = nextBatch
  }

  /// The next batch judged, the end, or the reader's error, as the thread would put them.
  func next() -> JudgedFeed<Failure>.Item? {
    if ended { return nil }
    if pending.isEmpty, heldJudged < held.count {
      pending = held[heldJudged...]
      heldJudged = held.count
      held = []
    }
    while pending.isEmpty {
      do throws(Failure) {
        guard let batch = try nextBatch() else {
          ended = true
          return .finished(sensors, stage)
        }
        pending = batch
      } catch {
        ended = true
        return .failed(error, sensors, stage)
      }
    }
    let end = min(pending.endIndex, pending.startIndex + JudgedFeed<Failure>.batchSize)
    let fixes = pending[pending.startIndex..<end]
    pending = pending[end...]
    for fix in fixes { sensors.add(fix) }
    return .judged(stage.judge(fixes))
  }
}
