import Foundation

/// One accepted fix as the finished-track smoother reads it.
struct SmoothingInput: Sendable {
  var time: Double
  var coordinate: Coordinate
  /// Reported horizontal accuracy, NaN when none.
  var accuracy: Double
  /// Doppler speed and course, NaN when none.
  var speed: Double
  var course: Double
  /// A segment break or a gap before this fix.
  var newStretch: Bool
}

/// One fix of the smoothed track.
struct SmoothedFix: Sendable {
  var coordinate: Coordinate
  /// The smoothed speed, m/s.
  var speed: Double
  /// The smoothed velocity's direction, degrees clockwise from north (NaN when still).
  var course: Double
  /// The per-axis σ of the smoothed velocity, m/s: how far from zero the speed of a user
  /// standing still may read, which sparse or noisy fixes make large.
  var speedSigma: Double
}

/// A model learnt elsewhere on the same track, which the fit keeps where it explains the
/// track better than its own search (`NoiseFit.fit`'s `alsoFrom`).
enum RivalModel: Sendable {
  /// Learnt already: the live engine's last.
  case learnt(NoiseModel)
  /// The model of the first this many fixes alone, learnt beside the fit's own search:
  /// what a live session of the same fixes learnt last (`analyze` learns it again). Given
  /// to `FinishingPass`, a count of the track's points; to the smoother, of its fixes.
  case fromFirst(Int)
}

/// Smooths a finished track with a noise model learnt from the track itself.
///
/// First `NoiseFit` learns the jitter, drift and motion of this track from a sample of its
/// fixes (of its longest outing, `longestOuting`); then `DriftFilter` runs forward over every fix and the Rauch–Tung–Striebel pass
/// backward over a sliding window (a state is settled once `lookahead` later steps are in,
/// because the backward gains shrink what lies further ahead), so a track of any length is
/// smoothed in bounded memory. The smoothed position is the user's, without the estimated
/// drift; its speed is the smoothed velocity's.
struct DriftTrackSmoother {
  let lookahead: Int
  let prior: NoiseModel
  /// Whether a speed without a course is read as the receiver's Doppler speed, along the
  /// direction between the fix's neighbours (`courseBetweenNeighbours`). A watch's FIT or
  /// TCX gives its speed so, and on foot that speed is the receiver's: using it keeps a
  /// run sampled every few seconds from losing its corners to the smoothing (a FIT run
  /// 4.5 % short of its device, now 2.6 %). On a bike the speed is often a wheel sensor's,
  /// as calibrated as the rider's guess of the wheel: trusted, it made five of seven
  /// device rides shorter (0.07 to 1.49 % on one), so a ride leaves it to the positions.
  let readsSpeedWithoutCourse: Bool
  /// How the fit's independent pieces run (`NoiseFit.fit`).
  let parallelism: any Parallelism

  init(
    prior: NoiseModel, lookahead: Int = 1024, readsSpeedWithoutCourse: Bool = false,
    parallelism: any Parallelism = OneAtATime()
  ) {
    self.prior = prior
    self.lookahead = max(8, lookahead)
    self.readsSpeedWithoutCourse = readsSpeedWithoutCourse
    self.parallelism = parallelism
  }

  /// The user is this far from the frame's origin before the frame moves along.
  static let reanchorDistance = 20_000.0

  /// Whether a position has gone far enough from its plane's origin to need a new plane.
  static func isBeyondFrame(_ p: PlaneFix) -> Bool {
    p.east * p.east + p.north * p.north > reanchorDistance * reanchorDistance
  }

