import StriderCore

/// Numbers as the screen shows them: short, fixed-width friendly, never locale-dependent.
///
/// Cue sentences spell numbers out for speech (`CueText`); the dashboard needs the compact
/// forms runners read at a glance ("5.23 km", "27:14", "5:02 /km"). Decimal points are always
/// "." (built on `CueText.fixed`), whatever the locale.
public enum DisplayFormat {
  /// "27:14" under an hour, "1:02:05" from an hour on; negative or non-finite is "0:00".
  public static func clock(_ duration: Seconds) -> String {
    let total = wholeSeconds(duration.value)
    let hours = total / 3600
    let minutes = total / 60 % 60
    let seconds = total % 60
    let ss = (seconds < 10 ? "0" : "") + "\(seconds)"
    if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + ss }
    return "\(minutes):" + ss
  }

  /// "07:58:12": the time of day of a GNSS time, shifted by a UTC offset.
  public static func timeOfDay(_ time: GNSSTime, utcOffset: Seconds = .zero) -> String {
    let c = (time + utcOffset).civil
    return two(c.hour) + ":" + two(c.minute) + ":" + two(c.second)
  }

  /// "5.23" kilometres or miles, two decimals.
  public static func distanceNumber(_ distance: Meters, units: UnitSystem) -> String {
    CueText.fixed(distance.value / units.splitLength.value, decimals: 2)
  }

  /// "km" or "mi".
  public static func distanceUnit(_ units: UnitSystem) -> String {
    units == .metric ? "km" : "mi"
  }

  /// "5.23 km", "3.25 mi".
  public static func distance(_ distance: Meters, units: UnitSystem) -> String {
    distanceNumber(distance, units: units) + " " + distanceUnit(units)
  }

  /// "5.98 km ± 0.04": a distance and one σ of it, in the same unit (never less than the
  /// last digit shown).
  public static func distance(_ distance: Meters, sigma: Meters, units: UnitSystem) -> String {
    let spread = max(sigma.value / units.splitLength.value, 0.01)
    return Self.distance(distance, units: units) + " ± " + CueText.fixed(spread, decimals: 2)
  }

  /// "24.3" kilometres or miles per hour.
  public static func speedNumber(_ speed: MetersPerSecond, units: UnitSystem) -> String {
    CueText.fixed(speed.value * 3600 / units.splitLength.value, decimals: 1)
  }

  /// "km/h" or "mph".
  public static func speedUnit(_ units: UnitSystem) -> String {
    units == .metric ? "km/h" : "mph"
  }

  /// "24.3 km/h", "15.1 mph".
  public static func speed(_ speed: MetersPerSecond, units: UnitSystem) -> String {
    speedNumber(speed, units: units) + " " + speedUnit(units)
  }

  /// "5:02 /km" (the core's `Pace.text`), or "--:-- /km" when there is none.
  public static func pace(_ pace: Pace?, units: UnitSystem) -> String {
    guard let pace else { return "--:-- /" + distanceUnit(units) }
    return pace.text(per: units)
  }

  /// "5:02 /km", or for a swim "1:55 /100 m" (`Activity.paceLength`); "--:-- /100 m" when
  /// there is none.
  public static func pace(_ pace: Pace?, activity: Activity, units: UnitSystem) -> String {
    guard let pace else { return "--:-- /" + activity.paceLength(units).label }
    return pace.text(for: activity, units: units)
  }

  /// A pace or, for activities measured by speed, a speed: what the activity's users read
  /// (a swim's pace per 100 m).
  public static func paceOrSpeed(
    pace: Pace?, speed: MetersPerSecond?, activity: Activity, units: UnitSystem
  ) -> String {
    if activity.prefersSpeed {
      guard let speed else { return "--.- " + speedUnit(units) }
      return self.speed(speed, units: units)
    }
    return self.pace(pace, activity: activity, units: units)
  }

  /// "705 kcal", whole kilocalories.
  public static func calories(_ energy: Kilocalories) -> String {
    "\(Int(saturating: energy.value.rounded())) kcal"
  }

  /// What the calories were read from, as a table row ends: ", the device's" or ", from the
  /// power meter's work"; nothing for the speed, the estimate people expect.
  public static func caloriesSource(_ source: CalorieSource?) -> String {
    switch source ?? .speed {
    case .speed: ""
    case .power: ", from the power meter's work"
    case .heartRate: ", from the heart rate (Keytel)"
    case .device: ", the device's"
    }
  }

  /// "4 m", "12 m", "1.2 km" (metric) or "13 ft", "0.8 mi" (imperial): a short length for
  /// accuracies and the map scale.
  public static func shortLength(_ length: Meters, units: UnitSystem) -> String {
    let metres = length.value
    guard metres.isFinite else { return "?" }
    if units == .imperial {
      let feet = metres / 0.3048
      if feet < 1000 { return "\(Int(saturating: feet.rounded())) ft" }
      return CueText.fixed(metres / 1609.344, decimals: 1) + " mi"
    }
    if metres < 10 { return CueText.fixed(metres, decimals: metres < 1 ? 1 : 0) + " m" }
    if metres < 1000 { return "\(Int(saturating: metres.rounded())) m" }
    return CueText.fixed(metres / 1000, decimals: 1) + " km"
  }

  /// "30×", "0.5×", "1×": a replay speed with the glyph set's multiplication sign.
  public static func replaySpeed(_ factor: Double, glyphs: Glyphs) -> String {
    if factor == .infinity { return "max" }  // `--speed max`: as fast as possible
    guard factor.isFinite, factor > 0 else { return "0" + glyphs.times }
    let whole = factor.rounded()
    let text =
      abs(factor - whole) < 0.001 ? "\(Int(saturating: whole))" : CueText.fixed(factor, decimals: 1)
    return text + glyphs.times
  }

  /// "+0.3%" or "-4.8%": a relative error in percent with its sign.
  public static func signedPercent(_ fraction: Double) -> String {
    guard fraction.isFinite else { return "n/a" }
    let text = CueText.fixed(fraction * 100, decimals: 1)
    return (text.hasPrefix("-") ? "" : "+") + text + "%"
  }

  /// Rounds seconds to a non-negative whole number without trapping.
  static func wholeSeconds(_ seconds: Double) -> Int {
    guard seconds.isFinite, seconds > 0 else { return 0 }
    return Int(saturating: min(seconds, 360_000_000).rounded())
  }

  private static func two(_ n: Int) -> String { (n < 10 ? "0" : "") + "\(n)" }
}
