import Foundation

/// One fix as the drift filter reads it: a position in a local east-north plane.
struct PlaneFix: Sendable {
  var time: Double
  var east: Double
  var north: Double
  /// Reported accuracy relative to the track's median (1 when the fix reports none).
  var weight: Double
  /// Doppler velocity, NaN when the receiver gave none.
  var velocityEast: Double
  var velocityNorth: Double
  /// A segment break or a gap: the filter starts again here.
  var restarts: Bool
  /// A speed the receiver gave without a course (a watch's TCX or FIT), m/s; NaN otherwise
  /// (`DriftFilter.updateGroundSpeed`).
  var groundSpeed: Double = .nan
  /// The chord from the fix before to the fix after (`chordBetweenNeighbours`), NaN when
  /// there is none: the direction `groundSpeed` is read along where it is long enough.
  var chordEast: Double = .nan
  var chordNorth: Double = .nan

  /// A receiver's Doppler speed and course as east and north components; nil when it gave
  /// none or nothing usable (a standstill needs no course).
  static func velocity(speed: Double, course: Double) -> (east: Double, north: Double)? {
    guard speed.isFinite, speed >= 0, speed < 100 else { return nil }
    if speed < 0.05 { return (0, 0) }
    guard course.isFinite else { return nil }
    let angle = course * .pi / 180
    return (speed * sin(angle), speed * cos(angle))
  }

  /// A fix's reported accuracy relative to the track's typical one, held within a factor
  /// of 16 either way; 1 when either is missing.
  static func weight(accuracy: Double, typical: Double?) -> Double {
    guard let typical, accuracy.isFinite, accuracy > 0 else { return 1 }
    return min(16, max(1.0 / 16, accuracy / typical))
  }
}

/// The white variance and drift scale of the weights a track repeats, each worked out
/// once: receivers report few distinct accuracies (a GST's have a decimal or two), and two
/// `pow`s a fix were a tenth of smoothing a 100,000-epoch NMEA log. The values are
/// `DriftFilter.whiteVariance` and `driftScale`'s, to the bit; the filter's model must not
/// change while one table is used.
struct WeightPowers {
  private static let slots = 256
  private var weights = [Double](repeating: .nan, count: WeightPowers.slots)
  private var values = [(Double, Double)](repeating: (0, 0), count: WeightPowers.slots)

  mutating func variances(
    of fix: PlaneFix, in filter: DriftFilter
  ) -> (whiteVariance: Double, driftScale: Double) {
    let weight = fix.weight
    guard weight != 1 else { return (filter.whiteVariance(fix), filter.driftScale(fix)) }
    // Fibonacci hashing of the bits: the top byte of their product with 2⁶⁴/φ.
    let slot = Int(truncatingIfNeeded: (weight.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> 56)
    if weights[slot] == weight { return values[slot] }
    let value = (filter.whiteVariance(fix), filter.driftScale(fix))
    weights[slot] = weight
    values[slot] = value
    return value
  }
}

/// Position, velocity and drift along both axes.
struct DriftState: Sendable {
  var pe = 0.0
  var ve = 0.0
  var be = 0.0
  var pn = 0.0
  var vn = 0.0
  var bn = 0.0
}

/// The symmetric 3×3 covariance [[a, b, c], [b, d, e], [c, e, f]] of (position, velocity,
/// drift), shared by both axes because the noise is the same on each.
struct DriftCovariance: Sendable {
  var a = 0.0
  var b = 0.0
  var c = 0.0
  var d = 0.0
  var e = 0.0
  var f = 0.0
}

/// What one step of the forward pass leaves for the backward one.
struct DriftStep: Sendable {
  var filtered: DriftState
  var filteredCov: DriftCovariance
  var predicted: DriftState
  var predictedCov: DriftCovariance
  var dt: Double
  var phi: Double
  /// The first step of a run: nothing before it is smoothed through it.
  var starts: Bool
}

/// A causal Kalman filter over (position, velocity, drift) per axis: a constant-velocity
/// model with white acceleration (Bar-Shalom et al., §6.3.2) whose measurements carry a
/// first-order Gauss–Markov drift as an augmented state (Brown and Hwang, §5.5) plus white
/// jitter, and, where present, a Doppler velocity measurement. Its innovations give the
/// likelihood that `NoiseFit` maximises; its steps feed the Rauch–Tung–Striebel pass.
///
/// A fix the model finds surprising (beyond the 99 % point) is read one of three ways:
/// - a **maneuver** when a person could have made it (a turn, a stop, a sprint: at most
///   `maximumAcceleration` over the step): the step gets the process noise it needs, so
///   corners stay sharp instead of being cut;
/// - a **jump of the error** when nobody could have gone that far: multipath switching on
///   or off moves the error by tens of metres between epochs, so the drift's uncertainty
///   is opened and the user's path goes on undisturbed;
/// - otherwise an **outlier**, believed less in proportion to its surprise.
struct DriftFilter: Sendable {
  private(set) var model: NoiseModel
  private(set) var state = DriftState()
  private(set) var cov = DriftCovariance()
  private(set) var lastTime: Double?
  private var updates = 0
  private var decayStep = -1.0
  private var decayTime = 0.0
  private var decay = 1.0

