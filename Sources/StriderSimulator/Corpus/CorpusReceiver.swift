import Foundation
import StriderCore

/// The corpus's receiver: turns the true motion of a case into the fixes a device reports.
///
/// Written for the corpus and independent of `ReceiverModel` and its tuned defaults. The
/// position error per axis (east, north) is the sum of
/// - a first-order Gauss–Markov process of σ and correlation time τ, advanced exactly each
///   second as u ← φu + √(1 − φ²)w with φ = e^(−1/τ) (R. G. Brown and P. Y. C. Hwang,
///   "Introduction to Random Signals and Applied Kalman Filtering", 4th ed., §2.9);
///   or, when the case wanders (`CorpusCase.wanderTime`), a second-order one: u is then the
///   error's velocity, with φv = e^(−1/τv) in place of φ, and the position error is
///   x ← φx + u (its integral pulled back with τ), divided by its stationary σ,
///   √((1 + φφv) / ((1 − φ²)(1 − φφv))), and times σ: the same σ per axis, moving like a
///   walker (its one-second steps positively correlated). u takes the same draws either
///   way, so such a case's white noise is the one it would have had without the wander;
/// - white noise of σ w;
/// - multipath bursts: an offset of fixed direction and size ramping in and out over
///   min(2 s, a quarter of the burst); an urban multipath case adds, from its own stream,
///   one with probability 0.5 starting inside each stop of 20 s or more (U[10, 40] m,
///   LU[3, 30] s);
/// - in 2D stretches, the correlated σ times a factor and the white σ doubled;
/// - in street canyons (`CorpusCase.canyons`), placed at uniform moments from stream 112,
///   a further first-order Gauss–Markov error of the case's canyon σ and τ, advanced every
///   second from stream 113 (so no other draw moves) and faded in and out linearly;
/// - for a device that smooths its own track, the correlated part through a first-order
///   low-pass and held still while the person stands (no white part).
///
/// The receiver does not know its error, only its statistics. Its reported 1σ radial
/// accuracy is s · ((1 − ρ)·σ_nom + ρ·|e|) · e^(0.3·a), where σ_nom = √(2(σ_c² + σ_w²)) is
/// the model's RMS at that moment (raised by a factor U[1, 4] drawn per burst, scaled by
/// the burst's envelope: receivers see some multipath, not all of it), |e| is the real
/// error, s the case's mis-scaling, ρ its correlation and a a unit Gauss–Markov wander. It
/// is carried as HDOP = accuracy / 5 m rounded to 0.01 (never below 0.05), the convention
/// every Strider reader uses, and the fix's accuracy is HDOP × 5 m, so GPX, NMEA and gpsd
/// JSON carry the same figure. Doppler speed and course come from the true velocity plus
/// white error per axis, independent of the position error.
struct CorpusReceiver {
  /// A multipath burst: when, how long, the offset, and how much of it the receiver sees.
  struct Burst {
    var start: Double
    var duration: Double
    var offset: PlanePoint
    var reportedFactor: Double

    func envelope(at t: Double) -> Double {
      let ramp = min(2, duration / 4)
      let inside = min(t - start, start + duration - t)
      guard inside > 0 else { return 0 }
      return ramp > 0 ? min(1, inside / ramp) : 1
    }
  }

  /// A stretch in 2D mode.
  struct Stretch {
    var start: Double
    var duration: Double
    var sigmaFactor: Double

    func contains(_ t: Double) -> Bool { t >= start && t < start + duration }
  }

  let corpusCase: CorpusCase
  let bursts: [Burst]
  let stretches: [Stretch]
  /// The street canyons: start and duration, seconds from the first epoch.
  let canyons: [(start: Double, duration: Double)]

