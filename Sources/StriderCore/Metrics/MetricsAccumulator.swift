/// Turns the filtered track, one sample at a time, into the session's figures.
///
/// What counts (so that live, replayed and batch runs agree):
/// - **Distance and moving time** grow only on steps whose sample is moving and does not
///   start a segment: the step's distance and its time since the previous sample. Paused
///   samples and the step across a gap add neither.
/// - **Elapsed** is the newest sample time minus the first, pauses and gaps included.
/// - **Splits** close when the distance crosses a multiple of 1 km (or 1 mile); the crossing
///   time is interpolated linearly inside the step, so a split's moving time does not depend
///   on the sample rate.
/// - **Calories** add `CalorieModel.rate` at the step's speed (step ÷ duration) times the
///   step's duration, over moving steps only. Two sums are kept, level and with grade, and
///   the snapshot shows the one the elevation decision allows. The grade of a step is the
///   climbing `ElevationTracker` counted in it over the step's length, so the grade term
///   adds up to the counted gain rather than to altitude noise.
/// - **Elevation**: see `ElevationTracker`. Under `.auto` the decision is made on all
///   altitudes seen so far; `finish()` therefore decides over the whole track, and rewrites
///   the splits' gains to match.
public struct MetricsAccumulator: Sendable {
  public let configuration: MetricsConfiguration

  /// A distance this close under a split boundary counts as reaching it (float rounding).
  static let boundaryTolerance = 1e-6
  /// Splits a session has at most, unless its configuration says otherwise
  /// (`MetricsConfiguration.maximumSplits`); what lies beyond the last one is its final,
  /// partial split. A hundred thousand kilometres (or miles) is past any journey, while a
  /// file whose fixes hop between the poles, read raw (`--no-filter`), adds 20,000 km a
  /// fix: 2,000 such fixes made 40 million splits, 6 GB and a minute and a half.
  public static let maximumSplits = 100_000

  private var firstTime: GNSSTime?
  private var lastTime: GNSSTime?
  private var distance = 0.0
  private var moving = 0.0
  private var levelKilocalories = 0.0
  private var gradedKilocalories = 0.0
  private var lastSampleMoving = false
  private var elevation = ElevationTracker()
  private var window: PaceWindow
  /// Completed splits, their gains as the elevation decision last stood (kept current so
  /// that a snapshot after every sample shares this array instead of rebuilding it).
  private var splits: [Split] = []
  private var splitGains: [Double] = []
  private var splitsShowGain = false
  private var splitDistance = 0.0
  private var splitDuration = 0.0
  /// The whole splits' durations summed.
  private var completedSplitTime = 0.0
  private var splitGainStart = 0.0
  private var isFinished = false

  public init(configuration: MetricsConfiguration) {
    self.configuration = configuration
    window = PaceWindow(length: configuration.currentPaceWindow)
  }

  /// Whether elevation gain and grade are in use, as decided on the altitudes so far.
  public var elevationTrusted: Bool { elevation.isTrusted(configuration.elevation) }