  /// A gap longer than this starts the filter again instead of predicting across it.
  static let maxGap = 30.0
  /// Updates after a start during which nothing is taken for an outlier.
  static let settling = 3
  /// Below this squared Mahalanobis distance a fix is taken at its noise: the chi-square
  /// 99 % point for two degrees of freedom.
  static let inlierThreshold = 9.21
  /// Beyond this (the chi-square 99.9 % point) a fix too far for the user to have gone
  /// is taken for a jump of the error, not of the user.
  static let jumpThreshold = 13.8
  /// What a person on foot or on a bike can do to their velocity, m/s²: sprint starts,
  /// hard braking and tight turns stay near 4 m/s².
  static let maximumAcceleration = 4.0
  /// The speed an unknown velocity may have, m/s.
  static let unknownSpeed = 30.0

  init(model: NoiseModel) { self.model = model }

  /// The cost of a squared Mahalanobis distance m over two axes: Gaussian up to the 99 %
  /// point, then growing with √m (Huber's loss on the innovation's length), so a burst of
  /// multipath weighs like a few bad fixes, not like a change of the whole noise scale
  /// (Huber, "Robust estimation of a location parameter", Ann. Math. Statist. 35(1), 1964).
  @inline(__always)
  static func misfit(_ m: Double) -> Double {
    let c = inlierThreshold
    return m <= c ? 0.5 * m : 0.5 * c + c.squareRoot() * (m.squareRoot() - c.squareRoot())
  }

  /// The outcome of one fix: its share of the negative log-likelihood (zero while the
  /// filter settles), and whether it started a new run. The share is `cost` plus the log
  /// of `variance`, the product of the innovation variances: a fit multiplies these over
  /// many fixes and takes one logarithm, which would otherwise be a third of its time.
  struct Outcome {
    var cost: Double
    var variance: Double
    var started: Bool
  }

  @inline(__always)
  func whiteVariance(_ fix: PlaneFix) -> Double {
    let w = fix.weight == 1 ? 1 : pow(fix.weight, model.accuracyTrust)
    let sigma = model.whiteSigma * w
    return sigma * sigma
  }

  /// How much the drift's variance is scaled at this fix (`NoiseModel.driftTrust`).
  @inline(__always)
  func driftScale(_ fix: PlaneFix) -> Double {
    fix.weight == 1 || model.driftTrust == 0 ? 1 : pow(fix.weight, 2 * model.driftTrust)
  }

  /// Feeds one fix; `step`, when given, receives what the smoother needs.
  @inline(__always)
  mutating func advance(_ fix: PlaneFix, step: UnsafeMutablePointer<DriftStep>? = nil) -> Outcome {
    advance(fix, whiteVariance: whiteVariance(fix), driftScale: driftScale(fix), step: step)
  }

