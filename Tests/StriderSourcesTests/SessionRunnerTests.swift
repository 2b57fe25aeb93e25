import Foundation
import StriderCore
import StriderSimulator
import Testing

@testable import StriderSources

@Suite struct SessionRunnerTests {
  /// Runs a source to its end through a runner, as the headless loop does.
  static func runToEnd(_ source: inout some FixSource, _ configuration: SessionConfiguration)
    -> (events: [RunnerEvent], summary: SessionSummary)
  {
    var runner = SessionRunner(configuration: configuration)
    var events: [RunnerEvent] = []
    while true {
      switch source.poll(timeout: 1) {
      case .event(let e): events += runner.handle(e)
      case .idle: continue
      case .ended:
        let (tail, summary) = runner.finish()
        return (events + tail, summary)
      }
    }
  }

  /// `summary` with its whole splits kept as they were told, as a session someone heard
  /// keeps them (`SessionEngine.keepsToldSplits`).
  static func keepingToldSplits(_ summary: SessionSummary) -> SessionSummary {
    var kept = summary
    if let finishing = summary.finishing {
      kept.splits = finishing.keepingToldSplits(summary.splits, moving: summary.moving)
    }
    return kept
  }

  @Test(arguments: [ReplaySpeed.times(1), .times(100), .asFastAsPossible])
  func aReplayGivesTheSummaryAndCuesOfAnalyze(speed: ReplaySpeed) {
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 12, faults: .all))
    let configuration = SessionConfiguration(activity: .run)
    // The live distance re-measured as it goes, as every live session does; `analyze`
    // alone skips that, so only its finished figures are compared (below).
    let analyzed = Analysis.summarize(
      session.fixes, configuration: configuration, correctsLiveDistance: true)
    var source = ReplaySource(
      fixes: session.fixes, name: "sim", speed: speed, clock: ManualClock())
    let (events, summary) = Self.runToEnd(&source, configuration)
    // A replay keeps its splits as it told them where the finished track agrees within
    // the tolerance; `analyze`, which told nothing, keeps the finished track's.
    #expect(summary == Self.keepingToldSplits(analyzed), "replay at \(speed) must equal analyze")
    #expect(summary.splits.map(\.index) == analyzed.splits.map(\.index))
    let cues = events.compactMap { if case .session(.cue(let c)) = $0 { c } else { nil } }
    #expect(cues == analyzed.cues)
    #expect(events.contains(.status(.finished)))
  }

  @Test func theDemoSourceRunsTheSimulatorThroughTheSamePath() {
    let configuration = SimulationConfiguration(activity: .walk, seed: 3, faults: .all)
    var source = SimulatorSource(
      configuration: configuration, speed: .asFastAsPossible, clock: ManualClock())
    let (events, summary) = Self.runToEnd(&source, SessionConfiguration(activity: .walk))
    let batch = Simulator.run(configuration)
    let live = Analysis.summarize(
      batch.fixes, configuration: SessionConfiguration(activity: .walk),
      correctsLiveDistance: true)
    #expect(summary == Self.keepingToldSplits(live))
    // Without re-measuring as it goes (`analyze`), the live figures may differ; the
    // finished ones may not.
    let analyzed = Analysis.summarize(
      batch.fixes, configuration: SessionConfiguration(activity: .walk))
    #expect(summary.distance == analyzed.distance)
    #expect(summary.moving == analyzed.moving)
    #expect(summary.pauses == analyzed.pauses)
    #expect(Self.keepingToldSplits(live).splits == summary.splits)
    #expect(live.splits == analyzed.splits)
    #expect(events.contains { if case .verdicts = $0 { true } else { false } })
  }

  @Test func injectingAFaultIsCaughtByTheGate() {
    var source = SimulatorSource(
      configuration: SimulationConfiguration(activity: .run, seed: 5, faults: .none),
      speed: .asFastAsPossible, clock: ManualClock())
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    for _ in 0..<120 { if case .event(let e) = source.poll(timeout: 1) { _ = runner.handle(e) } }
    source.inject(.jump)
    source.inject(.network)
    source.inject(.staleHead)
    while true {
      guard case .event(let e) = source.poll(timeout: 1) else { break }
      _ = runner.handle(e)
    }
    let summary = runner.finish().summary
    #expect(summary.rejected[.implausibleSpeed, default: 0] >= 1)
    #expect(summary.rejected[.nonGNSS, default: 0] >= 1)
    // The lab's `S` mid-session: a cached fix, not a late one.
    #expect(summary.rejected[.stale, default: 0] >= 1)
    #expect(summary.rejected[.outOfOrder, default: 0] == 0)
    #expect(summary.rejected[.noFix, default: 0] == 0)
  }

  @Test func headlessLinesCarryAnEventKey() throws {
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 2, faults: .all))
    var source = ReplaySource(
      fixes: session.fixes, name: "sim.gpx", speed: .asFastAsPossible, clock: ManualClock())
    let (events, summary) = Self.runToEnd(&source, SessionConfiguration(activity: .run))
    var names: Set<String> = []
    for e in events {
      guard let json = HeadlessEvents.json(e, source: "sim.gpx") else { continue }
      let object =
        try JSONSerialization.jsonObject(with: Data(json.serialized.utf8)) as? [String: Any]
      names.insert(try #require(object?["event"] as? String))
    }
    #expect(
      names.isSuperset(of: ["start", "cue", "pause", "resume", "split", "verdicts", "status"]))
    let last = HeadlessEvents.summary(summary, file: "sim.gpx", format: "gpx").serialized
    #expect(last.hasPrefix(#"{"event":"summary","file":"sim.gpx","format":"gpx","activity":"run""#))
  }
}
