/// What the metrics need to know about the user and the display.
public struct MetricsConfiguration: Sendable, Hashable, Codable {
  /// The sport, which chooses the calorie equation.
  public var activity: Activity
  /// The user's body mass; calories scale with it.
  public var weight: Kilograms
  /// Kilometre or mile splits.
  public var units: UnitSystem
  /// Whether to trust altitudes for elevation gain and grade.
  public var elevation: ElevationPolicy
  /// How much recent moving time the current pace averages over; a single GPS step is far
  /// too noisy to show as a pace.
  public var currentPaceWindow: Seconds
  /// Splits a session keeps at most (`MetricsAccumulator.maximumSplits` unless set); the
  /// rest of the distance is the final, partial split. Not stored with a session: a
  /// caller that writes hostile sessions many times a second, the writers' fuzz target,
  /// keeps fewer, so that the same paths cost it kilobytes instead of megabytes.
  public var maximumSplits = MetricsAccumulator.maximumSplits

  public init(
    activity: Activity, weight: Kilograms = Kilograms(70), units: UnitSystem = .metric,
    elevation: ElevationPolicy = .auto, currentPaceWindow: Seconds = Seconds(30)
  ) {
    self.activity = activity
    self.weight = weight
    self.units = units
    self.elevation = elevation
    self.currentPaceWindow = currentPaceWindow
  }

  private enum CodingKeys: String, CodingKey {
    case activity, weight, units, elevation
    case currentPaceWindow = "current_pace_window"
  }

  /// Decodes a configuration; every key but `activity` may be left out for its default.
  /// Encoding needs no such care, so it is the compiler's: every key, in `CodingKeys` order.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      activity: try c.decode(Activity.self, forKey: .activity),
      weight: try c.decodeIfPresent(Kilograms.self, forKey: .weight) ?? Kilograms(70),
      units: try c.decodeIfPresent(UnitSystem.self, forKey: .units) ?? .metric,
      elevation: try c.decodeIfPresent(ElevationPolicy.self, forKey: .elevation) ?? .auto,
      currentPaceWindow: try c.decodeIfPresent(Seconds.self, forKey: .currentPaceWindow)
        ?? Seconds(30)
    )
  }
}
