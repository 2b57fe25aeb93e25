import Foundation

/// The filter's belief at one fix: position and velocity in the local plane.
public struct KalmanEstimate: Hashable, Sendable {
  public var time: GNSSTime
  public var coordinate: Coordinate
  public var velocity: PlanePoint
  /// True when the fix was too far from the prediction to be believed.
  public var wasOutlier: Bool
  /// True when the filter (re)started at this fix.
  public var restarted: Bool

  public var speed: MetersPerSecond { MetersPerSecond(velocity.magnitude) }
}

/// A causal constant-velocity Kalman filter in a local east-north plane.
///
/// State per axis is (position, velocity) with white-acceleration process noise (Bar-Shalom,
/// Li and Kirubarajan, *Estimation with Applications to Tracking and Navigation*, §6.3.2).
/// The measurement noise comes from each fix's reported accuracy and is the same on both
/// axes, so the east and north filters share one covariance and are updated independently:
/// a 2×2 problem instead of 4×4. It never rewrites the past; the finished track is smoothed
/// afterwards by `RauchTungStriebel` from the history this filter keeps.
public struct KalmanFilter: Sendable {
  public let configuration: KalmanConfiguration
  private var plane: LocalTangentPlane?
  private var east = AxisState()
  private var north = AxisState()
  private var cov = Covariance()
  private var lastTime: GNSSTime?
  private var consecutiveOutliers = 0
  private var updatesSinceRestart = 0
  /// What the smoother needs, one entry per fix since the last restart.
  public private(set) var history: [KalmanHistoryEntry] = []
  private let keepsHistory: Bool

  /// The speed an unknown velocity may have, m/s: the prior after a restart.
  static let unknownSpeed = 30.0
  /// Updates after a restart during which no fix is gated as an outlier, while the
  /// velocity is still being learnt.
  static let settlingUpdates = 3

  /// Frames are moved when the user is this far from the origin.
  static let reanchorDistance = 20_000.0

  public init(configuration: KalmanConfiguration, keepsHistory: Bool = false) {
    self.configuration = configuration
    self.keepsHistory = keepsHistory
  }

  /// Restarts at the next fix (after a segment break).
  /// Forgets the history kept so far (keeping its memory for what comes next), so a caller
  /// smoothing as it goes holds only what it has not smoothed yet.
  public mutating func clearHistory() {
    history.removeAll(keepingCapacity: true)
  }

  public mutating func reset() {
    lastTime = nil
  }

  /// Feeds one accepted, timed fix and returns the new estimate.
  /// `minimumSigma` raises the fix's noise when something else knows it to be worse than
  /// reported (the finished-track smoother's local scatter estimate).
  public mutating func update(with fix: Fix, minimumSigma: Double = 0) -> KalmanEstimate? {
    advance(with: fix, minimumSigma: minimumSigma, estimating: true)
  }

  /// Feeds one fix for the history alone (a smoothing pass), skipping the estimate's
  /// conversion back to latitude and longitude, which costs five trigonometric calls.
  public mutating func absorb(_ fix: Fix, minimumSigma: Double = 0) {
    _ = advance(with: fix, minimumSigma: minimumSigma, estimating: false)
  }

  private mutating func advance(
    with fix: Fix, minimumSigma: Double, estimating: Bool
  ) -> KalmanEstimate? {
    guard let coordinate = fix.coordinate, let time = fix.time else { return nil }
    let sigma = max(measurementSigma(fix), minimumSigma)
    let r = sigma * sigma
    guard let last = lastTime, var frame = plane,
      (time - last).value <= configuration.maxPredictionGap.value
    else {
      return restart(at: fix, coordinate: coordinate, time: time, r: r)
    }
    let dt = max(0, (time - last).value)
    var z = frame.project(coordinate)
    if z.magnitude > KalmanFilter.reanchorDistance {
      let estimate = frame.unproject(PlanePoint(east: east.p, north: north.p))
      let newFrame = LocalTangentPlane(origin: estimate)
      let v = frame.rotate(PlanePoint(east: east.v, north: north.v), into: newFrame)
      east = AxisState(p: 0, v: v.east)
      north = AxisState(p: 0, v: v.north)
      frame = newFrame
      plane = newFrame
      z = frame.project(coordinate)
      if keepsHistory { history.append(.frameChange(newFrame)) }
    }
    let speedSquared = east.v * east.v + north.v * north.v
    let typical = configuration.typicalSpeed.value
    let q =
      configuration.processNoise * min(16, max(1, speedSquared / max(0.1, typical * typical)))
    let predictedCov = cov.predicted(dt: dt, q: q)
    let predictedEast = east.predicted(dt: dt)
    let predictedNorth = north.predicted(dt: dt)
    let s = predictedCov.a + r
    let ye = z.east - predictedEast.p
    let yn = z.north - predictedNorth.p
    let mahalanobis = (ye * ye + yn * yn) / s
    var outlier = false
    updatesSinceRestart += 1
    if mahalanobis > configuration.outlierThreshold,
      updatesSinceRestart > KalmanFilter.settlingUpdates
    {
      consecutiveOutliers += 1
      if consecutiveOutliers >= configuration.maxConsecutiveOutliers {
        return restart(at: fix, coordinate: coordinate, time: time, r: r)
      }
      outlier = true
      east = predictedEast
      north = predictedNorth
      cov = predictedCov
    } else {
      consecutiveOutliers = 0
      var c = predictedCov
      east = predictedEast
      north = predictedNorth
      c.updatePosition(r: r, east: &east, north: &north, ye: ye, yn: yn)
      if configuration.useReceiverVelocity, let v = receiverVelocity(fix) {
        let sv = configuration.velocitySigma.value
        c.updateVelocity(r: sv * sv, east: &east, north: &north, we: v.east, wn: v.north)
      }
      cov = c
    }
    lastTime = time
    if keepsHistory {
      history.append(
        .step(
          KalmanStep(
            dt: dt, filteredEast: east, filteredNorth: north, filteredCov: cov,
            predictedEast: predictedEast, predictedNorth: predictedNorth,
            predictedCov: predictedCov, time: time)))
    }
    let position =
      estimating ? frame.unproject(PlanePoint(east: east.p, north: north.p)) : coordinate
    return KalmanEstimate(
      time: time, coordinate: position,
      velocity: PlanePoint(east: east.v, north: north.v), wasOutlier: outlier, restarted: false)
  }

