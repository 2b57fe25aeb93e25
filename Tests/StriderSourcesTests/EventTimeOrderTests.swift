import StriderCore
import StriderSimulator
import Testing

@testable import StriderSources

/// Events never go backwards in time: cues, pauses, resumes, splits, signal lost and
/// regained and the verdict tallies come out in the order of the times they carry, whatever
/// faults the receiver has (a clock an hour ahead, late fixes, no-fix records, gaps).
@Suite struct EventTimeOrderTests {
  /// The times the headless printer shows, in the order the runner gave the events.
  static func times(_ events: [RunnerEvent]) -> [(String, GNSSTime)] {
    events.compactMap { event -> (String, GNSSTime)? in
      switch event {
      case .verdicts(let time, _, _): return time.map { ("verdicts", $0) }
      case .session(.cue(let cue)): return ("cue \(cue.trigger.rawValue)", cue.time)
      case .session(.paused(let at, _)): return ("pause", at)
      case .session(.resumed(let at)): return ("resume", at)
      case .session(.signalLost(let at)): return ("signal_lost", at)
      case .session(.signalRegained(let at)): return ("signal_regained", at)
      case .session(.split(let split)): return ("split", split.endTime)
      case .session(.started(let point)): return point.time.map { ("start", $0) }
      default: return nil
      }
    }
  }

  /// The first event earlier than one before it, described, or nil.
  static func firstBackwards(_ events: [RunnerEvent]) -> String? {
    var newest: (String, GNSSTime)?
    for (name, time) in times(events) {
      if let n = newest, time < n.1 {
        return "\(name) \(time.iso8601) after \(n.0) \(n.1.iso8601)"
      }
      if newest.map({ time >= $0.1 }) ?? true { newest = (name, time) }
    }
    return nil
  }

  static func demo(_ configuration: SimulationConfiguration) -> [RunnerEvent] {
    var source = SimulatorSource(
      configuration: configuration, speed: .asFastAsPossible, clock: ManualClock())
    return SessionRunnerTests.runToEnd(
      &source, SessionConfiguration(activity: configuration.activity)
    ).events
  }

  static let demoRuns: [(Activity, UInt64)] = [Activity.run, .walk, .ride].flatMap { a in
    (1...6).map { (a, UInt64($0)) }
  }

  @Test(arguments: demoRuns)
  func demoEventsWithEveryFaultNeverGoBackwards(activity: Activity, seed: UInt64) {
    let events = Self.demo(SimulationConfiguration(activity: activity, seed: seed, faults: .all))
    #expect(Self.firstBackwards(events) == nil, "\(activity) seed \(seed)")
    #expect(events.contains { if case .verdicts = $0 { true } else { false } })
  }

  /// Every kind of fault eight times, 10 s apart at the least: faults meet each other.
  @Test(arguments: [UInt64(1), 2, 3, 4])
  func denseFaultsNeverMakeEventsGoBackwards(seed: UInt64) {
    let faults = FaultConfiguration(
      perSession: Dictionary(
        uniqueKeysWithValues: SimulatedFault.Kind.allCases.map { ($0, 8) }),
      minimumSpacing: Seconds(10))
    let events = Self.demo(SimulationConfiguration(activity: .run, seed: seed, faults: faults))
    #expect(Self.firstBackwards(events) == nil, "seed \(seed)")
  }

  /// What `strider demo --headless` printed before: the clock-jump fault's time (an hour
  /// ahead) stamped the tallies, and its rejection announced a signal loss.
  @Test func aClockAnHourAheadStampsNothing() {
    let fixes = Self.straight(0..<200)
    var jumped = fixes
    jumped[100].time = fixes[100].time.map { $0 + Seconds(3600) }
    let events = Self.run(jumped)
    #expect(Self.firstBackwards(events) == nil)
    #expect(!events.contains { if case .session(.signalLost) = $0 { true } else { false } })
  }