  /// Adds the next sample; returns the splits it completed (usually none, one at a split
  /// boundary, several only when a step is longer than a split). After `finish()` samples
  /// are ignored.
  public mutating func add(_ sample: MetricsSample) -> [Split] {
    guard !isFinished else { return [] }
    defer { matchSplitGainsToDecision() }
    let previousTime = lastTime
    var dt = 0.0
    if let previous = previousTime {
      let delta = sample.time.secondsSince1970 - previous.secondsSince1970
      dt = delta.isFinite ? max(0, delta) : 0
      if sample.time > previous { lastTime = sample.time }
    } else {
      firstTime = sample.time
      lastTime = sample.time
    }
    let climb = elevation.add(
      altitude: sample.altitude, time: sample.time, startsSegment: sample.startsSegment)
    lastSampleMoving = sample.isMoving
    guard let stepStart = previousTime else { return [] }
    // The first sample after a break is no step of its own, but a live session's may bring
    // the steps its filter settled before the break (`settledSpan`): those count, or the
    // live distance lost them at every lap of a TCX until the next re-measure.
    if sample.startsSegment {
      guard sample.settledSpan != nil else { return [] }
      dt = 0
    }
    let step = sample.step.value.isFinite ? max(0, sample.step.value) : 0
    // A still step (auto-paused, or a long idle step) adds whatever ground the engine says
    // it covered (zero while paused) but no moving time, calories or pace.
    if !sample.isMoving {
      dt = 0
    } else if let moving = sample.movingDuration?.value, moving.isFinite {
      dt = min(dt, max(0, moving))
    }
    let settled = sample.settledSpan
    let splitTime = settled.map { max(0, $0.moving.value) } ?? dt
    guard step > 0 || dt > 0 || splitTime > 0 else { return [] }

    if dt > 0 {
      let speed = MetersPerSecond(step / dt)
      let grade = step > 0 ? climb / step : 0
      let activity = configuration.activity
      let weight = configuration.weight
      let level = CalorieModel.rate(activity: activity, speed: speed, grade: 0, weight: weight)
      levelKilocalories += level * dt
      // The model reads no grade at or below zero (nor a NaN one): the level rate, once.
      gradedKilocalories +=
        (grade > 0
          ? CalorieModel.rate(activity: activity, speed: speed, grade: grade, weight: weight)
          : level) * dt
    }
    distance += step
    moving += dt
    window.append(moving: moving, distance: distance)
    return advanceSplits(step: step, duration: splitTime, from: settled?.start ?? stepStart)
  }

  /// Corrects the distance so far by `delta` metres without adding time, calories or pace:
  /// the live distance re-measured on the smoothed track (`SessionEngine`). An increase
  /// may complete splits (returned, ending at `time`); a decrease comes off the current
  /// split only, never reopening a completed one, and what it could not take is returned
  /// for the caller to take from later steps.
  public mutating func correctDistance(by delta: Double, at time: GNSSTime) -> (
    splits: [Split], leftover: Double
  ) {
    guard !isFinished, delta.isFinite, delta != 0 else { return ([], 0) }
    if delta < 0 {
      let applied = max(delta, -splitDistance)
      distance += applied
      splitDistance += applied
      window.shift(by: applied)
      return ([], delta - applied)
    }
    distance += delta
    window.shift(by: delta)
    return (advanceSplits(step: delta, duration: 0, from: time), 0)
  }

  /// Corrects the distance counted before the split under way began: the distance so far
  /// changes, the splits do not (`markOffset`).
  public mutating func correctDistanceBeforeSplit(by delta: Double) {
    guard !isFinished, delta.isFinite, delta != 0 else { return }
    distance += delta
    markOffset += delta
    window.shift(by: delta)
  }

  /// How far past whole split lengths the split under way began in the distance counted:
  /// the corrections to the distance before it (`correctDistanceBeforeSplit`).
  public private(set) var markOffset = 0.0

  /// The distance counted so far (`snapshot.distance`, without building the snapshot).
  public var distanceSoFar: Meters { Meters(distance) }

  /// The time from the first sample to the newest (`snapshot.elapsed`).
  public var elapsedSoFar: Seconds {
    guard let first = firstTime, let last = lastTime else { return .zero }
    return last - first
  }

  /// The moving time on the splits' clock: the whole splits' and the one under way's (a
  /// live session's settled clock, a few fixes behind `snapshot.moving`).
  public var settledMoving: Seconds {
    Seconds(completedSplitTime + splitDuration)
  }

  /// How many whole splits are done.
  public var completedSplits: Int { splits.count }

  /// The distance left to the end of the split under way.
  public var splitRemaining: Double {
    max(0, configuration.units.splitLength.value - splitDistance)
  }

  /// Corrects the time of the split under way by `delta` seconds, never below zero:
  /// the split's moving time re-measured on the smoothed track before it is told
  /// (`SessionEngine`). Returns the correction applied.
  public mutating func correctSplitTime(by delta: Double) -> Double {
    guard !isFinished, delta.isFinite else { return 0 }
    let applied = max(delta, -splitDuration)
    splitDuration += applied
    return applied
  }

