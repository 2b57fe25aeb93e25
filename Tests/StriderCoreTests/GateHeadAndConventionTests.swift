import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

/// The gate's decisions do not depend on how a file writes accuracy, and a burst of
/// far-off fixes at the session's head never becomes its start (issue 48).
@Suite struct GateHeadAndConventionTests {
  /// A run with 2-4 m of jitter, a worse fix every seventh (three times the usual figure),
  /// and outliers from 15 to 300 m off that the plausibility check must weigh against
  /// their accuracy.
  static func jitteryRun(count: Int, accuracyScale: Double?) -> [Fix] {
    var random = SeededRandom(seed: 7)
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 48.2, longitude: 16.37))
    let outliers: [Int: Double] = [40: 15, 80: 30, 120: 45, 160: 80, 200: 300, 240: 60]
    return (0..<count).map { i in
      var east = random.gaussian() * 3
      var north = 3 * Double(i) + random.gaussian() * 3
      let worse = i % 7 == 0
      if let off = outliers[i] {
        east += off
        north += off / 2
      }
      let accuracy = accuracyScale.map { Meters((worse ? 15 : 5) * $0) }
      return Fix(
        time: GNSSTime(secondsSince1970: 1_700_000_000 + Double(i)),
        coordinate: plane.unproject(PlanePoint(east: east, north: north)),
        horizontalAccuracy: accuracy, mode: .threeD, origin: FixOrigin(index: i))
    }
  }

  @Test(arguments: [1.0, 3.8, 5.0 / 19, 0.2, 20])
  func theSameFixesGetTheSameDecisionsWhateverTheAccuracyConvention(scale: Double) {
    let reference = judge(Self.jitteryRun(count: 300, accuracyScale: 1)).map(\.verdict)
    let scaled = judge(Self.jitteryRun(count: 300, accuracyScale: scale)).map(\.verdict)
    #expect(scaled == reference)
    #expect(reference.contains(.rejected(.implausibleSpeed)), "the outliers are weighed")
  }

  @Test func aReceiverThatReportsOneAccuracyIsJudgedAsOneThatReportsNone() {
    var constant = straightRun(count: 200)
    for i in [50, 100, 150] {
      let plane = LocalTangentPlane(origin: constant[i].coordinate!)
      constant[i].coordinate = plane.unproject(PlanePoint(east: 40, north: 0))
    }
    let none = constant.map {
      var fix = $0
      fix.horizontalAccuracy = nil
      return fix
    }
    var coarse = constant
    for i in coarse.indices { coarse[i].horizontalAccuracy = Meters(60) }
    let reference = judge(none).map(\.verdict)
    #expect(judge(constant).map(\.verdict) == reference)
    #expect(judge(coarse).map(\.verdict) == reference)
  }

  /// Twelve network fixes 800 m off, 30 m accuracy and 15 m of jitter, before a clean run.
  static func burstThenRun(burst: Int = 12, run: Int = 180) -> (burst: [Fix], run: [Fix]) {
    var random = SeededRandom(seed: 3)
    let start = GNSSTime(secondsSince1970: 1_700_000_000)
    let origin = Coordinate(latitude: 48.2, longitude: 16.37)
    let plane = LocalTangentPlane(origin: origin)
    let head = (0..<burst).map { i in
      Fix(
        time: start + Seconds(Double(i)),
        coordinate: plane.unproject(
          PlanePoint(east: 560 + random.gaussian() * 15, north: -570 + random.gaussian() * 15)),
        horizontalAccuracy: Meters(30), mode: .threeD, origin: FixOrigin(index: 1000 + i))
    }
    let track = straightRun(count: run, start: start + Seconds(Double(burst)), origin: origin)
    return (head, track)
  }

  @Test func aBurstOfFarOffFixesAtTheHeadIsDroppedOnceTheSessionMovesOn() {
    let (burst, run) = Self.burstThenRun()
    let decisions = judge(burst + run)
    let v = verdicts(decisions)
    let dropping = decisions.filter { $0.dropsHead }.map { $0.fix.origin.index }
    #expect(dropping == [0])
    #expect((0..<run.count).allSatisfy { v[$0] == .accepted }, "the real run is all kept")
  }

  @Test(arguments: [true, false])
  func theEngineStartsAgainWhereTheRealSessionBegins(followsLive: Bool) {
    let (burst, run) = Self.burstThenRun()
    func summary(_ fixes: [Fix]) -> SessionSummary {
      var engine = SessionPipeline(
        configuration: SessionConfiguration(activity: .run),
        options: SessionPipeline.Options(followsLive: followsLive))
      for fix in fixes { _ = engine.ingest(fix) }
      return engine.finish().summary
    }
    let clean = summary(run)
    let withBurst = summary(burst + run)
    #expect(withBurst.distance == clean.distance)
    #expect(withBurst.moving == clean.moving)
    #expect(withBurst.elapsed == clean.elapsed)
    #expect(withBurst.start == clean.start)
    #expect(withBurst.pointsAccepted == run.count)
    #expect(withBurst.rejected[.implausibleSpeed] == burst.count)
    #expect(withBurst.pointsIn == burst.count + run.count)
  }

  @Test func aMoveElsewhereAfterTheHeadsProbationKeepsTheHead() {
    let run = straightRun(count: 120)
    var moved = run
    for i in 60..<120 {
      let plane = LocalTangentPlane(origin: run[i].coordinate!)
      moved[i].coordinate = plane.unproject(PlanePoint(east: 900, north: 0))
    }
    let decisions = judge(moved)
    let dropped = decisions.filter { $0.dropsHead }
    let headKept = decisions.filter { $0.fix.origin.index < 60 }.allSatisfy {
      $0.verdict == .accepted
    }
    let movedOn = decisions.contains { $0.breaksTrack && $0.fix.origin.index == 60 }
    #expect(dropped.isEmpty)
    #expect(headKept)
    #expect(movedOn)
  }

  /// Issue 49: one bad clock reading on the first fix (a year of 2100 or 1970) neither
  /// dates the session nor puts the fixes after it out of order.
  static let badFirstTimes: [(Double, RejectionReason)] = [
    (2_396_736_000, .outOfOrder), (-1_702_944_000, .stale), (172_800, .outOfOrder),
    (-172_800, .stale),
  ]

  @Test(arguments: badFirstTimes)
  func aFirstTimeFarFromTheRestIsRejected(offset: Double, reason: RejectionReason) {
    var fixes = straightRun(count: 120)
    fixes[0].time = fixes[0].time.map { $0 + Seconds(offset) }
    let v = verdicts(judge(fixes))
    #expect(v[0] == .rejected(reason))
    #expect((1..<120).allSatisfy { v[$0] == .accepted }, "the rest of the session is kept")
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: .run))
    for fix in fixes { _ = engine.ingest(fix) }
    let summary = engine.finish().summary
    #expect(summary.start?.time == fixes[1].time)
    #expect(summary.elapsed == Seconds(118))
  }

  @Test func aFirstTimeThatTheNextAgreesWithIsKept() {
    var fixes = straightRun(count: 30)
    // A logger paused for twelve minutes after its first fix (px-korita.gpx).
    for i in 1..<30 { fixes[i].time = fixes[i].time.map { $0 + Seconds(720) } }
    let v = verdicts(judge(fixes))
    #expect((0..<30).allSatisfy { v[$0] == .accepted })
    #expect(verdicts(judge(Array(fixes.prefix(1)))) == [0: .accepted], "a lone fix stands")
  }

  /// A precise receiver (0.5 m as usual) with one poorer fix (30 m, within the absolute
  /// limit): the poorer fix's margin is bounded, so a jump of 300 m from it is no step.
  @Test func aPoorerFixOfAPreciseReceiverDoesNotWidenTheMarginWithoutBound() {
    var fixes = straightRun(count: 60)
    for i in fixes.indices { fixes[i].horizontalAccuracy = Meters(0.5) }
    fixes[30].horizontalAccuracy = Meters(30)
    let plane = LocalTangentPlane(origin: fixes[31].coordinate!)
    fixes[31].coordinate = plane.unproject(PlanePoint(east: 300, north: 0))
    let v = verdicts(judge(fixes))
    #expect(v[31] == .rejected(.implausibleSpeed))
    #expect(v[30] == .accepted)
  }
}
