import Testing

@testable import StriderCore

/// The sentences of configurable cues (`CueText.says`): one template per field, units and
/// plurals right, and today's wording for the default fields.
@Suite struct CueTemplateTests {
  static let noon = GNSSTime(secondsSince1970: 1_700_049_600)  // 2023-11-15 12:00:00 UTC

  static func figures(
    distance: Double = 5000, moving: Double = 1570, elapsed: Double = 1862
  ) -> CueFigures {
    CueFigures(
      distance: Meters(distance), moving: Seconds(moving), elapsed: Seconds(elapsed),
      currentPace: Pace(302), currentSpeed: MetersPerSecond(1000.0 / 302),
      lapDistance: Meters(1000), lapMoving: Seconds(290),
      lastSplit: Split(
        index: 5, distance: Meters(1000), duration: Seconds(310), pace: Pace(310),
        elevationGain: nil, endTime: noon, isPartial: false),
      heartRate: BeatsPerMinute(152), heartRateZone: 3, calories: Kilocalories(312.4),
      elevationGain: Meters(42), time: noon)
  }

  static func say(
    _ fields: [CueField], _ figures: CueFigures = figures(), activity: Activity = .run,
    units: UnitSystem = .metric, goal: Meters? = nil, utcOffset: Seconds = .zero
  ) -> String {
    CueText.says(
      fields, figures, activity: activity, units: units, goal: goal, utcOffset: utcOffset)
  }

  @Test(
    "Each field's sentence",
    arguments: [
      (CueField.distance, "Distance 5 kilometres."),
      (.time, "Time 31 minutes 2 seconds."),
      (.movingTime, "Time 26 minutes 10 seconds."),
      (.currentPace, "Current pace 5 minutes 2 seconds per kilometre."),
      (.averagePace, "Average pace 5 minutes 14 seconds per kilometre."),
      (.lapPace, "Lap pace 4 minutes 50 seconds per kilometre."),
      (.splitPace, "Split pace 5 minutes 10 seconds per kilometre."),
      (.currentSpeed, "Current speed 11.9 kilometres per hour."),
      (.averageSpeed, "Average speed 11.5 kilometres per hour."),
      (.lapSpeed, "Lap speed 12.4 kilometres per hour."),
      (.splitSpeed, "Split speed 11.6 kilometres per hour."),
      (.heartRate, "Heart rate 152 beats per minute."),
      (.heartRateZone, "Heart-rate zone 3."),
      (.calories, "Energy 312 kilocalories."),
      (.elevationGain, "Elevation gain 42 metres."),
      (.timeOfDay, "Time of day 12:00."),
    ])
  func eachField(field: CueField, expected: String) {
    #expect(Self.say([field]) == expected)
  }

  @Test func theDefaultFieldsSayWhatCuesAlwaysSaid() {
    for (activity, units) in [
      (Activity.run, UnitSystem.metric), (.ride, .imperial), (.walk, .imperial),
    ] {
      let said = Self.say(CueField.defaults, activity: activity, units: units)
      let before = CueText.summary(
        distance: Meters(5000), moving: Seconds(1570), activity: activity, units: units)
      #expect(said == before, "\(activity) \(units)")
    }
    #expect(
      Self.say(CueField.defaults)
        == "Distance 5 kilometres. Time 26 minutes 10 seconds. "
        + "Average pace 5 minutes 14 seconds per kilometre.")
  }

  @Test func movingTimeIsCalledSoOnlyBesideTheElapsedTime() {
    #expect(
      Self.say([.time, .movingTime])
        == "Time 31 minutes 2 seconds. Moving time 26 minutes 10 seconds.")
    #expect(Self.say([.movingTime, .distance]).hasPrefix("Time 26 minutes 10 seconds."))
  }

  @Test func milesFeetAndMilesPerHour() {
    let f = Self.figures(distance: 8046.72, moving: 2400)
    #expect(Self.say([.distance], f, units: .imperial) == "Distance 5 miles.")
    #expect(
      Self.say([.averagePace], f, units: .imperial)
        == "Average pace 8 minutes per mile.")
    #expect(
      Self.say([.averageSpeed], f, units: .imperial) == "Average speed 7.5 miles per hour.")
    #expect(Self.say([.elevationGain], f, units: .imperial) == "Elevation gain 138 feet.")
    #expect(
      Self.say([.finishEstimate], f, units: .imperial, goal: Meters(2 * 8046.72))
        == "Estimated finish for 10 miles: 1 hour 20 minutes.")
  }

  @Test func pluralsOfEveryCountedNoun() {
    var f = Self.figures(distance: 1609.344, moving: 3661, elapsed: 60)
    f.calories = Kilocalories(1)
    f.elevationGain = Meters(1)
    f.heartRate = BeatsPerMinute(1)
    #expect(Self.say([.time]) == "Time 31 minutes 2 seconds.")
    #expect(Self.say([.time], f) == "Time 1 minute.")
    #expect(Self.say([.movingTime], f) == "Time 1 hour 1 minute 1 second.")
    #expect(Self.say([.calories], f) == "Energy 1 kilocalorie.")
    #expect(Self.say([.elevationGain], f) == "Elevation gain 1 metre.")
    #expect(Self.say([.heartRate], f) == "Heart rate 1 beat per minute.")
    f.elevationGain = Meters(0.3048)
    #expect(Self.say([.elevationGain], f, units: .imperial) == "Elevation gain 1 foot.")
    #expect(
      Self.say([.finishEstimate], f, units: .imperial, goal: Meters(1609.344 * 2))
        == "Estimated finish for 2 miles: 2 hours 2 minutes 2 seconds.")
    #expect(
      Self.say([.finishEstimate], Self.figures(distance: 500, moving: 150), goal: Meters(1609.344))
        .hasPrefix("Estimated finish for 1.61 kilometres:"))
    #expect(
      Self.say([.finishEstimate], Self.figures(distance: 400, moving: 100), goal: Meters(1000))
        == "Estimated finish for 1 kilometre: 4 minutes 10 seconds.")
  }

  @Test func aRideSaysSpeedsWherePacesAreAsked() {
    #expect(
      Self.say([.averagePace, .lapPace, .splitPace], activity: .ride)
        == "Average speed 11.5 kilometres per hour. Lap speed 12.4 kilometres per hour. "
        + "Split speed 11.6 kilometres per hour.")
  }

  @Test func aFieldWithNothingToSayIsLeftOut() {
    var f = Self.figures()
    f.heartRate = nil
    f.heartRateZone = nil
    f.lastSplit = nil
    f.elevationGain = nil
    f.currentPace = nil
    #expect(
      Self.say(
        [.heartRate, .heartRateZone, .splitPace, .elevationGain, .currentPace, .distance], f)
        == "Distance 5 kilometres.")
    #expect(Self.say([.finishEstimate], goal: nil).isEmpty, "no goal")
    #expect(Self.say([.finishEstimate], goal: Meters(4000)).isEmpty, "the goal is passed")
    f.lapMoving = .zero
    #expect(Self.say([.lapPace], f).isEmpty, "no time in the lap yet")
  }

  @Test(
    "The time of day on a 24-hour clock, in local time",
    arguments: [
      (0.0, "12:00"), (3600.0 * 7 + 300, "19:05"), (-3600.0 * 13, "23:00"),
      (3600.0 * 12.5, "0:30"),
    ])
  func timeOfDay(offset: Double, expected: String) {
    #expect(CueText.timeOfDay(Self.noon, utcOffset: Seconds(offset)) == expected)
  }
}
