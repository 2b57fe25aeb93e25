import Foundation
import StriderCore

/// The simulated receiver: turns the truth of one epoch into the fix it would report.
///
/// It carries the state of the correlated errors from epoch to epoch. Each correlated
/// error is kept as a unit-variance first-order Gauss–Markov process u, advanced exactly
/// for the step Δt by u ← φ·u + √(1 − φ²)·w with φ = e^(−Δt/τ) and w standard normal
/// (Brown and Hwang, §2.9), and scaled by the σ that applies at that moment; so when an
/// urban canyon raises σ the error grows at once without changing its correlation.
struct ReceiverModel: Sendable {
  /// The error model in force; a simulated day swaps it indoors and out. The correlated
  /// state is unit-variance, so a new σ applies at once without changing the drift's shape.
  var model: ErrorModel
  private let plane: LocalTangentPlane
  /// The urban canyons of the route being followed (a simulated day sets each move's).
  var canyons: [UrbanCanyon]
  private var rng: SeededRandom
  private var east: Double
  private var north: Double
  private var up: Double
  private var accuracyLog: Double
  private var satellites: Int

  init(configuration: SimulationConfiguration, plane: LocalTangentPlane, canyons: [UrbanCanyon]) {
    model = configuration.errorModel
    self.plane = plane
    self.canyons = canyons
    rng = SeededRandom(seed: configuration.seed, stream: 3)
    east = rng.gaussian()
    north = rng.gaussian()
    up = rng.gaussian()
    accuracyLog = rng.gaussian()
    let low = model.satellites.lowerBound
    satellites = rng.integer(in: low...max(low, model.satellites.upperBound))
  }

  /// Advances the correlated errors by `step` seconds.
  mutating func advance(by step: Double) {
    let phi = TruthTrack.decay(step, model.correlationTime.value)
    let q = (1 - phi * phi).squareRoot()
    east = phi * east + q * rng.gaussian()
    north = phi * north + q * rng.gaussian()
    up = phi * up + q * rng.gaussian()
    let phiA = TruthTrack.decay(step, model.accuracyCorrelationTime.value)
    accuracyLog = phiA * accuracyLog + (1 - phiA * phiA).squareRoot() * rng.gaussian()
    if rng.chance(0.02) {
      let low = model.satellites.lowerBound
      let high = max(low, model.satellites.upperBound)
      satellites = min(high, max(low, satellites + (rng.chance(0.5) ? 1 : -1)))
    }
  }

  /// The fix the receiver reports for a true state (advance first for each new epoch).
  mutating func fix(for truth: TruthTrack.Epoch) -> Fix {
    let along = Meters(truth.distance)
    var weight = 0.0
    var canyonSigma = model.correlatedSigma.value
    var bias = PlanePoint(east: 0, north: 0)
    if let canyon = canyons.max(by: { $0.weight(at: along) < $1.weight(at: along) }),
      canyon.weight(at: along) > 0
    {
      weight = canyon.weight(at: along)
      canyonSigma = canyon.sigma.value
      bias = canyon.bias
    }
    let sigma = model.correlatedSigma.value + weight * (canyonSigma - model.correlatedSigma.value)
    let white = model.whiteSigma.value * (1 + 2 * weight)
    let error = PlanePoint(
      east: sigma * east + white * rng.gaussian() + weight * bias.east,
      north: sigma * north + white * rng.gaussian() + weight * bias.north)
    let coordinate = plane.unproject(truth.point + error)

    let factor = exp(model.accuracySpread * accuracyLog)
    let floor = model.accuracyFloor.value
    var horizontal = max(floor, (2 * (sigma * sigma + white * white)).squareRoot() * factor)
    if weight > 0 {  // receivers in a canyon report 10–50 m, whatever the factor says
      let band = model.urbanCanyonAccuracy
      let low = horizontal + weight * (band.lowerBound.value - horizontal)
      horizontal = min(max(horizontal, low), max(low, band.upperBound.value))
    }
    let verticalSigma = model.altitudeSigma.value * (1 + weight)
    let verticalWhite = model.altitudeWhiteSigma.value
    let vertical = max(
      floor, (verticalSigma * verticalSigma + verticalWhite * verticalWhite).squareRoot() * factor)
    let altitude = truth.altitude + verticalSigma * up + verticalWhite * rng.gaussian()

    let speedNoise = model.speedSigma.value
    let velocityEast = truth.speed * truth.direction.east + speedNoise * rng.gaussian()
    let velocityNorth = truth.speed * truth.direction.north + speedNoise * rng.gaussian()
    let speed = (velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot()

    let low = model.satellites.lowerBound
    return Fix(
      time: truth.time, coordinate: coordinate, altitude: Meters(altitude),
      horizontalAccuracy: Meters(horizontal), verticalAccuracy: Meters(vertical),
      speed: MetersPerSecond(speed), course: ReceiverModel.course(velocityEast, velocityNorth),
      mode: .threeD, provider: .gnss,
      satellites: max(low, satellites - Int((3 * weight).rounded())),
      hdop: horizontal / 5, segment: 0)
  }

  /// Course over ground in [0, 360) from velocity components.
  static func course(_ east: Double, _ north: Double) -> Degrees {
    var angle = atan2(east, north) * 180 / .pi
    if angle < 0 { angle += 360 }
    return Degrees(angle >= 360 ? 0 : angle)
  }
}
