/// Whether elevation gain (and the grade term of the calorie equations) uses the altitudes.
///
/// GPS altitude is two to three times noisier than horizontal position, and summing its
/// jitter invents hundreds of metres of climbing on a flat run. A barometric altimeter, or a
/// source that has already smoothed its altitude, gives a profile worth counting.
public enum ElevationPolicy: String, Sendable, Codable, CaseIterable {
  /// Count elevation only when the whole track's altitudes look smooth (barometric); see
  /// `ElevationTracker` for the test.
  case auto
  /// Always count elevation when altitudes exist, however noisy.
  case on
  /// Never count elevation: gain is nil and calories assume level ground.
  case off
}
