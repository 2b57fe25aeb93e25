import Testing

@testable import StriderCore

/// Heart-rate zones: the time each reading holds (gaps, pauses, no heart rate), and which
/// zone a rate falls in at the boundaries.
@Suite struct HeartRateZonesTests {
  static func sample(_ t: Double, _ bpm: Double?) -> HeartRateTime.Sample {
    HeartRateTime.Sample(time: GNSSTime(secondsSince1970: t), rate: bpm.map(BeatsPerMinute.init))
  }

  @Test func eachReadingHoldsUntilTheNextFix() {
    let time = HeartRateTime.of([
      Self.sample(0, 120), Self.sample(1, 121), Self.sample(3, 121), Self.sample(4, 150),
    ])
    // 120 for 1 s, 121 for 2 s + 1 s, and the last reading holds nothing.
    #expect(time.seconds == [120: 1, 121: 3])
    #expect(time.total == Seconds(4))
    #expect(time.highest == BeatsPerMinute(121))
  }

  @Test func aLateFixHoldsTheReadingOnlyTenSeconds() {
    let time = HeartRateTime.of([Self.sample(0, 140), Self.sample(60, 141), Self.sample(65, 90)])
    #expect(time.seconds == [140: 10, 141: 5])
  }

  @Test func aFixWithoutHeartRateEndsTheReading() {
    let time = HeartRateTime.of([
      Self.sample(0, 140), Self.sample(2, nil), Self.sample(5, nil), Self.sample(6, 150),
      Self.sample(7, 150),
    ])
    #expect(time.seconds == [140: 2, 150: 1])
  }

  @Test func noHeartRateIsNoTime() {
    let time = HeartRateTime.of((0..<100).map { Self.sample(Double($0), nil) })
    #expect(time.isEmpty)
    #expect(time.highest == nil)
    #expect(HeartRateTime.of([]).isEmpty)
    #expect(HeartRateTime.of([Self.sample(0, 150)]).isEmpty, "a lone reading holds nothing")
  }

  @Test func implausibleRatesAndTimesAreLeftOut() {
    let time = HeartRateTime.of([
      Self.sample(0, 0), Self.sample(1, 255), Self.sample(2, .nan), Self.sample(3, 130),
      Self.sample(.nan, 180), Self.sample(4, 130),
    ])
    #expect(time.seconds == [130: 1])
  }

  @Test func readingsAreTakenInTimeOrder() {
    let time = HeartRateTime.of([Self.sample(4, 100), Self.sample(0, 130), Self.sample(2, 140)])
    #expect(time.seconds == [130: 2, 140: 2])
  }

  @Test func pausedTimeIsLeftOut() {
    let samples = (0...20).map { Self.sample(Double($0), 150) }
    let pause = PauseInterval(
      start: GNSSTime(secondsSince1970: 5.5), end: GNSSTime(secondsSince1970: 12))
    let time = HeartRateTime.of(samples, excluding: [pause])
    #expect(abs(time.total.value - 13.5) < 1e-9, "20 s less the 6.5 s pause")
  }

  @Test func theCollectorKeepsOnlyReadingsThatMatter() {
    var collector = HeartRateTime.Collector()
    for t in 0..<1000 {
      collector.add(Fix(time: GNSSTime(secondsSince1970: Double(t)), coordinate: nil))
    }
    #expect(collector.samples.isEmpty, "no sensor: nothing kept")
    let fixes = [
      Fix(
        time: GNSSTime(secondsSince1970: 1000), coordinate: nil, heartRate: BeatsPerMinute(140)),
      Fix(time: GNSSTime(secondsSince1970: 1001), coordinate: nil),
      Fix(time: GNSSTime(secondsSince1970: 1002), coordinate: nil),
      Fix(time: nil, coordinate: nil, heartRate: BeatsPerMinute(170)),
    ]
    for fix in fixes { collector.add(fix) }
    #expect(collector.samples.count == 2)
    #expect(collector.time(excluding: []).seconds == [140: 1])
    #expect(HeartRateTime.of(fixes, excluding: []).seconds == [140: 1])
  }

  /// Max 186: zones from 93, 111.6, 130.2, 148.8, 167.4 bpm.
  @Test(
    arguments: [
      (92, nil), (93, 1), (111, 1), (112, 2), (130, 2), (131, 3), (148, 3), (149, 4), (167, 4),
      (168, 5), (186, 5), (200, 5),
    ] as [(Int, Int?)])
  func zoneBoundaries(bpm: Int, zone: Int?) throws {
    let zones = try #require(HeartRateZones(maximum: BeatsPerMinute(186)))
    #expect(zones.zone(of: bpm) == zone)
  }

  @Test func rangesSayTheWholeBeatsOfEachZone() throws {
    let zones = try #require(HeartRateZones(maximum: BeatsPerMinute(186)))
    #expect(zones.ranges() == ["93-111", "112-130", "131-148", "149-167", "168+"])
    let custom = try #require(
      HeartRateZones(maximum: BeatsPerMinute(200), percents: [55, 72, 82, 87, 92]))
    #expect(custom.lowerBounds == [110, 144, 164, 174, 184])
    #expect(custom.zone(of: 143) == 1)
    #expect(custom.zone(of: 184) == 5)
  }

  @Test func timeInZonesAddsUpTheRates() throws {
    let zones = try #require(HeartRateZones(maximum: BeatsPerMinute(200)))
    let time = HeartRateTime(seconds: [80: 30, 100: 60, 119: 60, 150: 120, 185: 30, 210: 0])
    let inZones = zones.time(in: time)
    #expect(inZones.zones.map(\.value) == [120, 0, 120, 0, 30], "150 bpm is zone 3 (140-159)")
    #expect(inZones.below == Seconds(30))
    #expect(inZones.total == Seconds(300))
    #expect(inZones.percentages.map { $0.rounded() } == [40, 0, 40, 0, 10])
    #expect(zones.time(in: HeartRateTime()).percentages == [0, 0, 0, 0, 0])
  }

  @Test(
    arguments: [
      [50, 60, 70, 80], [50, 60, 70, 80, 90, 95], [50, 60, 60, 80, 90], [0, 60, 70, 80, 90],
      [50, 60, 70, 80, 100], [50, 60, 70, .nan, 90], [90, 80, 70, 60, 50],
    ] as [[Double]])
  func badBoundariesAreRefused(percents: [Double]) {
    #expect(HeartRateZones.validate(percents) != nil)
    #expect(HeartRateZones(maximum: BeatsPerMinute(190), percents: percents) == nil)
  }

  @Test func aMaximumMustBeAPositiveNumber() {
    #expect(HeartRateZones(maximum: BeatsPerMinute(0)) == nil)
    #expect(HeartRateZones(maximum: BeatsPerMinute(.infinity)) == nil)
    #expect(HeartRateZones.validate(HeartRateZones.defaultPercents) == nil)
  }
}
