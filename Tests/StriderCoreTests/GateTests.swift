import Testing

@testable import StriderCore

/// A straight run north at 3 m/s, one fix a second, 5 m accuracy.
func straightRun(
  count: Int, start: GNSSTime = GNSSTime(secondsSince1970: 1_700_000_000),
  origin: Coordinate = Coordinate(latitude: 48.2, longitude: 16.37), speed: Double = 3
) -> [Fix] {
  let plane = LocalTangentPlane(origin: origin)
  return (0..<count).map { i in
    Fix(
      time: start + Seconds(Double(i)),
      coordinate: plane.unproject(PlanePoint(east: 0, north: speed * Double(i))),
      horizontalAccuracy: Meters(5), mode: .threeD, origin: FixOrigin(index: i))
  }
}

func judge(_ fixes: [Fix], _ configuration: GateConfiguration = .defaults(for: .run))
  -> [GateDecision]
{
  var gate = Gate(configuration: configuration)
  var out: [GateDecision] = []
  for f in fixes { out += gate.ingest(f) }
  return out + gate.finish()
}

func verdicts(_ decisions: [GateDecision]) -> [Int: Verdict] {
  Dictionary(uniqueKeysWithValues: decisions.map { ($0.fix.origin.index, $0.verdict) })
}

@Suite struct GateTests {
  @Test func eachCheckHasItsOwnBitInCaseOrder() {
    #expect(MemoryLayout<RejectionReason>.size == 1)
    for (index, reason) in RejectionReason.allCases.enumerated() {
      #expect(reason.bit == UInt32(1) << UInt32(index), "\(reason)")
    }
    var gate = Gate(
      configuration: GateConfiguration(
        maxAccuracy: Meters(10), maxSpeed: MetersPerSecond(12), enabledChecks: [.noFix]))
    var fix = straightRun(count: 1)[0]
    fix.horizontalAccuracy = Meters(500)
    let verdicts = gate.ingest(fix) + gate.finish()
    #expect(verdicts.map(\.judged.verdict) == [.accepted])
  }

