import StriderCore
import StriderTestSupport
import Testing

@testable import StriderSources

/// One fix a second for `count` seconds, walking north.
func walk(count: Int, gapAfter: Int? = nil, gap: Double = 0) -> [Fix] {
  let plane = LocalTangentPlane(origin: Coordinate(latitude: 46, longitude: 7))
  var time = 1_700_000_000.0
  return (0..<count).map { i in
    if let g = gapAfter, i == g { time += gap }
    defer { time += 1 }
    return Fix(
      time: GNSSTime(secondsSince1970: time),
      coordinate: plane.unproject(PlanePoint(east: 0, north: 1.4 * Double(i))),
      horizontalAccuracy: Meters(4), mode: .threeD, origin: FixOrigin(index: i))
  }
}

/// Polls until the source ends, returning the fixes with the clock time each came out.
func drain<C: PacingClock>(_ source: inout ReplaySource<C>, clock: () -> Double) -> [(
  fix: Fix, at: Double
)] {
  var out: [(Fix, Double)] = []
  var polls = 0
  while polls < 1_000_000 {
    polls += 1
    switch source.poll(timeout: 0.25) {
    case .event(.fix(let f)): out.append((f, clock()))
    case .ended: return out
    default: continue
    }
  }
  return out
}

@Suite struct ReplaySourceTests {
  @Test(arguments: [1.0, 30, 1000])
  func fixesComeOutOnTheFixClockAtTheChosenSpeed(speed: Double) {
    var source = ReplaySource(
      fixes: walk(count: 121), name: "walk", speed: .times(speed), clock: ManualClock())
    var seen: [(fix: Fix, at: Double)] = []
    var polls = 0
    loop: while polls < 100_000 {
      polls += 1
      switch source.poll(timeout: 0.25) {
      case .event(.fix(let f)): seen.append((f, source.clockNow))
      case .ended: break loop
      default: continue
      }
    }
    #expect(seen.count == 121)
    let wall = seen.last!.at - seen.first!.at
    #expect(
      abs(wall - 120 / speed) < 1e-6, "120 s of fixes took \(wall) s of wall time at \(speed)×")
  }

  @Test func asFastAsPossibleNeverWaits() {
    var source = ReplaySource(
      fixes: walk(count: 7200), name: "walk", speed: .asFastAsPossible, clock: ManualClock())
    var count = 0
    while case .event(let e) = source.poll(timeout: 1) {
      if case .fix = e { count += 1 }
    }
    #expect(count == 7200)
    #expect(source.clockNow == 0, "no time passed")
  }

  @Test func longSilencesAreShortenedToAMinute() {
    var source = ReplaySource(
      fixes: walk(count: 20, gapAfter: 10, gap: 86_400 * 900), name: "gap", speed: .times(1),
      clock: ManualClock())
    var last = 0.0
    while true {
      let poll = source.poll(timeout: 10)
      if poll == .ended { break }
      last = source.clockNow
    }
    #expect(abs(last - (19 + 59)) < 1e-6, "a 900-day silence replays as one minute: \(last)")
  }

  @Test func pauseHoldsAndResumeContinues() {
    var source = ReplaySource(
      fixes: walk(count: 10), name: "w", speed: .times(1), clock: ManualClock())
    _ = source.poll(timeout: 0.1)  // the first fix is due at once
    source.setPaused(true)
    for _ in 0..<100 { #expect(source.poll(timeout: 1) == .idle) }
    source.setPaused(false)
    var fixes = 0
    while source.poll(timeout: 1) != .ended { fixes += 1 }
    #expect(fixes == 9 + 1, "the remaining nine fixes and the finished status")
  }

  @Test func seekingBackRestartsAndCatchesUp() {
    var source = ReplaySource(
      fixes: walk(count: 100), name: "w", speed: .times(1), clock: ManualClock())
    source.deliver(60)
    source.seek(by: -30)
    #expect(source.poll(timeout: 1) == .event(.restart))
    let caughtUp = source.catchUp()
    // Everything up to the new position (30 s) arrives at once; pacing then resumes from there,
    // so the next fix is also due immediately.
    #expect(
      caughtUp >= 30 && caughtUp <= 32, "fixes up to the new position arrive at once: \(caughtUp)")
    #expect(abs(source.progress.position - 30) <= 2)
    source.seek(by: 20)
    #expect(source.progress.position >= 29)
  }

  /// Arrows read together (key repeat, a paste, a busy terminal) each move 30 s on from
  /// where the one before went.
  @Test func seeksReadTogetherAddUp() {
    var source = ReplaySource(
      fixes: walk(count: 600), name: "w", speed: .times(1), clock: ManualClock())
    source.deliver(400)
    source.seek(by: -30)
    source.seek(by: -30)
    #expect(source.poll(timeout: 1) == .event(.restart))
    source.catchUp()
    let back = source.progress.position
    #expect(abs(back - 339) <= 3, "two back from 399: \(back)")
    for _ in 0..<6 { source.seek(by: 30) }
    source.catchUp()
    let on = source.progress.position - back
    #expect(on >= 180 && on <= 184, "six on: \(on) s")
    // Back and on again before anything moved is where it was: no restart.
    let position = source.progress.position
    source.seek(by: -30)
    source.seek(by: 30)
    #expect(source.poll(timeout: 1) != .event(.restart))
    #expect(source.progress.position >= position)
  }

  /// The progress bar runs on the session's clock (issue 50: `Time 2:07:50` beside a bar at
  /// `1:13:47`): a ten-minute silence the schedule shortens to a minute counts in full
  /// there, a lone fix stamped an hour ahead and one a day back count nothing.
  @Test func theProgressBarRunsOnTheFixClock() throws {
    var fixes = walk(count: 300, gapAfter: 100, gap: 600)
    let start = try #require(fixes[0].time)
    fixes[200].time = fixes[200].time.map { $0 + Seconds(3600) }
    fixes[250].time = fixes[250].time.map { $0 - Seconds(86_400) }
    var source = ReplaySource(fixes: fixes, name: "w", speed: .times(1), clock: ManualClock())
    let span = try #require(fixes[299].time) - start
    #expect(source.clockProgress.total == span.value, "the fix clock's span: \(span)")
    #expect(source.progress.total < span.value - 400, "the schedule shortens the silence")
    source.deliver(150)
    #expect(source.clockProgress.position == (try #require(fixes[149].time) - start).value)
    source.deliver(60)
    #expect(source.clockProgress.position == (try #require(fixes[209].time) - start).value)
    source.deliver(90)
    #expect(source.clockProgress.position == span.value)
  }

  @Test func speedChangesTakeEffectFromNow() {
    var source = ReplaySource(
      fixes: walk(count: 61), name: "w", speed: .times(1), clock: ManualClock())
    var n = 0
    while n < 31 {
      if case .event(.fix) = source.poll(timeout: 1) { n += 1 }
    }
    let t0 = source.clockNow
    source.setSpeed(.times(10))
    while source.poll(timeout: 1) != .event(.status(.finished)) {}
    #expect(abs(source.clockNow - t0 - 3) < 1e-6, "30 s at 10× take 3 s")
    #expect(ReplaySpeed.times(30).faster == .times(100))
    #expect(ReplaySpeed.times(1000).faster == .asFastAsPossible)
    #expect(ReplaySpeed(argument: "max") == .asFastAsPossible)
    #expect(ReplaySpeed(argument: "30x") == .times(30))
    #expect(ReplaySpeed(argument: "-2") == nil)
  }
}

extension ReplaySource where Clock == ManualClock {
  var clockNow: Double { clockForTests.now() }

  /// Polls until `count` fixes have come out on the fix clock.
  mutating func deliver(_ count: Int) {
    var delivered = 0
    while delivered < count {
      if case .event(.fix) = poll(timeout: 1) { delivered += 1 }
    }
  }

  /// The fixes a seek delivers at once, before the clock moves again.
  @discardableResult
  mutating func catchUp() -> Int {
    var caughtUp = 0
    let before = clockNow
    while clockNow == before, case .event(.fix) = poll(timeout: 1) { caughtUp += 1 }
    return caughtUp
  }
}
