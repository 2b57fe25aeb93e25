import Foundation
import StriderCore
import Testing

/// The lap press's and the finish's sentences come from the configured fields and the same
/// templates as every other cue (`lap_says`, `finish_says`; docs/cues.md).
@Suite struct CueLapFinishTests {
  static let t = GNSSTime(secondsSince1970: 1_700_000_000)

  static func lap(_ number: Int, distance: Double, moving: Double) -> Lap {
    Lap(
      number: number, start: t, end: t + Seconds(moving), distance: Meters(distance),
      moving: Seconds(moving), intensity: .active)
  }

  static func scheduler(
    _ configuration: CueConfiguration = CueConfiguration(), _ a: Activity = .run
  )
    -> CueScheduler
  {
    CueScheduler(configuration: configuration, activity: a, units: .metric)
  }

  @Test func theDefaultLapCueIsTheLapsResult() {
    var scheduler = Self.scheduler()
    let snapshot = MetricsSnapshot(distance: Meters(2000), moving: Seconds(490))
    let lap = Self.lap(2, distance: 1000, moving: 245)
    let cue = scheduler.lap(lap, snapshot: snapshot, at: Self.t)
    #expect(
      cue
        == Cue(time: Self.t, trigger: .lap, text: "Lap 2: 1 kilometre in 4:05, 4:05 per kilometre.")
    )
    #expect(cue?.text == CueText.lap(lap, activity: .run, units: .metric))
  }

  @Test func lapSaysListsTheClosedLapsFigures() {
    var scheduler = Self.scheduler(
      CueConfiguration(lapSays: [.lapTime, .lapDistance, .lapPace, .distance]))
    let snapshot = MetricsSnapshot(distance: Meters(2400), moving: Seconds(700))
    let cue = scheduler.lap(
      Self.lap(3, distance: 400, moving: 98), snapshot: snapshot, at: Self.t)
    #expect(
      cue?.text
        == "Lap 3. Lap time 1 minute 38 seconds. Lap distance 0.4 kilometres. "
        + "Lap pace 4 minutes 5 seconds per kilometre. Distance 2.4 kilometres.")
  }

  @Test func noLapCueWhenOffOrSaidByAStepResultButTheLapStillCounts() {
    var off = Self.scheduler(CueConfiguration(atLap: false))
    let snapshot = MetricsSnapshot(distance: Meters(1000), moving: Seconds(300))
    #expect(
      off.lap(Self.lap(1, distance: 1000, moving: 300), snapshot: snapshot, at: Self.t) == nil)
    var quiet = Self.scheduler(CueConfiguration(says: [.lapDistance, .lapResult]))
    #expect(
      quiet.lap(
        Self.lap(1, distance: 1000, moving: 300), snapshot: snapshot, at: Self.t, speaks: false)
        == nil)
    // The lap figures count from the press, and `lap_result` says the lap closed.
    let later = MetricsSnapshot(distance: Meters(1250), moving: Seconds(380))
    #expect(
      quiet.announce(.distance, snapshot: later, at: Self.t + Seconds(80))?.text
        == "Lap distance 0.25 kilometres. Lap 1: 1 kilometre in 5:00, 5:00 per kilometre.")
  }

  @Test func lapResultSaysNothingBeforeTheFirstLap() {
    var scheduler = Self.scheduler(CueConfiguration(says: [.distance, .lapResult]))
    let snapshot = MetricsSnapshot(distance: Meters(1000), moving: Seconds(300))
    #expect(
      scheduler.announce(.distance, snapshot: snapshot, at: Self.t)?.text
        == "Distance 1 kilometre.")
  }

  @Test func aSwimsLapIsPer100Metres() {
    var scheduler = Self.scheduler(CueConfiguration(), .swim)
    let snapshot = MetricsSnapshot(distance: Meters(400), moving: Seconds(500))
    #expect(
      scheduler.lap(Self.lap(1, distance: 400, moving: 500), snapshot: snapshot, at: Self.t)?.text
        == "Lap 1: 400 metres in 8:20, 2:05 per 100 metres.")
  }

  @Test func theFinishSaysWhatSaysListsUnlessFinishSaysSays() {
    let snapshot = MetricsSnapshot(distance: Meters(5000), moving: Seconds(1570))
    var plain = Self.scheduler()
    #expect(
      plain.announce(.finish, snapshot: snapshot, at: Self.t)?.text
        == CueText.finish(snapshot, activity: .run, units: .metric))
    var configured = Self.scheduler(CueConfiguration(says: [.distance, .calories]))
    #expect(
      configured.announce(.finish, snapshot: snapshot, at: Self.t)?.text
        == "Session complete. Distance 5 kilometres. Energy 0 kilocalories.")
    var own = Self.scheduler(
      CueConfiguration(says: [.distance], finishSays: [.averagePace, .movingTime]))
    #expect(
      own.announce(.finish, snapshot: snapshot, at: Self.t)?.text
        == "Session complete. Average pace 5 minutes 14 seconds per kilometre. "
        + "Time 26 minutes 10 seconds.")
    var silent = Self.scheduler(CueConfiguration(finishSays: [.heartRate]))
    #expect(
      silent.announce(.finish, snapshot: snapshot, at: Self.t)?.text == "Session complete.",
      "no heart rate: the fields say nothing, the finish is still said")
  }

  @Test func theNewKeysAreKeptWithARecordingAndAbsentByDefault() throws {
    let configured = CueConfiguration(lapSays: [.lapPace], finishSays: [.distance])
    let data = try JSONEncoder().encode(configured)
    #expect(try JSONDecoder().decode(CueConfiguration.self, from: data) == configured)
    let plain = String(decoding: try JSONEncoder().encode(CueConfiguration()), as: UTF8.self)
    #expect(!plain.contains("lap_says") && !plain.contains("finish_says"))
  }
}
