import StriderCore
import StriderSimulator
import Testing

@testable import StriderSources

/// A workout step ends where its distance is crossed: on the distance the runner has
/// reached (`SessionEngine.leadingSnapshot`), not on the settled distance, which runs
/// `LiveDriftFilter.settleLag` fixes (10-15 s) behind.
@Suite struct SessionRunnerStepTimingTests {
  static let workout = Workout(items: [
    .step(WorkoutStep(kind: .warmUp, length: .distance(Meters(1000)))),
    .step(WorkoutStep(kind: .work, length: .distance(Meters(400)))),
    .step(WorkoutStep(kind: .recovery, length: .open)),
  ])

  @Test("A step ends within seconds of the true crossing", arguments: [4, 7] as [UInt64])
  func stepEndsOnTheDistanceReached(seed: UInt64) throws {
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: seed))
    let coach = WorkoutCoach(workout: Self.workout, activity: .run, units: .metric)
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run), coach: coach)
    var ends: [GNSSTime] = []
    var settledCrossing: GNSSTime?
    for fix in session.fixes {
      for event in runner.handle(.fix(fix)) {
        if case .coach(.stepEnded(let result)) = event { ends.append(result.time) }
      }
      if settledCrossing == nil, runner.engine.snapshot.distance.value >= 1000 {
        settledCrossing = fix.time
      }
      #expect(runner.engine.leadingSnapshot.distance >= runner.engine.snapshot.distance)
    }
    let start = try #require(session.truth.first?.distanceAlongRoute.value)
    let truthAt = { (metres: Double) in
      session.truth.first { $0.distanceAlongRoute.value - start >= metres }?.time
    }
    let truth1000 = try #require(truthAt(1000))
    let truth1400 = try #require(truthAt(1400))
    try #require(ends.count >= 2)
    // 1 % of the distance (the filter against the truth) is about 3 s at a run's pace.
    #expect(abs((ends[0] - truth1000).value) <= 6, "warm-up ended \(ends[0] - truth1000) off")
    #expect(abs((ends[1] - truth1400).value) <= 6, "interval ended \(ends[1] - truth1400) off")
    let settled = try #require(settledCrossing)
    #expect(
      settled - ends[0] >= Seconds(8), "the settled distance crosses later: \(settled - ends[0])")
  }
}
