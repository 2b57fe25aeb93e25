/// What the user is doing; it sets the thresholds of the gate, the smoother and auto-pause,
/// the calorie equation and how often distance is spoken.
///
/// New cases go at the end: `CaseIterable` order is what `--help` lists.
public enum Activity: String, Hashable, Sendable, Codable, CaseIterable {
  case run
  case walk
  case ride
  /// Walking on trails with climbs: walking's motion, a higher energy cost, longer stops
  /// before auto-pause (a steep climb is slow).
  case hike
  /// Open-water swimming with the receiver on the wrist or the cap: slow, and a fix only
  /// when the arm is out of the water.
  case swim
  /// A car (or any vehicle) that `run --auto` found: measured and kept like any session, but
  /// not exercise: no calories, no personal records, and apart from the rides in totals.
  case drive

  /// Every activity for a help text: "run, walk, ride, hike, swim or drive".
  public static var choiceList: String {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }

  /// The sport word used in sentences ("run", "walk", "ride").
  public var noun: String { rawValue }

  /// Whether the user expects speed (km/h) rather than pace (min/km).
  public var prefersSpeed: Bool { self == .ride || self == .drive }
  /// Whether the activity is exercise: a drive burns no calories Strider counts, sets no
  /// personal records and has no heart-rate zones worth keeping.
  public var isExercise: Bool { self != .drive }
  /// On foot: a cadence counts strides, and a stride is two steps.
  public var isOnFoot: Bool { self == .run || self == .walk || self == .hike }
  /// Whether a speed a file gives without a course is the receiver's own (on foot), rather
  /// than a wheel sensor's (a ride) or nothing a receiver measured well (a swim).
  var readsSpeedWithoutCourse: Bool { isOnFoot }

  /// How far apart distance cues fall when the settings do not say: one split (1 km or
  /// 1 mile), but 100 m (100 yards) for a swim, where a kilometre is half an hour.
  public func cueDistance(_ units: UnitSystem) -> Meters {
    switch self {
    case .swim: units == .metric ? Meters(100) : Meters(91.44)
    case .run, .walk, .ride, .hike, .drive: units.splitLength
    }
  }
}

/// Metric or imperial display units; the engine always computes in SI.
public enum UnitSystem: String, Hashable, Sendable, Codable, CaseIterable {
  case metric
  case imperial

  /// The length of one split and of a distance cue step: a kilometre or a mile.
  public var splitLength: Meters { self == .metric ? Meters(1000) : Meters(1609.344) }
}