  /// Feeds one fix whose white variance and drift scale the caller has worked out
  /// (`whiteVariance`, `driftScale`).
  @inline(__always)
  mutating func advance(
    _ fix: PlaneFix, whiteVariance r: Double, driftScale: Double,
    step: UnsafeMutablePointer<DriftStep>? = nil
  ) -> Outcome {
    guard let last = lastTime, !fix.restarts, fix.time - last <= DriftFilter.maxGap,
      fix.time >= last
    else {
      start(fix, r: r)
      step?.pointee = DriftStep(
        filtered: state, filteredCov: cov, predicted: state, predictedCov: cov, dt: 0, phi: 1,
        starts: true)
      return Outcome(cost: 0, variance: 1, started: true)
    }
    let dt = fix.time - last
    // Receivers log at a steady rate: the decay for the last step is usually this one's.
    if dt != decayStep || model.driftTime != decayTime {
      decayStep = dt
      decayTime = model.driftTime
      decay = exp(-dt / model.driftTime)
    }
    let phi = decay
    predict(dt: dt, phi: phi, driftScale: driftScale)
    lastTime = fix.time
    updates += 1
    var cost = 0.0
    var variance = 1.0
    let counted = updates > DriftFilter.settling
    // Position: z = p + b + jitter.
    let s = cov.a + 2 * cov.c + cov.f + r
    let ye = fix.east - (state.pe + state.be)
    let yn = fix.north - (state.pn + state.bn)
    let m = (ye * ye + yn * yn) / s
    if counted {
      cost += DriftFilter.misfit(m)
      variance = s
    }
    var surprise = m
    if counted, m > DriftFilter.jumpThreshold,
      isJump(ye * ye + yn * yn, dt: dt)
    {
      // A jump no motion of the model explains is the error's: multipath switches the
      // error by tens of metres from one epoch to the next, which a Gauss–Markov drift
      // cannot, so the drift's uncertainty is opened by what the fix says.
      cov.f += (ye * ye + yn * yn) / DriftFilter.inlierThreshold - s
      surprise = DriftFilter.inlierThreshold
    } else if counted, dt > 0, m > DriftFilter.inlierThreshold,
      isManeuver(ye * ye + yn * yn, dt: dt, white: r)
    {
      // A turn or a sudden stop: more acceleration than the model's steady white noise,
      // taken as a burst of process noise over this step (adjustable level process noise,
      // Bar-Shalom, Li and Kirubarajan, §11.2) so the smoother keeps the corner sharp.
      let dt2 = dt * dt
      let level = ((ye * ye + yn * yn) / DriftFilter.inlierThreshold - s) * 3 / (dt2 * dt)
      cov.a += level * dt2 * dt / 3
      cov.b += level * dt2 / 2
      cov.d += level * dt
      surprise = DriftFilter.inlierThreshold
    }
    let predictedState = state
    let predictedCov = cov
    // A fix far from the prediction is believed less, never ignored: Student-t weighting
    // (the t filter's approximate update) keeps a burst from pulling the track while a
    // real turn, whose fixes agree with each other, is still followed.
    updatePosition(
      ye: ye, yn: yn, s: cov.a + 2 * cov.c + cov.f + r * robustInflation(surprise))
    if fix.velocityEast.isFinite, fix.velocityNorth.isFinite {
      let rv = model.dopplerSigma * model.dopplerSigma
      let sv = cov.d + rv
      let we = fix.velocityEast - state.ve
      let wn = fix.velocityNorth - state.vn
      let mv = (we * we + wn * wn) / sv
      if counted {
        cost += DriftFilter.misfit(mv)
        variance *= sv
      }
      updateVelocity(we: we, wn: wn, s: cov.d + rv * robustInflation(mv))
    } else if fix.groundSpeed.isFinite {
      if let outcome = updateGroundSpeed(fix, white: r), counted {
        cost += DriftFilter.misfit(outcome.m)
        variance *= outcome.variance
      }
    }
    step?.pointee = DriftStep(
      filtered: state, filteredCov: cov, predicted: predictedState, predictedCov: predictedCov,
      dt: dt, phi: phi, starts: false)
    return Outcome(cost: cost, variance: variance, started: false)
  }

