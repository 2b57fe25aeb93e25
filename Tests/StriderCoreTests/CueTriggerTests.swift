import Foundation
import StriderCore
import Testing

/// Each configurable trigger of `CueScheduler`: every N minutes, every N km or miles, both,
/// at each split, on pause, resume and signal changes, and what the lap and heart-rate
/// fields say; driven as the engine drives it, on the fix clock.
@Suite struct CueTriggerTests {
  /// Feeds a track through the metrics and the scheduler as the engine does (a split cue
  /// after each split); returns every cue.
  static func cues(
    _ track: MetricsTrack, _ configuration: CueConfiguration, activity: Activity = .run,
    units: UnitSystem = .metric, lapAt: Double? = nil, heartRate: Double? = nil
  ) -> [Cue] {
    var metrics = MetricsAccumulator(
      configuration: MetricsConfiguration(activity: activity, units: units))
    var scheduler = CueScheduler(configuration: configuration, activity: activity, units: units)
    var said: [Cue] = []
    var lapPressed = false
    for sample in track.samples {
      let splits = metrics.add(sample)
      if let rate = heartRate { scheduler.noteHeartRate(BeatsPerMinute(rate), at: sample.time) }
      for split in splits {
        if let cue = scheduler.split(split, snapshot: metrics.snapshot, at: sample.time) {
          said.append(cue)
        }
      }
      said += scheduler.observe(metrics.snapshot, at: sample.time)
      if let lapAt, !lapPressed, metrics.snapshot.distance.value >= lapAt {
        lapPressed = true
        scheduler.lapPressed(metrics.snapshot)
      }
    }
    return said
  }

  /// 3 m/s for 1000 s: 3 km in 16:40.
  static let run: MetricsTrack = {
    var track = MetricsTrack()
    track.move(speed: 3, for: 1000, every: 1)
    return track
  }()

  @Test func everyNMinutesOnly() {
    let said = Self.cues(
      Self.run, CueConfiguration(everyTime: Seconds(240), everyDistance: Meters(0)))
    #expect(said.map(\.trigger) == [.time, .time, .time, .time])
    #expect(said.map(\.time) == [240, 480, 720, 960].map { MetricsTrack.start + Seconds($0) })
    #expect(said[0].text.hasPrefix("Distance 0.72 kilometres. Time 4 minutes."))
  }

  @Test func everyNKilometresOnly() {
    let said = Self.cues(
      Self.run, CueConfiguration(everyTime: Seconds(0), everyDistance: Meters(500)))
    #expect(said.map(\.trigger) == Array(repeating: .distance, count: 6))
    #expect(said[1].text.hasPrefix("Distance 1 kilometre. Time 5 minutes 33 seconds."))
  }