  @Test func everyFixGetsExactlyOneVerdictAndCleanRunsPass() {
    let fixes = straightRun(count: 60)
    let decisions = judge(fixes)
    #expect(decisions.count == 60)
    #expect(decisions.allSatisfy { $0.verdict == .accepted })
    #expect(
      decisions.map(\.fix.origin.index) == Array(0..<60), "accepted fixes come out in time order")
  }

  @Test func cachedFixFarAwayAtTheHeadIsStale() {
    var fixes = straightRun(count: 30)
    let cached = Fix(
      time: fixes[0].time.map { $0 - Seconds(3 * 3600) },
      coordinate: Coordinate(latitude: 50.1, longitude: 14.4),  // ~250 km away
      horizontalAccuracy: Meters(12), mode: .threeD, origin: FixOrigin(index: 99))
    fixes.insert(cached, at: 0)
    let v = verdicts(judge(fixes))
    #expect(v[99] == .rejected(.stale))
    #expect((0..<30).allSatisfy { v[$0] == .accepted }, "the real run is untouched")
  }

  /// The filter lab's `S` puts a cached fix in mid-session: older than the session's first
  /// fix it is `stale` (it was `out_of_order`, the lab's stale row never counted); a fix
  /// late by less than the session's age is still `out_of_order`.
  @Test func aCachedFixMidSessionIsStaleAndALateOneOutOfOrder() {
    var fixes = straightRun(count: 200)
    let start = fixes[0].time
    for j in 0..<2 {
      fixes.insert(
        Fix(
          time: start.map { $0 - Seconds(5 * 3600 - Double(j)) },
          coordinate: Coordinate(latitude: 50.1, longitude: 14.4),
          horizontalAccuracy: Meters(20), mode: .threeD, origin: FixOrigin(index: 900 + j)),
        at: 100 + j)
    }
    var late = fixes[50]
    late.origin = FixOrigin(index: 950)
    fixes.insert(late, at: 160)
    late.time = fixes[0].time.map { $0 + Seconds(0.5) }
    late.origin = FixOrigin(index: 951)
    fixes.insert(late, at: 170)
    let v = verdicts(judge(fixes))
    #expect(
      v[900] == .rejected(.stale) && v[901] == .rejected(.stale),
      "\(String(describing: v[900])) \(String(describing: v[901]))")
    #expect(v[950] == .rejected(.outOfOrder) && v[951] == .rejected(.outOfOrder))
    #expect((0..<200).allSatisfy { v[$0] == .accepted })
  }

  @Test func fixBeforeAKnownSessionStartIsStale() {
    var config = GateConfiguration.defaults(for: .run)
    let fixes = straightRun(count: 10)
    config.sessionStart = fixes[3].time
    let v = verdicts(judge(fixes, config))
    #expect((0..<3).allSatisfy { v[$0] == .rejected(.stale) })
    #expect((3..<10).allSatisfy { v[$0] == .accepted })
  }

  @Test(arguments: [
    (FixMode.twoD, PositionProvider.gnss, 450.0, RejectionReason.nonGNSS),
    (.threeD, .network, 30.0, .nonGNSS),
    (.twoD, .gnss, 60.0, .lowAccuracy),
    (.threeD, .gnss, 80.0, .lowAccuracy),
  ])
  func coarseFixesAreRejected(
    mode: FixMode, provider: PositionProvider, accuracy: Double, reason: RejectionReason
  ) {
    var fixes = straightRun(count: 20)
    fixes[10].mode = mode
    fixes[10].provider = provider
    fixes[10].horizontalAccuracy = Meters(accuracy)
    let v = verdicts(judge(fixes))
    #expect(v[10] == .rejected(reason))
    #expect(v.values.filter { $0 == .accepted }.count == 19)
  }

  @Test func aGoodTwoDimensionalFixIsAccepted() {
    var fixes = straightRun(count: 10)
    fixes[5].mode = .twoD
    #expect(verdicts(judge(fixes))[5] == .accepted)
  }

  @Test(arguments: [0, 1, 15, 39])
  func singlePointThrownKilometresAwayIsImplausible(index: Int) {
    var fixes = straightRun(count: 40)
    let plane = LocalTangentPlane(origin: fixes[index].coordinate!)
    fixes[index].coordinate = plane.unproject(PlanePoint(east: 2500, north: -1800))
    let v = verdicts(judge(fixes))
    #expect(v[index] == .rejected(.implausibleSpeed))
    #expect(v.values.filter { $0 == .accepted }.count == 39)
  }

  @Test func aFixAFewSecondsLateIsPutBackInOrder() {
    var fixes = straightRun(count: 30)
    let late = fixes.remove(at: 10)
    fixes.insert(late, at: 13)  // arrives 3 s late
    let decisions = judge(fixes)
    #expect(decisions.allSatisfy { $0.verdict == .accepted })
    let accepted = decisions.filter { $0.verdict == .accepted }.map(\.fix.origin.index)
    #expect(accepted == Array(0..<30), "the late fix takes its place in time")
  }

  @Test func aFixFarTooLateIsOutOfOrder() {
    var fixes = straightRun(count: 40)
    let late = fixes.remove(at: 5)
    fixes.insert(late, at: 25)  // 20 s late
    let v = verdicts(judge(fixes))
    #expect(v[5] == .rejected(.outOfOrder))
    #expect(v.values.filter { $0 == .accepted }.count == 39)
  }

  @Test func exactDuplicatesAreRejected() {
    var fixes = straightRun(count: 20)
    for k in 0..<5 {
      var copy = fixes[8]
      copy.origin = FixOrigin(index: 100 + k)
      fixes.insert(copy, at: 9)
    }
    let v = verdicts(judge(fixes))
    #expect((100..<105).allSatisfy { v[$0] == .rejected(.duplicate) })
    #expect(v[8] == .accepted)
  }

  @Test func missingOrNegativeAccuracyIsInvalid() {
    var fixes = straightRun(count: 20)
    fixes[6].horizontalAccuracy = nil
    fixes[7].horizontalAccuracy = Meters(-1)
    fixes[8].horizontalAccuracy = Meters(.nan)
    let v = verdicts(judge(fixes))
    #expect(v[6] == .rejected(.invalidAccuracy))
    #expect(v[7] == .rejected(.invalidAccuracy))
    #expect(v[8] == .rejected(.invalidAccuracy))
  }

  @Test func fixesWithoutAnyAccuracyAreFineWhenTheSourceNeverGivesOne() {
    var fixes = straightRun(count: 20)
    for i in fixes.indices { fixes[i].horizontalAccuracy = nil }
    #expect(judge(fixes).allSatisfy { $0.verdict == .accepted })
  }

  @Test func noFixRecordsAreRejected() {
    var fixes = straightRun(count: 20)
    fixes[4].mode = .noFix
    fixes[5].coordinate = nil
    fixes[6].coordinate = Coordinate(latitude: 200, longitude: 0)
    let v = verdicts(judge(fixes))
    #expect(v[4] == .rejected(.noFix) && v[5] == .rejected(.noFix) && v[6] == .rejected(.noFix))
  }

  @Test func theGateReanchorsWhenTheUserReallyIsElsewhere() {
    // Thirty fixes here, then the receiver reappears 3 km away after 60 s and stays there.
    let first = straightRun(count: 30)
    let later = straightRun(
      count: 30, start: first[29].time! + Seconds(60),
      origin: Coordinate(latitude: 48.23, longitude: 16.40)
    ).map { f -> Fix in
      var f = f
      f.origin.index += 30
      return f
    }
    let decisions = judge(first + later)
    #expect(
      decisions.filter { $0.verdict == .accepted }.count == 60, "nothing lost after a real move")
    #expect(
      decisions.first { $0.fix.origin.index == 30 }?.breaksTrack == true,
      "no line is drawn across the move")
  }

  @Test func aClockThatJumpsForAMomentIsRejected() {
    var fixes = straightRun(count: 30)
    fixes[12].time = fixes[12].time! + Seconds(86_400)
    let v = verdicts(judge(fixes))
    #expect(v[12] == .rejected(.outOfOrder))
    #expect(v.values.filter { $0 == .accepted }.count == 29)
  }

  /// Two jumps in a row, the second beyond the first (2100, then 9999): the second is no
  /// stream carrying on from the first, so neither dates the session.
  @Test func twoClockJumpsInARowAreBothRejected() {
    var fixes = straightRun(count: 30)
    fixes[12].time = fixes[12].time! + Seconds(76 * 365 * 86_400)
    fixes[13].time = fixes[13].time! + Seconds(7_975 * 365 * 86_400)
    let v = verdicts(judge(fixes))
    #expect(v[12] == .rejected(.outOfOrder))
    #expect(v[13] == .rejected(.outOfOrder))
    #expect(v.values.filter { $0 == .accepted }.count == 28)
  }

  /// The last fix of a stream a clock jump ahead (a FIT file's last record dated 2085): no
  /// fix carries on from it, so it is rejected as one in the middle is, and the session
  /// does not last 64 years.
  @Test func aClockJumpOnTheLastFixIsRejected() {
    var fixes = straightRun(count: 30)
    fixes[29].time = fixes[29].time! + Seconds(64 * 365 * 86_400)
    let v = verdicts(judge(fixes))
    #expect(v[29] == .rejected(.outOfOrder))
    #expect(v.values.filter { $0 == .accepted }.count == 29)
    // A last point minutes after a pause (a hike's GPX, 225 s on) is kept.
    var paused = straightRun(count: 30)
    paused[29].time = paused[29].time! + Seconds(225)
    #expect(judge(paused).allSatisfy { $0.verdict == .accepted })
  }

  @Test func aRealGapIsKept() {
    var fixes = straightRun(count: 30)
    for i in 15..<30 { fixes[i].time = fixes[i].time! + Seconds(300) }
    #expect(judge(fixes).allSatisfy { $0.verdict == .accepted })
  }

  @Test func switchedOffChecksLetFixesThrough() {
    var fixes = straightRun(count: 20)
    fixes[10].horizontalAccuracy = Meters(500)
    var config = GateConfiguration.defaults(for: .run)
    config.enabledChecks.remove(.lowAccuracy)
    #expect(verdicts(judge(fixes, config))[10] == .accepted)
  }
}
