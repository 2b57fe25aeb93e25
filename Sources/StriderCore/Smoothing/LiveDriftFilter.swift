import Foundation

/// The live filter's belief at one fix: the user's position (without the receiver's
/// estimated drift) and velocity.
public struct LiveEstimate: Hashable, Sendable {
  public var time: GNSSTime
  public var coordinate: Coordinate
  public var velocity: PlanePoint
  /// True when the filter (re)started at this fix.
  public var restarted: Bool

  public var speed: MetersPerSecond { MetersPerSecond(velocity.magnitude) }
}

/// A settled position's step from the one settled before it, its settled speed, and that
/// speed's per-axis σ (the fixed-lag smoother's own).
public struct SettledStep: Hashable, Sendable {
  public var length: Double
  public var speed: Double
  public var speedSigma: Double
}

/// The live filter: `DriftFilter` on latitude and longitude, with a noise model it learns as
/// the session goes.
///
/// It starts from the activity's prior and fits the model (`NoiseFit`) to the last 900
/// fixes it has seen after 20 fixes (20 s at 1 Hz), again after 40, 80, … 5120, and then
/// every 14,400 (four hours at 1 Hz), so that a receiver whose accuracy figure means
/// something else, or a watch that has already smoothed, is recognised within the first
/// minute. A refit only changes how the next fixes are read: the past is never rewritten,
/// because auto-pause and cues have already acted on it.
public struct LiveDriftFilter: Sendable {
  public private(set) var model: NoiseModel
  private var filter: DriftFilter
  private var plane: LocalTangentPlane?
  /// Recent fixes in the current plane, with their raw accuracy in `weight`, for refits.
  private var recent: [PlaneFix] = []
  private var recentHead = 0
  private var fixesSeen = 0
  private var nextRefit = LiveDriftFilter.firstRefit
  private var typicalAccuracy: Double?
  /// Forward steps not yet settled, with the plane each is in.
  private var pendingSteps: [DriftStep] = []
  private var pendingPlanes: [LocalTangentPlane] = []
  /// The length of each pending step from the pending position before it (0 for the first,
  /// which is measured from the last settled position when asked): a filtered position
  /// never moves, and the distance shown walks these steps after every fix.
  private var pendingLengths: [Double] = []
  private var smoothed: [DriftState] = []
  /// The smoothed covariance of each state in `smoothed`, for the settled speed's spread.
  private var smoothedCovariances: [DriftCovariance] = []
  private var lastSettled:
    (plane: LocalTangentPlane, point: PlanePoint, velocity: (east: Double, north: Double))?
  private var scratch = DriftStep(
    filtered: DriftState(), filteredCov: DriftCovariance(), predicted: DriftState(),
    predictedCov: DriftCovariance(), dt: 0, phi: 1, starts: true)

  /// A fix's position is settled once this many later fixes are in (a fixed-lag smoother,
  /// Rauch–Tung–Striebel over the last steps): the live distance is measured along settled
  /// positions, which follow the error's wander far less than the filter's newest estimate
  /// and stay within a percent of the finished track's; ten fixes cost ten seconds at 1 Hz.
  public static let settleLag = 10
  /// Positions are settled this many at a time, so the backward pass is paid once per batch.
  static let settleBatch = 5

  /// The first refits, in fixes seen; then one every `refitInterval` fixes.
  static let firstRefit = 20
  static let refitInterval = 14_400
  /// How many of the latest fixes a refit reads.
  static let refitWindow = 900
  /// Likelihood evaluations a refit may spend: it starts from the current model.
  static let refitEvaluations = 40

  /// Whether settled steps are measured along the smoothed curve (`HermiteArc`), as the
  /// finishing pass measures them, or along chords (sessions stored before).
  private let alongCurve: Bool
  /// Whether a speed given without a course is the receiver's own (on foot:
  /// `Activity.readsSpeedWithoutCourse`), read as the finish reads it, along the filter's
  /// own direction (the chord to the next fix is not known yet).
  private let readsSpeedWithoutCourse: Bool

