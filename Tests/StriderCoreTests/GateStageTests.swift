import StriderSimulator
import Testing

@testable import StriderCore

/// The gate run apart (`GateStage`, as `analyze` runs it on a thread of its own) must give
/// the engine exactly what the pipeline's own gate gives: the same summary to the bit.
@Suite struct GateStageTests {
  static func summary(ownGate fixes: [Fix], _ configuration: SessionConfiguration)
    -> SessionSummary
  {
    var engine = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(correctsLiveDistance: false, readsEvents: false))
    for fix in fixes { _ = engine.ingest(fix) }
    return engine.finish().summary
  }

  static func summary(
    stage fixes: [Fix], _ configuration: SessionConfiguration, batch: Int
  ) -> SessionSummary {
    var engine = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(correctsLiveDistance: false, readsEvents: false))
    var stage = GateStage(configuration: configuration)
    var start = 0
    while start < fixes.count {
      let end = min(fixes.count, start + batch)
      let batch = stage.judge(fixes[start..<end])
      var none: [SessionEvent] = []
      engine.ingest(judged: batch, into: &none)
      start = end
    }
    engine.takeBackGate(stage)
    return engine.finish().summary
  }

  @Test(arguments: [(Activity.walk, UInt64(9)), (.run, 4), (.ride, 21)])
  func aFaultyStreamJudgedApartGivesTheSameSummary(activity: Activity, seed: UInt64) {
    // Every fault the simulator knows: outliers, duplicates, fixes out of order, clock
    // jumps, dropouts and no-fix records, so every gate stage and buffer is exercised.
    let session = Simulator.run(
      SimulationConfiguration(activity: activity, seed: seed, faults: .all))
    let configuration = SessionConfiguration(activity: activity)
    let own = Self.summary(ownGate: session.fixes, configuration)
    #expect(!own.rejected.isEmpty, "the faults reach the gate")
    for batch in [1, 7, 1024] {
      #expect(Self.summary(stage: session.fixes, configuration, batch: batch) == own)
    }
  }

  @Test func untimedFixesHeldAtTheHeadComeOutOfTheStageToo() {
    // Fixes without a time before the first timed one wait in the gate for the stream to
    // show whether it has times: the stage's final decisions must still reach the engine.
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 5, faults: .none))
    var fixes = Array(session.fixes.prefix(300))
    for i in 0..<5 { fixes[i].time = nil }
    let configuration = SessionConfiguration(activity: .run)
    let own = Self.summary(ownGate: fixes, configuration)
    #expect(own.rejected[.noTime] == 5)
    #expect(Self.summary(stage: fixes, configuration, batch: 64) == own)
    #expect(
      Self.summary(stage: [], configuration, batch: 64) == Self.summary(ownGate: [], configuration))
  }

  @Test func fixByFixTheJudgedDecisionsGiveTheSameEventsAsTheEnginesOwnGate() {
    // A replay at full speed feeds each fix with the decisions the stage made for it: the
    // events (cues, pauses, splits, verdicts) must come at the same fixes, in the same order.
    let session = Simulator.run(SimulationConfiguration(activity: .walk, seed: 9, faults: .all))
    let configuration = SessionConfiguration(activity: .walk)
    var own = SessionPipeline(configuration: configuration)
    var ownEvents: [[SessionEvent]] = []
    for fix in session.fixes {
      var events: [SessionEvent] = []
      own.ingest(fix, into: &events)
      ownEvents.append(events)
    }
    var engine = SessionPipeline(configuration: configuration)
    var stage = GateStage(configuration: configuration)
    var judgedEvents: [[SessionEvent]] = []
    var start = 0
    while start < session.fixes.count {
      let end = min(session.fixes.count, start + 100)
      let batch = stage.judge(session.fixes[start..<end])
      for i in batch.fixes.indices {
        var events: [SessionEvent] = []
        engine.ingest(judged: batch.decisions(of: i), of: batch.fixes[i], into: &events)
        judgedEvents.append(events)
      }
      start = end
    }
    #expect(judgedEvents == ownEvents)
    #expect(ownEvents.joined().contains { if case .judged = $0 { true } else { false } })
    engine.takeBackGate(stage)
    let (ownTail, ownSummary) = own.finish()
    let (tail, summary) = engine.finish()
    #expect(tail == ownTail)
    #expect(summary == ownSummary)
  }
}
