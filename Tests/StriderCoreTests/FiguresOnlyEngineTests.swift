import StriderSimulator
import Testing

@testable import StriderCore

/// An engine that does not follow live (`followsLive: false`, `analyze`'s table) must give
/// the finished figures of one that does, to the bit: only the cues and the live report
/// are left out. Where it cannot (an untimed step measured from a filtered position) it
/// must say so rather than give another number.
@Suite struct FiguresOnlyEngineTests {
  static func summaries(
    _ fixes: [Fix], _ configuration: SessionConfiguration
  ) -> (following: SessionSummary, figuresOnly: SessionSummary, needsLivePass: Bool) {
    var following = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(correctsLiveDistance: false, readsEvents: false))
    var figuresOnly = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(
        correctsLiveDistance: false, followsLive: false, readsEvents: false))
    for fix in fixes {
      _ = following.ingest(fix)
      _ = figuresOnly.ingest(fix)
    }
    let summary = figuresOnly.finish().summary
    return (following.finish().summary, summary, figuresOnly.engine.needsLivePass)
  }

  /// The following engine's summary without what only following makes.
  static func figures(of summary: SessionSummary) -> SessionSummary {
    var summary = summary
    summary.cues = []
    summary.finishing = nil
    return summary
  }

  @Test(arguments: [
    (Activity.walk, UInt64(9)), (.run, 4), (.ride, 21), (.hike, 2), (.swim, 3), (.drive, 5),
  ])
  func aFaultyStreamGivesTheSameFinishedFigures(activity: Activity, seed: UInt64) {
    // Every fault the simulator knows, and the route's stops: pauses, splits, breaks.
    let session = Simulator.run(
      SimulationConfiguration(activity: activity, seed: seed, faults: .all))
    let result = Self.summaries(session.fixes, SessionConfiguration(activity: activity))
    #expect(!result.needsLivePass)
    #expect(result.figuresOnly == Self.figures(of: result.following))
    #expect(result.figuresOnly.cues.isEmpty && result.figuresOnly.finishing == nil)
    #expect(!result.following.cues.isEmpty, "the following engine spoke")
    #expect(result.figuresOnly.distance.value > 100)
  }

  @Test func aStreamWithoutTimesGivesTheSameDistance() {
    // Untimed steps between raw positions: the live filter never runs on them.
    let session = Simulator.run(SimulationConfiguration(activity: .walk, seed: 7, faults: .none))
    var fixes = Array(session.fixes.prefix(400))
    for i in fixes.indices { fixes[i].time = nil }
    let result = Self.summaries(fixes, SessionConfiguration(activity: .walk))
    #expect(!result.needsLivePass)
    #expect(result.figuresOnly.distance.value > 100)
    #expect(result.figuresOnly == Self.figures(of: result.following))
  }

  @Test func timesThatBeginLateAskForTheLivePass() {
    // More untimed fixes than the gate holds (an untimed stream), then times: the step to
    // the first timed fix is measured to where the live filter put it.
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 5, faults: .none))
    var fixes = Array(session.fixes.prefix(600))
    for i in 0..<(Gate.untimedHeadLimit + 50) { fixes[i].time = nil }
    let result = Self.summaries(fixes, SessionConfiguration(activity: .run))
    #expect(result.needsLivePass)
    #expect(result.following.distance.value > 0)
  }

  @Test func anUnsmoothedSessionAlwaysFollows() {
    // Raw (`--no-filter`): the live figures are the summary's, so they are made anyway.
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 4, faults: .all))
    let raw = SessionConfiguration.raw(activity: .run)
    let engine = SessionPipeline(
      configuration: raw, options: SessionPipeline.Options(followsLive: false))
    #expect(engine.engine.followsLive)
    let result = Self.summaries(session.fixes, raw)
    #expect(result.figuresOnly == result.following)
  }
}