  private mutating func advanceSplits(step: Double, duration: Double, from start: GNSSTime)
    -> [Split]
  {
    let length = configuration.units.splitLength.value
    let trusted = elevationTrusted
    var completed: [Split] = []
    var remaining = step
    var consumed = 0.0
    while splits.count < configuration.maximumSplits,
      splitDistance + remaining >= length - Self.boundaryTolerance
    {
      let need = min(remaining, max(0, length - splitDistance))
      let part = remaining > 0 ? duration * need / step : 0
      consumed += part
      splitDuration += part
      let gain = elevation.gain - splitGainStart
      let split = Split(
        index: splits.count + 1, distance: Meters(length), duration: Seconds(splitDuration),
        pace: Pace(distance: Meters(length), duration: Seconds(splitDuration)) ?? .zero,
        elevationGain: trusted ? Meters(gain) : nil, endTime: start + Seconds(consumed),
        isPartial: false)
      splits.append(split)
      completedSplitTime += splitDuration
      splitGains.append(gain)
      completed.append(split)
      remaining = max(0, remaining - need)
      splitDistance = 0
      splitDuration = 0
      splitGainStart = elevation.gain
    }
    splitDistance += remaining
    splitDuration += max(0, duration - consumed)
    return completed
  }

  /// Ends the session: closes the final partial split if it has any distance, and returns
  /// the final figures, with the `.auto` elevation decision taken over the whole track.
  /// Calling it again returns the same snapshot.
  public mutating func finish() -> MetricsSnapshot {
    if !isFinished, splitDistance > Self.boundaryTolerance, let end = lastTime {
      let gain = elevation.gain - splitGainStart
      splits.append(
        Split(
          index: splits.count + 1, distance: Meters(splitDistance),
          duration: Seconds(splitDuration),
          pace: Pace(distance: Meters(splitDistance), duration: Seconds(splitDuration)) ?? .zero,
          elevationGain: nil, endTime: end, isPartial: true))
      splitGains.append(gain)
      splitDistance = 0
      splitDuration = 0
    }
    isFinished = true
    matchSplitGainsToDecision()
    return snapshot
  }

  /// Shows or hides every split's gain when the elevation decision changes; new splits are
  /// made with the decision of their time, and finish() adds one without a gain.
  private mutating func matchSplitGainsToDecision() {
    let trusted = elevationTrusted
    if trusted == splitsShowGain, splits.last.map({ ($0.elevationGain != nil) == trusted }) ?? true
    {
      return
    }
    splitsShowGain = trusted
    for i in splits.indices { splits[i].elevationGain = trusted ? Meters(splitGains[i]) : nil }
  }

  /// The figures now. Cheap enough to take after every sample.
  public var snapshot: MetricsSnapshot {
    let trusted = elevationTrusted
    let d = Meters(distance)
    let m = Seconds(moving)
    var elapsed = Seconds.zero
    if let first = firstTime, let last = lastTime { elapsed = last - first }
    let current = lastSampleMoving ? window.speed.map(MetersPerSecond.init) : nil
    var snapshot = MetricsSnapshot(
      distance: d, elapsed: elapsed, moving: m,
      averagePace: d >= Pace.shortestMeasured ? Pace(distance: d, duration: m) : nil,
      currentPace: current.flatMap { Pace(speed: $0) },
      averageSpeed: moving > 0 && d >= Pace.shortestMeasured ? d / m : nil,
      currentSpeed: current,
      calories: Kilocalories(trusted ? gradedKilocalories : levelKilocalories),
      elevationGain: trusted ? Meters(elevation.gain) : nil,
      splits: splits,
      currentSplitDistance: Meters(splitDistance),
      currentSplitDuration: Seconds(splitDuration),
      lastTime: lastTime)
    snapshot.splitMarkOffset = Meters(markOffset)
    return snapshot
  }
}