  /// Smooths `count` fixes read through `input`, handing each smoothed fix to `output` in
  /// order; returns the model it learnt, or `model` when one is given (nothing is learnt:
  /// the live engine re-measures the track so far with the model it already has).
  @discardableResult
  func smooth(
    count n: Int, model given: NoiseModel? = nil, alsoFrom other: RivalModel? = nil,
    learnOnly: Bool = false,
    input: (Int) -> SmoothingInput, output: (Int, SmoothedFix) -> Void
  ) -> NoiseModel {
    guard n > 0 else { return prior }
    let projection = Projection(count: n, smoother: self, input: input)
    func planeFix(_ i: Int, plane: LocalTangentPlane, restarts: Bool) -> PlaneFix {
      projection.fix(i, plane: plane, restarts: restarts, input: input)
    }

    let model =
      given
      ?? learn(
        count: n, projection: projection, alsoFrom: other, parallelism: parallelism, input: input)
    if learnOnly { return model }

    // Forward over everything, backward over a sliding window.
    var filter = DriftFilter(model: model)
    var powers = WeightPowers()
    var planes: [LocalTangentPlane] = []
    var steps: [DriftStep] = []
    var frameOf: [Int32] = []
    // The window never holds more than this: room for it at once, not grown by doubling on
    // every one of the live re-measures' short tracks.
    steps.reserveCapacity(min(n, 5 * lookahead))
    frameOf.reserveCapacity(min(n, 5 * lookahead))
    var firstPending = 0
    var plane = LocalTangentPlane(origin: input(0).coordinate)
    planes.append(plane)
    var step = DriftStep(
      filtered: DriftState(), filteredCov: DriftCovariance(), predicted: DriftState(),
      predictedCov: DriftCovariance(), dt: 0, phi: 1, starts: true)
    var smoothedBuffer: [DriftState] = []
    var covarianceBuffer: [DriftCovariance] = []

    func settle(upTo emitCount: Int, final: Bool) {
      guard !steps.isEmpty else { return }
      DriftGain.smooth(steps, into: &smoothedBuffer, covariances: &covarianceBuffer)
      for j in 0..<emitCount {
        let s = smoothedBuffer[j]
        let coordinate = planes[Int(frameOf[j])].unproject(PlanePoint(east: s.pe, north: s.pn))
        output(
          firstPending + j,
          SmoothedFix(
            coordinate: coordinate, speed: (s.ve * s.ve + s.vn * s.vn).squareRoot(),
            course: s.ve == 0 && s.vn == 0 ? .nan : atan2(s.ve, s.vn) * 180 / .pi,
            speedSigma: max(0, covarianceBuffer[j].d).squareRoot()))
      }
      steps.removeFirst(emitCount)
      frameOf.removeFirst(emitCount)
      firstPending += emitCount
      if final { steps.removeAll() }
    }

    for i in 0..<n {
      var f = planeFix(i, plane: plane, restarts: i == 0)
      if DriftTrackSmoother.isBeyondFrame(f) {
        let newPlane = LocalTangentPlane(origin: input(i).coordinate)
        filter.shift(by: plane.project(newPlane.origin))
        plane = newPlane
        planes.append(plane)
        f = planeFix(i, plane: plane, restarts: false)
      }
      let (whiteVariance, driftScale) = powers.variances(of: f, in: filter)
      _ = withUnsafeMutablePointer(to: &step) {
        filter.advance(f, whiteVariance: whiteVariance, driftScale: driftScale, step: $0)
      }
      steps.append(step)
      frameOf.append(Int32(planes.count - 1))
      if steps.count >= 5 * lookahead { settle(upTo: steps.count - lookahead, final: false) }
    }
    settle(upTo: steps.count, final: true)
    return model
  }

  /// Learns the noise from a sample of stretches spread over the track.
  private func learn(
    count n: Int, projection: Projection, alsoFrom other: RivalModel?,
    parallelism: any Parallelism, input: (Int) -> SmoothingInput
  ) -> NoiseModel {
    var runs: [[PlaneFix]] = []
    let runLength = NoiseFit.sampleSize / NoiseFit.sampleRuns
    let outing = DriftTrackSmoother.longestOuting(count: n, input: input)
    let m = outing.count
    let starts: [Int] =
      m <= NoiseFit.sampleSize
      ? [outing.lowerBound]
      : (0..<NoiseFit.sampleRuns).map { k in
        outing.lowerBound + (m - runLength) * k / (NoiseFit.sampleRuns - 1)
      }
    for s in starts {
      let end = m <= NoiseFit.sampleSize ? outing.upperBound : s + runLength
      var plane = LocalTangentPlane(origin: input(s).coordinate)
      var run: [PlaneFix] = []
      run.reserveCapacity(end - s)
      for i in s..<end {
        var f = projection.fix(i, plane: plane, restarts: i == s, input: input)
        if DriftTrackSmoother.isBeyondFrame(f) {
          plane = LocalTangentPlane(origin: input(i).coordinate)
          f = projection.fix(i, plane: plane, restarts: true, input: input)
        }
        run.append(f)
      }
      runs.append(run)
    }
    switch other {
    case .none: return NoiseFit.fit(runs, prior: prior, parallelism: parallelism)
    case .learnt(let model):
      return NoiseFit.fit(runs, prior: prior, alsoFrom: model, parallelism: parallelism)
    case .fromFirst(let m):
      // The first `m` fixes alone, as a smoother given only those would learn them.
      guard m > 0 else { return NoiseFit.fit(runs, prior: prior, parallelism: parallelism) }
      return NoiseFit.fit(runs, prior: prior, parallelism: parallelism) {
        // Learnt beside the search, on one thread of its own.
        let first = min(m, n)
        return learn(
          count: first, projection: Projection(count: first, smoother: self, input: input),
          alsoFrom: nil, parallelism: OneAtATime(), input: input)
      }
    }
  }

