import StriderCore
import StriderSimulator
import Testing

@testable import StriderSources

/// Lap presses in the runner: on the fix clock, ending a workout's open step, measured
/// again on the finished track for the summary, and a recording's closing mark.
@Suite struct SessionRunnerLapTests {
  static let session = SessionRunnerCoachTests.session

  static func laps(_ events: [RunnerEvent]) -> [(Lap, LapMark)] {
    events.compactMap { if case .lap(let l, let m) = $0 { (l, m) } else { nil } }
  }

  @Test func aPressBeforeTheFirstFixIsNothing() {
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    #expect(runner.lap().isEmpty)
    #expect(runner.lapMarks.isEmpty)
  }

  @Test func lapsCloseOnTheFixClockAndEndTheOpenStep() throws {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .work, length: .open)),
      .step(WorkoutStep(kind: .recovery, length: .open)),
      .step(WorkoutStep(kind: .coolDown, length: .open)),
    ])
    let coach = WorkoutCoach(workout: workout, activity: .run, units: .metric)
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run), coach: coach)
    var events: [RunnerEvent] = []
    let fixes = Self.session.fixes
    for (i, fix) in fixes.enumerated() {
      events += runner.handle(.fix(fix))
      if i == 300 || i == 600 { events += runner.lap() }
      if i == 600 { #expect(runner.lap().isEmpty, "a second press at the same fix time") }
    }
    let (tail, summary) = runner.finish()
    let pressed = Self.laps(events)
    #expect(pressed.map(\.0.number) == [1, 2])
    #expect(pressed.map(\.1.intensity) == [.active, .rest], "the second lap was the recovery")
    let t300 = try #require(fixes[300].time)
    // The newest accepted time: the gate's reorder window holds the newest fixes a moment.
    #expect(pressed[0].1.time <= t300 && t300 - pressed[0].1.time < Seconds(15))
    #expect(pressed[1].0.start == pressed[0].0.end)
    let ended = SessionRunnerCoachTests.coachEvents(events + tail).compactMap {
      if case .stepEnded(let r) = $0 { r } else { nil }
    }
    #expect(ended.map(\.ending) == [.lap, .lap, .stopped])
    let laps = try #require(summary.laps)
    #expect(laps.count == 3)
    #expect(laps.map(\.intensity) == [.active, .rest, .active])
    let sum = laps.reduce(0) { $0 + $1.distance.value }
    #expect(abs(sum - summary.distance.value) < 0.5, "laps add up to the session: \(sum)")
    // The live figure and the finished one agree within the live filter's lag.
    #expect(abs(laps[1].distance.value - pressed[1].0.distance.value) < 60)
    #expect(runner.closingLap == LapMark(time: try #require(summary.end?.time), intensity: .active))
  }

  /// A press measures the distance reached, as a step's end does (the settled distance,
  /// ten fixes behind, said 205 m of a lap its finished track measured 243 m), and says
  /// its cue as a session event; a press that ends a workout step says none of its own.
  @Test func aPressSaysTheLapReachedAsACue() throws {
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    var events: [RunnerEvent] = []
    for (i, fix) in Self.session.fixes.enumerated() {
      events += runner.handle(.fix(fix))
      if i == 80 || i == 180 { events += runner.lap() }
    }
    let summary = runner.finish().summary
    let pressed = Self.laps(events).map(\.0)
    let measured = try #require(summary.laps)
    try #require(pressed.count == 2 && measured.count == 3)
    for (said, lap) in zip(pressed, measured) {
      let off = abs(said.distance.value - lap.distance.value) / lap.distance.value
      #expect(off < 0.05, "lap \(said.number): \(said.distance.value) m, \(lap.distance.value) m")
    }
    let cues = events.compactMap {
      if case .session(.cue(let c)) = $0, c.trigger == .lap { c } else { nil }
    }
    #expect(cues.map(\.text) == pressed.map { CueText.lap($0, activity: .run, units: .metric) })

    let workout = Workout(items: [.step(WorkoutStep(kind: .work, length: .open))])
    var coached = SessionRunner(
      configuration: SessionConfiguration(activity: .run),
      coach: WorkoutCoach(workout: workout, activity: .run, units: .metric))
    var said: [RunnerEvent] = []
    for (i, fix) in Self.session.fixes.prefix(200).enumerated() {
      said += coached.handle(.fix(fix))
      if i == 100 { said += coached.lap() }
    }
    #expect(Self.laps(said).count == 1)
    #expect(
      !said.contains { if case .session(.cue(let c)) = $0 { c.trigger == .lap } else { false } },
      "the step's result says the lap")
  }

  /// A step that ends by itself closes a lap with the step's intensity, as a watch does, so
  /// the exports' laps are the workout's steps; its result says it, so no lap cue. A
  /// replay without the workout closes the recorded laps with their recorded intensity.
  @Test func stepsThatEndThemselvesCloseLapsAndAReplayKeepsTheirIntensity() throws {
    let workout = Workout(items: [
      .repeated(
        count: 2,
        steps: [
          WorkoutStep(kind: .work, length: .distance(Meters(400))),
          WorkoutStep(kind: .recovery, length: .time(Seconds(60))),
        ])
    ])
    var runner = SessionRunner(
      configuration: SessionConfiguration(activity: .run),
      coach: WorkoutCoach(workout: workout, activity: .run, units: .metric))
    var events: [RunnerEvent] = []
    for fix in Self.session.fixes { events += runner.handle(.fix(fix)) }
    let (tail, summary) = runner.finish()
    let closed = Self.laps(events + tail)
    #expect(closed.map(\.1.intensity) == [.active, .rest, .active, .rest])
    #expect(closed.first.map { abs($0.0.distance.value - 400) < 20 } == true, "\(closed)")
    #expect(
      !(events + tail).contains {
        if case .session(.cue(let c)) = $0 { c.trigger == .lap } else { false }
      }, "the step results say the laps")
    let laps = try #require(summary.laps)
    #expect(laps.map(\.intensity) == [.active, .rest, .active, .rest, .active])

    var replay = SessionRunner(
      configuration: SessionConfiguration(activity: .run), replayingLaps: closed.map(\.1))
    for fix in Self.session.fixes { _ = replay.handle(.fix(fix)) }
    let replayed = try #require(replay.finish().summary.laps)
    #expect(replayed.map(\.intensity) == laps.map(\.intensity), "the recorded intensity")
    #expect(zip(replayed, laps).allSatisfy { $0.end == $1.end })
  }

  @Test func noPressNoLaps() {
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    for fix in Self.session.fixes.prefix(200) { _ = runner.handle(.fix(fix)) }
    let (_, summary) = runner.finish()
    #expect(summary.laps == nil)
    #expect(runner.closingLap == nil)
  }

  @Test func anUnsmoothedSessionSumsItsLapsUpFromTheLiveFigures() throws {
    var runner = SessionRunner(configuration: .raw(activity: .run))
    for (i, fix) in Self.session.fixes.enumerated() {
      _ = runner.handle(.fix(fix))
      if i == 400 { _ = runner.lap() }
    }
    let (_, summary) = runner.finish()
    let laps = try #require(summary.laps)
    #expect(laps.count == 2)
    let sum = laps.reduce(0) { $0 + $1.distance.value }
    #expect(abs(sum - summary.distance.value) < 0.5, "the last lap takes the rest: \(sum)")
  }
}