  /// - Parameter stops: the person's stops (not the finish), seconds from the first epoch.
  init(corpusCase: CorpusCase, elapsed: Double, stops: [(start: Double, duration: Double)] = []) {
    self.corpusCase = corpusCase
    var rng = SeededRandom(seed: corpusCase.seed, stream: 104)
    var bursts: [Burst] = []
    if corpusCase.burstInterval > 0 {
      var t = -corpusCase.burstInterval * log(1 - rng.uniform())
      while t < elapsed {
        let angle = rng.uniform(in: 0...(2 * Double.pi))
        let size = rng.uniform(in: 20...60)
        let duration = rng.logUniform(in: 3...60)
        bursts.append(
          Burst(
            start: t, duration: duration,
            offset: PlanePoint(east: size * sin(angle), north: size * cos(angle)),
            reportedFactor: rng.uniform(in: 1...4)))
        t += duration - corpusCase.burstInterval * log(1 - rng.uniform())
      }
    }
    if corpusCase.family == .multipath && corpusCase.stopPattern == .urban {
      var standing = SeededRandom(seed: corpusCase.seed, stream: 110)
      for stop in stops where stop.duration >= 20 {
        let happens = standing.chance(0.5)
        let start = stop.start + standing.uniform() * stop.duration
        let angle = standing.uniform(in: 0...(2 * Double.pi))
        let size = standing.uniform(in: 10...40)
        let duration = standing.logUniform(in: 3...30)
        let factor = standing.uniform(in: 1...4)
        guard happens else { continue }
        bursts.append(
          Burst(
            start: start, duration: duration,
            offset: PlanePoint(east: size * sin(angle), north: size * cos(angle)),
            reportedFactor: factor))
      }
    }
    self.bursts = bursts
    var stretches: [Stretch] = []
    for _ in 0..<corpusCase.twoDStretches {
      let duration = min(elapsed / 4, rng.logUniform(in: 20...180))
      stretches.append(
        Stretch(
          start: rng.uniform(in: 0...max(0, elapsed - duration)), duration: duration,
          sigmaFactor: rng.uniform(in: 2...4)))
    }
    self.stretches = stretches
    var streets = SeededRandom(seed: corpusCase.seed, stream: 112)
    canyons = (0..<corpusCase.canyons).map { _ in
      let duration = min(elapsed / 2, streets.logUniform(in: CorpusCase.canyonDurations))
      return (streets.uniform(in: 0...max(0, elapsed - duration)), duration)
    }
  }

  /// How much of the canyon error is felt at `t`: 0 outside the canyons, rising and
  /// falling over `CorpusCase.canyonRamp` at each end.
  func canyonWeight(at t: Double) -> Double {
    var weight = 0.0
    for canyon in canyons {
      let inside = min(t - canyon.start, canyon.start + canyon.duration - t)
      if inside > 0 { weight = max(weight, min(1, inside / CorpusCase.canyonRamp)) }
    }
    return weight
  }