  /// No-fix records after the last good fix announce the loss while it lasts, but only once
  /// the good fixes held in the reorder window are judged; a late fix from before is
  /// `out_of_order`, not a step back in time.
  @Test func noFixRecordsAnnounceALossOnlyAfterTheHeldFixes() throws {
    var stream = Self.straight(0..<60)
    let start = try #require(stream.first?.time)
    for s in 60..<90 {
      stream.append(
        Fix(
          time: start + Seconds(Double(s)), coordinate: nil, mode: .noFix,
          origin: FixOrigin(index: 1000 + s)))
      if s == 75 {
        var late = Self.straight(58..<59)[0]
        late.origin = FixOrigin(index: 2000)
        stream.append(late)
      }
    }
    stream += Self.straight(90..<150)
    let events = Self.run(stream)
    #expect(Self.firstBackwards(events) == nil)
    let lost = events.firstIndex { if case .session(.signalLost) = $0 { true } else { false } }
    let regained = events.firstIndex {
      if case .session(.signalRegained) = $0 { true } else { false }
    }
    let lostIndex = try #require(lost)
    let regainedIndex = try #require(regained)
    #expect(lostIndex < regainedIndex)
    #expect(events[lostIndex] == .session(.signalLost(at: start + Seconds(69))))
    #expect(events[regainedIndex] == .session(.signalRegained(at: start + Seconds(90))))
  }

  /// gpsd going away is said when it goes, not when fixes return: the fixes still held in
  /// the reorder window are judged first (none of them is taken for the signal coming
  /// back), the loss is stamped at the last of them, and the first fix after the reconnect
  /// says it is regained. A silent receiver does the same, once.
  @Test(arguments: [
    SourceStatus.disconnected(reason: "gpsd closed the connection", retryIn: 0.5),
    .silent("/dev/ttyACM0"),
  ])
  func aLostSourceIsAnnouncedWhenItGoes(status: SourceStatus) throws {
    let before = Self.straight(0..<60)
    let start = try #require(before.first?.time)
    var after = Self.straight(90..<150)
    for i in after.indices { after[i].segment = 1 }
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    var events: [RunnerEvent] = []
    for fix in before { events += runner.handle(.fix(fix)) }
    let accepted = runner.engine.pointsAccepted
    let atLoss = runner.handle(.status(status))
    #expect(atLoss.first == .status(status))
    #expect(atLoss.contains(.session(.signalLost(at: start + Seconds(59)))))
    #expect(
      atLoss.contains {
        if case .session(.cue(let cue)) = $0 { cue.text == CueText.signalLost } else { false }
      })
    #expect(runner.engine.pointsAccepted == 60, "the \(60 - accepted) held fixes judged")
    #expect(runner.engine.isSignalLost)
    #expect(runner.handle(.status(status)).isEmpty, "said once")
    events += atLoss
    let reconnect = runner.handle(.status(.connecting("localhost:2947")))
    #expect(reconnect == [.status(.connecting("localhost:2947"))])
    events += reconnect
    for fix in after { events += runner.handle(.fix(fix)) }
    #expect(!runner.engine.isSignalLost)
    events += runner.finish().events
    #expect(Self.firstBackwards(events) == nil)
    let regained = events.compactMap {
      if case .session(.signalRegained(let at)) = $0 { at } else { nil }
    }
    #expect(regained == [start + Seconds(90)])
  }

  /// Before the first fix there is nothing to lose: gpsd not running at the start is only
  /// a status.
  @Test func noLossBeforeTheFirstFix() {
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    let status = SourceStatus.disconnected(reason: "refused", retryIn: 0.5)
    #expect(runner.handle(.status(status)) == [.status(status)])
    #expect(!runner.engine.isSignalLost)
  }

  static func straight(_ seconds: Range<Int>) -> [Fix] {
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 48.2, longitude: 16.37))
    let start = GNSSTime(secondsSince1970: 1_700_000_000)
    return seconds.map { i in
      Fix(
        time: start + Seconds(Double(i)),
        coordinate: plane.unproject(PlanePoint(east: 0, north: 3 * Double(i))),
        horizontalAccuracy: Meters(5), mode: .threeD, origin: FixOrigin(index: i))
    }
  }

  static func run(_ fixes: [Fix]) -> [RunnerEvent] {
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    var events: [RunnerEvent] = []
    for fix in fixes { events += runner.handle(.fix(fix)) }
    return events + runner.finish().events
  }
}