  /// Fixes further apart than this belong to different outings.
  static let outingGap = 6 * 3600.0

  /// The fixes of the longest outing (the most fixes between breaks of more than
  /// `outingGap`): the noise is learnt there alone. A file can hold recordings of different
  /// days, receivers and sampling; one learnt model for both let a short one standing still
  /// at 1 Hz teach another's 5 s run a drift that cut it 35 % short.
  static func longestOuting(count n: Int, input: (Int) -> SmoothingInput) -> Range<Int> {
    var longest = 0..<n
    var start = 0
    var previousTime = n > 0 ? input(0).time : 0
    for i in 1..<max(1, n) {
      let e = input(i)
      if e.newStretch, e.time - previousTime > outingGap {
        if start == 0 || i - start > longest.count { longest = start..<i }
        start = i
      }
      previousTime = e.time
    }
    if start > 0, n - start > longest.count { longest = start..<n }
    return longest
  }

  /// How the fixes are read into a plane: their weights against the track's typical
  /// accuracy, and their velocities.
  private struct Projection {
    let count: Int
    let typicalAccuracy: Double?
    let readsSpeedWithoutCourse: Bool

    init(count: Int, smoother: DriftTrackSmoother, input: (Int) -> SmoothingInput) {
      self.count = count
      typicalAccuracy = DriftTrackSmoother.typicalAccuracy(count: count, input: input)
      readsSpeedWithoutCourse = smoother.readsSpeedWithoutCourse
    }

    func fix(
      _ i: Int, plane: LocalTangentPlane, restarts: Bool, input: (Int) -> SmoothingInput
    ) -> PlaneFix {
      let e = input(i)
      let p = plane.project(e.coordinate)
      let velocity = PlaneFix.velocity(speed: e.speed, course: e.course)
      var fix = PlaneFix(
        time: e.time, east: p.east, north: p.north,
        weight: PlaneFix.weight(accuracy: e.accuracy, typical: typicalAccuracy),
        velocityEast: velocity?.east ?? .nan, velocityNorth: velocity?.north ?? .nan,
        restarts: restarts || e.newStretch)
      // A speed below 0.05 m/s is a standstill, which `PlaneFix.velocity` reads without a
      // course; a negative one is nothing a receiver measured.
      if velocity == nil, readsSpeedWithoutCourse, e.speed.isFinite, e.speed >= 0.05,
        e.speed < 100
      {
        fix.groundSpeed = e.speed
        if let chord = DriftTrackSmoother.chordBetweenNeighbours(
          i, count: count, plane: plane, input: input)
        {
          fix.chordEast = chord.east
          fix.chordNorth = chord.north
        }
      }
      return fix
    }
  }

  /// The chord from the fix before to the fix after, in the plane the fix is being
  /// projected into, for a fix whose receiver gave a speed without a course (a watch's FIT
  /// or TCX): the direction its speed is read along where the chord is long against the
  /// fixes' jitter (`DriftFilter.updateGroundSpeed`). Nil where the neighbours are missing,
  /// across a break, or too far apart in time. The caller's plane is used, so the chord
  /// costs two projections and no trigonometry.
  static func chordBetweenNeighbours(
    _ i: Int, count n: Int, plane: LocalTangentPlane, input: (Int) -> SmoothingInput
  ) -> PlanePoint? {
    guard i > 0, i + 1 < n else { return nil }
    let after = input(i + 1)
    guard !after.newStretch, !input(i).newStretch else { return nil }
    let before = input(i - 1)
    let dt = after.time - before.time
    guard dt > 0, dt <= 20 else { return nil }
    let a = plane.project(before.coordinate)
    let b = plane.project(after.coordinate)
    return PlanePoint(east: b.east - a.east, north: b.north - a.north)
  }

  /// The median reported accuracy of a sample of the fixes, nil when none reports one.
  static func typicalAccuracy(count n: Int, input: (Int) -> SmoothingInput) -> Double? {
    let stride = max(1, n / 4000)
    var values: [Double] = []
    var i = 0
    while i < n {
      let a = input(i).accuracy
      if a.isFinite, a > 0 { values.append(a) }
      i += stride
    }
    guard !values.isEmpty else { return nil }
    values.sort()
    return values[values.count / 2]
  }
}
