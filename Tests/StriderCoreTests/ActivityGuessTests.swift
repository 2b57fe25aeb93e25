import StriderCore
import Testing

/// The guess's rules on tracks whose movement is known exactly: a speed for each step,
/// northward at 1 Hz, with a climb per step.
struct ActivityGuessTests {
  /// A track of one fix a second moving north at `speeds[i % count]` m/s for `seconds`,
  /// rising `climb` metres each second (nil: no altitudes).
  static func track(_ speeds: [Double], seconds: Int, climb: Double? = 0) -> [Fix] {
    var latitude = 46.0
    var altitude = 300.0
    var fixes: [Fix] = []
    for i in 0..<seconds {
      fixes.append(
        Fix(
          time: GNSSTime(secondsSince1970: 1_700_000_000 + Double(i)),
          coordinate: Coordinate(latitude: latitude, longitude: 14.5),
          altitude: climb.map { _ in Meters(altitude) }, mode: .threeD))
      // Speeds change every ten seconds, so each 10 s step has one speed.
      latitude += speeds[(i / 10) % speeds.count] / 111_180
      altitude += climb ?? 0
    }
    return fixes
  }

  static func guess(_ fixes: [Fix]) -> ActivityGuess.Guess {
    ActivityGuess.guess(ActivityGuess.statistics(of: fixes))
  }

  @Test(arguments: [
    (1.3, Activity.walk), (3.0, .run), (4.5, .run), (5.2, .ride), (8.0, .ride), (0.8, .swim),
  ])
  func aSteadySpeedNamesItsActivity(speed: Double, activity: Activity) {
    let guess = Self.guess(Self.track([speed], seconds: 1800))
    #expect(guess.isDecided)
    #expect(guess.activity == activity, "\(guess.reason)")
    let median = guess.statistics?.median.value ?? 0
    #expect(abs(median - speed) < 0.02 * speed, "the median is the speed held")
  }

  /// The file: no type, a median of 5.2 m/s, guessed a run at 3:21 /km.
  @Test func aMedianOf5Point2IsARideAndTheReasonSaysSo() {
    let guess = Self.guess(Self.track([5.2], seconds: 1800))
    #expect(guess.activity == .ride)
    #expect(guess.reason.hasPrefix("moving speed median 5.20 m/s (18.7 km/h)"), "\(guess.reason)")
    #expect(guess.reason.hasSuffix("4.70 m/s and faster is a ride"), "\(guess.reason)")
  }

  /// A run's median with a rider's descents: a fifth of the steps at 8 m/s.
  @Test func aRunsMedianWithAFastTenthIsARide() {
    let guess = Self.guess(
      Self.track([3.5, 3.5, 3.6, 3.4, 8, 3.5, 3.5, 3.6, 3.4, 8], seconds: 3000))
    #expect(guess.statistics?.median.value ?? 0 < 4.7)
    #expect(guess.activity == .ride, "\(guess.reason)")
    #expect(guess.reason.contains("no runner holds that"))
    let steady = Self.guess(Self.track([4.4, 4.5, 4.6], seconds: 3000))
    #expect(steady.activity == .run, "a fast steady run stays a run: \(steady.reason)")
  }

  @Test func aClimbAtWalkingSpeedIsAHike() {
    // 1.0 m/s climbing 0.08 m/s: 288 m an hour at 8 %.
    let hike = Self.guess(Self.track([1.0], seconds: 3600, climb: 0.08))
    #expect(hike.activity == .hike, "\(hike.reason)")
    // The hysteresis loses at most its 10 m.
    let rate = hike.statistics?.climbRate ?? 0
    #expect(rate > 270 && rate <= 288, "\(hike.reason)")
    #expect(hike.reason.hasSuffix("a hike"), "\(hike.reason)")
    // The same climb is no swim, and a flat walk no hike.
    #expect(Self.guess(Self.track([0.8], seconds: 3600, climb: 0.08)).activity == .hike)
    #expect(Self.guess(Self.track([1.3], seconds: 3600, climb: 0.005)).activity == .walk)
  }

  @Test func aSwimNeedsMinutesOfSlowFlatMovement() {
    let swim = Self.guess(Self.track([0.7, 0.8, 0.9], seconds: 1200, climb: nil))
    #expect(swim.activity == .swim, "\(swim.reason)")
    #expect(swim.reason.contains("no altitudes"), "\(swim.reason)")
    // A minute and a half of it is too short to call a swim.
    #expect(Self.guess(Self.track([0.8], seconds: 100, climb: nil)).activity == .walk)
  }

  @Test func tooLittleMovementIsNoGuess() {
    let standing = Self.guess(Self.track([0.1], seconds: 600))
    #expect(!standing.isDecided)
    #expect(standing.activity == .run)
    #expect(standing.reason.hasPrefix("too little timed movement"))
    #expect(Self.guess([]).statistics == nil)
  }

  /// Altitude jitter of a few metres is no climb.
  @Test func altitudeJitterIsNoClimb() {
    var fixes = Self.track([1.3], seconds: 1800)
    for i in fixes.indices {
      fixes[i] = Fix(
        time: fixes[i].time, coordinate: fixes[i].coordinate,
        altitude: Meters(300 + Double((i * 7919) % 9) - 4), mode: .threeD)
    }
    let guess = Self.guess(fixes)
    #expect(guess.statistics?.ascent == Meters(0), "\(guess.reason)")
    #expect(guess.activity == .walk)
  }

  @Test func everyActivityHasItsOwnSettings() {
    #expect(Activity.choiceList == "run, walk, ride, hike, swim or drive")
    #expect(Activity.swim.cueDistance(.metric) == Meters(100))
    #expect(Activity.hike.cueDistance(.imperial) == UnitSystem.imperial.splitLength)
    // Walk, run and ride keep the numbers the accuracy corpus was measured with.
    #expect(KalmanConfiguration.defaults(for: .walk).processNoise == 0.15)
    #expect(KalmanConfiguration.defaults(for: .run).processNoise == 0.5)
    #expect(KalmanConfiguration.defaults(for: .ride).processNoise == 1.5)
    #expect(KalmanConfiguration.defaults(for: .swim).processNoise == 0.05)
    #expect(GateConfiguration.defaults(for: .swim).maxSpeed == MetersPerSecond(4))
    #expect(AutoPauseConfiguration.defaults(for: .hike).window == Seconds(15))
  }

  @Test func hikesAndSwimsCostWhatTheCompendiumSays() {
    let kg = Kilograms(70)
    func kcalPerHour(_ activity: Activity, _ speed: Double, _ grade: Double) -> Double {
      CalorieModel.rate(
        activity: activity, speed: MetersPerSecond(speed), grade: grade, weight: kg) * 3600
    }
    // 6.0 MET for 70 kg: 6 * 3.5 * 70 / 1000 * 5 * 60 = 441 kcal an hour.
    #expect(abs(kcalPerHour(.hike, 1.2, 0) - 441) < 0.5)
    // Steep enough, the ACSM walking equation gives more: 1.2 m/s at 20 %.
    let steep = (0.1 * 72 + 1.8 * 72 * 0.2 + 3.5) * 70 / 1000 * 5 * 60
    #expect(abs(kcalPerHour(.hike, 1.2, 0.2) - steep) < 0.5)
    #expect(abs(kcalPerHour(.swim, 0.8, 0.3) - 441) < 0.5, "water is flat: grade ignored")
    #expect(abs(kcalPerHour(.swim, 1.2, 0) - 9.8 * 3.5 * 70 / 1000 * 5 * 60) < 0.5)
  }
}
