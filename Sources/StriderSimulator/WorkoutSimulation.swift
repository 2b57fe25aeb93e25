import Foundation
import StriderCore

/// A simulated person doing a workout on a 400 m track: the demo's runner for
/// `strider demo --workout`.
///
/// Each step is run at the middle of its pace or speed target (an easy pace where there is
/// none, a slower one in recoveries), as `MotionProfile.Surge`s laid end to end along the
/// route; a time step covers the distance that speed gives in its time. There are no
/// traffic lights on a track and no street canyons over it, and its bends (15° a corner)
/// need no slowing, so a runner
/// without drift stays inside every range. `drift` makes the runner fade through every step
/// with a target, to that share of its speed at the step's end (negative: it speeds up),
/// so the coach has something to say. An open step (ended by a lap press) is run for two
/// minutes at the easy pace.
public enum WorkoutSimulation {
  /// How many pieces a drifting step is run in: the speed changes in these steps.
  static let driftPieces = 10
  /// How long an open step is run, at the easy speed.
  static let openStepTime = 120.0
  /// The most times the session is run to move the runner's step changes to when it hears
  /// them; it stops sooner once no change moves by a metre.
  static let passes = 6

  /// The simulation of `base` (its seed, faults and errors) with the runner doing `workout`
  /// as `coach` announces it in a session of `session`.
  ///
  /// A runner changes step when the coach says so, and the coach speaks on the engine's
  /// live figures, which trail and differ from the truth by a few metres. The simulated
  /// truth is worked out in advance, so the session is run through the engine and the coach
  /// and the runner's step changes are moved to where it was when it heard each one, until
  /// they stay put (each pass settles at least the next step change: nothing later changes
  /// what came before).
  public static func configuration(
    _ base: SimulationConfiguration, workout: Workout, drift: Double = 0,
    coach: WorkoutCoach, session: SessionConfiguration
  ) -> SimulationConfiguration {
    var starts: [Double?] = [0]
    var configuration = plan(base, workout: workout, drift: drift, starts: starts)
    for _ in 0..<passes {
      let simulated = Simulator.run(configuration)
      let heard = heardStarts(simulated, coach: coach, session: session)
      let moved = zip(heard, starts + Array(repeating: nil, count: heard.count))
        .contains { new, old in
          switch (new, old) {
          case (let a?, let b?): abs(a - b) >= 1
          case (nil, nil): false
          default: true
          }
        }
      guard moved else { break }
      starts = heard
      configuration = plan(base, workout: workout, drift: drift, starts: starts)
    }
    return configuration
  }

  /// Where along the route the runner was when the coach announced each step (nil for a step
  /// never reached), the first at the start.
  static func heardStarts(
    _ simulated: SimulatedSession, coach: WorkoutCoach, session: SessionConfiguration
  ) -> [Double?] {
    var pipeline = SessionPipeline(configuration: session)
    var coach = coach
    var heard = [Double?](repeating: nil, count: coach.plan.count)
    var newest: GNSSTime?
    for fix in simulated.fixes {
      var moved = false
      for case .judged(let judged) in pipeline.ingest(fix) where judged.verdict.isAccepted {
        if let t = judged.fix.time, newest.map({ t > $0 }) ?? true {
          newest = t
          moved = true
        }
      }
      guard moved, let now = newest else { continue }
      let events = coach.observe(
        pipeline.engine.snapshot, heartRate: fix.heartRate, isPaused: pipeline.engine.isPaused,
        at: now)
      for case .stepStarted(let planned, let at) in events {
        heard[planned.number - 1] = planned.number == 1 ? 0 : truthDistance(simulated, at: at)
      }
    }
    return heard
  }

  /// The true distance along the route at `time`, interpolated between epochs.
  static func truthDistance(_ simulated: SimulatedSession, at time: GNSSTime) -> Double? {
    let truth = simulated.truth
    guard let after = truth.firstIndex(where: { $0.time >= time }) else {
      return truth.last?.distanceAlongRoute.value
    }
    guard after > 0 else { return truth[after].distanceAlongRoute.value }
    let (a, b) = (truth[after - 1], truth[after])
    let span = (b.time - a.time).value
    let f = span > 0 ? (time - a.time).value / span : 1
    return a.distanceAlongRoute.value
      + f * (b.distanceAlongRoute.value - a.distanceAlongRoute.value)
  }

