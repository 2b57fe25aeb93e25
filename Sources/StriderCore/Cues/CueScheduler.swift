/// Decides when the session speaks, and what it says.
///
/// A state machine fed with metrics snapshots. **Time cues** fire when moving time crosses a
/// multiple of `everyTime`, **distance cues** when distance crosses a multiple of
/// `everyDistance`; at most one of each per observation, for the latest multiple crossed (a
/// burst of old cues after a stall is noise). A cue reports the figures *at the crossing*,
/// interpolated linearly between the previous observation and this one, so a distance cue
/// says exactly "Distance 1 kilometre" with the time the kilometre took, and the same
/// sentences come out whether fixes arrive every second or four times a second. The cue's
/// `time` is the observation's time: when the app learns of the crossing and speaks.
///
/// A time cue whose moment lies within `nearDistanceCue` of moving time of a distance cue,
/// the one before or the next one at the pace so far, or that is crossed in the same
/// observation as a distance cue, is not said: the two would say the same figures a few
/// seconds apart ("Distance 0.99 kilometres, 5 minutes" and then "Distance 1 kilometre,
/// 5 minutes 3 seconds").
///
/// What time, distance and split cues say is `CueConfiguration.fields`, through the
/// templates of `CueText.says`; the lap figures count from the last `lapPressed`, the heart
/// rate is the newest `noteHeartRate` (forgotten after `heartRateMaxAge`).
///
/// Pause, resume, signal and finish cues come from `announce` (the finish says
/// `CueConfiguration.finishFields` after "Session complete."), a lap press's from `lap`; repeats are swallowed (a
/// second "pause" while paused says nothing), and nothing is said after the finish.
public struct CueScheduler: Sendable {
  public let configuration: CueConfiguration
  public let activity: Activity
  public let units: UnitSystem

  /// A crossing this close under a multiple counts (float rounding of summed steps).
  static let tolerance = 1e-9
  /// A time cue this close to a distance cue, in moving time, is left to the distance cue.
  public static let nearDistanceCue = Seconds(15)

  private var timeIndex = 0
  private var distanceIndex = 0
  private var previousMoving = 0.0
  private var previousDistance = 0.0
  /// The moving time of the last distance cue's crossing.
  private var lastDistanceCueMoving = -Double.infinity
  private var isPaused = false
  private var isSignalLost = false
  private var isFinished = false
  private var lapStart = (distance: 0.0, moving: 0.0)
  private var lastLap: Lap?
  private var lastHeartRate: (rate: BeatsPerMinute, time: GNSSTime)?

  /// A heart rate older than this is not said.
  public static let heartRateMaxAge = Seconds(30)

  /// Whether the session follows a workout: its finish says "Workout complete.", any
  /// other "Session complete.".
  public var followsWorkout = false

  public init(configuration: CueConfiguration, activity: Activity, units: UnitSystem) {
    self.configuration = configuration
    self.activity = activity
    self.units = units
  }

  /// The moving time between time cues, or nil when they are off.
  public var timeStep: Seconds? {
    guard let every = configuration.everyTime, every.value > 0, every.isFinite else { return nil }
    return every
  }

  /// The distance between distance cues (one split length by default), or nil when off.
  public var distanceStep: Meters? {
    let every = configuration.everyDistance ?? activity.cueDistance(units)
    return every.value > 0 && every.isFinite ? every : nil
  }

  /// The newest heart rate from a fix, for the `heart_rate` and `heart_rate_zone` fields.
  public mutating func noteHeartRate(_ rate: BeatsPerMinute?, at time: GNSSTime) {
    guard let rate, rate.value.isFinite, rate.value > 0 else { return }
    lastHeartRate = (rate, time)
  }

  /// Lap was pressed: the lap figures count from here.
  public mutating func lapPressed(_ snapshot: MetricsSnapshot) {
    lapStart = (snapshot.distance.value, snapshot.moving.value)
  }

