import StriderCore
import Testing

/// A swim's pace is counted per 100 m (100 yd), as swimmers read it; everything else per
/// kilometre or mile. The crawl limit stays per kilometre or mile.
struct SwimPaceTests {
  @Test(
    "Pace text per the activity's length",
    arguments: [
      (1250.0, Activity.swim, UnitSystem.metric, "2:05 /100 m"),
      (1250.0, .swim, .imperial, "1:54 /100 yd"),
      (1250.0, .run, .metric, "20:50 /km"),
      (300.0, .walk, .imperial, "8:03 /mi"),
      (3000.0, .swim, .metric, "5:00 /100 m"),
    ])
  func paceText(seconds: Double, activity: Activity, units: UnitSystem, text: String) {
    #expect(Pace(seconds).text(for: activity, units: units) == text)
  }

  @Test func belowACrawlASwimShowsNoPaceWithItsUnit() {
    #expect(Pace(4000).text(for: .swim, units: .metric) == "--:-- /100 m")
    #expect(Pace(4000).text(for: .run, units: .metric) == "--:-- /km")
  }

  @Test func aSwimsCuesSayPer100Metres() {
    let summary = CueText.summary(
      distance: Meters(1000), moving: Seconds(1250), activity: .swim, units: .metric)
    #expect(
      summary
        == "Distance 1 kilometre. Time 20 minutes 50 seconds. Average pace 2 minutes "
        + "5 seconds per 100 metres.")
    let imperial = CueText.summary(
      distance: Meters(1000), moving: Seconds(1250), activity: .swim, units: .imperial)
    #expect(imperial.hasSuffix("Average pace 1 minute 54 seconds per 100 yards."), "\(imperial)")
    let run = CueText.summary(
      distance: Meters(1000), moving: Seconds(300), activity: .run, units: .metric)
    #expect(run.hasSuffix("Average pace 5 minutes per kilometre."), "\(run)")
  }
}
