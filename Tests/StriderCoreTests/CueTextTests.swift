import StriderCore
import Testing

/// The spoken sentences are a contract: golden strings, exact.
struct CueTextTests {
  @Test(
    "Summary sentences",
    arguments: [
      (
        5000.0, 1570.0, Activity.run, UnitSystem.metric,
        "Distance 5 kilometres. Time 26 minutes 10 seconds. "
          + "Average pace 5 minutes 14 seconds per kilometre."
      ),
      (
        8046.72, 2400, .walk, .imperial,
        "Distance 5 miles. Time 40 minutes. Average pace 8 minutes per mile."
      ),
      (
        20000, 2963, .ride, .metric,
        "Distance 20 kilometres. Time 49 minutes 23 seconds. "
          + "Average speed 24.3 kilometres per hour."
      ),
      (
        20000, 2963, .ride, .imperial,
        "Distance 12.43 miles. Time 49 minutes 23 seconds. Average speed 15.1 miles per hour."
      ),
      (
        1000, 61, .run, .metric,
        "Distance 1 kilometre. Time 1 minute 1 second. "
          + "Average pace 1 minute 1 second per kilometre."
      ),
      (
        12000, 3903, .run, .metric,
        "Distance 12 kilometres. Time 1 hour 5 minutes 3 seconds. "
          + "Average pace 5 minutes 25 seconds per kilometre."
      ),
      (0, 0, .run, .metric, "Distance 0 kilometres. Time 0 seconds."),
      // Said as a voice reads a number: no zeros a display pads with.
      (
        5200, 3600, .ride, .metric,
        "Distance 5.2 kilometres. Time 1 hour. Average speed 5.2 kilometres per hour."
      ),
      (
        12000, 3600, .ride, .metric,
        "Distance 12 kilometres. Time 1 hour. Average speed 12 kilometres per hour."
      ),
      (
        1609.344, 600, .walk, .imperial,
        "Distance 1 mile. Time 10 minutes. Average pace 10 minutes per mile."
      ),
      (
        1004, 300, .run, .metric,
        "Distance 1 kilometre. Time 5 minutes. Average pace 4 minutes 59 seconds per kilometre."
      ),
      (0, 0, .ride, .imperial, "Distance 0 miles. Time 0 seconds."),
    ])
  func summary(
    metres: Double, seconds: Double, activity: Activity, units: UnitSystem, expected: String
  ) {
    let text = CueText.summary(
      distance: Meters(metres), moving: Seconds(seconds), activity: activity, units: units)
    #expect(text == expected)
  }

  @Test(
    "Durations in words",
    arguments: [
      (0.0, "0 seconds"), (0.4, "0 seconds"), (1, "1 second"), (59.6, "1 minute"),
      (60, "1 minute"), (61, "1 minute 1 second"), (120, "2 minutes"),
      (3600, "1 hour"), (3605, "1 hour 5 seconds"), (3903, "1 hour 5 minutes 3 seconds"),
      (7322, "2 hours 2 minutes 2 seconds"), (-5, "0 seconds"), (.nan, "0 seconds"),
    ])
  func duration(seconds: Double, expected: String) {
    #expect(CueText.duration(Seconds(seconds)) == expected)
  }

  @Test("Pace rounds to whole seconds and carries 60 into the minute")
  func paceCarry() {
    #expect(CueText.pace(Pace(359.6), units: .metric) == "6 minutes per kilometre")
    #expect(CueText.pace(Pace(1000.0 / 3), units: .imperial) == "8 minutes 56 seconds per mile")
  }

  @Test(
    "Fixed-point numbers without a locale",
    arguments: [
      (5.0, 2, "5.00"), (0.005, 2, "0.01"), (-0.004, 2, "0.00"), (-1.5, 1, "-1.5"),
      (24.25, 1, "24.3"), (12.4274, 2, "12.43"), (3.0, 0, "3"), (.infinity, 2, "0.00"),
    ])
  func fixed(value: Double, decimals: Int, expected: String) {
    #expect(CueText.fixed(value, decimals: decimals) == expected)
  }

  @Test("Event sentences")
  func events() {
    #expect(CueText.paused == "Auto-paused.")
    #expect(CueText.resumed == "Resumed.")
    #expect(CueText.signalLost == "GPS signal lost.")
    #expect(CueText.signalRegained == "GPS signal regained.")
    let s = MetricsSnapshot(distance: Meters(5000), moving: Seconds(1570))
    #expect(
      CueText.finish(s, activity: .run, units: .metric)
        == "Session complete. Distance 5 kilometres. Time 26 minutes 10 seconds. "
        + "Average pace 5 minutes 14 seconds per kilometre.")
  }
}
