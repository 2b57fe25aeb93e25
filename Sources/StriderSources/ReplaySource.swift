import StriderCore

/// Replays a finished list of fixes (a file or a recorded session) through the live
/// pipeline on the fix clock: real time, N×, or as fast as possible, with pause, speed
/// changes and seeking.
public struct ReplaySource<Clock: PacingClock>: FixSource {
  public let name: String
  private let fixes: [Fix]
  /// Schedule position of each fix (see `Pacer`).
  private let schedule: [Double]
  /// Fix-clock position of each fix: the schedule with its long silences at their full
  /// length (see `clockProgress`).
  private let clockPositions: [Double]
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
    clockPositions = Self.clockPositions(of: fixes)
    pacer = Pacer(speed: speed)
    self.clock = clock
  }

  /// Where the replay is, and how long it is, in schedule seconds.
  public var progress: (position: Double, total: Double) {
    let position = index > 0 ? schedule[index - 1] : 0
    return (position, schedule.last ?? 0)
  }

  /// Where the replay is, and how long it is, on the fix clock the session's time runs on:
  /// what the progress bar shows beside it. A silence the schedule shortens counts in
  /// full; a lone fix stamped far ahead, or a step of more than a day, does not.
  public var clockProgress: (position: Double, total: Double) {
    let position = index > 0 ? clockPositions[index - 1] : 0
    return (position, clockPositions.last ?? 0)
  }

  /// The fix-clock position of each fix: the time from the previous timed fix, in full
  /// (where the schedule shortens a long silence), but nothing for a lone fix whose time
  /// lies far from both neighbours' on opposite sides (a clock that jumped and came back),
  /// and no more than the schedule for a step beyond `longestSilence`.
  static func clockPositions(of fixes: [Fix]) -> [Double] {
    let timed = fixes.indices.filter { fixes[$0].time != nil }
    var isLoneOutlier = Set<Int>()
    for k in timed.indices.dropFirst().dropLast() {
      guard let a = fixes[timed[k - 1]].time, let b = fixes[timed[k]].time,
        let c = fixes[timed[k + 1]].time
      else { continue }
      let before = (b - a).value
      let after = (c - b).value
      if abs(before) > Pacer.maxStep, abs(after) > Pacer.maxStep, (before > 0) != (after > 0) {
        isLoneOutlier.insert(timed[k])
      }
    }
    var positions: [Double] = []
    positions.reserveCapacity(fixes.count)
    var position = 0.0
    var previous: GNSSTime?
    for (i, fix) in fixes.enumerated() {
      if let time = fix.time, !isLoneOutlier.contains(i) {
        let gap = previous.map { (time - $0).value } ?? 0
        position +=
          gap.isFinite && gap <= Self.longestSilence
          ? max(0, gap) : Pacer.step(from: previous, to: time)
        previous = time
      }
      positions.append(position)
    }
    return positions
  }

  /// A step longer than this between two fixes is a clock fault, not a pause.
  static var longestSilence: Double { 86_400 }

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
