/// The templates of configurable cues, one sentence per `CueField`, in one place so that
/// numbers, units and plurals are said one way (`CueText` documents the forms).
///
/// | field | sentence |
/// |---|---|
/// | `distance` | `Distance 5 kilometres.` |
/// | `time` | `Time 31 minutes 2 seconds.` (elapsed) |
/// | `moving_time` | `Moving time 26 minutes 10 seconds.` (`Time …` without `time`) |
/// | `current_pace`, `average_pace`, `lap_pace`, `split_pace` | `Average pace 5 minutes 14 seconds per kilometre.` (a ride: `Average speed 24.3 kilometres per hour.`) |
/// | `current_speed`, `average_speed`, `lap_speed`, `split_speed` | `Lap speed 12 kilometres per hour.` |
/// | `heart_rate` | `Heart rate 152 beats per minute.` |
/// | `heart_rate_zone` | `Heart-rate zone 3.` |
/// | `calories` | `Energy 312 kilocalories.` |
/// | `elevation_gain` | `Elevation gain 42 metres.` (imperial: `138 feet`) |
/// | `time_of_day` | `Time of day 7:05.` (24-hour clock, local time) |
/// | `finish_estimate` | `Estimated finish for 10 kilometres: 52 minutes 30 seconds.` |
/// | `lap_result` | `Lap 2: 1 kilometre in 4:05, 4:05 per kilometre.` (the last lap closed) |
/// | `lap_distance` | `Lap distance 0.4 kilometres.` |
/// | `lap_time` | `Lap time 1 minute 38 seconds.` (moving) |
///
/// A field with nothing to say (no heart rate, no split yet, a pace below a crawl, the goal
/// passed) is left out rather than said as zero.
extension CueText {
  /// The sentences of `fields`, in their order, separated by a space.
  public static func says(
    _ fields: [CueField], _ figures: CueFigures, activity: Activity, units: UnitSystem,
    goal: Meters? = nil, utcOffset: Seconds = .zero
  ) -> String {
    let saysElapsed = fields.contains(.time)
    return fields.compactMap { field in
      sentence(
        field, figures, activity: activity, units: units, goal: goal, utcOffset: utcOffset,
        saysElapsed: saysElapsed)
    }.joined(separator: " ")
  }

  /// One field's sentence; nil when it has nothing to say.
  static func sentence(
    _ field: CueField, _ f: CueFigures, activity: Activity, units: UnitSystem, goal: Meters?,
    utcOffset: Seconds, saysElapsed: Bool
  ) -> String? {
    let ride = activity.prefersSpeed
    switch field {
    case .distance: return "Distance \(distance(f.distance, units: units))."
    case .time: return "Time \(duration(f.elapsed))."
    case .movingTime: return (saysElapsed ? "Moving time " : "Time ") + duration(f.moving) + "."
    case .currentPace:
      if ride { return f.currentSpeed.map { speedSentence("Current", $0, units) } }
      return f.currentPace.flatMap { paceSentence("Current", $0, activity, units) }
    case .currentSpeed: return f.currentSpeed.map { speedSentence("Current", $0, units) }
    case .averagePace, .averageSpeed:
      return effortSentence(
        "Average", f.distance, f.moving, speed: ride || field == .averageSpeed, activity, units)
    case .lapPace, .lapSpeed:
      return effortSentence(
        "Lap", f.lapDistance, f.lapMoving, speed: ride || field == .lapSpeed, activity, units)
    case .splitPace, .splitSpeed:
      guard let split = f.lastSplit else { return nil }
      return effortSentence(
        "Split", split.distance, split.duration, speed: ride || field == .splitSpeed, activity,
        units)
    case .heartRate:
      guard let rate = f.heartRate, rate.value.isFinite, rate.value > 0 else { return nil }
      return "Heart rate " + count(of: Int(saturating: rate.value.rounded()), "beat")
        + " per minute."
    case .heartRateZone: return f.heartRateZone.map { "Heart-rate zone \($0)." }
    case .calories:
      guard f.calories.value.isFinite, f.calories.value >= 0 else { return nil }
      return "Energy " + count(of: Int(saturating: f.calories.value.rounded()), "kilocalorie") + "."
    case .elevationGain:
      return f.elevationGain.map { "Elevation gain " + height($0, units: units) + "." }
    case .timeOfDay: return "Time of day " + timeOfDay(f.time, utcOffset: utcOffset) + "."
    case .finishEstimate:
      guard let goal, goal.value.isFinite, f.distance.value > 0, f.distance < goal,
        f.moving.value > 0
      else { return nil }
      let estimate = Seconds(f.moving.value * goal.value / f.distance.value)
      return "Estimated finish for \(stepDistance(goal, units: units)): \(duration(estimate))."
    case .lapResult: return f.lastLap.map { lap($0, activity: activity, units: units) }
    case .lapDistance: return "Lap distance \(distance(f.lapDistance, units: units))."
    case .lapTime: return "Lap time \(duration(f.lapMoving))."
    }
  }

  /// "Average pace 5 minutes 14 seconds per kilometre." (per 100 metres for a swim) or
  /// "Average speed 24.3 kilometres per hour."; nil without distance or moving time, or
  /// for a pace below a crawl.
  static func effortSentence(
    _ label: String, _ distance: Meters, _ moving: Seconds, speed asSpeed: Bool,
    _ activity: Activity, _ units: UnitSystem
  ) -> String? {
    guard distance.value > 0, moving.value > 0 else { return nil }
    if asSpeed { return speedSentence(label, distance / moving, units) }
    return Pace(distance: distance, duration: moving).flatMap {
      paceSentence(label, $0, activity, units)
    }
  }

  static func paceSentence(
    _ label: String, _ value: Pace, _ activity: Activity, _ units: UnitSystem
  ) -> String? {
    value.isCrawl(per: units)
      ? nil : "\(label) pace \(pace(value, activity: activity, units: units))."
  }

  static func speedSentence(_ label: String, _ value: MetersPerSecond, _ units: UnitSystem)
    -> String
  {
    "\(label) speed \(speed(value, units: units))."
  }

  /// "42 metres", "1 metre", "138 feet", "1 foot": a climb in whole metres or feet.
  public static func height(_ height: Meters, units: UnitSystem) -> String {
    let metres = height.value.isFinite ? max(0, height.value) : 0
    guard units == .imperial else { return count(of: Int(saturating: metres.rounded()), "metre") }
    let feet = Int(saturating: (metres / 0.3048).rounded())
    return feet == 1 ? "1 foot" : "\(feet) feet"
  }

  /// "7:05", "18:30": the local time of day of `time` on a 24-hour clock.
  public static func timeOfDay(_ time: GNSSTime, utcOffset: Seconds) -> String {
    let local = time.secondsSince1970 + (utcOffset.isFinite ? utcOffset.value : 0)
    guard local.isFinite, abs(local) < 1e15 else { return "0:00" }
    let day = 86_400.0
    let seconds =
      Int(saturating: (local - (local / day).rounded(.down) * day).rounded(.down)) % 86_400
    let (hours, minutes) = (seconds / 3600, seconds / 60 % 60)
    return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
  }
}