  /// Whether an innovation of squared length `y2` after `dt` seconds is too large for the
  /// user to have made it (twice the distance the current speed, plus a walker's 1 m/s,
  /// covers in `dt`) and beyond three sigmas of the track's usual error.
  @inline(__always)
  private func isJump(_ y2: Double, dt: Double) -> Bool {
    let speed = (state.ve * state.ve + state.vn * state.vn).squareRoot()
    let noise =
      (model.whiteSigma * model.whiteSigma + model.driftSigma * model.driftSigma).squareRoot()
    let reach = 2 * (speed + 1) * dt + 3 * noise
    return y2 > reach * reach
  }

  /// Whether an innovation of squared length `y2` after `dt` seconds is one a person can
  /// make by turning, braking or accelerating: no more than `maximumAcceleration` sustained
  /// over the step (and no more than reversing at the current speed), beyond the fix's own
  /// jitter.
  @inline(__always)
  private func isManeuver(_ y2: Double, dt: Double, white: Double) -> Bool {
    let speed = (state.ve * state.ve + state.vn * state.vn).squareRoot()
    let reach =
      min(DriftFilter.maximumAcceleration * dt * dt, 2 * (speed + 1) * dt) + 3 * white.squareRoot()
    return y2 <= reach * reach
  }

  /// How much a fix's noise is inflated for its squared Mahalanobis distance m (two
  /// axes): 1 up to the 99 % point, then growing with m as a Student-t's weight does.
  @inline(__always)
  private func robustInflation(_ m: Double) -> Double {
    m <= DriftFilter.inlierThreshold ? 1 : m / DriftFilter.inlierThreshold
  }

  /// Reads the next fixes with another model, keeping what it knows of the user.
  mutating func adopt(_ newModel: NoiseModel) { model = newModel }

  /// Moves the state to a new frame whose origin is `offset` in the current one.
  mutating func shift(by offset: PlanePoint) {
    state.pe -= offset.east
    state.pn -= offset.north
  }

  private mutating func start(_ fix: PlaneFix, r: Double) {
    let driftVariance = model.driftSigma * model.driftSigma
    var velocityVariance = DriftFilter.unknownSpeed * DriftFilter.unknownSpeed
    var ve = 0.0
    var vn = 0.0
    if fix.velocityEast.isFinite, fix.velocityNorth.isFinite {
      ve = fix.velocityEast
      vn = fix.velocityNorth
      velocityVariance = model.dopplerSigma * model.dopplerSigma
    }
    // The position is the fix less a drift of unknown sign: p = z − b − jitter.
    state = DriftState(pe: fix.east, ve: ve, be: 0, pn: fix.north, vn: vn, bn: 0)
    cov = DriftCovariance(
      a: driftVariance + r, b: 0, c: -driftVariance, d: velocityVariance, e: 0, f: driftVariance)
    lastTime = fix.time
    updates = 0
  }

  /// The drift's variance relaxes towards σ² × `driftScale` over its correlation time.
  @inline(__always)
  private mutating func predict(dt: Double, phi: Double, driftScale: Double) {
    let q = model.processNoise
    let dt2 = dt * dt
    let driftVariance = model.driftSigma * model.driftSigma * driftScale
    let p = cov
    cov = DriftCovariance(
      a: p.a + 2 * dt * p.b + dt2 * p.d + q * dt2 * dt / 3,
      b: p.b + dt * p.d + q * dt2 / 2,
      c: phi * (p.c + dt * p.e),
      d: p.d + q * dt,
      e: phi * p.e,
      f: phi * phi * p.f + driftVariance * (1 - phi * phi))
    state.pe += dt * state.ve
    state.pn += dt * state.vn
    state.be *= phi
    state.bn *= phi
  }

