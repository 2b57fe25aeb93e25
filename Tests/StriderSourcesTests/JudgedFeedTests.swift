import StriderCore
import StriderSimulator
import StriderSources
import Testing

/// A `JudgedFeed` judges on a thread of its own or on the caller's: the engine fed either
/// way, or by the pipeline's own gate, must give the same summary to the bit, and the feed the same
/// sensors and the same failure.
@Suite struct JudgedFeedTests {
  static let configuration = SessionConfiguration(activity: .ride)
  static let fixes = Simulator.run(
    SimulationConfiguration(activity: .ride, seed: 12, faults: .all, routeLength: Meters(8_000))
  ).fixes

  struct Failed: Error, Equatable {}

  /// The fixes after the held ones, in batches of `size`; `Failed` after `failAfter` of them.
  static func batches(from start: Int, size: Int, failAfter: Int? = nil)
    -> () throws(Failed) -> ArraySlice<Fix>?
  {
    var rest = fixes[start...]
    var given = 0
    return { () throws(Failed) -> ArraySlice<Fix>? in
      if let failAfter, given == failAfter { throw Failed() }
      guard !rest.isEmpty else { return nil }
      given += 1
      defer { rest = rest.dropFirst(size) }
      return rest.prefix(size)
    }
  }

  /// The summary of the fixes fed through a feed, its sensors, and the error it ended on.
  static func fed(onThread: Bool, held: Int, size: Int, failAfter: Int? = nil) -> (
    SessionSummary, SensorFigures, Failed?
  ) {
    let feed = JudgedFeed(
      held: Array(fixes.prefix(held)), stage: GateStage(configuration: configuration),
      onThread: onThread, nextBatch: batches(from: held, size: size, failAfter: failAfter))
    var pipeline = SessionPipeline(configuration: configuration, options: .analysis)
    var failure: Failed?
    do {
      var none: [SessionEvent] = []
      while let batch = try feed.next() {
        pipeline.ingest(judged: batch, into: &none)
      }
    } catch {
      failure = error
    }
    // A feed ended by its error has taken its stage back as well.
    if let gate = feed.gate { pipeline.takeBackGate(gate) }
    feed.stop()
    return (pipeline.finish().summary, feed.sensors, failure)
  }

  @Test(arguments: [(0, 4096), (300, 1), (1_000, 700)])
  func onAThreadOrInlineTheSummaryIsTheEnginesOwn(held: Int, size: Int) {
    var own = SessionPipeline(configuration: Self.configuration, options: .analysis)
    var sensors = SensorFigures()
    for fix in Self.fixes {
      _ = own.ingest(fix)
      sensors.add(fix)
    }
    let expected = own.finish().summary
    #expect(!expected.rejected.isEmpty, "the faults reach the gate")
    for onThread in [true, false] {
      let (summary, fedSensors, failure) = Self.fed(onThread: onThread, held: held, size: size)
      #expect(summary == expected, "on a thread: \(onThread)")
      #expect(fedSensors.json?.serialized == sensors.json?.serialized)
      #expect(failure == nil)
    }
  }

  @Test func aReadingErrorComesAfterTheFixesBeforeItEitherWay() {
    #expect(Self.fixes.count > 1_200)
    let threaded = Self.fed(onThread: true, held: 100, size: 500, failAfter: 2)
    let inline = Self.fed(onThread: false, held: 100, size: 500, failAfter: 2)
    #expect(threaded.2 == Failed() && inline.2 == Failed())
    #expect(threaded.0 == inline.0)
    #expect(threaded.0.pointsIn == 1_100, "the held fixes and two batches")
  }
}
