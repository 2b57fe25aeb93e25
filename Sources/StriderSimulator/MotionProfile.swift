import StriderCore

/// How a simulated person moves on an activity: cruising speed and its variation, how much
/// they slow for corners, traffic-light stops, and how hard they brake and accelerate.
///
/// The defaults come from ordinary recreational sessions: an easy run at 2.6–3.4 m/s
/// (5:20–6:25 min/km), a walk at 1.2–1.6 m/s, a city ride at 5–9 m/s; two to four traffic
/// lights of 15–60 s; and braking or accelerating at 0.5–1.5 m/s², which is what people do
/// on foot and on a bicycle in traffic (hard braking on a bicycle reaches 3 m/s², but
/// nobody does it at every light).
public struct MotionProfile: Sendable, Hashable {
  /// The band the cruising speed wanders in.
  public var cruiseSpeed: ClosedRange<MetersPerSecond>
  /// How quickly the cruising speed wanders (first-order Gauss–Markov time constant).
  public var speedCorrelationTime: Seconds
  /// The most a person keeps through a 90° corner; gentler turns allow proportionally more.
  public var cornerSpeed: MetersPerSecond
  /// The most a person keeps through a 180° turnaround.
  public var turnaroundSpeed: MetersPerSecond
  /// How many traffic-light stops one session has.
  public var stopCount: ClosedRange<Int>
  /// How long each stop lasts.
  public var stopDuration: ClosedRange<Seconds>
  /// Each stop's own duration, in order along the route: when given, there are exactly
  /// this many stops and `stopCount` and `stopDuration` are not used (a session whose
  /// waits were drawn one by one, as the accuracy corpus's urban cases are).
  public var stopDurations: [Seconds]?
  /// The deceleration and acceleration band (one value is drawn per session for each).
  public var acceleration: ClosedRange<Double>
  /// Standing still at the finish before the recording ends, as people do.
  public var finishDwell: Seconds
  /// Stretches run at a set speed instead of the cruising one (a fast third kilometre, an
  /// interval), still slowing for corners and stops: a session whose best effort is known.
  public var surges: [Surge] = []

  /// A stretch of the route covered at `speed`.
  public struct Surge: Sendable, Hashable {
    public var range: ClosedRange<Meters>
    public var speed: MetersPerSecond
  }

  /// The set speed at `distance` along the route, if a surge covers it.
  func surgeSpeed(at distance: Double) -> Double? {
    surges.first { $0.range.contains(Meters(distance)) }?.speed.value
  }

  public init(
    cruiseSpeed: ClosedRange<MetersPerSecond>,
    speedCorrelationTime: Seconds = Seconds(90),
    cornerSpeed: MetersPerSecond,
    turnaroundSpeed: MetersPerSecond,
    stopCount: ClosedRange<Int> = 2...4,
    stopDuration: ClosedRange<Seconds> = Seconds(15)...Seconds(60),
    acceleration: ClosedRange<Double> = 0.5...1.5,
    finishDwell: Seconds = Seconds(5),
    surges: [Surge] = [],
    stopDurations: [Seconds]? = nil
  ) {
    self.cruiseSpeed = cruiseSpeed
    self.speedCorrelationTime = speedCorrelationTime
    self.cornerSpeed = cornerSpeed
    self.turnaroundSpeed = turnaroundSpeed
    self.stopCount = stopCount
    self.stopDuration = stopDuration
    self.acceleration = acceleration
    self.finishDwell = finishDwell
    self.surges = surges
    self.stopDurations = stopDurations
  }

  /// The usual profile of an activity.
  public static func standard(for activity: Activity) -> MotionProfile {
    // Each activity's cruising speeds (slowest, fastest), corner and turnaround speeds, m/s.
    let (slowest, fastest, corner, turnaround): (Double, Double, Double, Double) =
      switch activity {
      case .run: (2.6, 3.4, 2.3, 1.0)
      case .walk: (1.2, 1.6, 1.1, 0.6)
      case .ride: (5, 9, 4, 1.5)
      case .hike: (0.9, 1.3, 0.8, 0.5)
      case .swim: (0.7, 0.9, 0.6, 0.4)
      case .drive: (12, 20, 7, 4)
      }
    return MotionProfile(
      cruiseSpeed: MetersPerSecond(slowest)...MetersPerSecond(fastest),
      cornerSpeed: MetersPerSecond(corner), turnaroundSpeed: MetersPerSecond(turnaround))
  }

  /// The speed limit through a corner of `angle` degrees, or nil when it needs no slowing.
  ///
  /// Interpolated from no limit at 20° through `cornerSpeed` at 90° to `turnaroundSpeed`
  /// at 180°, so a 30° bend costs a little and a U-turn a lot.
  func turnSpeed(angle: Double) -> MetersPerSecond? {
    let top = cruiseSpeed.upperBound.value
    if angle <= 20 { return nil }
    if angle <= 90 {
      let f = (angle - 20) / 70
      return MetersPerSecond(top + (cornerSpeed.value - top) * f)
    }
    let f = min(1, (angle - 90) / 90)
    return MetersPerSecond(cornerSpeed.value + (turnaroundSpeed.value - cornerSpeed.value) * f)
  }
}
