/// One kilometre (or mile) of the session, as the split table shows it.
///
/// Split boundaries fall inside GPS steps; the accumulator interpolates the crossing
/// linearly within the step, so a split's duration does not depend on the sample rate.
public struct Split: Sendable, Hashable, Codable {
  /// 1-based position of the split in the session.
  public var index: Int
  /// One split length (1000 m or 1609.344 m); shorter only for the final partial split.
  public var distance: Meters
  /// Moving time spent on this split (paused time and gaps excluded).
  public var duration: Seconds
  /// `duration` over `distance`.
  public var pace: Pace
  /// The pace as shown: nil for a final split too short to measure one
  /// (`Pace.shortestMeasured`).
  public var shownPace: Pace? { distance >= Pace.shortestMeasured ? pace : nil }
  /// Climbing within the split; nil when elevation is not trusted.
  public var elevationGain: Meters?
  /// When the split's distance was reached (interpolated inside the step).
  public var endTime: GNSSTime
  /// True only for the last, shorter split that `finish()` closes.
  public var isPartial: Bool
}