  @inline(__always)
  private mutating func updatePosition(ye: Double, yn: Double, s: Double) {
    // P Hᵀ for H = [1, 0, 1].
    let g0 = cov.a + cov.c
    let g1 = cov.b + cov.e
    let g2 = cov.c + cov.f
    apply(g0: g0, g1: g1, g2: g2, s: s, ye: ye, yn: yn)
  }

  @inline(__always)
  private mutating func updateVelocity(we: Double, wn: Double, s: Double) {
    // P Hᵀ for H = [0, 1, 0].
    apply(g0: cov.b, g1: cov.d, g2: cov.e, s: s, ye: we, yn: wn)
  }

  /// A chord whose length squared is this many times a fix's white variance gives a
  /// direction to about a tenth of a radian (its two ends' jitter across it).
  static let chordJitterRatio = 200.0

  /// Reads a speed the receiver gave without a course (a watch's TCX or FIT). Where the
  /// chord between the fix's neighbours is long against their jitter, it gives the
  /// direction (a central difference: on a watch sampled every 4-5 s, the best there is)
  /// and the speed along it is a velocity. Elsewhere (a slow walk at 1 Hz, where the
  /// neighbours' noise made up a direction and the speeds then straightened walks by up to
  /// 46 % of the corpus's TCX) the speed measures |v| alone, linearised where the filter's
  /// velocity points (the extended Kalman filter's update, Bar-Shalom et al., §10.3): a
  /// measurement along that direction, nothing across it, and none until the filter knows
  /// its direction (its speed above its own uncertainty). Both axes share one covariance,
  /// so that scalar update's reduction is shared half by each (the isotropic covariance
  /// nearest the updated one). Returns the innovation's squared Mahalanobis distance and
  /// its share of the variances' product, nil when nothing was read.
  @inline(__always)
  private mutating func updateGroundSpeed(
    _ fix: PlaneFix, white r: Double
  ) -> (m: Double, variance: Double)? {
    let rv = model.dopplerSigma * model.dopplerSigma
    let chord2 = fix.chordEast * fix.chordEast + fix.chordNorth * fix.chordNorth
    if chord2 > DriftFilter.chordJitterRatio * r {
      let chord = chord2.squareRoot()
      let sv = cov.d + rv
      let we = fix.groundSpeed * fix.chordEast / chord - state.ve
      let wn = fix.groundSpeed * fix.chordNorth / chord - state.vn
      let mv = (we * we + wn * wn) / sv
      updateVelocity(we: we, wn: wn, s: cov.d + rv * robustInflation(mv))
      return (mv, sv)
    }
    let speed = (state.ve * state.ve + state.vn * state.vn).squareRoot()
    guard speed * speed > cov.d else { return nil }
    let ue = state.ve / speed
    let un = state.vn / speed
    let s = cov.d + rv
    let y = fix.groundSpeed - speed
    let m = y * y / s
    let inflated = cov.d + rv * robustInflation(m)
    let g0 = cov.b
    let g1 = cov.d
    let g2 = cov.e
    let k0 = g0 / inflated
    let k1 = g1 / inflated
    let k2 = g2 / inflated
    state.pe += k0 * y * ue
    state.ve += k1 * y * ue
    state.be += k2 * y * ue
    state.pn += k0 * y * un
    state.vn += k1 * y * un
    state.bn += k2 * y * un
    cov.a -= 0.5 * k0 * g0
    cov.b -= 0.5 * k0 * g1
    cov.c -= 0.5 * k0 * g2
    cov.d -= 0.5 * k1 * g1
    cov.e -= 0.5 * k1 * g2
    cov.f -= 0.5 * k2 * g2
    return (m, s.squareRoot())
  }