  /// Lap was pressed, closing `lap`: what `lapFields` says of it (the lap figures are the
  /// closed lap's, and `lap_result` says it), "Lap 2." first unless `lap_result` is said;
  /// nil when `atLap` is off, `speaks` is false (a step's result says the same) or after
  /// the finish. The lap figures count from here afterwards.
  public mutating func lap(
    _ lap: Lap, snapshot: MetricsSnapshot, at time: GNSSTime, speaks: Bool = true
  ) -> Cue? {
    defer {
      lastLap = lap
      lapPressed(snapshot)
    }
    guard configuration.atLap, speaks, !isFinished else { return nil }
    var figures = figures(snapshot, distance: snapshot.distance, moving: snapshot.moving, time)
    figures.lastLap = lap
    figures.lapDistance = lap.distance
    figures.lapMoving = lap.moving
    let fields = configuration.lapFields
    let said = say(fields, figures)
    let text =
      fields.contains(.lapResult)
      ? said : "Lap \(lap.number)." + (said.isEmpty ? "" : " " + said)
    return text.isEmpty ? nil : Cue(time: time, trigger: .lap, text: text)
  }

  /// A split was completed: "Split 3." and what the cues say, when `atSplit` asks for it.
  public func split(_ split: Split, snapshot: MetricsSnapshot, at time: GNSSTime) -> Cue? {
    guard configuration.atSplit, !isFinished, !split.isPartial else { return nil }
    var figures = figures(snapshot, distance: snapshot.distance, moving: snapshot.moving, time)
    figures.lastSplit = split
    let figuresSaid = say(figures)
    let text = "Split \(split.index)." + (figuresSaid.isEmpty ? "" : " " + figuresSaid)
    return Cue(time: time, trigger: .split, text: text)
  }

  /// Looks at the newest figures; returns the time and distance cues now due.
  public mutating func observe(_ snapshot: MetricsSnapshot, at time: GNSSTime) -> [Cue] {
    guard !isFinished else { return [] }
    let moving = snapshot.moving.value
    let distance = snapshot.distance.value
    defer {
      previousMoving = max(previousMoving, moving)
      previousDistance = max(previousDistance, distance)
    }
    var cues: [Cue] = []
    // The distance first: a time cue crossed in the same observation is left to it (said
    // together, the two gave the same figures twice, the later moment first).
    var saidDistance = false
    if let every = distanceStep?.value,
      let (target, f) = Self.crossing(
        distance, every, from: previousDistance, after: &distanceIndex)
    {
      let at = previousMoving + f * (moving - previousMoving)
      lastDistanceCueMoving = at
      if let said = cue(.distance, distance: Meters(target), moving: Seconds(at), snapshot, time) {
        cues.append(said)
        saidDistance = true
      }
    }
    // The time index moves on even where its cue is left to the distance cue.
    if let every = timeStep?.value,
      let (target, f) = Self.crossing(moving, every, from: previousMoving, after: &timeIndex)
    {
      let at = previousDistance + f * (distance - previousDistance)
      if !saidDistance, !isNearADistanceCue(moving: target, distance: at),
        let said = cue(.time, distance: Meters(at), moving: Seconds(target), snapshot, time)
      {
        cues.append(said)
      }
    }
    return cues
  }

  /// Whether a time cue at `moving` seconds and `distance` metres falls within
  /// `nearDistanceCue` of the last distance cue, or of the next one at the average pace.
  private func isNearADistanceCue(moving: Double, distance: Double) -> Bool {
    let near = Self.nearDistanceCue.value
    if moving - lastDistanceCueMoving <= near { return true }
    guard let step = distanceStep?.value, moving > 0, distance > 0 else { return false }
    let next = Double(Self.multiples(distance, step) + 1) * step
    return (next - distance) / (distance / moving) <= near
  }

