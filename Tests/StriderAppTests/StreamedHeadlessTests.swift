import StriderApp
import StriderCore
import StriderSimulator
import StriderSources
import Testing

/// A headless replay at full speed takes the fixes a batch at a time
/// (`FixSource.takeDueFixes`) and its engine builds no event per fix: what it prints must
/// be what the fix-by-fix path prints, tallies and summary included.
@Suite("Headless replay in batches")
struct StreamedHeadlessTests {
  static let configuration = SessionConfiguration(activity: .run)
  static let simulated = Simulator.run(
    SimulationConfiguration(activity: .run, seed: 5, faults: .all, routeLength: Meters(6_000)))

  /// The fixes in batches of `size`, then `failure` after `failAfter` batches if given.
  static func batches(
    size: Int, failAfter: Int? = nil
  ) -> () throws(Failed) -> ArraySlice<Fix>? {
    var rest = simulated.fixes[...]
    var given = 0
    return { () throws(Failed) -> ArraySlice<Fix>? in
      if let failAfter, given == failAfter { throw Failed() }
      guard !rest.isEmpty else { return nil }
      given += 1
      // An empty batch now and then: the source reads on.
      if given % 5 == 0 { return [] }
      defer { rest = rest.dropFirst(size) }
      return rest.prefix(size)
    }
  }

  struct Failed: Error {}

  static func printed(_ source: inout some FixSource) -> ([RunnerEvent], SessionSummary) {
    var events: [RunnerEvent] = []
    let summary = HeadlessLoop.run(
      source: &source, configuration: configuration, isStopped: { false },
      emit: { events.append($0) })
    return (events, summary)
  }

  /// What the fix-by-fix runner passes on with every verdict reported, less the verdicts.
  static func fixByFix(_ fixes: ArraySlice<Fix>) -> ([RunnerEvent], SessionSummary) {
    var runner = SessionRunner(configuration: configuration, reportsVerdicts: true)
    var events: [RunnerEvent] = []
    for fix in fixes { events += runner.handle(.fix(fix)) }
    events += runner.handle(.status(.finished))
    let (tail, summary) = runner.finish()
    events += tail
    let kept = events.filter {
      switch $0 {
      case .session(.judged), .session(.point): false
      default: true
      }
    }
    return (kept, summary)
  }

  @Test(arguments: [1, 37, 4096])
  func batchesPrintWhatFixByFixPrints(size: Int) {
    var batched = StreamedReplaySource(
      name: "run.gpx", speed: .asFastAsPossible, clock: ManualClock(),
      nextBatch: Self.batches(size: size))
    let (events, summary) = Self.printed(&batched)
    let (expected, expectedSummary) = Self.fixByFix(Self.simulated.fixes[...])
    #expect(summary == expectedSummary)
    #expect(events == expected)
    let tallies = events.filter { if case .verdicts = $0 { true } else { false } }
    #expect(tallies.count > 3, "verdicts are tallied a minute at a time")
    #expect(summary.pointsIn == Self.simulated.fixes.count)
  }

  @Test func aBigBatchIsHandedOnInTurnsOfBoundedSize() {
    var source = StreamedReplaySource(
      name: "run.gpx", speed: .asFastAsPossible, clock: ManualClock(),
      nextBatch: Self.batches(size: 4096))
    var taken: [Fix] = []
    while let fixes = source.takeDueFixes() {
      #expect(!fixes.isEmpty && fixes.count <= 1024, "\(fixes.count) fixes in one turn")
      taken += fixes
    }
    #expect(taken == Self.simulated.fixes)
    #expect(source.poll(timeout: 0) == .event(.status(.finished)))
    #expect(source.poll(timeout: 0) == .ended)
  }

