/// The sentences cues speak; public so the terminal UI and exports can say the same thing.
///
/// The format is a contract that tests and users rely on:
/// `Distance 5 kilometres. Time 26 minutes 10 seconds. Average pace 5 minutes 14 seconds
/// per kilometre.` — distance to the hundredth without trailing zeros ("1 kilometre",
/// "5.2 kilometres", "3.11 miles"), durations in
/// whole seconds spelled out with singular and plural ("1 hour 5 minutes 3 seconds"; a zero
/// part is left out, and "0 seconds" is said only when everything is zero), pace rounded to
/// the whole second with 60 carried to the next minute. Rides give `Average speed 24.3
/// kilometres per hour.` (one decimal) instead of a pace; swims give their pace per 100
/// metres (`Average pace 2 minutes 5 seconds per 100 metres.`). Imperial units say "miles",
/// "per mile" and "miles per hour". Numbers are formatted here, never by a locale.
public enum CueText {
  public static let paused = "Auto-paused."
  public static let resumed = "Resumed."
  public static let signalLost = "GPS signal lost."
  public static let signalRegained = "GPS signal regained."
  /// Said when the disk refuses a live recording's writes: the fixes wait in memory.
  public static let storageHeld = "Cannot save to disk. Recording kept in memory."
  /// Said when the disk takes the held fixes again.
  public static let storageWritten = "Recording saved again."
  /// The finish cue's first sentence; after a workout's steps, `workoutFinishPrefix`.
  public static let finishPrefix = "Session complete."
  public static let workoutFinishPrefix = "Workout complete."

  /// "5 kilometres", "1 kilometre", "5.2 kilometres", "3.11 miles": to the hundredth, as a
  /// voice reads it, without the zeros a display pads with ("1 kilometre" is said "one
  /// point zero zero kilometres").
  public static func distance(_ distance: Meters, units: UnitSystem) -> String {
    let amount = spokenNumber(distance.value / units.splitLength.value, decimals: 2)
    let noun = units == .metric ? "kilometre" : "mile"
    return amount + " " + noun + (amount == "1" ? "" : "s")
  }

  /// `fixed(value, decimals:)` without its trailing zeros: "5", "5.2", "3.11".
  static func spokenNumber(_ value: Double, decimals: Int) -> String {
    var text = fixed(value, decimals: decimals)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// "1 hour 5 minutes 3 seconds", "26 minutes 10 seconds", "0 seconds"; rounded to the
  /// nearest whole second first, so 59.6 s is "1 minute".
  public static func duration(_ duration: Seconds) -> String {
    let total = Pace.wholeSeconds(duration.value)
    let parts = [
      (total / 3600, "hour"), (total / 60 % 60, "minute"), (total % 60, "second"),
    ]
    let said = parts.filter { $0.0 != 0 }.map { count(of: $0.0, $0.1) }
    return said.isEmpty ? "0 seconds" : said.joined(separator: " ")
  }

  /// "5 minutes 14 seconds per kilometre", "8 minutes 25 seconds per mile".
  public static func pace(_ pace: Pace, units: UnitSystem) -> String {
    duration(pace.duration(per: units)) + (units == .metric ? " per kilometre" : " per mile")
  }

  /// "2 minutes 5 seconds per 100 metres" for a swim, else as `pace(_:units:)`.
  public static func pace(_ pace: Pace, activity: Activity, units: UnitSystem) -> String {
    let length = activity.paceLength(units)
    return duration(pace.duration(over: length)) + " per " + length.spoken
  }

  /// "24.3 kilometres per hour", "15 miles per hour".
  public static func speed(_ speed: MetersPerSecond, units: UnitSystem) -> String {
    let perHour = speed.value * 3600 / units.splitLength.value
    return spokenNumber(perHour, decimals: 1)
      + (units == .metric ? " kilometres per hour" : " miles per hour")
  }

  /// The progress sentence of time, distance and finish cues. The pace (or, for rides,
  /// speed) sentence is left out while there is no distance or no moving time, and the
  /// pace below a crawl (`Pace.crawl`).
  public static func summary(
    distance: Meters, moving: Seconds, activity: Activity, units: UnitSystem
  ) -> String {
    var text = "Distance \(self.distance(distance, units: units)). Time \(duration(moving))."
    if activity.prefersSpeed {
      if moving.value > 0, distance.value > 0 {
        text += " Average speed \(speed(distance / moving, units: units))."
      }
    } else if let average = Pace(distance: distance, duration: moving),
      !average.isCrawl(per: units)
    {
      text += " Average pace \(pace(average, activity: activity, units: units))."
    }
    return text
  }

  /// The summary of a snapshot: its distance and moving time.
  public static func summary(
    _ snapshot: MetricsSnapshot, activity: Activity, units: UnitSystem
  ) -> String {
    summary(distance: snapshot.distance, moving: snapshot.moving, activity: activity, units: units)
  }

  /// "Current pace 5 minutes 2 seconds per kilometre." or, for rides, "Current speed 25.1
  /// kilometres per hour."; nil when the snapshot has no current figure (paused, or a pace
  /// below a crawl).
  public static func current(
    _ snapshot: MetricsSnapshot, activity: Activity, units: UnitSystem
  ) -> String? {
    if activity.prefersSpeed {
      return snapshot.currentSpeed.map { "Current speed \(speed($0, units: units))." }
    }
    guard let current = snapshot.currentPace, !current.isCrawl(per: units) else { return nil }
    return "Current pace \(pace(current, activity: activity, units: units))."
  }

  /// "Session complete. Distance … ." — the finish cue.
  public static func finish(_ snapshot: MetricsSnapshot, activity: Activity, units: UnitSystem)
    -> String
  {
    finishPrefix + " " + summary(snapshot, activity: activity, units: units)
  }

  /// A number with a fixed count of decimals, rounded half away from zero, with a "." point
  /// whatever the locale: `fixed(5, decimals: 2) == "5.00"`. Non-finite values give "0".
  public static func fixed(_ value: Double, decimals: Int) -> String {
    let places = max(0, min(decimals, 9))
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    guard value.isFinite, abs(value * scale) < 9e15 else {
      return places == 0 ? "0" : "0." + String(repeating: "0", count: places)
    }
    let scaled = Int64((abs(value) * scale).rounded())
    let negative = value < 0 && scaled != 0
    let unit = Int64(scale)
    var text = String(scaled / unit)
    if places > 0 {
      let fraction = String(scaled % unit)
      text += "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
    return negative ? "-" + text : text
  }

  /// "1 minute", "2 minutes": a count and its noun, singular or plural.
  static func count(of n: Int, _ noun: String) -> String {
    "\(n) \(noun)" + (n == 1 ? "" : "s")
  }
}