  /// The fixes for the recorded epochs (indices into `epochs`, increasing).
  func fixes(
    epochs: [TruthTrack.Epoch], recorded: [Int], plane: LocalTangentPlane
  ) -> [Fix] {
    let c = corpusCase
    var noise = SeededRandom(seed: c.seed, stream: 103)
    var doppler = SeededRandom(seed: c.seed, stream: 106)
    var wander = SeededRandom(seed: c.seed, stream: 107)
    let phi = TruthTrack.decay(1, c.correlationTime)
    // The unit process u: the position error itself, or its velocity when it wanders.
    let phiU = c.wanderTime.map { TruthTrack.decay(1, $0) } ?? phi
    let q = (1 - phiU * phiU).squareRoot()
    let qUp = (1 - phi * phi).squareRoot()
    let phiA = TruthTrack.decay(1, c.accuracyWanderTime)
    let qA = (1 - phiA * phiA).squareRoot()
    let smoothing = c.lowPassTime > 0 ? 1 - exp(-1 / c.lowPassTime) : 1
    let satellites = noise.integer(in: 6...14)
    var u = PlanePoint(east: noise.gaussian(), north: noise.gaussian())
    var up = noise.gaussian()
    var x = Wander(phi: phi, phiV: phiU, seed: c.seed, velocity: u)
    var unit = c.wanderTime == nil ? u : x.unit
    var lowPassed = PlanePoint(
      east: c.correlatedSigma * unit.east, north: c.correlatedSigma * unit.north)
    var a = wander.gaussian()
    var streets = SeededRandom(seed: c.seed, stream: 113)
    let phiC = TruthTrack.decay(1, c.canyonTime)
    let qC = (1 - phiC * phiC).squareRoot()
    var canyon = PlanePoint(east: streets.gaussian(), north: streets.gaussian())
    var heldAltitude = epochs.first?.altitude ?? 0
    var fixes: [Fix] = []
    fixes.reserveCapacity(recorded.count)
    var next = 0
    let start = epochs.first?.time ?? GNSSTime(secondsSince1970: 0)
    for (k, epoch) in epochs.enumerated() {
      let standing = k > 0 && epoch.distance - epochs[k - 1].distance < 1e-6
      if k > 0 && !(c.lowPassTime > 0 && standing) {
        if c.wanderTime != nil { x.advance(velocity: u) }
        u = PlanePoint(
          east: phiU * u.east + q * noise.gaussian(), north: phiU * u.north + q * noise.gaussian())
        up = phi * up + qUp * noise.gaussian()
        unit = c.wanderTime == nil ? u : x.unit
        let target = PlanePoint(
          east: c.correlatedSigma * unit.east, north: c.correlatedSigma * unit.north)
        lowPassed = PlanePoint(
          east: lowPassed.east + smoothing * (target.east - lowPassed.east),
          north: lowPassed.north + smoothing * (target.north - lowPassed.north))
      }
      a = phiA * a + qA * wander.gaussian()
      if c.canyons > 0, k > 0 {
        canyon = PlanePoint(
          east: phiC * canyon.east + qC * streets.gaussian(),
          north: phiC * canyon.north + qC * streets.gaussian())
      }
      let whiteEast = noise.gaussian()
      let whiteNorth = noise.gaussian()
      let dopplerEast = doppler.gaussian()
      let dopplerNorth = doppler.gaussian()
      guard next < recorded.count, recorded[next] == k else { continue }
      next += 1

      let t = epoch.time - start
      let stretch = stretches.first { $0.contains(t.value) }
      let sigma = c.correlatedSigma * (stretch?.sigmaFactor ?? 1)
      let white = c.whiteSigma * (stretch == nil ? 1 : 2)
      var error = PlanePoint(
        east: sigma * unit.east + white * whiteEast, north: sigma * unit.north + white * whiteNorth)
      if c.lowPassTime > 0 { error = lowPassed }
      let inCanyon = c.canyons > 0 ? c.canyonSigma * canyonWeight(at: t.value) : 0
      error = error + PlanePoint(east: inCanyon * canyon.east, north: inCanyon * canyon.north)
      var seen = 1.0
      for burst in bursts {
        let weight = burst.envelope(at: t.value)
        guard weight > 0 else { continue }
        error =
          error + PlanePoint(east: weight * burst.offset.east, north: weight * burst.offset.north)
        seen = max(seen, 1 + (burst.reportedFactor - 1) * weight)
      }

      var hdop: Double?
      if let scale = c.accuracyScale, !c.dropsAccuracy {
        let nominal =
          (2 * (sigma * sigma + white * white + inCanyon * inCanyon)).squareRoot() * seen
        let rho = c.accuracyCorrelation
        let reported = scale * ((1 - rho) * nominal + rho * error.magnitude) * exp(0.3 * a)
        hdop = max(0.05, (reported / 5 * 100).rounded() / 100)
      }
      let is2D = stretch != nil
      let verticalSigma = 1.5 * (sigma + white)
      if !is2D { heldAltitude = epoch.altitude + verticalSigma * up }

      var speed: MetersPerSecond?
      var course: Degrees?
      if let sigmaV = c.dopplerSigma {
        let held = c.lowPassTime > 0 && standing
        let east = epoch.speed * epoch.direction.east + (held ? 0 : sigmaV * dopplerEast)
        let north = epoch.speed * epoch.direction.north + (held ? 0 : sigmaV * dopplerNorth)
        speed = MetersPerSecond((east * east + north * north).squareRoot())
        course = ReceiverModel.course(east, north)
      }
      fixes.append(
        Fix(
          time: epoch.time, coordinate: plane.unproject(epoch.point + error),
          altitude: Meters(heldAltitude), horizontalAccuracy: hdop.map { Meters($0 * 5) },
          speed: speed, course: course, mode: is2D ? .twoD : .threeD, provider: .gnss,
          satellites: is2D ? 3 : satellites, hdop: hdop, origin: FixOrigin(index: fixes.count)))
    }
    return fixes
  }

  /// The position error of a second-order Gauss–Markov process driven by a unit
  /// first-order velocity u (factor φv a second): x ← φx + u, per axis.
  struct Wander {
    let phi: Double
    /// The stationary σ of x.
    let sigma: Double
    var x: PlanePoint

    /// Starts x in its stationary distribution given the velocity's first value: x's
    /// covariance with u is φv / (1 − φφv), the rest is drawn from stream 109.
    init(phi: Double, phiV: Double, seed: UInt64, velocity u: PlanePoint) {
      self.phi = phi
      let variance = (1 + phi * phiV) / ((1 - phi * phi) * (1 - phi * phiV))
      sigma = variance.squareRoot()
      let covariance = phiV / (1 - phi * phiV)
      let rest = max(0, variance - covariance * covariance).squareRoot()
      var rng = SeededRandom(seed: seed, stream: 109)
      x = PlanePoint(
        east: covariance * u.east + rest * rng.gaussian(),
        north: covariance * u.north + rest * rng.gaussian())
    }

    mutating func advance(velocity u: PlanePoint) {
      x = PlanePoint(east: phi * x.east + u.east, north: phi * x.north + u.north)
    }

    /// x divided by its stationary σ.
    var unit: PlanePoint { PlanePoint(east: x.east / sigma, north: x.north / sigma) }
  }
}