  @Test func aPacedReplayReadsTheSameBatchesFixByFix() {
    var paced = StreamedReplaySource(
      name: "run.gpx", speed: .times(1000), clock: ManualClock(),
      nextBatch: Self.batches(size: 50))
    #expect(paced.takeDueFixes() == nil, "a paced source hands nothing over in bulk")
    let (events, summary) = Self.printed(&paced)
    let (expected, expectedSummary) = Self.fixByFix(Self.simulated.fixes[...])
    #expect(summary == expectedSummary)
    #expect(events == expected)
  }

  @Test func aFailureEndsTheReplayAfterTheFixesBeforeItAndIsKept() {
    var source = StreamedReplaySource(
      name: "run.gpx", speed: .asFastAsPossible, clock: ManualClock(),
      nextBatch: Self.batches(size: 100, failAfter: 2))
    let (events, summary) = Self.printed(&source)
    #expect(source.failure != nil)
    // Two batches of fixes, then the failure instead of the third.
    #expect(summary.pointsIn == 200)
    #expect(summary == Self.fixByFix(Self.simulated.fixes.prefix(200)).1)
    #expect(events.contains(.status(.finished)))
  }

  /// A source of fixes a `GateStage` judged ahead, `size` at a time, failing after
  /// `failAfter` batches if given; with the stage, once every batch has been given.
  static func judgedSource(size: Int, failAfter: Int? = nil)
    -> StreamedReplaySource<ManualClock, Failed>
  {
    final class Stage: @unchecked Sendable {
      var stage = GateStage(configuration: StreamedHeadlessTests.configuration)
      var ended = false
    }
    let state = Stage()
    let next = batches(size: size, failAfter: failAfter)
    return StreamedReplaySource(
      name: "run.gpx", clock: ManualClock(),
      nextJudged: { () throws(Failed) -> JudgedBatch? in
        do throws(Failed) {
          guard let fixes = try next() else {
            state.ended = true
            return nil
          }
          return state.stage.judge(fixes)
        } catch {
          state.ended = true
          throw error
        }
      },
      gate: { state.ended ? state.stage : nil })
  }

  @Test(arguments: [1, 37, 1024])
  func fixesJudgedOnAnotherThreadPrintWhatFixByFixPrints(size: Int) {
    var source = Self.judgedSource(size: size)
    #expect(source.takeDueFixes() == nil, "judged fixes come through takeDueJudged only")
    let (events, summary) = Self.printed(&source)
    let (expected, expectedSummary) = Self.fixByFix(Self.simulated.fixes[...])
    #expect(summary == expectedSummary)
    #expect(events == expected)
    #expect(source.failure == nil)
  }

  @Test func aFailureAmongJudgedFixesEndsAsAPlainOneDoes() {
    var source = Self.judgedSource(size: 100, failAfter: 2)
    let (events, summary) = Self.printed(&source)
    #expect(source.failure != nil)
    #expect(summary.pointsIn == 200)
    #expect(summary == Self.fixByFix(Self.simulated.fixes.prefix(200)).1)
    #expect(events.contains(.status(.finished)))
  }

  @Test(arguments: [1, 500, 1023])
  func stoppedPartwayThroughAJudgedBatchTheSummaryIsThePlainOnes(stopAfter: Int) {
    // Stopped (Ctrl-C) inside a batch the stage has judged to its end: the engine must
    // finish with the gate as it stood at the last fix taken, not with fixes it never saw.
    func stopped(_ source: inout some FixSource) -> SessionSummary {
      var handled = 0
      return HeadlessLoop.run(
        source: &source, configuration: Self.configuration,
        isStopped: {
          handled += 1
          return handled > stopAfter + 1
        }, emit: { _ in })
    }
    var judged = Self.judgedSource(size: 1024)
    var plain = StreamedReplaySource(
      name: "run.gpx", speed: .asFastAsPossible, clock: ManualClock(),
      nextBatch: Self.batches(size: 1024))
    let expected = stopped(&plain)
    #expect(expected.pointsIn == stopAfter)
    #expect(stopped(&judged) == expected)
  }
}
