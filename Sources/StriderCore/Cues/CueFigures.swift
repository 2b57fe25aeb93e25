/// What a periodic cue is said from: the session's figures when it is due, and the lap and
/// split figures the scheduler keeps beside them.
public struct CueFigures: Sendable, Hashable {
  /// Distance and moving time at the crossing that made the cue due.
  public var distance: Meters
  public var moving: Seconds
  /// Elapsed time, pauses included.
  public var elapsed: Seconds
  public var currentPace: Pace?
  public var currentSpeed: MetersPerSecond?
  /// Distance and moving time into the lap under way.
  public var lapDistance: Meters
  public var lapMoving: Seconds
  /// The last completed split; nil before the first.
  public var lastSplit: Split?
  /// The last lap a press closed; nil before the first press.
  public var lastLap: Lap?
  /// The newest heart rate, when it is recent; nil otherwise.
  public var heartRate: BeatsPerMinute?
  /// The heart-rate zone (1 to 5) of `heartRate`; nil without zones or below zone 1.
  public var heartRateZone: Int?
  public var calories: Kilocalories
  public var elevationGain: Meters?
  /// When the cue is said, on the fix clock.
  public var time: GNSSTime

  public init(
    distance: Meters, moving: Seconds, elapsed: Seconds = .zero, currentPace: Pace? = nil,
    currentSpeed: MetersPerSecond? = nil, lapDistance: Meters? = nil, lapMoving: Seconds? = nil,
    lastSplit: Split? = nil, lastLap: Lap? = nil, heartRate: BeatsPerMinute? = nil,
    heartRateZone: Int? = nil,
    calories: Kilocalories = .zero, elevationGain: Meters? = nil, time: GNSSTime
  ) {
    self.distance = distance
    self.moving = moving
    self.elapsed = elapsed
    self.currentPace = currentPace
    self.currentSpeed = currentSpeed
    self.lapDistance = lapDistance ?? distance
    self.lapMoving = lapMoving ?? moving
    self.lastSplit = lastSplit
    self.lastLap = lastLap
    self.heartRate = heartRate
    self.heartRateZone = heartRateZone
    self.calories = calories
    self.elevationGain = elevationGain
    self.time = time
  }
}
