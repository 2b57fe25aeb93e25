/// What a step asks of the runner: a pace range, a speed range or a heart-rate band.
///
/// The coach judges pace and speed targets on speed (a pace range is a speed range read
/// the other way round), and heart-rate targets on the reported heart rate.
public enum WorkoutTarget: Sendable, Hashable {
  /// Between `fastest` and `slowest` (fastest has the smaller number of seconds).
  case pace(fastest: Pace, slowest: Pace)
  case speed(ClosedRange<MetersPerSecond>)
  /// A zone of `HeartRateZones` (1 to 5); resolved with the user's maximum heart rate.
  case heartRateZone(Int)
  case heartRate(ClosedRange<BeatsPerMinute>)

  /// The band the coach holds the runner in, in speed or in bpm; nil when it cannot be
  /// known (a zone without zones, a nonsense range).
  public func band(zones: HeartRateZones?) -> CoachBand? {
    switch self {
    case .pace(let fastest, let slowest):
      guard fastest.value > 0, slowest.value >= fastest.value, slowest.isFinite else {
        return nil
      }
      return CoachBand(measure: .speed, low: 1000 / slowest.value, high: 1000 / fastest.value)
    case .speed(let range):
      guard range.lowerBound.value >= 0, range.upperBound.isFinite else { return nil }
      return CoachBand(
        measure: .speed, low: range.lowerBound.value, high: range.upperBound.value)
    case .heartRateZone(let zone):
      guard let zones, (1...HeartRateZones.count).contains(zone) else { return nil }
      let bounds = zones.lowerBounds
      let high = zone < HeartRateZones.count ? bounds[zone] : zones.maximum.value
      return CoachBand(
        measure: .heartRate, low: bounds[zone - 1], high: max(high, bounds[zone - 1]))
    case .heartRate(let range):
      guard range.lowerBound.value > 0, range.upperBound.isFinite else { return nil }
      return CoachBand(
        measure: .heartRate, low: range.lowerBound.value, high: range.upperBound.value)
    }
  }
}

/// A target as the coach measures it: a range of speed (m/s) or heart rate (bpm).
public struct CoachBand: Sendable, Hashable {
  public enum Measure: Sendable, Hashable {
    case speed
    case heartRate
  }

  public var measure: Measure
  public var low: Double
  public var high: Double
}