  private mutating func restart(
    at fix: Fix, coordinate: Coordinate, time: GNSSTime, r: Double
  ) -> KalmanEstimate {
    let frame = LocalTangentPlane(origin: coordinate)
    plane = frame
    var v = PlanePoint(east: 0, north: 0)
    // Unknown velocity: anything up to a fast ride or a car, so the first steps are not
    // taken for outliers.
    var velocityVariance = KalmanFilter.unknownSpeed * KalmanFilter.unknownSpeed
    if configuration.useReceiverVelocity, let rv = receiverVelocity(fix) {
      v = rv
      velocityVariance = configuration.velocitySigma.value * configuration.velocitySigma.value
    }
    east = AxisState(p: 0, v: v.east)
    north = AxisState(p: 0, v: v.north)
    cov = Covariance(a: r, b: 0, c: velocityVariance)
    lastTime = time
    consecutiveOutliers = 0
    updatesSinceRestart = 0
    if keepsHistory {
      history.append(.frameChange(frame))
      history.append(
        .step(
          KalmanStep(
            dt: 0, filteredEast: east, filteredNorth: north, filteredCov: cov,
            predictedEast: east, predictedNorth: north, predictedCov: cov, time: time)))
    }
    return KalmanEstimate(
      time: time, coordinate: coordinate, velocity: v, wasOutlier: false, restarted: true)
  }

  private func measurementSigma(_ fix: Fix) -> Double {
    var accuracy = configuration.assumedAccuracy.value
    if let a = fix.horizontalAccuracy?.value, a.isFinite, a > 0 { accuracy = a }
    return max(configuration.minimumSigma.value, accuracy * configuration.accuracyToSigma)
  }

  private func receiverVelocity(_ fix: Fix) -> PlanePoint? {
    guard let speed = fix.speed?.value, speed.isFinite, speed >= 0, speed < 100 else {
      return nil
    }
    if speed < 0.05 { return PlanePoint(east: 0, north: 0) }
    guard let course = fix.course?.value, course.isFinite else { return nil }
    let angle = course * .pi / 180
    return PlanePoint(east: speed * sin(angle), north: speed * cos(angle))
  }
}

/// Position and velocity along one axis.
public struct AxisState: Hashable, Sendable {
  public var p = 0.0
  public var v = 0.0

  func predicted(dt: Double) -> AxisState { AxisState(p: p + v * dt, v: v) }
}

/// The symmetric 2×2 covariance [[a, b], [b, c]] shared by both axes.
public struct Covariance: Hashable, Sendable {
  public var a = 0.0
  public var b = 0.0
  public var c = 0.0

  func predicted(dt: Double, q: Double) -> Covariance {
    let dt2 = dt * dt
    return Covariance(
      a: a + 2 * b * dt + c * dt2 + q * dt2 * dt / 3,
      b: b + c * dt + q * dt2 / 2,
      c: c + q * dt)
  }

  mutating func updatePosition(
    r: Double, east: inout AxisState, north: inout AxisState, ye: Double, yn: Double
  ) {
    let s = a + r
    let k0 = a / s
    let k1 = b / s
    east.p += k0 * ye
    east.v += k1 * ye
    north.p += k0 * yn
    north.v += k1 * yn
    let newA = (1 - k0) * a
    let newB = (1 - k0) * b
    let newC = c - k1 * b
    a = newA
    b = newB
    c = newC
  }

  mutating func updateVelocity(
    r: Double, east: inout AxisState, north: inout AxisState, we: Double, wn: Double
  ) {
    let s = c + r
    let k0 = b / s
    let k1 = c / s
    let ye = we - east.v
    let yn = wn - north.v
    east.p += k0 * ye
    east.v += k1 * ye
    north.p += k0 * yn
    north.v += k1 * yn
    let newA = a - k0 * b
    let newB = b - k0 * c
    let newC = c - k1 * c
    a = newA
    b = newB
    c = newC
  }
}

/// One forward step as the smoother needs it.
public struct KalmanStep: Hashable, Sendable {
  public var dt: Double
  public var filteredEast: AxisState
  public var filteredNorth: AxisState
  public var filteredCov: Covariance
  public var predictedEast: AxisState
  public var predictedNorth: AxisState
  public var predictedCov: Covariance
  public var time: GNSSTime
}

/// An entry of the filter's history: a step, or a change of frame that starts a new run.
public enum KalmanHistoryEntry: Hashable, Sendable {
  case frameChange(LocalTangentPlane)
  case step(KalmanStep)
}
