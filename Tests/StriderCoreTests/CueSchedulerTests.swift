import StriderCore
import Testing

/// When `CueScheduler` speaks, driven the way the engine drives it: one observation per
/// sample, at the sample's GNSS time (fix clock only, never the wall clock).
struct CueSchedulerTests {
  /// Feeds a track through the metrics and the scheduler; returns every cue.
  func cues(
    _ track: MetricsTrack, _ configuration: CueConfiguration = CueConfiguration(),
    activity: Activity = .run, units: UnitSystem = .metric
  ) -> [Cue] {
    var metrics = MetricsAccumulator(
      configuration: MetricsConfiguration(activity: activity, units: units))
    var scheduler = CueScheduler(configuration: configuration, activity: activity, units: units)
    var said: [Cue] = []
    for sample in track.samples {
      _ = metrics.add(sample)
      said += scheduler.observe(metrics.snapshot, at: sample.time)
    }
    return said
  }

  func steadyRun(every interval: Double) -> MetricsTrack {
    var track = MetricsTrack()
    track.move(speed: 3, for: 1000, every: interval)
    return track
  }

  @Test("Time cues every 5 minutes of moving, distance cues every kilometre")
  func crossings() {
    let said = cues(steadyRun(every: 1))
    #expect(said.map(\.trigger) == [.time, .distance, .time, .distance, .time, .distance])
    #expect(
      said[0].text
        == "Distance 0.9 kilometres. Time 5 minutes. "
        + "Average pace 5 minutes 33 seconds per kilometre.")
    #expect(said[0].time == MetricsTrack.start + Seconds(300))
    #expect(
      said[1].text
        == "Distance 1 kilometre. Time 5 minutes 33 seconds. "
        + "Average pace 5 minutes 33 seconds per kilometre.",
      "the figures at the crossing (333.3 s), not at the sample after it")
    #expect(said[1].time == MetricsTrack.start + Seconds(334), "spoken at the next fix")
    #expect(said[5].text.hasPrefix("Distance 3 kilometres. Time 16 minutes 40 seconds."))
  }

  /// Issue 50: a time cue a few seconds from a distance cue said the same figures twice
  /// ("Distance 0.99 kilometres. Time 5 minutes." then "Distance 1 kilometre. Time 5
  /// minutes 3 seconds."). At 3.2 m/s the kilometres fall at 312.5, 625 and 937.5 s: the
  /// 5-minute cue, 12.5 s before the first, is left to it; at 3.4 m/s they fall at 294,
  /// 588 and 882 s: the 5- and 10-minute cues, 6 and 12 s after, are left out.
  @Test(
    "A time cue within 15 s of a distance cue is left to it",
    arguments: [
      (3.2, [CueTrigger.distance, .time, .distance, .time, .distance]),
      (3.4, [.distance, .distance, .distance, .time]),
    ])
  func aTimeCueNearADistanceCueIsLeftToIt(speed: Double, expected: [CueTrigger]) {
    var track = MetricsTrack()
    track.move(speed: speed, for: 1000, every: 1)
    #expect(cues(track).map(\.trigger) == expected)
  }

  @Test("The same cues whatever the sample rate", arguments: [0.25, 0.5, 2.0])
  func sampleRateInvariance(interval: Double) {
    let reference = cues(steadyRun(every: 1))
    let other = cues(steadyRun(every: interval))
    #expect(other.map(\.trigger) == reference.map(\.trigger))
    #expect(other.map(\.text) == reference.map(\.text))
    for (a, b) in zip(other, reference) {
      #expect(abs((a.time - b.time).value) <= 2, "both spoken within one sample of the crossing")
    }
  }

  /// A burst after a stall says the latest multiple only; a time cue crossed in the same
  /// observation as a distance cue is left to it (said together, the two gave the same
  /// figures twice, the later moment first: "4.14 kilometres, 10 minutes", then
  /// "4 kilometres, 9 minutes 44 seconds", 38 times on the shared files' replays).
  @Test("At most one cue per observation: the latest multiple, the distance's first")
  func latestMultipleOnly() {
    var scheduler = CueScheduler(
      configuration: CueConfiguration(), activity: .run, units: .metric)
    let s = MetricsSnapshot(distance: Meters(3000), moving: Seconds(1000))
    let said = scheduler.observe(s, at: MetricsTrack.start)
    #expect(said.map(\.trigger) == [.distance])
    #expect(said[0].text.hasPrefix("Distance 3 kilometres. Time 16 minutes 40 seconds."))
    #expect(scheduler.observe(s, at: MetricsTrack.start + Seconds(1)).isEmpty)
    // Time alone crossed: its latest multiple.
    let later = MetricsSnapshot(distance: Meters(3500), moving: Seconds(1860))
    let time = scheduler.observe(later, at: MetricsTrack.start + Seconds(2))
    #expect(time.map(\.trigger) == [.time])
    #expect(time.first?.text.hasPrefix("Distance 3.47 kilometres. Time 30 minutes.") == true)
  }

  @Test("Imperial distance cues every mile; time cues off with nil")
  func imperialMiles() {
    var track = MetricsTrack()
    track.move(speed: 3, for: 1100, every: 1)
    let said = cues(track, CueConfiguration(everyTime: nil), units: .imperial)
    #expect(said.map(\.trigger) == [.distance, .distance])
    #expect(
      said[0].text
        == "Distance 1 mile. Time 8 minutes 56 seconds. "
        + "Average pace 8 minutes 56 seconds per mile.")
  }

  @Test("Rides speak speed; distance cues off with a zero step; current figure on request")
  func rideWithCurrentSpeed() {
    var track = MetricsTrack()
    track.move(speed: 6.75, for: 600, every: 1)
    let config = CueConfiguration(
      everyTime: Seconds(300), everyDistance: .zero, includeCurrentPace: true)
    let said = cues(track, config, activity: .ride)
    #expect(
      said.map(\.text) == [
        "Distance 2.03 kilometres. Time 5 minutes. Average speed 24.3 kilometres per hour. "
          + "Current speed 24.3 kilometres per hour.",
        "Distance 4.05 kilometres. Time 10 minutes. Average speed 24.3 kilometres per hour. "
          + "Current speed 24.3 kilometres per hour.",
      ])
  }

  @Test("No time cue grows while paused; pause and resume are said once")
  func pauses() {
    var track = MetricsTrack()
    track.move(speed: 3, for: 200, every: 1)
    track.pause(for: 300, every: 1)
    track.move(speed: 3, for: 100, every: 1)
    let said = cues(track)
    #expect(said.map(\.trigger) == [.time])
    #expect(said.first?.time == MetricsTrack.start + Seconds(600), "300 s of moving at 600 s")

    var scheduler = CueScheduler(
      configuration: CueConfiguration(), activity: .run, units: .metric)
    let s = MetricsSnapshot()
    let t = MetricsTrack.start
    #expect(scheduler.announce(.resume, snapshot: s, at: t) == nil, "not paused yet")
    #expect(scheduler.announce(.pause, snapshot: s, at: t)?.text == "Auto-paused.")
    #expect(scheduler.announce(.pause, snapshot: s, at: t) == nil, "already paused")
    #expect(scheduler.announce(.resume, snapshot: s, at: t)?.text == "Resumed.")

    var quiet = CueScheduler(
      configuration: CueConfiguration(announcePauses: false, announceSignal: false),
      activity: .run, units: .metric)
    #expect(quiet.announce(.pause, snapshot: s, at: t) == nil)
    #expect(quiet.announce(.signalLost, snapshot: s, at: t) == nil)
  }

  @Test("Signal lost and regained, then the finish ends all cues")
  func signalAndFinish() {
    var scheduler = CueScheduler(
      configuration: CueConfiguration(), activity: .walk, units: .metric)
    let t = MetricsTrack.start
    let s = MetricsSnapshot(distance: Meters(2500), moving: Seconds(1800))
    let lost = scheduler.announce(.signalLost, snapshot: s, at: t)
    #expect(lost == Cue(time: t, trigger: .signalLost, text: "GPS signal lost."))
    #expect(scheduler.announce(.signalLost, snapshot: s, at: t) == nil)
    #expect(scheduler.announce(.signalRegained, snapshot: s, at: t)?.text == "GPS signal regained.")
    let finish = scheduler.announce(.finish, snapshot: s, at: t + Seconds(5))
    #expect(
      finish?.text
        == "Session complete. Distance 2.5 kilometres. Time 30 minutes. "
        + "Average pace 12 minutes per kilometre.")
    #expect(finish?.trigger == .finish)
    let later = MetricsSnapshot(distance: Meters(5000), moving: Seconds(3600))
    #expect(scheduler.observe(later, at: t + Seconds(10)).isEmpty, "nothing after the finish")
    #expect(scheduler.announce(.finish, snapshot: later, at: t + Seconds(10)) == nil)
  }

  @Test("Trigger names are the output names", arguments: CueTrigger.allCases)
  func triggerNames(trigger: CueTrigger) {
    let expected: [CueTrigger: String] = [
      .time: "time", .distance: "distance", .split: "split", .pause: "pause", .resume: "resume",
      .signalLost: "signal_lost", .signalRegained: "signal_regained", .finish: "finish",
      .record: "record", .lap: "lap", .storage: "storage",
    ]
    #expect(trigger.rawValue == expected[trigger])
  }
}
