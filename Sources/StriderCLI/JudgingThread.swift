import Foundation
import StriderCore
import StriderFormats

/// Judges a file's fixes on a thread of its own (`GateStage`), between the parsing thread
/// and the engine: on two cores, `analyze` of a million fixes spent 70 % of its time on
/// the engine's thread and 30 % parsing beside it; the gate's tenth moves to the second
/// core. The engine is fed exactly the decisions its own gate would have made, in order.
final class JudgingThread: @unchecked Sendable {
  /// What the gate made of some fixes.
  struct Judged {
    var decisions: [GateDecision]
    var fixes: Int
    var withPosition: Int
  }

  private enum Item {
    case judged(Judged)
    case finished(SensorFigures)
    case failed(FormatError, SensorFigures)
  }

  private let channel = BoundedChannel<Item>(capacity: 4)
  private var ended = false
  private var failure: FormatError?
  /// The sensors of every fix judged, once the end has been taken.
  private(set) var sensors = SensorFigures()

  /// Judges `held` (the fixes read to guess the activity) and then every batch `reader`
  /// gives, with `stage`. The reader belongs to the thread until `next` has returned nil
  /// or thrown.
  init(reader: PrefetchingFixReader, held: [Fix], stage: GateStage) {
    let box = UncheckedBox((reader, held, stage))
    let channel = channel
    let thread = Thread {
      var (reader, held, stage) = box.value
      var sensors = SensorFigures()
      func judge(_ fixes: some Collection<Fix>) -> Bool {
        var decisions: [GateDecision] = []
        decisions.reserveCapacity(fixes.count + 8)
        let before = (stage.pointsIn, stage.fixesWithPosition)
        for fix in fixes {
          sensors.add(fix)
          stage.judge(fix, into: &decisions)
        }
        return channel.put(
          .judged(
            Judged(
              decisions: decisions, fixes: stage.pointsIn - before.0,
              withPosition: stage.fixesWithPosition - before.1)))
      }
      var start = 0
      while start < held.count {
        let end = min(held.count, start + 1024)
        guard judge(held[start..<end]) else { return }
        start = end
      }
      held = []
      do throws(FormatError) {
        while let batch = try reader.nextBatch() {
          guard judge(batch) else { return }
        }
        var last: [GateDecision] = []
        stage.finish(into: &last)
        guard channel.put(.judged(Judged(decisions: last, fixes: 0, withPosition: 0))) else {
          return
        }
        _ = channel.put(.finished(sensors))
      } catch {
        _ = channel.put(.failed(error, sensors))
      }
    }
    thread.name = "strider-gate"
    thread.start()
  }

  deinit { channel.close() }

  /// The next decisions, in order; nil after the last (the gate's final ones included),
  /// or the reader's error once the decisions before it are given.
  func next() throws(FormatError) -> Judged? {
    if let failure { throw failure }
    if ended { return nil }
    switch channel.take() {
    case .judged(let judged): return judged
    case .finished(let sensors):
      self.sensors = sensors
      ended = true
      return nil
    case .failed(let error, let sensors):
      self.sensors = sensors
      failure = error
      throw error
    }
  }
}

/// A value handed to another thread that only that thread touches from then on.
private struct UncheckedBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
