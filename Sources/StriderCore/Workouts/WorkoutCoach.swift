/// Walks a runner through a workout: starts and ends its steps, says each step's target and
/// result, and "Speed up" / "Slow down" / "Back on pace" while a step's target is missed.
///
/// A pure state machine driven by the engine's figures on the fix clock (`observe`, once per
/// accepted fix, with the fix's time), never by wall time, so a replay at any speed says
/// what the live session said. A step's distance and time are the session's moving distance
/// and moving time since the step began; a step ends where its length is crossed,
/// interpolated between two observations as `CueScheduler` interpolates its cues, and the
/// next step starts from that point, so no metre is lost between steps.
///
/// Coaching follows `CoachConfiguration`: pace is judged over the step's own last `window`
/// of moving time; out of range (beyond `tolerance`) for `grace` gives "Speed up" or
/// "Slow down", inside the range for `backAfter` then gives "Back on pace". Nothing is
/// judged while the session is paused, and a pause restarts the grace.
public struct WorkoutCoach: Sendable {
  public let plan: [PlannedStep]
  public let configuration: CoachConfiguration
  public let activity: Activity
  public let units: UnitSystem

  /// The index in `plan` of the step under way; nil before the first and after the last.
  public private(set) var currentIndex: Int?
  /// True once the last step has ended or the session finished.
  public private(set) var isDone = false
  /// The steps ended so far.
  public private(set) var results: [StepResult] = []
  /// What the step's target was last judged on (speed in m/s, or bpm); nil while it is not
  /// judged (no target, the step's first window, paused).
  public private(set) var measured: Double?
  /// The last coaching word of the step under way while it holds: speed up or slow down
  /// until the runner is back, nil once back on target.
  public private(set) var warning: CoachCue.Kind?

  /// Moving time and distance, the two figures steps are measured in.
  struct Figures: Sendable, Hashable {
    var moving: Double
    var distance: Double
  }

  private var stepStart = Figures(moving: 0, distance: 0)
  private var previous: Figures?
  /// The step's observations still needed for the windowed speed.
  private var samples: [Figures] = []
  private var judgement = Judgement()
  private var lastHeartRate: (value: Double, time: GNSSTime)?

  /// Where the runner stands against the target: a direction out of range and since when,
  /// the direction last said, and since when the runner has been back inside.
  private struct Judgement: Sendable {
    var out: (direction: Direction, since: GNSSTime)?
    var warned: Direction?
    var lastWarning: GNSSTime?
    var insideSince: GNSSTime?
  }

  enum Direction: Sendable, Hashable {
    case tooLow
    case tooHigh
  }

  public init(
    workout: Workout, configuration: CoachConfiguration = CoachConfiguration(),
    activity: Activity, units: UnitSystem
  ) {
    plan = workout.plan
    self.configuration = configuration
    self.activity = activity
    self.units = units
    isDone = plan.isEmpty
  }

  /// The step under way.
  public var currentStep: PlannedStep? { currentIndex.map { plan[$0] } }

  /// The band the step under way is judged against; nil without a target it can judge.
  public var currentBand: CoachBand? {
    currentStep?.step.target?.band(zones: configuration.zones)
  }

  /// Distance and moving time into the step under way, at the last observation.
  public var progress: (distance: Meters, moving: Seconds)? {
    guard currentIndex != nil, let previous else { return nil }
    return (
      Meters(previous.distance - stepStart.distance), Seconds(previous.moving - stepStart.moving)
    )
  }

