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
  private let next: () throws(Failure) -> Fix?
  private var pending: (fix: Fix, position: Double)?
  private var position = 0.0
  private var previousTime: GNSSTime?
  private var pacer: Pacer
  /// As fast as possible: nothing to schedule, so each fix is handed on as it is read,
  /// without the clock or a copy kept waiting (a 232-byte fix copied in and out of
  /// `pending` on each of a million polls).
  private let isUnpaced: Bool
  private var clock: Clock
  private var isExhausted = false
  private var finishedReported = false
  /// Why reading stopped before the end, if it did.
  public private(set) var failure: Failure?

  /// - Parameter next: the next fix in the order it was recorded, nil at the end.
  public init(
    name: String, speed: ReplaySpeed, clock: Clock, next: @escaping () throws(Failure) -> Fix?
  ) {
    self.name = name
    self.next = next
    pacer = Pacer(speed: speed)
    isUnpaced = speed == .asFastAsPossible
    self.clock = clock
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

  /// The next fix and its schedule position, read when none is waiting.
  private mutating func peek() -> (Fix, Double)? {
    if let pending { return pending }
    guard let fix = read() else { return nil }
    position += Pacer.step(from: previousTime, to: fix.time)
    if let t = fix.time { previousTime = t }
    pending = (fix, position)
    return pending
  }

  /// The next fix from `next`, or nil at the end or at the first failure (kept).
  private mutating func read() -> Fix? {
    guard !isExhausted else { return nil }
    do {
      guard let fix = try next() else {
        isExhausted = true
        return nil
      }
      return fix
    } catch {
      isExhausted = true
      failure = error
      return nil
    }
  }

  private mutating func deliver(_ fix: Fix) -> SourcePoll {
    pending = nil
    return .event(.fix(fix))
  }
}
