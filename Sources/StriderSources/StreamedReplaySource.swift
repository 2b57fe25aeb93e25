import StriderCore

/// A replay that reads its fixes as it goes, for a headless replay of a file of any size
/// in the memory of one fix (a 1M-fix `replay --headless` held every fix, 235 MB).
///
/// Paced as `ReplaySource` paces, on the same schedule (`Pacer`), but it cannot seek or
/// show how far it is: the dashboard, which does both, replays from a `ReplaySource`.
/// A fix that cannot be read ends the replay as the end of the file would; the error is
/// kept in `failure` for the command to report.
public struct StreamedReplaySource<Clock: PacingClock, Failure: Error>: FixSource {
  public let name: String
  private let nextBatch: () throws(Failure) -> ArraySlice<Fix>?
  /// The fixes of the last batch not handed on yet.
  private var batch: ArraySlice<Fix> = []
  private var pending: (fix: Fix, position: Double)?
  private var position = 0.0
  private var previousTime: GNSSTime?
  private var pacer: Pacer
  /// As fast as possible: nothing to schedule, so each fix is handed on as it is read,
  /// without the clock or a copy kept waiting (a fix copied in and out of
  /// `pending` on each of a million polls).
  private let isUnpaced: Bool
  private var clock: Clock
  private var isExhausted = false
  private var finishedReported = false
  /// Why reading stopped before the end, if it did.
  public private(set) var failure: Failure?
  /// Fixes judged on another thread (`init(name:clock:nextJudged:gate:)`), and the stage
  /// that judged them, asked for once they have all been given.
  private let nextJudged: (() throws(Failure) -> JudgedBatch?)?
  private let judgingGate: (() -> GateStage?)?

  /// - Parameter nextBatch: the next fixes in the order they were recorded (a page, a
  ///   parsed block), nil at the end.
  public init(
    name: String, speed: ReplaySpeed, clock: Clock,
    nextBatch: @escaping () throws(Failure) -> ArraySlice<Fix>?
  ) {
    self.name = name
    self.nextBatch = nextBatch
    pacer = Pacer(speed: speed)
    isUnpaced = speed == .asFastAsPossible
    self.clock = clock
    nextJudged = nil
    judgingGate = nil
  }

  /// A replay at full speed of fixes a `GateStage` judges on another thread as they are
  /// read (`takeDueJudged`), so the gate's work is off the engine's thread.
  /// - Parameter nextJudged: the next fixes with their decisions, nil at the end.
  /// - Parameter gate: the stage, once `nextJudged` has given its end or its error.
  public init(
    name: String, clock: Clock, nextJudged: @escaping () throws(Failure) -> JudgedBatch?,
    gate: @escaping () -> GateStage?
  ) {
    self.name = name
    nextBatch = { nil }
    pacer = Pacer(speed: .asFastAsPossible)
    isUnpaced = true
    self.clock = clock
    self.nextJudged = nextJudged
    judgingGate = gate
  }

  /// The next fixes judged, with their decisions; nil when this source reads plain fixes,
  /// or at the end (then `poll` reports it) or at the first failure (kept).
  public mutating func takeDueJudged() -> JudgedBatch? {
    guard let nextJudged, !isExhausted else { return nil }
    do {
      if let batch = try nextJudged() { return batch }
      isExhausted = true
    } catch {
      isExhausted = true
      failure = error
    }
    return nil
  }

  /// The stage that judged the fixes, once they have all been given.
  public mutating func takeGate() -> GateStage? {
    isExhausted ? judgingGate?() : nil
  }

  public mutating func poll(timeout: Double) -> SourcePoll {
    if isUnpaced, pending == nil {
      if let fix = read() { return .event(.fix(fix)) }
      if finishedReported { return .ended }
      finishedReported = true
      return .event(.status(.finished))
    }
    guard let (fix, due) = peek() else {
      if finishedReported { return .ended }
      finishedReported = true
      return .event(.status(.finished))
    }
    guard let wall = pacer.due(position: due, now: clock.now()) else { return deliver(fix) }
    let wait = wall - clock.now()
    if wait <= 0 { return deliver(fix) }
    clock.sleep(seconds: min(wait, timeout))
    return clock.now() >= wall ? deliver(fix) : .idle
  }

  /// As fast as possible, the fixes read and not handed on yet, up to `turnSize` at once
  /// (see `FixSource.takeDueFixes`); nil when paced, or at the end (then `poll` reports
  /// it).
  public mutating func takeDueFixes() -> ArraySlice<Fix>? {
    guard isUnpaced, nextJudged == nil, pending == nil, refill() else { return nil }
    defer { batch = batch.dropFirst(Self.turnSize) }
    return batch.prefix(Self.turnSize)
  }

  /// The most fixes handed on in one go: a file's first 50,000 fixes, held while its
  /// activity is guessed, come as one batch, and the loop looks for lap presses and
  /// speaks between turns.
  static var turnSize: Int { 1024 }

  /// The next fix and its schedule position, read when none is waiting.
  private mutating func peek() -> (Fix, Double)? {
    if let pending { return pending }
    guard let fix = read() else { return nil }
    position += Pacer.step(from: previousTime, to: fix.time)
    if let t = fix.time { previousTime = t }
    pending = (fix, position)
    return pending
  }

  /// The next fix from `nextBatch`, or nil at the end or at the first failure (kept).
  private mutating func read() -> Fix? {
    guard refill() else { return nil }
    return batch.popFirst()
  }

  /// Whether a fix is left in `batch`, reading the next batch when it is empty.
  private mutating func refill() -> Bool {
    while batch.isEmpty {
      guard !isExhausted else { return false }
      do {
        guard let next = try nextBatch() else {
          isExhausted = true
          return false
        }
        batch = next
      } catch {
        isExhausted = true
        failure = error
        return false
      }
    }
    return true
  }

  private mutating func deliver(_ fix: Fix) -> SourcePoll {
    pending = nil
    return .event(.fix(fix))
  }
}