  /// Looks at the session's figures after an accepted fix; returns what the coach says.
  ///
  /// - Parameter heartRate: the fix's heart rate, when it has one.
  /// - Parameter isPaused: whether auto-pause holds the session (nothing is judged then).
  public mutating func observe(
    _ snapshot: MetricsSnapshot, heartRate: BeatsPerMinute? = nil, isPaused: Bool,
    at time: GNSSTime
  ) -> [CoachEvent] {
    guard !isDone else { return [] }
    if let heartRate, heartRate.value > 0, heartRate.isFinite {
      lastHeartRate = (heartRate.value, time)
    }
    let now = Self.figures(snapshot, after: previous)
    var events: [CoachEvent] = []
    if currentIndex == nil { begin(0, at: now, time, into: &events) }
    while let index = currentIndex, let reached = crossing(of: plan[index].step.length, to: now) {
      end(index, at: reached, .completed, time, into: &events)
    }
    previous = now
    if let index = currentIndex {
      judge(plan[index], now: now, isPaused: isPaused, at: time, into: &events)
    }
    return events
  }

  /// The runner pressed lap: the step under way ends here (an open step's only way to end).
  public mutating func lap(_ snapshot: MetricsSnapshot, at time: GNSSTime) -> [CoachEvent] {
    guard !isDone, let index = currentIndex else { return [] }
    let now = Self.figures(snapshot, after: previous)
    var events: [CoachEvent] = []
    end(index, at: now, .lap, time, into: &events)
    previous = now
    return events
  }

  /// The session ended: the step under way ends unfinished, and nothing more is said.
  public mutating func finish(_ snapshot: MetricsSnapshot, at time: GNSSTime) -> [CoachEvent] {
    guard !isDone else { return [] }
    isDone = true
    guard let index = currentIndex else { return [] }
    let now = Self.figures(snapshot, after: previous)
    currentIndex = nil
    (measured, warning) = (nil, nil)
    let result = result(of: index, at: now, .stopped, time)
    results.append(result)
    return [.stepEnded(result)]
  }

  /// The snapshot's figures, never below the last ones (a step never runs backwards).
  private static func figures(_ snapshot: MetricsSnapshot, after previous: Figures?) -> Figures {
    let moving = snapshot.moving.isFinite ? snapshot.moving.value : 0
    let distance = snapshot.distance.isFinite ? snapshot.distance.value : 0
    return Figures(
      moving: max(moving, previous?.moving ?? 0), distance: max(distance, previous?.distance ?? 0))
  }

  private mutating func begin(
    _ index: Int, at figures: Figures, _ time: GNSSTime, into events: inout [CoachEvent]
  ) {
    currentIndex = index
    stepStart = figures
    samples = [figures]
    judgement = Judgement()
    measured = nil
    warning = nil
    let planned = plan[index]
    events.append(.stepStarted(planned, at: time))
    say(.stepStart, CueText.stepStart(planned, units: units), planned, time, into: &events)
  }

  /// Ends step `index` at `figures` and begins the next, or says the workout is done.
  private mutating func end(
    _ index: Int, at figures: Figures, _ ending: StepResult.Ending, _ time: GNSSTime,
    into events: inout [CoachEvent]
  ) {
    let result = result(of: index, at: figures, ending, time)
    results.append(result)
    events.append(.stepEnded(result))
    let text = CueText.stepResult(result, activity: activity, units: units)
    say(.stepResult, text, plan[index], time, into: &events)
    if index + 1 < plan.count {
      begin(index + 1, at: figures, time, into: &events)
    } else {
      currentIndex = nil
      isDone = true
      (measured, warning) = (nil, nil)
      say(.workoutDone, CueText.allStepsDone, plan[index], time, into: &events)
    }
  }

  private func result(
    of index: Int, at figures: Figures, _ ending: StepResult.Ending, _ time: GNSSTime
  ) -> StepResult {
    StepResult(
      step: plan[index], time: time, distance: Meters(figures.distance - stepStart.distance),
      duration: Seconds(figures.moving - stepStart.moving), ending: ending)
  }