  public init(prior: NoiseModel, alongCurve: Bool = true, readsSpeedWithoutCourse: Bool = false) {
    model = prior
    filter = DriftFilter(model: prior)
    self.alongCurve = alongCurve
    self.readsSpeedWithoutCourse = readsSpeedWithoutCourse
  }

  /// Restarts at the next fix (after a segment break or a gap).
  public mutating func reset() {
    pendingRestart = true
  }
  private var pendingRestart = true

  /// Feeds one accepted fix; nil when it has no time or position.
  public mutating func update(with fix: Fix) -> LiveEstimate? {
    guard let coordinate = fix.coordinate, let time = fix.time else { return nil }
    var frame: LocalTangentPlane
    if let p = plane {
      frame = p
    } else {
      frame = LocalTangentPlane(origin: coordinate)
      plane = frame
    }
    var z = frame.project(coordinate)
    if z.east * z.east + z.north * z.north
      > DriftTrackSmoother.reanchorDistance * DriftTrackSmoother.reanchorDistance
    {
      let newFrame = LocalTangentPlane(origin: coordinate)
      let offset = frame.project(newFrame.origin)
      filter.shift(by: offset)
      for i in recent.indices {
        recent[i].east -= offset.east
        recent[i].north -= offset.north
      }
      frame = newFrame
      plane = newFrame
      z = PlanePoint(east: 0, north: 0)
    }
    let accuracy = fix.horizontalAccuracy?.value ?? .nan
    if typicalAccuracy == nil, accuracy.isFinite, accuracy > 0 { typicalAccuracy = accuracy }
    let velocity = PlaneFix.velocity(
      speed: fix.speed?.value ?? .nan, course: fix.course?.value ?? .nan)
    let restarts = pendingRestart
    pendingRestart = false
    let t = time.secondsSince1970
    var planeFix = PlaneFix(
      time: t, east: z.east, north: z.north, weight: accuracy,
      velocityEast: velocity?.east ?? .nan, velocityNorth: velocity?.north ?? .nan,
      restarts: restarts)
    if velocity == nil, readsSpeedWithoutCourse, let speed = fix.speed?.value,
      speed.isFinite, speed >= 0.05, speed < 100
    {
      planeFix.groundSpeed = speed
    }
    remember(planeFix)
    planeFix.weight = weight(accuracy)
    let outcome = withUnsafeMutablePointer(to: &scratch) { filter.advance(planeFix, step: $0) }
    pendingSteps.append(scratch)
    pendingPlanes.append(frame)
    let n = pendingSteps.count
    pendingLengths.append(
      n > 1
        ? Self.length(
          from: (pendingPlanes[n - 2], Self.position(pendingSteps[n - 2])),
          to: (frame, Self.position(scratch))) : 0)
    fixesSeen += 1
    if fixesSeen >= nextRefit { refit() }
    let state = filter.state
    return LiveEstimate(
      time: time, coordinate: frame.unproject(PlanePoint(east: state.pe, north: state.pn)),
      velocity: PlanePoint(east: state.ve, north: state.vn), restarted: outcome.started)
  }

  /// The positions settled since the last call, one per fix `update` estimated, oldest
  /// first; `final` settles every one (the session ends).
  public mutating func settled(final: Bool = false) -> [Coordinate] {
    let emit = settle(final: final)
    var out: [Coordinate] = []
    out.reserveCapacity(emit)
    for j in 0..<emit {
      out.append(
        pendingPlanes[j].unproject(PlanePoint(east: smoothed[j].pe, north: smoothed[j].pn)))
    }
    release(emit)
    return out
  }

