/// The coach's sentences, beside the other cues' so that numbers, units and plurals are
/// said one way everywhere.
///
/// - Step start: `Interval 3 of 6: 400 metres at 4:00 to 4:15 per kilometre. Go.` — the
///   step's name (a work step in a repeated block is "Interval r of n"), its length and
///   its target; work steps end with "Go.".
/// - Step result: `400 metres in 1:38, 4:05 per kilometre.` (rides: the average speed).
/// - Coaching: `Speed up.`, `Slow down.`, `Back on pace.` (heart-rate targets: `Back in
///   zone.`), and `All steps done.` after the last step.
///
/// Distances under a kilometre are said in whole metres in both unit systems (a track's
/// distances are metric everywhere); longer ones in kilometres or miles with at most two
/// decimals ("1 kilometre", "1.5 kilometres"). Paces and step times are said in the clock
/// form ("4:05"), as runners say them.
extension CueText {
  public static let speedUp = "Speed up."
  public static let slowDown = "Slow down."
  public static let backOnPace = "Back on pace."
  public static let backInZone = "Back in zone."
  public static let allStepsDone = "All steps done."

  /// "Interval 3 of 6", "Warm-up", "Recovery", "Cool-down".
  public static func stepName(_ planned: PlannedStep) -> String {
    switch planned.step.kind {
    case .warmUp: "Warm-up"
    case .work: planned.repetition.map { "Interval \($0.round) of \($0.of)" } ?? "Interval"
    case .recovery: "Recovery"
    case .coolDown: "Cool-down"
    }
  }

  /// The sentence a step starts with.
  public static func stepStart(_ planned: PlannedStep, units: UnitSystem) -> String {
    var text = stepName(planned) + ": "
    switch planned.step.length {
    case .distance(let distance): text += stepDistance(distance, units: units)
    case .time(let time): text += duration(time)
    case .open: text += "open, until you press lap"
    }
    if let target = planned.step.target { text += " " + targetPhrase(target, units: units) }
    text += "."
    if planned.step.kind == .work { text += " Go." }
    return text
  }

  /// "at 4:00 to 4:15 per kilometre", "at 24.0 to 28 kilometres per hour", "in heart-rate
  /// zone 2", "at 140 to 155 beats per minute".
  public static func targetPhrase(_ target: WorkoutTarget, units: UnitSystem) -> String {
    let per = units == .metric ? " per kilometre" : " per mile"
    switch target {
    case .pace(let fastest, let slowest):
      let fast = fastest.clockText(per: units)
      let slow = slowest.clockText(per: units)
      return "at " + (fast == slow ? fast : fast + " to " + slow) + per
    case .speed(let range):
      let low = range.lowerBound.value * 3600 / units.splitLength.value
      return "at " + fixed(low, decimals: 1) + " to " + speed(range.upperBound, units: units)
    case .heartRateZone(let zone):
      return "in heart-rate zone \(zone)"
    case .heartRate(let range):
      return "at \(Int(saturating: range.lowerBound.value.rounded())) to "
        + "\(Int(saturating: range.upperBound.value.rounded())) beats per minute"
    }
  }

  /// "400 metres in 1:38, 4:05 per kilometre." — or, for rides, the average speed.
  public static func stepResult(_ result: StepResult, activity: Activity, units: UnitSystem)
    -> String
  {
    effort(result.distance, result.duration, activity: activity, units: units)
  }

  /// "Lap 2: 1 kilometre in 4:05, 4:05 per kilometre.": what a lap press says.
  public static func lap(_ lap: Lap, activity: Activity, units: UnitSystem) -> String {
    "Lap \(lap.number): " + effort(lap.distance, lap.moving, activity: activity, units: units)
  }

  /// "400 metres in 1:38, 4:05 per kilometre." (a speed on a ride, the pace per 100 metres
  /// on a swim).
  static func effort(
    _ distance: Meters, _ duration: Seconds, activity: Activity, units: UnitSystem
  ) -> String {
    var text = stepDistance(distance, units: units) + " in " + clock(duration)
    if activity.prefersSpeed {
      if duration.value > 0, distance.value > 0 {
        text += ", " + speed(distance / duration, units: units)
      }
    } else if let pace = Pace(distance: distance, duration: duration), !pace.isCrawl(per: units) {
      // A swim's per 100 metres, as its other cues say it.
      let length = activity.paceLength(units)
      text += ", " + clock(pace.duration(over: length)) + " per " + length.spoken
    }
    return text + "."
  }

  /// "400 metres", "1 metre", "1 kilometre", "1.5 kilometres", "3.11 miles".
  public static func stepDistance(_ distance: Meters, units: UnitSystem) -> String {
    let metres = distance.value.isFinite ? max(0, distance.value) : 0
    if metres.rounded() < 1000 { return count(of: Int(saturating: metres.rounded()), "metre") }
    return CueText.distance(Meters(metres), units: units)
  }

  /// A duration in the clock form: "0:45", "1:38", "1:02:05"; rounded to the second.
  public static func clock(_ duration: Seconds) -> String {
    let total = Pace.wholeSeconds(duration.value)
    let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
    let mmss = "\(minutes):" + (seconds < 10 ? "0" : "") + "\(seconds)"
    guard hours > 0 else { return mmss }
    return "\(hours):" + (minutes < 10 ? "0" : "") + mmss
  }
}