  @Test func everyNMilesSaysMiles() {
    var track = MetricsTrack()
    track.move(speed: 3.3528, for: 2000, every: 1)  // 7.5 mph: 2 miles in 16 minutes
    let said = Self.cues(
      track, CueConfiguration(everyTime: Seconds(0), everyDistance: Meters(2 * 1609.344)),
      units: .imperial)
    #expect(said.map(\.trigger) == [.distance, .distance])
    #expect(
      said[0].text
        == "Distance 2 miles. Time 16 minutes. Average pace 8 minutes per mile.")
  }

  @Test func bothTimeAndDistance() {
    let said = Self.cues(
      Self.run, CueConfiguration(everyTime: Seconds(600), everyDistance: Meters(2000)))
    #expect(said.map(\.trigger) == [.time, .distance])
  }

  @Test func atEachSplitWithWhatTheCuesSay() {
    let configuration = CueConfiguration(
      everyTime: Seconds(0), everyDistance: Meters(0), says: [.splitPace, .distance],
      atSplit: true)
    var track = MetricsTrack()
    track.move(speed: 3, for: 1100, every: 1)
    let said = Self.cues(track, configuration)
    #expect(said.map(\.trigger) == [.split, .split, .split])
    #expect(
      said[0].text
        == "Split 1. Split pace 5 minutes 33 seconds per kilometre. "
        + "Distance 1 kilometre.")
    #expect(said[2].text.hasPrefix("Split 3."))
    let quiet = Self.cues(
      Self.run, CueConfiguration(everyTime: Seconds(0), everyDistance: Meters(0)))
    #expect(quiet.isEmpty, "no split cues unless asked")
  }

  @Test func theLapFieldsCountFromTheLastPress() {
    var track = MetricsTrack()
    track.move(speed: 2.5, for: 400, every: 1)  // 1000 m at 6:40
    track.move(speed: 4, for: 260, every: 1)  // then 1040 m at 4:10
    let said = Self.cues(
      track,
      CueConfiguration(everyTime: Seconds(0), everyDistance: Meters(2000), says: [.lapPace]),
      lapAt: 1000)
    #expect(said.map(\.text) == ["Lap pace 4 minutes 10 seconds per kilometre."])
  }

  @Test func theHeartRateAndItsZone() {
    let configuration = CueConfiguration(
      everyTime: Seconds(300), everyDistance: Meters(0), says: [.heartRate, .heartRateZone],
      heartRateMaximum: BeatsPerMinute(190))
    let said = Self.cues(Self.run, configuration, heartRate: 150)
    #expect(said.first?.text == "Heart rate 150 beats per minute. Heart-rate zone 3.")
    let noZones = CueConfiguration(
      everyTime: Seconds(300), everyDistance: Meters(0), says: [.heartRate, .heartRateZone])
    #expect(
      Self.cues(Self.run, noZones, heartRate: 150).first?.text
        == "Heart rate 150 beats per minute.", "no maximum: no zone")
    #expect(Self.cues(Self.run, noZones).isEmpty, "no heart rate: nothing to say, no cue")
  }

  @Test func aHeartRateTooOldIsNotSaid() {
    var scheduler = CueScheduler(
      configuration: CueConfiguration(says: [.heartRate, .distance]), activity: .run,
      units: .metric)
    let start = MetricsTrack.start
    scheduler.noteHeartRate(BeatsPerMinute(140), at: start)
    let snapshot = MetricsSnapshot(distance: Meters(100), moving: Seconds(30))
    let fresh = scheduler.announce(.time, snapshot: snapshot, at: start + Seconds(30))
    #expect(fresh?.text == "Heart rate 140 beats per minute. Distance 0.1 kilometres.")
    let stale = scheduler.announce(.time, snapshot: snapshot, at: start + Seconds(31))
    #expect(stale?.text == "Distance 0.1 kilometres.")
  }

  @Test(
    "Pause, resume and signal cues follow their switches",
    arguments: [(true, true), (true, false), (false, true), (false, false)])
  func eventTriggers(pauses: Bool, signal: Bool) {
    var scheduler = CueScheduler(
      configuration: CueConfiguration(announcePauses: pauses, announceSignal: signal),
      activity: .run, units: .metric)
    let t = MetricsTrack.start
    let s = MetricsSnapshot()
    let said = [
      scheduler.announce(.pause, snapshot: s, at: t),
      scheduler.announce(.resume, snapshot: s, at: t),
      scheduler.announce(.signalLost, snapshot: s, at: t),
      scheduler.announce(.signalRegained, snapshot: s, at: t),
    ].compactMap { $0?.text }
    var expected: [String] = []
    if pauses { expected += [CueText.paused, CueText.resumed] }
    if signal { expected += [CueText.signalLost, CueText.signalRegained] }
    #expect(said == expected)
  }

  @Test func aDefaultConfigurationIsKeptAsBefore() throws {
    let encoded = try JSONEncoder().encode(CueConfiguration())
    let keys = try #require(
      try JSONSerialization.jsonObject(with: encoded) as? [String: Any]
    ).keys.sorted()
    #expect(
      keys == [
        "announce_pauses", "announce_signal", "every_time", "include_current_pace",
      ], "no new key in a default configuration's stored form")
    let custom = CueConfiguration(
      everyTime: Seconds(60), everyDistance: Meters(0), says: [.timeOfDay, .calories],
      atSplit: true, atLap: false, goalDistance: Meters(10_000),
      heartRateMaximum: BeatsPerMinute(180), heartRateZonePercents: [55, 65, 75, 85, 95],
      utcOffset: Seconds(3600))
    let back = try JSONDecoder().decode(
      CueConfiguration.self, from: try JSONEncoder().encode(custom))
    #expect(back == custom)
    let old = try JSONDecoder().decode(
      CueConfiguration.self, from: Data(#"{"every_time":300,"announce_pauses":true}"#.utf8))
    #expect(old == CueConfiguration(), "a configuration kept before configurable cues")
  }
}
