/// Every figure of the session at one moment: what the dashboard, cues and summary show.
public struct MetricsSnapshot: Sendable, Hashable, Codable {
  /// Distance covered while moving.
  public var distance: Meters
  /// Last sample time minus first sample time, pauses and gaps included.
  public var elapsed: Seconds
  /// Time spent moving: steps that are moving and do not start a segment.
  public var moving: Seconds
  /// Moving time over distance; nil before any distance.
  public var averagePace: Pace?
  /// Pace over the last `currentPaceWindow` of moving time; nil while paused.
  public var currentPace: Pace?
  /// Distance over moving time; nil before any moving time.
  public var averageSpeed: MetersPerSecond?
  /// Speed over the last `currentPaceWindow` of moving time; nil while paused.
  public var currentSpeed: MetersPerSecond?
  /// Gross energy spent while moving (see `CalorieModel`).
  public var calories: Kilocalories
  /// Total climbing; nil when elevation is not trusted or there are no altitudes.
  public var elevationGain: Meters?
  /// Completed splits (and, after `finish()`, the final partial one).
  public var splits: [Split]
  /// Distance into the split under way.
  public var currentSplitDistance: Meters
  /// Moving time into the split under way.
  public var currentSplitDuration: Seconds
  /// Split marks the distance shown has passed that the settled distance, which tells
  /// splits, has not reached yet (`SessionEngine.leadingSnapshot`).
  public var splitsAhead = 0
  /// How far past whole split lengths of `distance` the split marks lie: a live noise
  /// model learnt anew re-measures the distance before the split under way, which moves
  /// the distance but not the splits already run (`MetricsAccumulator.markOffset`).
  public var splitMarkOffset = Meters.zero
  /// Time of the newest sample, nil before the first.
  public var lastTime: GNSSTime?

  public init(
    distance: Meters = .zero, elapsed: Seconds = .zero, moving: Seconds = .zero,
    averagePace: Pace? = nil, currentPace: Pace? = nil, averageSpeed: MetersPerSecond? = nil,
    currentSpeed: MetersPerSecond? = nil, calories: Kilocalories = .zero,
    elevationGain: Meters? = nil, splits: [Split] = [], currentSplitDistance: Meters = .zero,
    currentSplitDuration: Seconds = .zero, lastTime: GNSSTime? = nil
  ) {
    self.distance = distance
    self.elapsed = elapsed
    self.moving = moving
    self.averagePace = averagePace
    self.currentPace = currentPace
    self.averageSpeed = averageSpeed
    self.currentSpeed = currentSpeed
    self.calories = calories
    self.elevationGain = elevationGain
    self.splits = splits
    self.currentSplitDistance = currentSplitDistance
    self.currentSplitDuration = currentSplitDuration
    self.lastTime = lastTime
  }

  /// The number of the split under way: the one after the completed splits and the marks
  /// passed ahead of them.
  public var currentSplitNumber: Int {
    splits.reduce(0) { $0 + ($1.isPartial ? 0 : 1) } + splitsAhead + 1
  }
}
