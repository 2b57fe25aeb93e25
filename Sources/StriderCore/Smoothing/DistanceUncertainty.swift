import Foundation

/// How far the finished distance may be from the truth, summed up step by step from the
/// smoother's own uncertainty of each point's velocity (`SmoothedFix.speedSigma`).
///
/// Three things make a smoothed distance wrong. The error of each step's length, which
/// adds up along the way; the length the noise itself adds: a velocity known to σ per
/// axis reads faster than it is (by σ²/2v when moving, and the whole speed when it is
/// within σ of standing), so that a slow or noisy stretch may be counted longer than it
/// was; and what the smoother's model does not know at all (a turn cut between sparse
/// fixes, the edge of a stop, a fix the gate let through), a share of the distance. The
/// smoother knows neither the sign nor the size of what it left in, so all three are
/// counted as spread, not taken off. The scales were fitted so that the truth falls
/// within two σ in 95 % of the accuracy corpus's cases (seeds 1-300; docs/accuracy.md).
public struct DistanceUncertainty: Hashable, Sendable, Codable {
  /// Σ s²: the variance of the steps' lengths (s = σ Δt, bounded by the raw fixes' own
  /// error), each read as independent (m²).
  public private(set) var stepVariance = 0.0
  /// Σ (d − √(d² − s²)): the length the noise alone can explain in steps of length d (m).
  public private(set) var noiseLength = 0.0
  /// The length of the steps added (m).
  public private(set) var distance = 0.0

  public init() {}

  /// Adds a step of `length` metres counted as moving, over `duration` seconds, whose
  /// smoothed velocity is known to `sigma` per axis (NaN where the smoother gave none).
  /// The step's own error is σ × `duration`, but never more than the error of the two
  /// raw fixes that bound it under `noise` (white jitter on each, and the drift they do
  /// not share): a step between sparse fixes is known as well as its ends, however
  /// loosely the velocity between them is.
  mutating func add(length: Double, duration: Double, sigma: Double, noise: NoiseModel?) {
    guard length.isFinite, length >= 0 else { return }
    distance += length
    guard duration > 0, duration.isFinite, sigma.isFinite, sigma > 0 else { return }
    var spread = sigma * duration
    if let noise {
      let shared = noise.driftTime > 0 ? exp(-duration / noise.driftTime) : 0
      let ends =
        2 * noise.whiteSigma * noise.whiteSigma
        + 2 * noise.driftSigma * noise.driftSigma * (1 - shared)
      if ends.isFinite { spread = min(spread, ends.squareRoot()) }
    }
    stepVariance += spread * spread
    noiseLength += length - (max(0, length * length - spread * spread)).squareRoot()
  }

  /// One σ of the finished distance, m.
  public var sigma: Double {
    let noise = DistanceUncertainty.noiseScale * noiseLength
    let unknown = DistanceUncertainty.unknownShare * distance
    return (DistanceUncertainty.stepScale * stepVariance + noise * noise + unknown * unknown)
      .squareRoot()
  }

  /// The steps' errors are not independent: the smoothed velocity's error holds for a few
  /// fixes either way, which multiplies their variance.
  static let stepScale = 8.0
  /// The noise's length is a mean; what it leaves in a track spreads about twice as far.
  static let noiseScale = 2.0
  /// What the model does not know, as a share of the distance.
  static let unknownShare = 0.006
}
