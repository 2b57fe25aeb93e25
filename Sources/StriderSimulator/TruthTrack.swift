import Foundation
import StriderCore

/// The true motion of a simulated session, worked out in advance epoch by epoch.
///
/// The person moves along the route with a cruising speed that wanders as a Gauss–Markov
/// process inside the activity's band, slows for corners and stops at traffic lights with a
/// bounded deceleration and acceleration. Braking uses the usual speed envelope: at distance
/// d before a point that must be passed at speed v, the speed may not exceed √(v² + 2·a·d),
/// so the person brakes at no more than `a` and never overshoots a stop. Motion is
/// integrated in steps of at most 0.1 s and sampled at every epoch.
struct TruthTrack: Sendable {
  /// The true state at one epoch, in the plane.
  struct Epoch: Sendable {
    var time: GNSSTime
    var point: PlanePoint
    /// Unit direction of travel.
    var direction: PlanePoint
    var speed: Double
    var distance: Double
    var altitude: Double
  }

  /// A point of the route that must be passed at no more than a speed.
  private struct Limit {
    var distance: Double
    var speed: Double
    /// The stop this limit belongs to (nil: a corner or the finish).
    var stop: Int?
  }

  let epochs: [Epoch]
  let canyons: [UrbanCanyon]
  /// The traffic-light stops: distance along the route and how long the person waits.
  let stops: [(distance: Double, duration: Double)]

  init(configuration: SimulationConfiguration, route: SimulatedRoute) {
    var motionRNG = SeededRandom(seed: configuration.seed, stream: 1)
    var environmentRNG = SeededRandom(seed: configuration.seed, stream: 2)
    let motion = configuration.motion
    let length = route.length.value
    let stops = TruthTrack.placeStops(route: route, motion: motion, rng: &motionRNG)
    self.stops = stops
    canyons = TruthTrack.placeCanyons(
      route: route, model: configuration.errorModel, rng: &environmentRNG)

    var limits: [Limit] = route.turnAngles.compactMap { turn in
      motion.turnSpeed(angle: turn.angle).map { Limit(distance: turn.distance, speed: $0.value) }
    }
    limits += stops.enumerated().map {
      Limit(distance: $0.element.distance, speed: 0, stop: $0.offset)
    }
    limits.append(Limit(distance: length, speed: 0))
    limits.sort { $0.distance < $1.distance }

    let accelerate = motionRNG.uniform(in: motion.acceleration)
    let brake = motionRNG.uniform(in: motion.acceleration)
    let low = motion.cruiseSpeed.lowerBound.value
    let high = max(low, motion.cruiseSpeed.upperBound.value)
    let mean = (low + high) / 2
    let spread = (high - low) / 4
    var cruiseDeviation = motionRNG.gaussian()

    let interval = configuration.effectiveInterval
    let substeps = max(1, Int((interval / 0.1).rounded(.up)))
    let step = interval / Double(substeps)
    let phi = TruthTrack.decay(step, motion.speedCorrelationTime.value)
    let innovation = (1 - phi * phi).squareRoot()
    let slowest = max(0.1, min(low, motion.turnaroundSpeed.value))
    let totalStops = stops.reduce(0) { $0 + $1.duration }
    let maxEpochs = Int(((3 * length / slowest) + totalStops + 3600) / interval)

    var epochs: [Epoch] = []
    var distance = 0.0
    var speed = 0.0
    var nextStop = 0
    var dwell = 0.0
    var finishDwell = max(0, motion.finishDwell.value)
    var nextLimit = 0
    var finished = false
    var index = 0
    while index <= maxEpochs {
      let point = route.point(at: Meters(distance))
      epochs.append(
        Epoch(
          time: configuration.startTime + Seconds(Double(index) * interval), point: point,
          direction: route.direction(at: Meters(distance)), speed: speed, distance: distance,
          altitude: TruthTrack.altitude(at: point)))
      if finished && finishDwell <= 0 { break }
      index += 1
      for _ in 0..<substeps {
        if finished {
          finishDwell -= step
          continue
        }
        if dwell > 0 {
          dwell -= step
          if dwell <= 0 { nextStop += 1 }
          continue
        }
        cruiseDeviation = phi * cruiseDeviation + innovation * motionRNG.gaussian()
        var target =
          motion.surgeSpeed(at: distance) ?? min(high, max(low, mean + spread * cruiseDeviation))
        var i = nextLimit
        let horizon = distance + target * target / (2 * brake) + 5
        while i < limits.count, limits[i].distance <= horizon {
          let limit = limits[i]
          if limit.stop.map({ $0 >= nextStop }) ?? true {
            let ahead = max(0, limit.distance - distance)
            target = min(target, (limit.speed * limit.speed + 2 * brake * ahead).squareRoot())
          }
          i += 1
        }
        speed = speed < target ? min(target, speed + accelerate * step) : target
        distance += speed * step
        if nextStop < stops.count, distance >= stops[nextStop].distance - 0.01 {
          distance = stops[nextStop].distance
          speed = 0
          dwell = stops[nextStop].duration
        }
        if distance >= length - 0.01 {
          distance = length
          speed = 0
          finished = true
        }
        while nextLimit < limits.count, limits[nextLimit].distance < distance - 0.001 {
          nextLimit += 1
        }
      }
    }
    self.epochs = epochs
  }