  /// Where the step's length is reached between the last observation (or the step's start,
  /// if later) and `now`; nil when it is not reached yet or the step is open.
  private func crossing(of length: StepLength, to now: Figures) -> Figures? {
    let from = Figures(
      moving: max(previous?.moving ?? stepStart.moving, stepStart.moving),
      distance: max(previous?.distance ?? stepStart.distance, stepStart.distance))
    switch length {
    case .open:
      return nil
    case .distance(let distance):
      let target = stepStart.distance + max(0, distance.value)
      guard now.distance + CueScheduler.tolerance >= target else { return nil }
      let f = CueScheduler.fraction(of: target, from: from.distance, to: now.distance)
      return Figures(moving: from.moving + f * (now.moving - from.moving), distance: target)
    case .time(let duration):
      let target = stepStart.moving + max(0, duration.value)
      guard now.moving + CueScheduler.tolerance >= target else { return nil }
      let f = CueScheduler.fraction(of: target, from: from.moving, to: now.moving)
      return Figures(moving: target, distance: from.distance + f * (now.distance - from.distance))
    }
  }

  private func say(
    _ kind: CoachCue.Kind, _ text: String, _ planned: PlannedStep, _ time: GNSSTime,
    into events: inout [CoachEvent]
  ) {
    events.append(.cue(CoachCue(time: time, kind: kind, step: planned.number, text: text)))
  }
}

// MARK: - Judging the target

extension WorkoutCoach {
  /// Compares the runner with the step's target and says what is due.
  private mutating func judge(
    _ planned: PlannedStep, now: Figures, isPaused: Bool, at time: GNSSTime,
    into events: inout [CoachEvent]
  ) {
    guard let band = planned.step.target?.band(zones: configuration.zones) else { return }
    guard !isPaused, let value = measure(band.measure, now: now, at: time) else {
      judgement.out = nil
      judgement.insideSince = nil
      measured = nil
      return
    }
    measured = value
    let tolerance = max(0, configuration.tolerance)
    if value >= band.low && value <= band.high {
      judgement.out = nil
      guard judgement.warned != nil else { return }
      let since = judgement.insideSince ?? time
      judgement.insideSince = since
      if time - since >= configuration.backAfter {
        judgement = Judgement()
        warning = nil
        let text = band.measure == .heartRate ? CueText.backInZone : CueText.backOnPace
        say(.backOnTarget, text, planned, time, into: &events)
      }
      return
    }
    judgement.insideSince = nil
    let direction: Direction
    if value < band.low * (1 - tolerance) {
      direction = .tooLow
    } else if value > band.high * (1 + tolerance) {
      direction = .tooHigh
    } else {
      judgement.out = nil  // within the tolerance: neither out nor back
      return
    }
    if judgement.out?.direction != direction { judgement.out = (direction, time) }
    guard let out = judgement.out, time - out.since >= configuration.grace else { return }
    if judgement.warned == direction {
      guard let every = configuration.reminder, every.value > 0,
        let last = judgement.lastWarning, time - last >= every
      else { return }
    }
    judgement.warned = direction
    judgement.lastWarning = time
    warning = direction == .tooLow ? .speedUp : .slowDown
    let (kind, text) =
      direction == .tooLow
      ? (CoachCue.Kind.speedUp, CueText.speedUp) : (.slowDown, CueText.slowDown)
    say(kind, text, planned, time, into: &events)
  }

  /// The runner's speed over the step's last `window` of moving time, or the heart rate;
  /// nil until the step has run for a window, or without a recent heart rate.
  private mutating func measure(_ measure: CoachBand.Measure, now: Figures, at time: GNSSTime)
    -> Double?
  {
    let window = max(1, configuration.window.value)
    samples.append(now)
    guard now.moving - stepStart.moving >= window else { return nil }
    switch measure {
    case .heartRate:
      guard let heart = lastHeartRate, time - heart.time <= configuration.heartRateMaxAge else {
        return nil
      }
      return heart.value
    case .speed:
      let cutoff = now.moving - window
      // Keep one sample at or before the cutoff; drop the older ones.
      if let last = samples.lastIndex(where: { $0.moving <= cutoff }), last > 0 {
        samples.removeFirst(last)
      }
      guard let base = samples.first, now.moving - base.moving > 0 else { return nil }
      return (now.distance - base.distance) / (now.moving - base.moving)
    }
  }
}