  /// The runner's plan: each step from where it starts (`starts`, where known, else where the
  /// one before ends by its planned length) to where the next starts.
  static func plan(
    _ base: SimulationConfiguration, workout: Workout, drift: Double, starts: [Double?]
  ) -> SimulationConfiguration {
    var configuration = base
    var motion = base.motion
    let easy = (motion.cruiseSpeed.lowerBound.value + motion.cruiseSpeed.upperBound.value) / 2
    let steps = workout.plan
    var surges: [MotionProfile.Surge] = []
    var distance = 0.0
    for (index, planned) in steps.enumerated() {
      let start = index < starts.count ? (starts[index] ?? distance) : distance
      let speed = targetSpeed(planned.step, easy: easy, cruise: motion.cruiseSpeed)
      var end: Double
      switch planned.step.length {
      case .distance(let d): end = start + d.value
      case .time(let t): end = start + speed * t.value
      case .open: end = start + speed * openStepTime
      }
      if index + 1 < starts.count, let next = starts[index + 1] { end = next }
      guard end > start, end.isFinite else {
        distance = max(distance, start)
        continue
      }
      let fades = planned.step.target != nil && drift != 0
      let pieces = fades ? driftPieces : 1
      let piece = (end - start) / Double(pieces)
      for k in 0..<pieces {
        let factor = fades ? 1 - drift / 100 * Double(k + 1) / Double(pieces) : 1
        let from = start + Double(k) * piece
        surges.append(
          MotionProfile.Surge(
            range: Meters(from)...Meters(from + piece),
            speed: MetersPerSecond(max(0.3, speed * factor))))
      }
      distance = end
    }
    motion.surges = surges
    motion.stopCount = 0...0
    configuration.motion = motion
    // A track is open sky: no street canyons.
    configuration.errorModel.urbanCanyonCount = 0...0
    // A little beyond the last step, to jog out of it.
    configuration.path = track(covering: distance + 100)
    return configuration
  }

  /// The speed a step is run at: the middle of its target, else easy (slower in recovery).
  static func targetSpeed(
    _ step: WorkoutStep, easy: Double, cruise: ClosedRange<MetersPerSecond>
  ) -> Double {
    switch step.target {
    case .pace(let fastest, let slowest):
      return 1000 / ((fastest.value + slowest.value) / 2)
    case .speed(let range):
      return (range.lowerBound.value + range.upperBound.value) / 2
    case .heartRateZone, .heartRate, nil:
      return step.kind == .recovery ? cruise.lowerBound.value * 0.85 : easy
    }
  }

  /// Laps of a 400 m track (lane 1: two 84.39 m straights and two bends of radius 36.8 m,
  /// each bend drawn in 12 corners of 15°) until `length` is covered, from the start of the
  /// home straight.
  public static func track(covering length: Double) -> [PlanePoint] {
    let straight = 84.39
    let radius = 36.8
    var lap: [PlanePoint] = [PlanePoint(east: 0, north: 0), PlanePoint(east: straight, north: 0)]
    for k in 1...12 {  // the far bend, turning north
      let angle = -Double.pi / 2 + Double(k) * Double.pi / 12
      lap.append(
        PlanePoint(east: straight + radius * cos(angle), north: radius + radius * sin(angle)))
    }
    lap.append(PlanePoint(east: 0, north: 2 * radius))
    for k in 1...12 {  // the home bend, back to the start
      let angle = Double.pi / 2 + Double(k) * Double.pi / 12
      lap.append(PlanePoint(east: radius * cos(angle), north: radius + radius * sin(angle)))
    }
    let lapLength = zip(lap, lap.dropFirst()).reduce(0.0) {
      $0 + hypot($1.1.east - $1.0.east, $1.1.north - $1.0.north)
    }
    let laps = max(1, Int((max(0, length) / lapLength).rounded(.up)))
    var path = [lap[0]]
    for _ in 0..<min(laps, 1000) { path += lap.dropFirst() }
    return path
  }
}
