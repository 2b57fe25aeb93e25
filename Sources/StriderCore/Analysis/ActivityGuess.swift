/// Guesses the activity of a track that does not say, from how it moves, and says why.
///
/// The rules, in order, on `MovementStatistics` (speeds over steps of 10 s and more):
/// 1. Fewer than three moving steps: no guess; run, the default, and the reason says so.
/// 2. A vehicle's speeds by the day storyline's rule (`MoveKind.classify`: a median over
///    40 km/h or a fastest tenth over 55 km/h): a drive, as `run --auto` and `strider day`
///    call it. No rider holds those; a long fast descent is `--activity ride`.
/// 3. A median moving speed of 4.7 m/s (17 km/h, faster than a 3:33 min/km runner) or
///    more: a ride.
/// 4. 2.0 m/s (7.2 km/h) or more: a run, unless its fastest tenth reaches 5.5 m/s
///    (19.8 km/h, a sprint): a runner this fast is steady (a 10 km race's top decile sits
///    within 10 % of its median), a rider freewheels downhill, so that is a ride.
/// 5. Slower than 1.0 m/s (1:40 min per 100 m) with the upper quartile under 1.2 m/s, over
///    20 steps or more (a swim is minutes long), and flat or without altitudes (water is
///    flat; a watch in the water rarely records one): a swim. A dawdling walk without
///    altitudes looks the same; say `--activity walk` then.
/// 6. Climbing 120 m or more per hour of movement at 4 % or more on average: a hike.
/// 7. Otherwise a walk.
///
/// Tested on every real recording of the shared data (`ActivityGuessConformanceTests`):
/// what each file is, and the few the rules cannot tell, with the reason.
public enum ActivityGuess {
  public static let walkBelow = MetersPerSecond(2.0)
  public static let runBelow = MetersPerSecond(4.7)
  /// No runner's fastest tenth reaches this while the median is a run's.
  public static let runP90Below = MetersPerSecond(5.5)
  public static let swimBelow = MetersPerSecond(1.0)
  public static let swimUpperQuartileBelow = MetersPerSecond(1.2)
  public static let swimMinimumSteps = 20
  /// Metres per hour of movement: climbing slower than this is flat water.
  public static let swimClimbRateBelow = 100.0
  public static let hikeClimbRate = 120.0
  public static let hikeGrade = 0.04

  /// A guess and its grounds.
  public struct Guess: Sendable, Equatable {
    /// The activity guessed; run when the track moves too little to tell.
    public var activity: Activity
    /// False when the track has too little timed movement and `activity` is the default.
    public var isDecided: Bool
    /// One line for people: the figures the guess rests on and the rule they met.
    public var reason: String
    public var statistics: MovementStatistics?
    /// The rule the figures met, without them ("2.00 m/s to 4.70 m/s is a run").
    public var rule: String = ""

    /// A short line for a list of files: the median moving speed and the rule it met
    /// ("moving median 5.20 m/s (18.7 km/h): 4.70 m/s and faster is a ride").
    public var shortReason: String {
      guard let s = statistics else { return "too little timed movement to tell: run by default" }
      let median = s.median
      return "moving median \(ActivityGuess.speed(median)) "
        + "(\(ActivityGuess.number(median.value * 3.6, 1)) km/h): " + rule
    }
  }

  /// The guess for fixes fed one at a time (`MovementEstimator`).
  public static func guess(_ statistics: MovementStatistics?) -> Guess {
    guard let s = statistics else {
      return Guess(
        activity: .run, isDecided: false,
        reason: "too little timed movement to tell (fewer than \(MovementEstimator.minimumSteps) "
          + "steps of 10 s or more above 0.5 m/s): run by default", statistics: nil)
    }
    let (activity, rule) = decide(s)
    return Guess(
      activity: activity, isDecided: true, reason: describe(s) + ": " + rule, statistics: s,
      rule: rule)
  }

  private static func decide(_ s: MovementStatistics) -> (Activity, String) {
    let v = s.median
    if MoveKind.classify(medianSpeed: v.value, fastSpeed: s.p90.value) == .vehicle {
      return (
        .drive,
        "a median over 40 km/h or a fastest tenth over 55 km/h is a vehicle's: a drive "
          + "(--activity ride if it was a ride)"
      )
    }
    if v >= runBelow {
      return (.ride, "\(speed(runBelow)) and faster is a ride")
    }
    if v >= walkBelow {
      if s.p90 >= runP90Below {
        return (
          .ride,
          "a run's median, but a tenth of it at \(speed(runP90Below)) or faster: "
            + "no runner holds that, a ride"
        )
      }
      return (.run, "\(speed(walkBelow)) to \(speed(runBelow)) is a run")
    }
    let climb = s.climbRate
    if v < swimBelow, s.upperQuartile < swimUpperQuartileBelow, s.steps >= swimMinimumSteps,
      (climb ?? 0) < swimClimbRateBelow
    {
      return (
        .swim,
        "slower than \(speed(swimBelow)), its fastest quarter under "
          + "\(speed(swimUpperQuartileBelow)), and \(climb == nil ? "no altitudes" : "flat"): "
          + "a swim (--activity walk if it was a stroll)"
      )
    }
    if let climb, let grade = s.grade, climb >= hikeClimbRate, grade >= hikeGrade {
      return (
        .hike,
        "walking speed, climbing \(Int(hikeClimbRate)) m/h or more at "
          + "\(Int(hikeGrade * 100)) % or more: a hike"
      )
    }
    return (.walk, "slower than \(speed(walkBelow)) is a walk")
  }

  /// "moving speed median 3.12 m/s (11.2 km/h), quartiles 2.80-3.40 m/s, top tenth 3.90 m/s
  /// over 312 steps, climbing 120 m/h at 2.1 %".
  private static func describe(_ s: MovementStatistics) -> String {
    var text =
      "moving speed median \(speed(s.median)) (\(number(s.median.value * 3.6, 1)) km/h), quartiles "
      + "\(number(s.lowerQuartile.value, 2))-\(number(s.upperQuartile.value, 2)) m/s, "
      + "top tenth \(number(s.p90.value, 2)) m/s over \(s.steps) steps"
    if let climb = s.climbRate, let grade = s.grade {
      text += ", climbing \(Int(saturating: climb.rounded())) m/h at \(number(grade * 100, 1)) %"
    }
    return text
  }

  fileprivate static func speed(_ v: MetersPerSecond) -> String {
    "\(number(v.value, 2)) m/s"
  }

  fileprivate static func number(_ value: Double, _ digits: Int) -> String {
    CueText.fixed(value, decimals: digits)
  }

  /// The typical moving speed of a track, or nil when it has too little timed movement.
  public static func typicalSpeed(of fixes: [Fix]) -> MetersPerSecond? {
    statistics(of: fixes)?.median
  }

  /// The movement statistics of a whole track.
  public static func statistics(of fixes: [Fix]) -> MovementStatistics? {
    var estimator = MovementEstimator()
    for fix in fixes { estimator.add(fix) }
    return estimator.statistics
  }

  /// The activity a track most likely is; run when it cannot tell.
  public static func guess(from fixes: [Fix]) -> Activity {
    guess(statistics(of: fixes)).activity
  }
}

extension MovementEstimator {
  /// The guess from what was fed so far.
  public var guess: ActivityGuess.Guess { ActivityGuess.guess(statistics) }
}
