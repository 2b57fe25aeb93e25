import StriderCore
import StriderSimulator

/// The built-in simulator as a live source: a simulated session paced on its fix clock,
/// with faults injected on demand (the filter lab binds keys to `inject`).
public struct SimulatorSource<Clock: PacingClock>: FixSource {
  public let name = "simulator"
  private var stream: SimulatorStream
  private var pending: [Fix] = []
  private var pacer: Pacer
  private var clock: Clock
  private var position = 0.0
  private var lastTime: GNSSTime?
  private var finishedReported = false
  private var ended = false

  public init(configuration: SimulationConfiguration, speed: ReplaySpeed, clock: Clock) {
    stream = SimulatorStream(configuration: configuration)
    pacer = Pacer(speed: speed)
    self.clock = clock
  }

  /// What the simulator really did so far: the truth to score against.
  public var truth: [TruthSample] { stream.truth }
  public var speed: ReplaySpeed { pacer.speed }
  public var isPaused: Bool { pacer.isPaused }

  public mutating func inject(_ kind: SimulatedFault.Kind) { stream.inject(kind) }

  public mutating func setSpeed(_ speed: ReplaySpeed) {
    pacer.setSpeed(speed, position: position, now: clock.now())
  }

  public mutating func setPaused(_ paused: Bool) {
    pacer.setPaused(paused, position: position, now: clock.now())
  }

  public mutating func poll(timeout: Double) -> SourcePoll {
    if pending.isEmpty && !ended {
      if let epoch = stream.next() {
        pending = epoch
      } else {
        ended = true
      }
    }
    guard let fix = pending.first else {
      if ended && !finishedReported {
        finishedReported = true
        return .event(.status(.finished))
      }
      if ended { return .ended }
      return .idle  // an epoch without fixes (a signal loss): nothing to say yet
    }
    let next = position + Pacer.step(from: lastTime, to: fix.time)
    if pacer.isPaused {
      clock.sleep(seconds: timeout)
      return .idle
    }
    if let due = pacer.due(position: next, now: clock.now()) {
      let wait = due - clock.now()
      if wait > 0 {
        clock.sleep(seconds: min(wait, timeout))
        if clock.now() < due { return .idle }
      }
    }
    pending.removeFirst()
    position = next
    if let t = fix.time { lastTime = t }
    return .event(.fix(fix))
  }
}
