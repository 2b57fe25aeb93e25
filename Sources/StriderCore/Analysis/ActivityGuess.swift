/// Guesses run, walk or ride from how fast a track moves, for files that do not say.
///
/// The typical moving speed is the median of speeds measured over steps of at least
/// 10 seconds (short steps are dominated by GPS noise), ignoring steps slower than
/// 0.5 m/s (standing). Below 2.0 m/s (7.2 km/h) it is a walk; below 4.7 m/s (17 km/h, a
/// 3:33 min/km runner or a very slow cyclist) a run; faster is a ride.
public enum ActivityGuess {
  public static let walkBelow = MetersPerSecond(2.0)
  public static let runBelow = MetersPerSecond(4.7)

  /// The typical moving speed of a track, or nil when it has too little timed movement.
  public static func typicalSpeed(of fixes: [Fix]) -> MetersPerSecond? {
    var estimator = SpeedEstimator()
    for fix in fixes { estimator.add(fix) }
    return estimator.typicalSpeed
  }

  /// The typical speed of a track fed one fix at a time, so a file too large to hold can be
  /// guessed in one pass; it keeps one speed per ten seconds of movement.
  public struct SpeedEstimator: Sendable {
    private var speeds: [Double] = []
    private var anchor: (coordinate: Coordinate, time: GNSSTime, segment: Int)?

    public init() {}

    public mutating func add(_ fix: Fix) {
      guard fix.mode != .noFix, let c = fix.coordinate, c.isValid, let t = fix.time else {
        return
      }
      guard let a = anchor, a.segment == fix.segment, t > a.time else {
        anchor = (c, t, fix.segment)
        return
      }
      let dt = (t - a.time).value
      if dt < 10 { return }
      if dt <= 120 {
        let v = Geodesy.distanceMeters(a.coordinate, c) / dt
        if v >= 0.5 && v < 80 { speeds.append(v) }
      }
      anchor = (c, t, fix.segment)
    }

    /// The median speed, or nil with fewer than three measured steps.
    public var typicalSpeed: MetersPerSecond? {
      guard speeds.count >= 3 else { return nil }
      return MetersPerSecond(speeds.sorted()[speeds.count / 2])
    }

    /// The activity of that speed; run when it cannot tell.
    public var activity: Activity { ActivityGuess.activity(at: typicalSpeed) }
  }

  static func activity(at speed: MetersPerSecond?) -> Activity {
    guard let v = speed else { return .run }
    if v < walkBelow { return .walk }
    if v < runBelow { return .run }
    return .ride
  }

  /// The activity a track most likely is; run when it cannot tell.
  public static func guess(from fixes: [Fix]) -> Activity {
    activity(at: typicalSpeed(of: fixes))
  }
}
