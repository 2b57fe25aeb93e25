/// The length a pace is counted over: a kilometre or a mile, but 100 metres (100 yards) for
/// a swim, as swimmers and pool clocks count ("1:55 /100 m"): a swim's pace per kilometre
/// is twenty minutes and more, a figure no swimmer reads.
public struct PaceLength: Hashable, Sendable {
  /// How long the counted length is.
  public var length: Meters
  /// The short unit after a pace on screens: "km", "mi", "100 m", "100 yd".
  public var label: String
  /// The spoken unit after "per": "kilometre", "mile", "100 metres", "100 yards".
  public var spoken: String

  /// A kilometre or a mile: the split length of the units.
  public static func split(_ units: UnitSystem) -> PaceLength {
    units == .metric
      ? PaceLength(length: Meters(1000), label: "km", spoken: "kilometre")
      : PaceLength(length: Meters(1609.344), label: "mi", spoken: "mile")
  }

  /// 100 metres or 100 yards: a swimmer's length.
  public static func hundred(_ units: UnitSystem) -> PaceLength {
    units == .metric
      ? PaceLength(length: Meters(100), label: "100 m", spoken: "100 metres")
      : PaceLength(length: Meters(91.44), label: "100 yd", spoken: "100 yards")
  }
}

extension Activity {
  /// The length this activity's pace is counted over: 100 m (100 yd) for a swim, else a
  /// kilometre or a mile.
  public func paceLength(_ units: UnitSystem) -> PaceLength {
    self == .swim ? .hundred(units) : .split(units)
  }
}

extension Pace {
  /// The time `length` takes at this pace.
  public func duration(over length: PaceLength) -> Seconds {
    Seconds(value * length.length.value / 1000)
  }

  /// "1:55 /100 m" for a swim, "5:33 /km" otherwise; "--:--" with the unit below a crawl
  /// (judged per kilometre or mile, as `isCrawl`, whatever the length shown).
  public func text(for activity: Activity, units: UnitSystem) -> String {
    let length = activity.paceLength(units)
    guard !isCrawl(per: units) else { return "--:-- /" + length.label }
    return Pace.clock(Pace.wholeSeconds(duration(over: length).value)) + " /" + length.label
  }

  /// "5:33", "1:02:05": whole seconds as a clock.
  static func clock(_ total: Int) -> String {
    let hours = total / 3600
    let minutes = total / 60 % 60
    let seconds = total % 60
    let mmss = "\(minutes):" + (seconds < 10 ? "0" : "") + "\(seconds)"
    if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + mmss }
    return mmss
  }
}
