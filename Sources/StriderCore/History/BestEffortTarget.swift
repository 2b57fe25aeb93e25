/// What a best effort measures: the fastest time over a distance (runs' 5 km), or the
/// farthest distance within a time (rides' best 20 minutes).
///
/// The distances are the ones runners race and every tracker lists (400 m, 1 km, the mile,
/// 5 km, 10 km, the half marathon and the marathon, with World Athletics' lengths: the
/// mile 1609.344 m, the marathon 42 195 m); the durations are the ones riders train by
/// (5, 20 and 60 minutes, the last the basis of the "hour" and of FTP tests).
public struct BestEffortTarget: Hashable, Sendable, Codable, Comparable {
  /// Which of the two measures.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The least elapsed time over `value` metres.
    case distance
    /// The most distance within `value` seconds.
    case duration
  }

  public var kind: Kind
  /// Metres for a distance, seconds for a duration.
  public var value: Double

  public init(kind: Kind, value: Double) {
    self.kind = kind
    self.value = value
  }

  public static func distance(_ metres: Double) -> BestEffortTarget {
    BestEffortTarget(kind: .distance, value: metres)
  }

  public static func duration(_ seconds: Double) -> BestEffortTarget {
    BestEffortTarget(kind: .duration, value: seconds)
  }

  public static let mile = 1609.344
  public static let halfMarathon = 21_097.5
  public static let marathon = 42_195.0

  /// The distances whose fastest time every session is searched for.
  public static let distances: [BestEffortTarget] = [
    400, 1000, mile, 5000, 10_000, halfMarathon, marathon,
  ].map(distance)

  /// The durations whose farthest distance a ride is searched for.
  public static let durations: [BestEffortTarget] = [300, 1200, 3600].map(duration)

  /// The targets searched for on a session of `activity`: the distances for every
  /// exercise, the durations for rides too, and none for a drive (a car's fastest
  /// kilometre is no record).
  public static func targets(for activity: Activity) -> [BestEffortTarget] {
    guard activity.isExercise else { return [] }
    return activity == .ride ? distances + durations : distances
  }

  /// Distances first, each kind shortest first.
  public static func < (lhs: BestEffortTarget, rhs: BestEffortTarget) -> Bool {
    lhs.kind == rhs.kind ? lhs.value < rhs.value : lhs.kind == .distance
  }

  /// Whether an effort over this target is sustained (a kilometre or longer, or minutes):
  /// one beyond a person's limits there is no jump of the receiver but a session misread as
  /// a whole (`HumanLimits`).
  public var isSustained: Bool { kind == .duration || value >= 1000 }

  /// A short name for tables and JSON keys: `400m`, `1km`, `1mi`, `half`, `20min`.
  public var key: String {
    switch (kind, value) {
    case (.distance, Self.mile): "1mi"
    case (.distance, Self.halfMarathon): "half"
    case (.distance, Self.marathon): "marathon"
    case (.distance, let v) where v >= 1000 && v.truncatingRemainder(dividingBy: 1000) == 0:
      "\(Int(saturating: v / 1000))km"
    case (.distance, let v): "\(Self.number(v))m"
    case (.duration, let v) where v.truncatingRemainder(dividingBy: 60) == 0:
      "\(Int(saturating: v / 60))min"
    case (.duration, let v): "\(Self.number(v))s"
    }
  }

  /// The name a cue speaks: "5 kilometres", "1 mile", "half marathon", "20 minutes".
  public var spokenName: String {
    switch (kind, value) {
    case (.distance, Self.mile): "1 mile"
    case (.distance, Self.halfMarathon): "half marathon"
    case (.distance, Self.marathon): "marathon"
    case (.distance, let v) where v >= 1000 && v.truncatingRemainder(dividingBy: 1000) == 0:
      v == 1000 ? "1 kilometre" : "\(Int(saturating: v / 1000)) kilometres"
    case (.distance, let v): "\(Self.number(v)) metres"
    case (.duration, let v) where v.truncatingRemainder(dividingBy: 60) == 0:
      v == 60 ? "1 minute" : "\(Int(saturating: v / 60)) minutes"
    case (.duration, let v): "\(Self.number(v)) seconds"
    }
  }

  /// The target a `key` names, for reading `records --effort` and stored rows back.
  public init?(key: String) {
    guard
      let found = (Self.distances + Self.durations).first(where: { $0.key == key })
    else { return nil }
    self = found
  }

  private static func number(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? "\(Int(v))" : "\(v)"
  }
}
