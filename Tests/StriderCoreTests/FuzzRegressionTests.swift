import Testing

@testable import StriderCore

/// Crashes the fuzzers found (`Fuzz/run.sh`), each kept as the smallest stream that showed
/// it, and the hostile streams of issue 6 that are too slow to fuzz.
@Suite struct FuzzRegressionTests {
  static func summaryJSON(_ fixes: [Fix], _ configuration: SessionConfiguration) -> String {
    var engine = SessionPipeline(configuration: configuration)
    for fix in fixes { _ = engine.ingest(fix) }
    return JSONValue.object(engine.finish().summary.jsonMembers(live: true)).serialized
  }

  /// Fuzz/engine crash-0061e4dc: a raw-mode session whose first fix carried a time of about
  /// -1e300 s trapped converting it to Int64 milliseconds when the summary printed `start`.
  @Test(arguments: [-1e300, 1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan])
  func anAbsurdFixTimeIsNoTimeAndTheSummaryPrints(seconds: Double) {
    var fixes = straightRun(count: 20)
    fixes[0].time = GNSSTime(secondsSince1970: seconds)
    for configuration in [SessionConfiguration.raw(activity: .run), .init(activity: .run)] {
      let json = Self.summaryJSON(fixes, configuration)
      #expect(json.contains(#""start":{"time":"#), "\(json)")
      #expect(!json.contains("e+"), "no absurd number reaches the summary: \(json)")
    }
  }

  @Test func iso8601IsTotal() {
    #expect(GNSSTime(secondsSince1970: .nan).iso8601 == "nan")
    #expect(GNSSTime(secondsSince1970: .infinity).iso8601 == "inf")
    #expect(GNSSTime(secondsSince1970: -.infinity).iso8601 == "-inf")
    #expect(GNSSTime(secondsSince1970: 1e300).iso8601.hasSuffix("Z"))
    #expect(GNSSTime(secondsSince1970: -1e300).iso8601.hasSuffix("Z"))
    #expect(!GNSSTime(secondsSince1970: 1e300).isRepresentable)
    #expect(GNSSTime(secondsSince1970: 1_714_750_357).isRepresentable)
  }

  /// A receiver stuck on one epoch: a million copies of one fix are one accepted point and
  /// 999 999 duplicates, and the engine keeps nothing per duplicate.
  @Test func aMillionDuplicatesAreOnePoint() {
    let fixes = straightRun(count: 10)
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: .run))
    for fix in fixes.prefix(5) { _ = engine.ingest(fix) }
    for _ in 0..<1_000_000 { _ = engine.ingest(fixes[5]) }
    for fix in fixes.suffix(4) { _ = engine.ingest(fix) }
    let summary = engine.finish().summary
    #expect(summary.pointsIn == 1_000_009)
    #expect(summary.rejected[.duplicate] == 999_999)
    #expect(summary.pointsAccepted == 10)
    #expect(abs(summary.distance.value - 27) < 3, "3 m a second for 9 s: \(summary.distance)")
  }
}
