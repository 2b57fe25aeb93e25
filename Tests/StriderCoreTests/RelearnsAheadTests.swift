import StriderConcurrency
import StriderSimulator
import Testing

@testable import StriderCore

/// The live engine's relearns worked out ahead on another thread (`RelearnsAhead`) must
/// leave every event and figure as the engine's own relearns make them.
@Suite("Relearns worked out ahead")
struct RelearnsAheadTests {
  static let configuration = SessionConfiguration(activity: .run)

  /// A run long enough for a dozen relearns, with every fault the simulator injects
  /// (rejections, gaps, segments, fixes without time).
  static let fixes = Simulator.run(
    SimulationConfiguration(activity: .run, seed: 11, faults: .all, routeLength: Meters(9_000))
  ).fixes

  /// The fixes judged as a judging thread judges them, in batches.
  static func judged(_ fixes: [Fix]) -> (batches: [JudgedBatch], stage: GateStage) {
    var stage = GateStage(configuration: configuration)
    var batches: [JudgedBatch] = []
    var start = 0
    while start < fixes.count {
      let end = min(fixes.count, start + 1024)
      batches.append(stage.judge(fixes[start..<end]))
      start = end
    }
    return (batches, stage)
  }

  /// Every event and the summary of an engine fed the judged fixes.
  static func run(
    _ judged: (batches: [JudgedBatch], stage: GateStage), ahead: RelearnsAhead?
  ) -> ([SessionEvent], SessionSummary) {
    var options = SessionPipeline.Options()
    options.relearnsAhead = ahead
    var engine = SessionPipeline(configuration: configuration, options: options)
    var events: [SessionEvent] = []
    for batch in judged.batches {
      for i in batch.fixes.indices {
        engine.ingest(judged: batch.decisions(of: i), of: batch.fixes[i], into: &events)
      }
    }
    engine.takeBackGate(judged.stage)
    let (tail, summary) = engine.finish()
    return (events + tail, summary)
  }

  /// Where two runs first part, for a message that does not print every event.
  static func expectSame(
    _ a: ([SessionEvent], SessionSummary), _ b: ([SessionEvent], SessionSummary),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let parted = zip(a.0, b.0).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    #expect(
      parted == nil && a.0.count == b.0.count,
      "events part at \(parted ?? min(a.0.count, b.0.count)) of \(a.0.count)",
      sourceLocation: sourceLocation)
    let sameSummary = a.1 == b.1
    let live = (a.1.finishing?.liveDistance.value ?? 0, b.1.finishing?.liveDistance.value ?? 0)
    #expect(sameSummary, "live \(live.0) m against \(live.1) m", sourceLocation: sourceLocation)
  }

  @Test func relearnsTakenReadyGiveTheEnginesOwnEventsAndSummary() throws {
    let judged = Self.judged(Self.fixes)
    let own = Self.run(judged, ahead: nil)
    let ahead = try #require(RelearnsAhead(configuration: Self.configuration))
    defer { ahead.stop() }
    for batch in judged.batches { ahead.feed(batch.decisions) }
    ahead.waitUntilIdle()
    let taken = Self.run(judged, ahead: ahead)
    #expect(ahead.counts.taken >= 10, "every relearn was ready: \(ahead.counts)")
    #expect(ahead.counts.mismatched == 0)
    Self.expectSame(taken, own)
    #expect(own.1.finishing?.liveDistance != nil)
  }

  @Test func relearnsOfAnotherTrackAreRefusedAndTheEngineLearnsItsOwn() throws {
    let judged = Self.judged(Self.fixes)
    let own = Self.run(judged, ahead: nil)
    // The same run with its fixes a few metres east: the same relearns, other tracks.
    let shifted = Self.fixes.map { fix in
      var fix = fix
      if let c = fix.coordinate {
        fix.coordinate = Coordinate(latitude: c.latitude, longitude: c.longitude + 5e-5)
      }
      return fix
    }
    let ahead = try #require(RelearnsAhead(configuration: Self.configuration))
    defer { ahead.stop() }
    for batch in Self.judged(shifted).batches { ahead.feed(batch.decisions) }
    ahead.waitUntilIdle()
    let refused = Self.run(judged, ahead: ahead)
    #expect(ahead.counts.taken == 0)
    #expect(ahead.counts.mismatched >= 10, "\(ahead.counts)")
    Self.expectSame(refused, own)
  }

  @Test func anEngineAheadOfTheThreadLearnsItself() throws {
    let judged = Self.judged(Self.fixes)
    let own = Self.run(judged, ahead: nil)
    // Fed nothing: every relearn is the engine's own.
    let ahead = try #require(RelearnsAhead(configuration: Self.configuration))
    defer { ahead.stop() }
    let alone = Self.run(judged, ahead: ahead)
    #expect(ahead.counts.taken == 0 && ahead.counts.mismatched == 0)
    Self.expectSame(alone, own)
  }

  @Test func noThreadWhereTheEngineNeverRelearns() {
    #expect(RelearnsAhead(configuration: .raw(activity: .run)) == nil)
    #expect(
      RelearnsAhead(configuration: SessionConfiguration(activity: .run, smoothFinishedTrack: false))
        == nil)
  }
}