  /// Like `settled`, the length of each settled position's step from the one settled before
  /// it (0 for the very first), measured in the local plane: the live distance needs only
  /// these, and the plane spares two trigonometric conversions a fix.
  public mutating func settledSteps(final: Bool = false) -> [SettledStep] {
    let emit = settle(final: final)
    // Four calls in five settle nothing: no array is made for them (a million fixes made a
    // million).
    guard emit > 0 else { return [] }
    var out: [SettledStep] = []
    out.reserveCapacity(emit)
    for j in 0..<emit {
      let point = PlanePoint(east: smoothed[j].pe, north: smoothed[j].pn)
      let plane = pendingPlanes[j]
      let velocity = (east: smoothed[j].ve, north: smoothed[j].vn)
      var length = 0.0
      if let last = lastSettled {
        if last.plane == plane {
          let step = point - last.point
          // Measured along the smoothed curve, as the finishing pass measures it.
          length =
            alongCurve
            ? step.magnitude
              * HermiteArc.factor(
                east: step.east, north: step.north, start: last.velocity, end: velocity,
                duration: pendingSteps[j].dt)
            : step.magnitude
        } else {
          length = Geodesy.distanceMeters(last.plane.unproject(last.point), plane.unproject(point))
        }
      }
      lastSettled = (plane, point, velocity)
      out.append(
        SettledStep(
          length: length,
          speed: (velocity.east * velocity.east + velocity.north * velocity.north).squareRoot(),
          speedSigma: max(0, smoothedCovariances[j].d).squareRoot()))
    }
    release(emit)
    return out
  }

  /// Calls `body` with each step between the positions not settled yet, as the filter
  /// estimates them now (forward only), oldest first; the first from the last settled
  /// position (0 when there is none). What the live distance will count once they settle,
  /// known now: a workout step ends where the runner is, not ten seconds later. No array:
  /// the engine follows the distance shown after every fix.
  public func forEachUnsettledStep(_ body: (Double) -> Void) {
    guard let first = pendingSteps.first else { return }
    body(
      lastSettled.map {
        Self.length(from: ($0.plane, $0.point), to: (pendingPlanes[0], Self.position(first)))
      } ?? 0)
    for j in pendingLengths.indices.dropFirst() { body(pendingLengths[j]) }
  }

  /// A filtered step's position in its plane.
  private static func position(_ step: DriftStep) -> PlanePoint {
    PlanePoint(east: step.filtered.pe, north: step.filtered.pn)
  }

  /// The straight length between two positions, in their plane when they share one (0 for
  /// a length that is not a number).
  private static func length(
    from a: (plane: LocalTangentPlane, point: PlanePoint),
    to b: (plane: LocalTangentPlane, point: PlanePoint)
  ) -> Double {
    let length =
      a.plane == b.plane
      ? (b.point - a.point).magnitude
      : Geodesy.distanceMeters(a.plane.unproject(a.point), b.plane.unproject(b.point))
    return length.isFinite ? length : 0
  }

  /// Runs the backward pass when a batch is due; returns how many positions it settled.
  private mutating func settle(final: Bool) -> Int {
    let count = pendingSteps.count
    guard final || count >= LiveDriftFilter.settleLag + LiveDriftFilter.settleBatch else {
      return 0
    }
    DriftGain.smooth(pendingSteps, into: &smoothed, covariances: &smoothedCovariances)
    return final ? count : count - LiveDriftFilter.settleLag
  }

  private mutating func release(_ count: Int) {
    pendingSteps.removeFirst(count)
    pendingPlanes.removeFirst(count)
    pendingLengths.removeFirst(count)
  }

  private func weight(_ accuracy: Double) -> Double {
    PlaneFix.weight(accuracy: accuracy, typical: typicalAccuracy)
  }

  private mutating func remember(_ fix: PlaneFix) {
    if recent.count - recentHead >= LiveDriftFilter.refitWindow { recentHead += 1 }
    recent.append(fix)
    if recentHead > 1024 {
      recent.removeFirst(recentHead)
      recentHead = 0
    }
  }

  private mutating func refit() {
    nextRefit =
      nextRefit < LiveDriftFilter.refitInterval
      ? nextRefit * 2 : nextRefit + LiveDriftFilter.refitInterval
    var window = Array(recent[recentHead...])
    var accuracies = window.compactMap { $0.weight.isFinite && $0.weight > 0 ? $0.weight : nil }
    if !accuracies.isEmpty {
      accuracies.sort()
      typicalAccuracy = accuracies[accuracies.count / 2]
    }
    for i in window.indices { window[i].weight = weight(window[i].weight) }
    if !window.isEmpty { window[0].restarts = true }
    model = NoiseFit.fit(
      [window], prior: model, maxEvaluations: LiveDriftFilter.refitEvaluations)
    filter.adopt(model)
  }
}
