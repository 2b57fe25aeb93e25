import StriderCore

/// The totals a TCX `<Lap>` declares, as the recording device counted them.
///
/// Kept for comparison with Strider's own figures; nothing in the engine uses them. Every
/// field is optional because course laps and hand-written files leave some out.
public struct TCXLap: Sendable, Equatable {
  /// The `StartTime` attribute (activity laps only).
  public var startTime: GNSSTime?
  /// `<TotalTimeSeconds>`: the lap's timer time (pauses excluded on most devices).
  public var totalTime: Seconds?
  /// `<DistanceMeters>`: the device's distance for the lap.
  public var distance: Meters?
  /// `<Calories>`: the device's energy estimate for the lap.
  public var calories: Kilocalories?
  /// The `Sport` attribute of the activity the lap belongs to; nil for course laps.
  public var sport: String?
  /// `<Intensity>`: `Active` or `Resting`; nil when the lap does not say.
  public var intensity: LapIntensity?

  public init(
    startTime: GNSSTime? = nil, totalTime: Seconds? = nil, distance: Meters? = nil,
    calories: Kilocalories? = nil, sport: String? = nil, intensity: LapIntensity? = nil
  ) {
    self.startTime = startTime
    self.totalTime = totalTime
    self.distance = distance
    self.calories = calories
    self.sport = sport
    self.intensity = intensity
  }
}
