import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

@Suite struct AutoPauseTests {
  /// Runs 60 s at 3 m/s, stands 40 s at a traffic light, runs 60 s more. The GPS error is
  /// a Gauss–Markov drift of `jitter` metres with a 60 s correlation time (it keeps
  /// wandering while the runner stands) plus 0.5 m of white noise.
  static func trafficLight(jitter: Double = 3, seed: UInt64 = 3) -> [Fix] {
    var rng = SeededRandom(seed: seed)
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 52.52, longitude: 13.40))
    var fixes: [Fix] = []
    var east = 0.0
    var driftE = 0.0
    var driftN = 0.0
    for i in 0..<160 {
      let moving = i < 60 || i >= 100
      if moving && i > 0 { east += 3 }
      let phi = 0.983
      let step = jitter * (1 - phi * phi).squareRoot()
      driftE = phi * driftE + step * rng.gaussian()
      driftN = phi * driftN + step * rng.gaussian()
      let p = PlanePoint(
        east: east + driftE + 0.5 * rng.gaussian(), north: driftN + 0.5 * rng.gaussian())
      fixes.append(
        Fix(
          time: GNSSTime(secondsSince1970: 1_710_000_000 + Double(i)),
          coordinate: plane.unproject(p), horizontalAccuracy: Meters(5), mode: .threeD,
          origin: FixOrigin(index: i)))
    }
    return fixes
  }

  @Test func standingAtATrafficLightPausesAndAddsNoDistance() throws {
    let fixes = Self.trafficLight()
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: .run))
    var events: [SessionEvent] = []
    for f in fixes { events += engine.ingest(f) }
    let (tail, summary) = engine.finish()
    events += tail
    let pauses = events.filter { if case .paused = $0 { true } else { false } }
    let resumes = events.filter { if case .resumed = $0 { true } else { false } }
    #expect(pauses.count == 1 && resumes.count == 1, "one stop, one restart")
    #expect(
      abs(summary.distance.value - 357) < 12, "distance \(summary.distance.value) m of 357 m run")
    #expect(abs(summary.moving.value - 120) < 6, "moving \(summary.moving.value) s of 120 s")
    #expect(summary.elapsed.value == 159)
    let stop = try #require(summary.pauses.first)
    // This stop begins and ends instantly; the smoothed speed takes a few seconds to settle.
    #expect(abs(stop.duration.value - 40) <= 8, "the stop lasted \(stop.duration.value) s")
    #expect(
      summary.cues.contains { $0.trigger == .pause }
        && summary.cues.contains { $0.trigger == .resume })
  }

  @Test func switchedOffItNeverPauses() {
    var configuration = SessionConfiguration(activity: .run)
    configuration.autoPause.enabled = false
    var engine = SessionPipeline(configuration: configuration)
    var events: [SessionEvent] = []
    for f in Self.trafficLight() { events += engine.ingest(f) }
    let summary = engine.finish().summary
    #expect(!events.contains { if case .paused = $0 { true } else { false } })
    #expect(summary.pauses.isEmpty)
    #expect(summary.moving.value > 150)
  }

  @Test func aSlowWalkIsNotAStop() {
    var auto = AutoPause(configuration: .defaults(for: .walk))
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 0, longitude: 0))
    for i in 0..<120 {
      let t = auto.observe(
        time: GNSSTime(secondsSince1970: Double(i)),
        coordinate: plane.unproject(PlanePoint(east: 1.0 * Double(i), north: 0)))
      #expect(t == nil, "a 1 m/s walk paused at \(i) s")
    }
  }

  /// A run's region (6 m for 5 s) holds a 0.9 m/s climb seen every 5 s; the filtered speed
  /// says it moves, so it never pauses, while the same positions with no speed, or standing
  /// with a speed of zero, do pause.
  @Test(arguments: [(0.9, false), (nil, true), (0.0, true)] as [(Double?, Bool)])
  func aFilteredSpeedAboveAStandstillNeverPauses(speed: Double?, pauses: Bool) {
    var auto = AutoPause(configuration: .defaults(for: .run))
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 57.38, longitude: -4.43))
    var paused = false
    for i in 0..<60 {
      let second = 5.0 * Double(i)
      let east = (speed ?? 0.9) == 0 ? 0.3 * Double(i % 2) : 0.9 * second
      let t = auto.observe(
        time: GNSSTime(secondsSince1970: 1_360_152_674 + second),
        coordinate: plane.unproject(PlanePoint(east: east, north: 0)), speed: speed)
      if case .paused = t { paused = true }
    }
    #expect(paused == pauses, "speed \(String(describing: speed)): paused \(paused)")
  }

  /// A car creeping in a queue is stopped: the region alone decides for a drive.
  @Test func aCarCreepingInAQueueStillPauses() {
    #expect(AutoPauseConfiguration.defaults(for: .drive).movingSpeed == nil)
    var auto = AutoPause(configuration: .defaults(for: .drive))
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 48.2, longitude: 16.37))
    var paused = false
    for i in 0..<30 {
      let t = auto.observe(
        time: GNSSTime(secondsSince1970: 1_700_000_000 + Double(i)),
        coordinate: plane.unproject(PlanePoint(east: 1.0 * Double(i), north: 0)), speed: 1.0)
      if case .paused = t { paused = true }
    }
    #expect(paused, "a 1 m/s creep in a car pauses")
  }

  /// A configuration stored before `movingSpeed` existed decodes to nil, so a stored
  /// session replays with the figures it was recorded with.
  @Test func aStoredConfigurationWithoutMovingSpeedDecodesToNil() throws {
    let json = """
      {"enabled":true,"radius":6,"window":5,"resumeDistance":3,"resumeWindow":3}
      """
    let decoded = try JSONDecoder().decode(AutoPauseConfiguration.self, from: Data(json.utf8))
    #expect(decoded.movingSpeed == nil)
    #expect(decoded.radius == Meters(6))
  }

  /// Ten fixes a second for minutes: the history is dropped in bulk and the state machine
  /// still sees the stop, the restart and the second stop.
  @Test func tenHertzPositionsPauseAndResumeAsOneHertzDo() {
    var auto = AutoPause(configuration: .defaults(for: .run))
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 60, longitude: 25))
    var transitions: [AutoPauseTransition] = []
    var east = 0.0
    for i in 0..<(10 * 600) {
      let second = Double(i) / 10
      let moving = second >= 200 && second < 400
      if moving { east += 0.3 }  // 3 m/s
      let t = auto.observe(
        time: GNSSTime(secondsSince1970: 1_700_000_000 + second),
        coordinate: plane.unproject(PlanePoint(east: east, north: 0)))
      if let t { transitions.append(t) }
    }
    guard transitions.count == 3, case .paused = transitions[0],
      case .resumed(let at, _) = transitions[1],
      case .paused(_, let since) = transitions[2]
    else {
      Issue.record("expected pause, resume, pause; got \(transitions)")
      return
    }
    #expect(abs(at.secondsSince1970 - 1_700_000_200) < 3, "resumed within seconds of starting")
    // The stop region is entered one radius (6 m, 2 s at 3 m/s) before standing still.
    let entered = since.secondsSince1970 - 1_700_000_400
    #expect(entered >= -2.5 && entered <= 0, "the second stop's region was entered at \(entered) s")
  }

  /// A walker stands for 90 s while the receiver's error carries the position out of the
  /// 5 m region at 0.2 m/s, 18 m in all, then walks on: the stop lasts until they walk, not
  /// only until the position left the region. A session stored before the wander was
  /// looked for (`wanderRadius` nil) keeps the stop it was recorded with.
  @Test(arguments: [true, false])
  func aWanderOutOfTheRegionDoesNotEndTheStop(looksForWander: Bool) {
    var configuration = AutoPauseConfiguration.defaults(for: .walk)
    if !looksForWander { configuration.wanderRadius = nil }
    var auto = AutoPause(configuration: configuration)
    // A receiver whose error wanders 18 m is learnt to: its region is searched too.
    auto.searchWander(
      AutoPauseConfiguration(radius: Meters(10), window: Seconds(20), resumeDistance: Meters(2)))
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 51.5, longitude: -0.12))
    let start = 1_700_000_000.0
    var transitions: [AutoPauseTransition] = []
    for i in 0..<200 {
      let t = Double(i)
      let east = i < 60 ? 0 : i < 150 ? 0.2 * (t - 60) : 18 + 1.3 * (t - 150)
      let speed = i < 60 ? 0.05 : i < 150 ? 0.2 : 1.3
      if let transition = auto.observe(
        time: GNSSTime(secondsSince1970: start + t),
        coordinate: plane.unproject(PlanePoint(east: east, north: 0)), speed: speed)
      {
        transitions.append(transition)
      }
    }
    guard transitions.count == 2, case .paused = transitions[0],
      case .resumed(let at, let departed) = transitions[1]
    else {
      Issue.record("expected one pause and one resume; got \(transitions)")
      return
    }
    #expect(abs(at.secondsSince1970 - (start + 151)) < 3, "resumed at \(at)")
    let left = departed.secondsSince1970 - start
    if looksForWander {
      #expect(left >= 148 && left <= 151, "the stop ended at \(left) s")
    } else {
      // The position left the region 25 s into the wander.
      #expect(left < 95, "a stored session's stop ended at \(left) s")
    }
  }

  /// A rider stands 10 s, then walks beside the bike at 0.85 m/s for half an hour, a fix
  /// every 60 s, 50 m apart (a smart-recording watch): slower than a ride's resume speed,
  /// but no wander of the error takes a position 50 m from the stop. The walk ends the stop
  /// at its first fix; a session stored before (`resumesBeyondWander` nil) stays paused
  /// throughout, as the shared triathlon's 33-minute swim, followed as a ride, was.
  @Test(arguments: [true, false])
  func aSlowWalkFarFromTheStopEndsIt(resumesBeyondWander: Bool) {
    var configuration = AutoPauseConfiguration.defaults(for: .ride)
    if !resumesBeyondWander { configuration.resumesBeyondWander = nil }
    var auto = AutoPause(configuration: configuration)
    let plane = LocalTangentPlane(origin: Coordinate(latitude: 45.18, longitude: -1.09))
    let start = 1_527_406_381.0
    var transitions: [AutoPauseTransition] = []
    let times = Array(0...10) + (1...30).map { 10 + 60 * $0 }
    for second in times {
      let east = second <= 10 ? 0.1 * Double(second % 2) : 0.85 * Double(second - 10)
      let speed = second <= 10 ? 0.05 : 0.85
      if let transition = auto.observe(
        time: GNSSTime(secondsSince1970: start + Double(second)),
        coordinate: plane.unproject(PlanePoint(east: east, north: 0)), speed: speed)
      {
        transitions.append(transition)
      }
    }
    guard case .paused = transitions.first else {
      Issue.record("the 10 s stand paused: \(transitions)")
      return
    }
    if resumesBeyondWander {
      guard transitions.count == 2, case .resumed(let at, let departed) = transitions[1] else {
        Issue.record("expected one pause and one resume; got \(transitions)")
        return
      }
      #expect(at.secondsSince1970 == start + 70, "resumed at the first fix 51 m away")
      #expect(departed.secondsSince1970 == start + 10, "the stop ended where the walk began")
    } else {
      #expect(transitions.count == 1, "before: paused for the whole walk: \(transitions)")
    }
  }
}
