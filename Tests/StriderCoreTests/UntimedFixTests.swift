import Foundation
import Testing

@testable import StriderCore

/// Fixes without a time: `no_time` in a timed stream, a distance without pace in an untimed
/// one, never the start of a live session.
@Suite struct UntimedFixTests {
  static let run = SessionConfiguration(activity: .run)

  static func summary(
    _ fixes: [Fix], _ configuration: SessionConfiguration = run
  ) -> (events: [SessionEvent], summary: SessionSummary) {
    var engine = SessionPipeline(configuration: configuration)
    var events: [SessionEvent] = []
    for fix in fixes { events += engine.ingest(fix) }
    let (tail, summary) = engine.finish()
    return (events + tail, summary)
  }

  /// Every fourth fix of a 10-minute run at 3 m/s without its time.
  static func quarterUntimed() -> [Fix] {
    straightRun(count: 600).map { fix in
      var f = fix
      if f.origin.index % 4 == 3 { f.time = nil }
      return f
    }
  }

  @Test func untimedFixesInATimedStreamAreNoTimeAndAddNothing() {
    let fixes = Self.quarterUntimed()
    let v = verdicts(judge(fixes))
    #expect((0..<600).allSatisfy { v[$0] == ($0 % 4 == 3 ? .rejected(.noTime) : .accepted) })
    let full = Self.summary(straightRun(count: 600)).summary
    let quarter = Self.summary(fixes).summary
    #expect(quarter.rejected[.noTime] == 150)
    #expect(
      abs(quarter.distance.value - full.distance.value) < 0.005 * full.distance.value,
      "distance \(quarter.distance.value) m with a quarter untimed, \(full.distance.value) m timed")
    #expect(
      abs(quarter.moving.value - full.moving.value) <= 1,
      "moving \(quarter.moving.value) s vs \(full.moving.value) s: the untimed gaps still count")
  }

  @Test func untimedFixesBeforeTheFirstTimedOneAreNoTimeAndNeverTheStart() {
    var fixes = straightRun(count: 60)
    for i in 0..<3 { fixes[i].time = nil }
    let v = verdicts(judge(fixes))
    #expect((0..<3).allSatisfy { v[$0] == .rejected(.noTime) })
    #expect((3..<60).allSatisfy { v[$0] == .accepted })
    let (events, summary) = Self.summary(fixes)
    let start = events.compactMap { if case .started(let p) = $0 { p } else { nil } }
    #expect(start.count == 1)
    #expect(start.first?.time == fixes[3].time, "the session starts at the first timed fix")
    #expect(summary.start?.time == fixes[3].time)
  }

  @Test func aStreamWithoutTimesKeepsItsDistanceWithoutPaceCaloriesOrSplits() {
    let fixes = straightRun(count: 600).map { fix in
      var f = fix
      f.time = nil
      return f
    }
    let v = verdicts(judge(fixes))
    #expect(v.values.allSatisfy { $0 == .accepted })
    let summary = Self.summary(fixes).summary
    #expect(abs(summary.distance.value - 1797) < 5, "distance \(summary.distance.value) m")
    #expect(summary.moving == .zero && summary.elapsed == .zero)
    #expect(summary.averagePace == nil)
    #expect(summary.calories.value == 0)
    #expect(summary.splits.isEmpty)
    #expect(summary.cues.isEmpty, "no cue says \"Distance 0 kilometres\"")
  }

  /// A logger whose first 150 points have no time (px-korita.gpx: 8.6 of 14.8 km): their
  /// distance is in the total and said apart, and the pace is the timed part's. It was
  /// the total over the timed part's moving time, 7:42 /km beside splits of 14–24 min.
  @Test func theUntimedPartIsSaidApartAndLeftOutOfThePace() throws {
    let fixes = straightRun(count: 600).map { fix in
      var f = fix
      if f.origin.index < 150 { f.time = nil }
      return f
    }
    let summary = Self.summary(fixes).summary
    let untimed = try #require(summary.untimedDistance)
    #expect(abs(untimed.value - 450) < 5, "untimed \(untimed.value) m")
    let pace = try #require(summary.averagePace)
    #expect(abs(pace - 1000.0 / 3) < 10, "3 m/s is 5:33 /km: \(pace) s/km")
    #expect(
      abs(summary.timedDistance.value - summary.splits.reduce(0) { $0 + $1.distance.value }) < 1)
    let json = JSONValue.object(summary.jsonMembers(live: true)).serialized
    #expect(json.contains("\"untimed_distance_m\":"))
    let timed = Self.summary(straightRun(count: 600)).summary
    #expect(timed.untimedDistance == nil)
    #expect(!JSONValue.object(timed.jsonMembers(live: true)).serialized.contains("untimed"))
  }

  @Test func aShortUntimedStreamIsJudgedAtTheEnd() {
    let fixes = straightRun(count: 10).map { fix in
      var f = fix
      f.time = nil
      return f
    }
    #expect(verdicts(judge(fixes)).values.allSatisfy { $0 == .accepted })
  }

  @Test func liveEveryFixMustHaveATime() {
    var gate = GateConfiguration.defaults(for: .run)
    gate.timeRequirement = .always
    var fixes = straightRun(count: 200)
    for i in [0, 150] { fixes[i].time = nil }
    let v = verdicts(judge(fixes, gate))
    #expect(v[0] == .rejected(.noTime) && v[150] == .rejected(.noTime))
    var configuration = Self.run
    configuration.gate = gate
    let (events, _) = Self.summary(fixes, configuration)
    let start = events.compactMap { if case .started(let p) = $0 { p } else { nil } }
    #expect(start.first?.time == fixes[1].time, "a TPV without time is never the start")
  }

  @Test func switchedOffUntimedFixesAreJudgedByPosition() {
    var gate = GateConfiguration.defaults(for: .run)
    gate.enabledChecks.remove(.noTime)
    let v = verdicts(judge(Self.quarterUntimed(), gate))
    #expect(v.values.allSatisfy { $0 == .accepted })
  }

  @Test func sessionsRecordedBeforeTheSettingDecodeWithoutIt() throws {
    var gate = GateConfiguration.defaults(for: .run)
    gate.timeRequirement = .always
    let encoded = try JSONEncoder().encode(gate)
    var object = try #require(
      try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
    object["timeRequirement"] = nil
    let old = try JSONSerialization.data(withJSONObject: object)
    let decoded = try JSONDecoder().decode(GateConfiguration.self, from: old)
    #expect(decoded.timeRequirement == nil)
  }
}