  @inline(__always)
  private mutating func apply(
    g0: Double, g1: Double, g2: Double, s: Double, ye: Double, yn: Double
  ) {
    let k0 = g0 / s
    let k1 = g1 / s
    let k2 = g2 / s
    state.pe += k0 * ye
    state.ve += k1 * ye
    state.be += k2 * ye
    state.pn += k0 * yn
    state.vn += k1 * yn
    state.bn += k2 * yn
    cov.a -= k0 * g0
    cov.b -= k0 * g1
    cov.c -= k0 * g2
    cov.d -= k1 * g1
    cov.e -= k1 * g2
    cov.f -= k2 * g2
  }
}

/// The Rauch–Tung–Striebel backward recursion for `DriftFilter`'s steps (Rauch, Tung and
/// Striebel, AIAA Journal 3(8), 1965): each state corrected by what came after it.
struct DriftGain: Sendable {
  var c00 = 0.0
  var c01 = 0.0
  var c02 = 0.0
  var c10 = 0.0
  var c11 = 0.0
  var c12 = 0.0
  var c20 = 0.0
  var c21 = 0.0
  var c22 = 0.0

  /// C = P Fᵀ Pp⁻¹ for the step from `k` to `next`; nil when Pp is singular.
  @inline(__always)
  init?(_ k: DriftStep, next: DriftStep) {
    let p = k.filteredCov
    let pp = next.predictedCov
    let dt = next.dt
    let phi = next.phi
    // M = P Fᵀ with F = [[1, dt, 0], [0, 1, 0], [0, 0, φ]].
    let m00 = p.a + p.b * dt
    let m01 = p.b
    let m02 = p.c * phi
    let m10 = p.b + p.d * dt
    let m11 = p.d
    let m12 = p.e * phi
    let m20 = p.c + p.e * dt
    let m21 = p.e
    let m22 = p.f * phi
    // Pp⁻¹ by cofactors.
    let i00 = pp.d * pp.f - pp.e * pp.e
    let i01 = pp.c * pp.e - pp.b * pp.f
    let i02 = pp.b * pp.e - pp.c * pp.d
    let i11 = pp.a * pp.f - pp.c * pp.c
    let i12 = pp.b * pp.c - pp.a * pp.e
    let i22 = pp.a * pp.d - pp.b * pp.b
    let det = pp.a * i00 + pp.b * i01 + pp.c * i02
    guard det.isFinite, abs(det) > 1e-300 else { return nil }
    let inv = 1 / det
    c00 = (m00 * i00 + m01 * i01 + m02 * i02) * inv
    c01 = (m00 * i01 + m01 * i11 + m02 * i12) * inv
    c02 = (m00 * i02 + m01 * i12 + m02 * i22) * inv
    c10 = (m10 * i00 + m11 * i01 + m12 * i02) * inv
    c11 = (m10 * i01 + m11 * i11 + m12 * i12) * inv
    c12 = (m10 * i02 + m11 * i12 + m12 * i22) * inv
    c20 = (m20 * i00 + m21 * i01 + m22 * i02) * inv
    c21 = (m20 * i01 + m21 * i11 + m22 * i12) * inv
    c22 = (m20 * i02 + m21 * i12 + m22 * i22) * inv
  }

  /// The smoothed state at a step from its filtered one and the next step's.
  @inline(__always)
  func state(filtered f: DriftState, predictedNext q: DriftState, smoothedNext s: DriftState)
    -> DriftState
  {
    let dpe = s.pe - q.pe
    let dve = s.ve - q.ve
    let dbe = s.be - q.be
    let dpn = s.pn - q.pn
    let dvn = s.vn - q.vn
    let dbn = s.bn - q.bn
    return DriftState(
      pe: f.pe + c00 * dpe + c01 * dve + c02 * dbe,
      ve: f.ve + c10 * dpe + c11 * dve + c12 * dbe,
      be: f.be + c20 * dpe + c21 * dve + c22 * dbe,
      pn: f.pn + c00 * dpn + c01 * dvn + c02 * dbn,
      vn: f.vn + c10 * dpn + c11 * dvn + c12 * dbn,
      bn: f.bn + c20 * dpn + c21 * dvn + c22 * dbn)
  }