  /// Says a pause, resume, signal change or the finish; nil when that is switched off, a
  /// repeat of the current state, or after the finish. `.time` and `.distance` give the
  /// progress sentence on demand without moving the schedule.
  public mutating func announce(_ trigger: CueTrigger, snapshot: MetricsSnapshot, at time: GNSSTime)
    -> Cue?
  {
    guard !isFinished else { return nil }
    let text: String?
    switch trigger {
    case .pause, .resume:
      let pausing = trigger == .pause
      guard isPaused != pausing else { return nil }
      isPaused = pausing
      text = configuration.announcePauses ? (pausing ? CueText.paused : CueText.resumed) : nil
    case .signalLost, .signalRegained:
      let losing = trigger == .signalLost
      guard isSignalLost != losing else { return nil }
      isSignalLost = losing
      text =
        configuration.announceSignal ? (losing ? CueText.signalLost : CueText.signalRegained) : nil
    case .finish:
      isFinished = true
      let figures = figures(snapshot, distance: snapshot.distance, moving: snapshot.moving, time)
      let said = say(configuration.finishFields, figures)
      let prefix = followsWorkout ? CueText.workoutFinishPrefix : CueText.finishPrefix
      text = prefix + (said.isEmpty ? "" : " " + said)
    case .record:
      return nil  // said by the engine at the finish, from the records it was given
    case .split:
      return nil  // said from the split itself (`split(_:snapshot:at:)`)
    case .storage:
      return nil  // said by the session runner, from the recording's news
    case .lap:
      return nil  // said from the lap itself (`lap(_:snapshot:at:speaks:)`)
    case .time, .distance:
      return cue(trigger, distance: snapshot.distance, moving: snapshot.moving, snapshot, time)
    }
    return text.map { Cue(time: time, trigger: trigger, text: $0) }
  }

  private func cue(
    _ trigger: CueTrigger, distance: Meters, moving: Seconds, _ snapshot: MetricsSnapshot,
    _ time: GNSSTime
  ) -> Cue? {
    let text = say(figures(snapshot, distance: distance, moving: moving, time))
    // Fields with nothing to say (no heart rate yet) make no cue rather than an empty one.
    return text.isEmpty ? nil : Cue(time: time, trigger: trigger, text: text)
  }

  private func say(_ figures: CueFigures) -> String {
    say(configuration.fields, figures)
  }

  private func say(_ fields: [CueField], _ figures: CueFigures) -> String {
    CueText.says(
      fields, figures, activity: activity, units: units,
      goal: configuration.goalDistance, utcOffset: configuration.utcOffset)
  }

  /// The figures a cue is said from: the snapshot's, with the distance and moving time at
  /// the crossing.
  private func figures(
    _ snapshot: MetricsSnapshot, distance: Meters, moving: Seconds, _ time: GNSSTime
  ) -> CueFigures {
    var heartRate: BeatsPerMinute?
    if let last = lastHeartRate, time - last.time <= Self.heartRateMaxAge { heartRate = last.rate }
    let zone = heartRate.flatMap { rate in
      configuration.heartRateZones?.zone(of: Int(saturating: rate.value.rounded()))
    }
    return CueFigures(
      distance: distance, moving: moving, elapsed: snapshot.elapsed,
      currentPace: snapshot.currentPace, currentSpeed: snapshot.currentSpeed,
      lapDistance: Meters(max(0, distance.value - lapStart.distance)),
      lapMoving: Seconds(max(0, moving.value - lapStart.moving)),
      lastSplit: snapshot.splits.last, lastLap: lastLap, heartRate: heartRate, heartRateZone: zone,
      calories: snapshot.calories, elevationGain: snapshot.elevationGain, time: time)
  }

  /// The latest multiple of `step` that `value` has passed since `index` was last moved on
  /// (moved on to it here), and where it lies in the step from `previous` (0...1); nil when
  /// none was passed.
  static func crossing(
    _ value: Double, _ step: Double, from previous: Double, after index: inout Int
  ) -> (target: Double, fraction: Double)? {
    let latest = multiples(value, step)
    guard latest > index else { return nil }
    index = latest
    let target = Double(latest) * step
    return (target, fraction(of: target, from: previous, to: value))
  }

  /// How many whole multiples of `step` fit in `value` (0 for nonsense input).
  static func multiples(_ value: Double, _ step: Double) -> Int {
    let ratio = value / step
    guard ratio.isFinite, ratio > 0 else { return 0 }
    return Int(saturating: min(ratio + tolerance, 1e12).rounded(.down))
  }

  /// Where `target` lies between `a` and `b`, clamped to 0...1 (1 when they coincide).
  static func fraction(of target: Double, from a: Double, to b: Double) -> Double {
    let span = b - a
    guard span > 0 else { return 1 }
    return min(1, max(0, (target - a) / span))
  }
}
