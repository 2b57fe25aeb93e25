import Foundation
import StriderConcurrency
import StriderCore
import StriderFormats

/// Judges a file's fixes on a thread of its own (`GateStage`), between the parsing thread
/// and the engine: on two cores, `analyze` of a million fixes spent 70 % of its time on
/// the engine's thread and 30 % parsing beside it; the gate, a tenth, moves to the second
/// core. The engine is fed exactly the decisions its own gate would have made, in order,
/// and takes the stage back at the end (`gate`).
/// `Failure` is what reading the fixes may throw: a file's `FormatError`, a stored session's
/// `StoreError`.
final class JudgingThread<Failure: Error>: @unchecked Sendable {
  private enum Item {
    case judged(JudgedBatch)
    case finished(SensorFigures, GateStage)
    case failed(Failure, SensorFigures, GateStage)
  }

  private let channel = BoundedChannel<Item>(capacity: 4)
  /// Signalled when the thread has returned: it touches the reader no more.
  private let done = DispatchSemaphore(value: 0)
  private var ended = false
  private var failure: Failure?
  /// The sensors of every fix judged, once the end or the error has been taken.
  private(set) var sensors = SensorFigures()
  /// The stage, once the end or the error has been taken: the engine takes it back
  /// (`SessionEngine.takeBackGate`) before its finish.
  private(set) var gate: GateStage?

  /// How many fixes are judged at a time: the engine's side looks for lap presses and
  /// speaks between batches (`StreamedReplaySource.turnSize`).
  static var batchSize: Int { 1024 }

  /// Judges `held` (the fixes read to guess the activity), calls `afterHeld`, and then
  /// judges every batch `nextBatch` gives, with `stage`. `nextBatch` and `afterHeld` are
  /// called on the thread only, `nextBatch` until `next` has returned nil or thrown.
  ///
  /// `relearnsAhead` is fed every batch's decisions until it wants no more.
  init(
    held: [Fix], stage: GateStage, relearnsAhead: RelearnsAhead? = nil,
    afterHeld: @escaping () -> Void = {},
    nextBatch: @escaping () throws(Failure) -> ArraySlice<Fix>?
  ) {
    let box = ThreadState<Failure>(
      held: held, stage: stage, afterHeld: afterHeld, nextBatch: nextBatch)
    let channel = channel
    let done = done
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

  deinit { channel.close() }

  /// Stops judging and waits until the thread has let go of the reader, which the caller
  /// may then read (its warnings, say) though the end was not reached: a replay stopped
  /// partway.
  func stop() {
    channel.close()
    done.wait()
  }

  /// The next fixes and their decisions, in order; nil after the last, or the reader's
  /// error once the fixes before it are given.
  func next() throws(Failure) -> JudgedBatch? {
    if let failure { throw failure }
    if ended { return nil }
    switch channel.take() {
    case .judged(let batch): return batch
    case .finished(let sensors, let stage):
      (self.sensors, gate) = (sensors, stage)
      ended = true
      return nil
    case .failed(let error, let sensors, let stage):
      (self.sensors, gate) = (sensors, stage)
      failure = error
      throw error
    }
  }
}

extension JudgingThread where Failure == FormatError {
  /// How many fixes further the reader may read while the held ones are judged.
  static var readAheadWhileHeld: Int { 16_384 }

  /// Judges what `reader` reads after `held`.
  convenience init(
    reader: PrefetchingFixReader, held: [Fix], stage: GateStage,
    relearnsAhead: RelearnsAhead? = nil
  ) {
    // The reader reads on while the held fixes are judged, instead of waiting for room:
    // judging 50,000 fixes takes about as long as reading 30,000, which four batches more
    // cover; as many more as were held put 7 MB on the peak of a 1M-fix FIT.
    reader.readAhead(fixes: min(held.count, JudgingThread.readAheadWhileHeld))
    self.init(
      held: held, stage: stage, relearnsAhead: relearnsAhead,
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
