import StriderCore
import Testing

/// `Pace` construction and display.
struct MetricsPaceTests {
  @Test(
    "Clock text rounds to the second and carries 60",
    arguments: [
      (1000.0 / 3, UnitSystem.metric, "5:33"),
      (359.6, .metric, "6:00"),
      (359.4, .metric, "5:59"),
      (1000.0 / 3, .imperial, "8:56"),
      (3599.4, .metric, "59:59"),
      (3599.6, .metric, "--:--"),
      (3725, .metric, "--:--"),
      (52623, .metric, "--:--"),
      (2236.5, .imperial, "59:59"),
      (2237, .imperial, "--:--"),
      (0, .metric, "--:--"),
    ])
  func clockText(secondsPerKilometre: Double, units: UnitSystem, expected: String) {
    #expect(Pace(secondsPerKilometre).clockText(per: units) == expected)
  }

  @Test("Below a crawl no pace is spoken or shown")
  func crawlIsNoPace() {
    // 50 m in 14 minutes of "moving" time: standing still with drift, not a pace.
    let slow = CueText.summary(
      distance: Meters(50), moving: Seconds(840), activity: .run, units: .metric)
    #expect(slow == "Distance 0.05 kilometres. Time 14 minutes.")
    let walk = CueText.summary(
      distance: Meters(1000), moving: Seconds(720), activity: .walk, units: .metric)
    #expect(walk.hasSuffix("Average pace 12 minutes per kilometre."))
    let crawling = MetricsSnapshot(currentPace: Pace(52623))
    #expect(CueText.current(crawling, activity: .run, units: .metric) == nil)
    #expect(Pace(52623).text(per: .metric) == "--:-- /km")
  }

  @Test("Minutes and seconds carry a rounded 60 into the minute")
  func minutesAndSeconds() {
    let parts = Pace(299.7).minutesAndSeconds(per: .metric)
    #expect(parts.minutes == 5 && parts.seconds == 0)
  }

  @Test("Standing still has no pace")
  func noPaceWithoutMovement() {
    #expect(Pace(speed: .zero) == nil)
    #expect(Pace(speed: MetersPerSecond(.nan)) == nil)
    #expect(Pace(distance: .zero, duration: Seconds(10)) == nil)
    #expect(Pace(distance: Meters(10), duration: .zero) == nil)
    #expect(Pace(speed: MetersPerSecond(4)) == Pace(250))
    #expect(Pace(250).speed == MetersPerSecond(4))
    #expect(Pace(250).text(per: .imperial) == "6:42 /mi", "402.3 s per mile")
  }
}

/// Issue 52: a receiver log on a desk read "0.03 km, 2:59 /km"; over less than
/// `Pace.shortestMeasured` no pace or speed is given, for the session, a final split or
/// the figures under way.
struct ShortDistancePaceTests {
  static func fixes(metres: [Double]) -> [Fix] {
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 47.0, longitude: 8.0))
    return metres.enumerated().map { i, east in
      Fix(
        time: GNSSTime(secondsSince1970: 1_760_000_000 + 10 * Double(i)),
        coordinate: plane.unproject(PlanePoint(east: east, north: 0)),
        horizontalAccuracy: Meters(3), mode: .threeD)
    }
  }

  @Test func aFewMetresHaveNoPace() throws {
    let record = SessionRecorder.record(
      fixes: Self.fixes(metres: [0, 8, 16, 24, 30]),
      configuration: .raw(activity: .run))
    let summary = try #require(record.summary)
    #expect(summary.distance > Meters(20) && summary.distance < Pace.shortestMeasured)
    #expect(summary.averagePace == nil && summary.averageSpeed == nil)
    let split = try #require(summary.splits.last)
    #expect(split.isPartial && split.shownPace == nil)
    let json = JSONValue.object(summary.jsonMembers(live: true)).serialized
    #expect(json.contains("\"avg_pace_s_per_km\":null"))
  }

  @Test func fiftyMetresAndMoreHaveOne() throws {
    let record = SessionRecorder.record(
      fixes: Self.fixes(metres: [0, 20, 40, 60, 80]), configuration: .raw(activity: .run))
    let summary = try #require(record.summary)
    #expect(summary.distance >= Pace.shortestMeasured)
    #expect(summary.averagePace != nil && summary.splits.last?.shownPace != nil)
  }
}
