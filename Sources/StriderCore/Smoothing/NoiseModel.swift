import Foundation

/// What a track's position errors and its user's motion look like, learnt from the track.
///
/// Receivers disagree about what their accuracy number means (gpsd's eph is HDOP × 19 m at
/// 95 %, a u-blox hAcc is one sigma, watches report nothing and have already smoothed), so
/// the engine never takes it as the truth. Each fix's position error is modelled as the sum
/// of two parts, estimated separately because they do different harm:
///
/// - **white jitter**, independent from fix to fix, of per-axis σ = `whiteSigma` × wᵢ,
///   where wᵢ is the fix's reported accuracy relative to the track's median, raised to the
///   power `accuracyTrust` (0: the reported figure is ignored; 1: taken as proportional to
///   the error). Jitter is what makes a raw track long;
/// - **drift**, a first-order Gauss–Markov process per axis (σ `driftSigma`, correlation time
///   `driftTime`; Brown and Hwang, *Introduction to Random Signals and Applied Kalman
///   Filtering*, 4th ed., §2.9): ionosphere, orbit and multipath residuals that wander over
///   minutes. Seen fix by fix it looks like motion, which is why a filter that matches
///   innovations alone understates the noise. Its σ too follows the reported accuracy,
///   as wᵢ raised to `driftTrust`: in 2D, under trees or between buildings a receiver
///   reports a worse figure because its whole error grows, the wandering part with it.
///
/// The user moves with white acceleration of spectral density `processNoise` (Bar-Shalom,
/// Li and Kirubarajan, §6.3.2); a receiver's Doppler velocity, where reported, measures
/// the velocity with per-axis σ `dopplerSigma` and shares none of the position's drift.
public struct NoiseModel: Hashable, Sendable, Codable {
  /// Per-axis σ of the white jitter of a fix of median reported accuracy, metres.
  public var whiteSigma: Double
  /// How far the reported accuracy's variations are believed, 0 to 1.
  public var accuracyTrust: Double
  /// Per-axis σ of the slowly wandering error at the median reported accuracy, metres.
  public var driftSigma: Double
  /// How far the wandering error follows the reported accuracy, 0 to 1.
  public var driftTrust: Double
  /// Correlation time of the wandering error, seconds.
  public var driftTime: Double
  /// Spectral density of the user's white acceleration, m²/s³.
  public var processNoise: Double
  /// Per-axis σ of the receiver's Doppler velocity, m/s.
  public var dopplerSigma: Double

  public init(
    whiteSigma: Double, accuracyTrust: Double, driftSigma: Double, driftTime: Double,
    processNoise: Double, dopplerSigma: Double, driftTrust: Double = 0
  ) {
    self.driftTrust = driftTrust
    self.whiteSigma = whiteSigma
    self.accuracyTrust = accuracyTrust
    self.driftSigma = driftSigma
    self.driftTime = driftTime
    self.processNoise = processNoise
    self.dopplerSigma = dopplerSigma
  }

  /// The prior before a track has said anything: a phone or watch in the open (4 m radial
  /// RMS, two thirds of it wandering over a minute), moving as the activity does.
  public static func prior(processNoise: Double) -> NoiseModel {
    NoiseModel(
      whiteSigma: 1.5, accuracyTrust: 0.5, driftSigma: 2.5, driftTime: 60,
      processNoise: processNoise, dopplerSigma: 0.3)
  }
}
