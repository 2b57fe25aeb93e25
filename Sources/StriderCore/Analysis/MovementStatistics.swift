/// How a track moves, measured robustly enough to tell activities apart: the quartiles of
/// its moving speed and how much it climbs while moving.
///
/// Speeds are measured over steps of at least 10 seconds (shorter steps are dominated by GPS
/// noise) and at most 120 s (a longer silence is a gap, not a step); steps slower than
/// 0.5 m/s are standing and left out. Quartiles, not the mean, so a few jumps or a stretch in
/// a car do not move them. The climb is counted on the altitudes at the same steps with a
/// 10 m hysteresis: a rise counts once the altitude has gone 10 m above the last low, so the
/// metre-scale jitter of GPS altitude adds nothing (a slow drift of tens of metres still does).
public struct MovementStatistics: Sendable, Equatable {
  /// Measured moving steps.
  public var steps: Int
  /// The median moving speed: the typical speed.
  public var median: MetersPerSecond
  /// The lower and upper quartile of the moving speed.
  public var lowerQuartile: MetersPerSecond
  public var upperQuartile: MetersPerSecond
  /// The 90th percentile of the moving speed: what the fastest tenth of the movement reaches.
  public var p90: MetersPerSecond
  /// Time spent in the moving steps.
  public var movingTime: Seconds
  /// Horizontal distance of the moving steps.
  public var movingDistance: Meters
  /// Metres climbed while moving (10 m hysteresis); nil without altitudes on enough steps.
  public var ascent: Meters?

  /// The interquartile range over the median: 0.2 for a steady effort, 0.6 and more for a
  /// track that mixes speeds (run-walk, a ride with climbs and descents, a noisy receiver).
  public var spread: Double {
    median.value > 0 ? (upperQuartile.value - lowerQuartile.value) / median.value : 0
  }

  /// Metres climbed per hour of movement; nil without altitudes.
  public var climbRate: Double? {
    guard let ascent, movingTime.value > 0 else { return nil }
    return ascent.value / movingTime.value * 3600
  }

  /// Metres climbed per horizontal metre moved (0.05 is 5 %); nil without altitudes.
  public var grade: Double? {
    guard let ascent, movingDistance.value > 0 else { return nil }
    return ascent.value / movingDistance.value
  }
}

/// Collects `MovementStatistics` one fix at a time, so a file too large to hold is measured
/// in one pass; it keeps one speed per ten seconds of movement.
public struct MovementEstimator: Sendable {
  /// Fewer measured steps than this tell nothing: the statistics are nil.
  public static let minimumSteps = 3
  /// Slower steps are standing.
  public static let standingBelow = 0.5
  /// Rises smaller than this are altitude jitter.
  public static let climbHysteresis = 10.0

  private var speeds: [Double] = []
  private var movingTime = 0.0
  private var movingDistance = 0.0
  private var anchor: (coordinate: Coordinate, time: GNSSTime, segment: Int, altitude: Double?)?
  private var ascent = 0.0
  private var altitudeReference: Double?
  private var stepsWithAltitude = 0

  public init() {}

  public mutating func add(_ fix: Fix) {
    guard fix.mode != .noFix, let c = fix.coordinate, c.isValid, let t = fix.time else {
      return
    }
    // An altitude no receiver reports (`<ele>1e19</ele>`, NaN) is no altitude: the gate
    // rejects its fix as `out_of_range`, and a climb of 1e19 m/h would make a walk a hike.
    let altitude = fix.altitude.flatMap {
      PlausibleRange.altitude.contains($0.value) ? $0.value : nil
    }
    guard let a = anchor, a.segment == fix.segment, t > a.time else {
      anchor = (c, t, fix.segment, altitude)
      return
    }
    let dt = (t - a.time).value
    if dt < 10 { return }
    if dt <= 120 {
      let d = Geodesy.distanceMeters(a.coordinate, c)
      let v = d / dt
      if v >= Self.standingBelow && v < 80 {
        speeds.append(v)
        movingTime += dt
        movingDistance += d
        if let altitude, a.altitude != nil {
          stepsWithAltitude += 1
          climb(to: altitude)
        }
      }
    }
    anchor = (c, t, fix.segment, altitude)
  }

  /// Counts a rise once it has gone `climbHysteresis` above the last low.
  private mutating func climb(to altitude: Double) {
    guard let reference = altitudeReference else {
      altitudeReference = altitude
      return
    }
    if altitude - reference >= Self.climbHysteresis {
      ascent += altitude - reference
      altitudeReference = altitude
    } else if altitude < reference {
      altitudeReference = altitude
    }
  }

  /// The statistics, or nil with fewer than `minimumSteps` measured steps.
  public var statistics: MovementStatistics? {
    guard speeds.count >= Self.minimumSteps else { return nil }
    let sorted = speeds.sorted()
    func quantile(_ q: Double) -> MetersPerSecond {
      MetersPerSecond(sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))])
    }
    return MovementStatistics(
      steps: sorted.count, median: quantile(0.5), lowerQuartile: quantile(0.25),
      upperQuartile: quantile(0.75), p90: quantile(0.9), movingTime: Seconds(movingTime),
      movingDistance: Meters(movingDistance),
      ascent: 2 * stepsWithAltitude >= sorted.count ? Meters(ascent) : nil)
  }
}