  /// The smoothed covariance at a step, Pf + C (Ps′ − Pp′) Cᵀ (Rauch, Tung and Striebel
  /// 1965), from its filtered one and the next step's predicted and smoothed ones.
  @inline(__always)
  func covariance(
    filtered f: DriftCovariance, predictedNext q: DriftCovariance,
    smoothedNext s: DriftCovariance
  ) -> DriftCovariance {
    // D = Ps′ − Pp′, symmetric.
    let d00 = s.a - q.a
    let d01 = s.b - q.b
    let d02 = s.c - q.c
    let d11 = s.d - q.d
    let d12 = s.e - q.e
    let d22 = s.f - q.f
    // N = C D, row by row.
    let n00 = c00 * d00 + c01 * d01 + c02 * d02
    let n01 = c00 * d01 + c01 * d11 + c02 * d12
    let n02 = c00 * d02 + c01 * d12 + c02 * d22
    let n10 = c10 * d00 + c11 * d01 + c12 * d02
    let n11 = c10 * d01 + c11 * d11 + c12 * d12
    let n12 = c10 * d02 + c11 * d12 + c12 * d22
    let n20 = c20 * d00 + c21 * d01 + c22 * d02
    let n21 = c20 * d01 + c21 * d11 + c22 * d12
    let n22 = c20 * d02 + c21 * d12 + c22 * d22
    // C D Cᵀ = N Cᵀ, its upper triangle.
    return DriftCovariance(
      a: f.a + n00 * c00 + n01 * c01 + n02 * c02,
      b: f.b + n00 * c10 + n01 * c11 + n02 * c12,
      c: f.c + n00 * c20 + n01 * c21 + n02 * c22,
      d: f.d + n10 * c10 + n11 * c11 + n12 * c12,
      e: f.e + n10 * c20 + n11 * c21 + n12 * c22,
      f: f.f + n20 * c20 + n21 * c21 + n22 * c22)
  }
}

extension DriftGain {
  /// The backward pass over consecutive steps: `out[i]` becomes the smoothed state of
  /// `steps[i]` given every step after it in the list (the last one stays as filtered).
  static func smooth(_ steps: [DriftStep], into out: inout [DriftState]) {
    var none: [DriftCovariance] = []
    smooth(steps, into: &out, covariances: &none, keepsCovariances: false)
  }

  /// `smooth`, with `covariances[i]` the smoothed covariance of `steps[i]` as well.
  static func smooth(
    _ steps: [DriftStep], into out: inout [DriftState], covariances: inout [DriftCovariance]
  ) {
    smooth(steps, into: &out, covariances: &covariances, keepsCovariances: true)
  }

  @inline(__always)
  private static func smooth(
    _ steps: [DriftStep], into out: inout [DriftState], covariances: inout [DriftCovariance],
    keepsCovariances: Bool
  ) {
    let m = steps.count
    guard m > 0 else { return }
    if out.count < m { out = [DriftState](repeating: DriftState(), count: m) }
    out[m - 1] = steps[m - 1].filtered
    if keepsCovariances {
      if covariances.count < m {
        covariances = [DriftCovariance](repeating: DriftCovariance(), count: m)
      }
      covariances[m - 1] = steps[m - 1].filteredCov
    }
    var k = m - 2
    while k >= 0 {
      let next = steps[k + 1]
      if !next.starts, let gain = DriftGain(steps[k], next: next) {
        out[k] = gain.state(
          filtered: steps[k].filtered, predictedNext: next.predicted, smoothedNext: out[k + 1])
        if keepsCovariances {
          covariances[k] = gain.covariance(
            filtered: steps[k].filteredCov, predictedNext: next.predictedCov,
            smoothedNext: covariances[k + 1])
        }
      } else {
        out[k] = steps[k].filtered
        if keepsCovariances { covariances[k] = steps[k].filteredCov }
      }
      k -= 1
    }
  }
}
