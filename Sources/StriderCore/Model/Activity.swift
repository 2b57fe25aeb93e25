/// What the user is doing; it sets the thresholds of the gate, the smoother and auto-pause,
/// and the calorie equation.
public enum Activity: String, Hashable, Sendable, Codable, CaseIterable {
  case run
  case walk
  case ride

  /// The sport word used in sentences ("run", "walk", "ride").
  public var noun: String { rawValue }

  /// Whether the user expects speed (km/h) rather than pace (min/km).
  public var prefersSpeed: Bool { self == .ride }
}

/// Metric or imperial display units; the engine always computes in SI.
public enum UnitSystem: String, Hashable, Sendable, Codable, CaseIterable {
  case metric
  case imperial

  /// The length of one split and of a distance cue step: a kilometre or a mile.
  public var splitLength: Meters { self == .metric ? Meters(1000) : Meters(1609.344) }
}