  /// The per-step factor of a first-order Gauss–Markov process: e^(−Δt/τ), 0 when τ ≤ 0.
  static func decay(_ step: Double, _ tau: Double) -> Double {
    tau > 0 ? exp(-step / tau) : 0
  }

  /// The true ground height at a point: gentle hills of a few metres, the same on every lap.
  static func altitude(at p: PlanePoint) -> Double {
    180 + 6 * sin(p.east / 170) + 4 * cos(p.north / 230)
  }

  /// Traffic lights at street corners (turns of 55–120°), at least 200 m apart and away
  /// from the start and finish; random places along the route when there are too few.
  /// Stops with their own durations (`MotionProfile.stopDurations`) are placed by
  /// `placeStops(route:durations:rng:)` instead.
  private static func placeStops(
    route: SimulatedRoute, motion: MotionProfile, rng: inout SeededRandom
  ) -> [(distance: Double, duration: Double)] {
    if let durations = motion.stopDurations {
      return placeStops(route: route, durations: durations.map(\.value), rng: &rng)
    }
    let length = route.length.value
    let lowCount = max(0, motion.stopCount.lowerBound)
    let count = rng.integer(in: lowCount...max(lowCount, motion.stopCount.upperBound))
    let margin = min(150, length / 4)
    let corners = route.turnAngles.filter {
      (55...120).contains($0.angle) && $0.distance > margin && $0.distance < length - margin
    }.map(\.distance)
    var chosen: [Double] = []
    let spacing = min(200, length / Double(max(1, count) + 1))
    for candidate in rng.shuffled(corners) where chosen.count < count {
      if chosen.allSatisfy({ abs($0 - candidate) >= spacing }) { chosen.append(candidate) }
    }
    var attempts = 0
    while chosen.count < count && attempts < 100 {
      attempts += 1
      let candidate = rng.uniform(in: margin...max(margin, length - margin))
      if chosen.allSatisfy({ abs($0 - candidate) >= spacing }) { chosen.append(candidate) }
    }
    return chosen.sorted().map { ($0, rng.uniform(in: motion.stopDuration).value) }
  }

  /// One stop per duration, in order, away from the start and finish: the route between
  /// the margins is cut into as many equal parts, and each stop is at a uniform place in
  /// the middle 60 % of its part, moved to the street corner (55–120°) nearest to it when
  /// one lies in that middle. Stops are so never closer than 40 % of a part, however many
  /// there are (the spacing rule above cannot place dozens).
  private static func placeStops(
    route: SimulatedRoute, durations: [Double], rng: inout SeededRandom
  ) -> [(distance: Double, duration: Double)] {
    guard !durations.isEmpty else { return [] }
    let length = route.length.value
    let margin = min(150, length / 4)
    let part = (length - 2 * margin) / Double(durations.count)
    let corners = route.turnAngles.filter { (55...120).contains($0.angle) }.map(\.distance)
    return durations.enumerated().map { k, duration in
      let low = margin + (Double(k) + 0.2) * part
      let high = margin + (Double(k) + 0.8) * part
      let drawn = rng.uniform(in: low...max(low, high))
      let corner = corners.filter { $0 >= low && $0 <= high }.min {
        abs($0 - drawn) < abs($1 - drawn)
      }
      return (corner ?? drawn, duration)
    }
  }

  /// 1–3 canyon stretches, one in each of as many equal parts of the route (after the
  /// first 200 m), each with its σ and a bias across the street to one side.
  private static func placeCanyons(
    route: SimulatedRoute, model: ErrorModel, rng: inout SeededRandom
  ) -> [UrbanCanyon] {
    let lowCount = max(0, model.urbanCanyonCount.lowerBound)
    let count = rng.integer(in: lowCount...max(lowCount, model.urbanCanyonCount.upperBound))
    guard count > 0 else { return [] }
    let usableStart = min(200, route.length.value / 4)
    let part = (route.length.value - 2 * usableStart) / Double(count)
    var result: [UrbanCanyon] = []
    for k in 0..<count {
      let length = min(rng.uniform(in: model.urbanCanyonLength).value, part * 0.8)
      let partStart = usableStart + Double(k) * part
      let start = partStart + rng.uniform(in: 0...max(0, part - length))
      let middle = route.direction(at: Meters(start + length / 2))
      let side = rng.chance(0.5) ? 1.0 : -1.0
      let magnitude = rng.uniform(in: model.urbanCanyonBias).value
      let bias = PlanePoint(
        east: -middle.north * side * magnitude, north: middle.east * side * magnitude)
      result.append(
        UrbanCanyon(
          start: Meters(start), end: Meters(start + length),
          sigma: rng.uniform(in: model.urbanCanyonSigma), bias: bias,
          ramp: model.urbanCanyonRamp))
    }
    return result
  }
}
