import StriderCore
import StriderSimulator
import Testing

@testable import StriderSources

/// The runner with a workout coach: fed on the fix clock, started over with the session,
/// and ended with it.
@Suite struct SessionRunnerCoachTests {
  static let workout = Workout(items: [
    .step(WorkoutStep(kind: .warmUp, length: .distance(Meters(1000)))),
    .step(WorkoutStep(kind: .work, length: .open)),
  ])
  static let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 4))

  static func coachEvents(_ events: [RunnerEvent]) -> [CoachEvent] {
    events.compactMap { if case .coach(let e) = $0 { e } else { nil } }
  }

  @Test func coachIsFedAndFinishedWithTheSession() throws {
    let configuration = SessionConfiguration(activity: .run)
    let coach = WorkoutCoach(workout: Self.workout, activity: .run, units: .metric)
    var runner = SessionRunner(configuration: configuration, coach: coach)
    var events: [RunnerEvent] = []
    for fix in Self.session.fixes { events += runner.handle(.fix(fix)) }
    let (tail, _) = runner.finish()
    let coached = Self.coachEvents(events)
    guard case .stepStarted(let first, let at) = coached.first else {
      Issue.record("the first step starts with the session: \(coached.prefix(2))")
      return
    }
    #expect(first.number == 1)
    let firstFix = try #require(Self.session.fixes.compactMap(\.time).first)
    #expect(at >= firstFix && at - firstFix < Seconds(15), "at the first accepted fix: \(at)")
    let ended = coached.compactMap { if case .stepEnded(let r) = $0 { r } else { nil } }
    #expect(ended.map(\.ending) == [.completed])
    #expect(abs(ended[0].distance.value - 1000) < 1e-6)
    // The open step ends with the session, unfinished and unspoken.
    let last = Self.coachEvents(tail)
    #expect(last.count == 1)
    guard case .stepEnded(let result) = last.first else {
      Issue.record("the open step ends at the finish: \(last)")
      return
    }
    #expect(result.ending == .stopped)
    #expect(result.distance.value > 4000)
    // Every coach event is stamped on the fix clock and never goes backwards.
    var times: [GNSSTime] = []
    for e in coached {
      switch e {
      case .stepStarted(_, let t): times.append(t)
      case .stepEnded(let r): times.append(r.time)
      case .cue(let c): times.append(c.time)
      }
    }
    #expect(times == times.sorted())
  }

  /// "Workout complete." ends a session that followed a workout, "Session complete." any
  /// other, after a restart too.
  @Test(arguments: [true, false]) func theFinishSaysWhatEnded(followsWorkout: Bool) throws {
    let coach = WorkoutCoach(workout: Self.workout, activity: .run, units: .metric)
    var runner = SessionRunner(
      configuration: SessionConfiguration(activity: .run), coach: followsWorkout ? coach : nil)
    let fixes = Self.session.fixes.prefix(300)
    for fix in fixes { _ = runner.handle(.fix(fix)) }
    _ = runner.handle(.restart)
    for fix in fixes { _ = runner.handle(.fix(fix)) }
    let finish = try #require(runner.finish().summary.cues.last { $0.trigger == .finish })
    let expected = followsWorkout ? "Workout complete. Distance " : "Session complete. Distance "
    #expect(finish.text.hasPrefix(expected), "\(finish.text)")
  }

  @Test func aRestartStartsTheWorkoutOver() {
    let coach = WorkoutCoach(workout: Self.workout, activity: .run, units: .metric)
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run), coach: coach)
    for fix in Self.session.fixes.prefix(600) { _ = runner.handle(.fix(fix)) }
    #expect(runner.coach?.results.count == 1)
    #expect(runner.handle(.restart) == [.restarted])
    #expect(runner.coach?.currentIndex == nil)
    #expect(runner.coach?.results.isEmpty == true)
    var again: [RunnerEvent] = []
    for fix in Self.session.fixes.prefix(600) { again += runner.handle(.fix(fix)) }
    #expect(Self.coachEvents(again).count > 2, "the warm-up is announced again")
  }

  @Test func withoutAWorkoutNothingIsCoached() {
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    var events: [RunnerEvent] = []
    for fix in Self.session.fixes.prefix(300) { events += runner.handle(.fix(fix)) }
    events += runner.finish().events
    #expect(Self.coachEvents(events).isEmpty)
  }
}
