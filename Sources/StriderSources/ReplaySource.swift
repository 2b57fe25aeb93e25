import StriderCore

/// Replays a finished list of fixes (a file or a recorded session) through the live
/// pipeline on the fix clock: real time, N×, or as fast as possible, with pause, speed
/// changes and seeking.
public struct ReplaySource<Clock: PacingClock>: FixSource {
  public let name: String
  private let fixes: [Fix]
  /// Schedule position of each fix (see `Pacer`).
  private let schedule: [Double]
  private var index = 0
  private var pacer: Pacer
  private var clock: Clock
  /// Where the replay was when a seek back asked for a restart not yet reported: a seek
  /// forward again before it comes cancels it.
  private var pendingRestart: (index: Int, finishedReported: Bool)?
  private var catchUpUntil: Double?
  private var finishedReported = false

  public init(fixes: [Fix], name: String, speed: ReplaySpeed, clock: Clock) {
    self.name = name
    self.fixes = fixes
    var positions: [Double] = []
    positions.reserveCapacity(fixes.count)
    var position = 0.0
    var previousTime: GNSSTime?
    for fix in fixes {
      position += Pacer.step(from: previousTime, to: fix.time)
      if let t = fix.time { previousTime = t }
      positions.append(position)
    }
    schedule = positions
    pacer = Pacer(speed: speed)
    self.clock = clock
  }

  /// Where the replay is, and how long it is, in schedule seconds.
  public var progress: (position: Double, total: Double) {
    let position = index > 0 ? schedule[index - 1] : 0
    return (position, schedule.last ?? 0)
  }

  public var speed: ReplaySpeed { pacer.speed }
  /// The pacing clock, for tests that drive a manual one.
  public var clockForTests: Clock { clock }
  public var isPaused: Bool { pacer.isPaused }

  public mutating func setSpeed(_ speed: ReplaySpeed) {
    pacer.setSpeed(speed, position: progress.position, now: clock.now())
  }

  public mutating func setPaused(_ paused: Bool) {
    pacer.setPaused(paused, position: progress.position, now: clock.now())
  }

  /// Moves by some seconds of the recording. Forward, the fixes in between are delivered at
  /// once; backward, the session restarts and catches up to the new position at once.
  /// Seeks made before the last one is caught up add up: key repeat, a paste or a busy
  /// terminal hands over several arrows in one read, and each is 30 s from where the one
  /// before it went, not from where the replay still is.
  public mutating func seek(by seconds: Double) {
    let from = catchUpUntil ?? progress.position
    let target = max(0, min(progress.total, from + seconds))
    let was = pendingRestart ?? (index, finishedReported)
    let reached = was.index > 0 ? schedule[was.index - 1] : 0
    if target < reached {
      pendingRestart = was
      index = 0
      finishedReported = false
    } else if let was = pendingRestart {
      (index, finishedReported) = was
      pendingRestart = nil
    }
    catchUpUntil = target
  }

  public mutating func poll(timeout: Double) -> SourcePoll {
    if pendingRestart != nil {
      pendingRestart = nil
      return .event(.restart)
    }
    guard index < fixes.count else {
      if finishedReported { return .ended }
      finishedReported = true
      return .event(.status(.finished))
    }
    let position = schedule[index]
    if let until = catchUpUntil {
      if position <= until { return deliver() }
      catchUpUntil = nil
      pacer.reanchor(position: position, now: clock.now())
    }
    if pacer.isPaused {
      clock.sleep(seconds: timeout)
      return .idle
    }
    guard let due = pacer.due(position: position, now: clock.now()) else { return deliver() }
    let wait = due - clock.now()
    if wait <= 0 { return deliver() }
    clock.sleep(seconds: min(wait, timeout))
    return clock.now() >= due ? deliver() : .idle
  }

  private mutating func deliver() -> SourcePoll {
    let fix = fixes[index]
    index += 1
    return .event(.fix(fix))
  }
}
