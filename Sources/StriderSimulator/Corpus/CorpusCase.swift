import Foundation
import StriderCore

/// One case of the accuracy corpus: an activity, a seed and the receiver's error model,
/// from which `CorpusSession` derives the truth and the fixes.
///
/// A case is a fixed function of its seed (`CorpusCase(seed:)`), so a case set is a fixed
/// function of a seed list. The activity and error-model family cycle with the seed
/// (`activity = [walk, run, ride][seed % 3]`, `family = families[(seed / 3) % 5]`), so any
/// 15 consecutive seeds cover every pair once; everything else is drawn from
/// `SeededRandom(seed: seed, stream: 101)` from these distributions (U uniform, LU
/// log-uniform, i.e. uniform in the logarithm):
///
/// - **Length**: walk LU[0.3, 15] km, run LU[0.3, 30] km, ride LU[1, 40] km.
/// - **Route** (`CorpusRoute`): a random polyline, not the simulator's built-in lap.
/// - **Speed**: cruising band centre walk U[1.0, 1.8] m/s, run U[2.3, 4.5] m/s, ride
///   U[4, 11] m/s, band ±12 %; corners at 70 %, turnarounds at 30 % of the centre.
/// - **Stops**: count U{0 … min(12, 1 + ⌊km⌋)}; each lasts d·U[1, 1.5] with d LU[5, 300] s
///   drawn once a case; standing 0–20 s (U) at the finish.
/// - **Sampling**: 60 % 1 Hz; 40 % "smart recording": intervals U{1 … 10} s, cut short when
///   the course has turned more than 30° since the last recorded fix (as watches do).
/// - **Doppler**: 65 % of cases report speed and course with white error U[0.1, 0.3] m/s per
///   axis, independent of the position error; the rest report neither.
/// - **Reported accuracy**: 15 % of cases (every clean watch) report none; the others a
///   figure mis-scaled by LU[0.25, 4], correlated with the real error by ρ U[0, 0.8] and
///   wandering log-normally (σ 0.3, correlation time U[20, 120] s). See `CorpusReceiver`.
/// - **Family** (per-axis σ, correlation time τ, white σ w):
///   - `white`: white noise only, w LU[1, 5] m (1 Hz code noise times HDOP).
///   - `gaussMarkov`: σ LU[1, 15] m, τ LU[10, 600] s, w U[0.2, 1.5] m.
///   - `multipath`: σ LU[1, 6] m, τ LU[10, 600] s, w U[0.2, 1.5] m, plus bursts (one per
///     U[2, 10] min on average, Poisson) of U[20, 60] m lasting LU[3, 60] s.
///   - `twoD`: as `multipath` without bursts, plus 1–3 (U) stretches of LU[20, 180] s in 2D
///     mode with the correlated σ ×U[2, 4] and the white σ ×2.
///   - `cleanWatch`: σ LU[0.5, 2] m, τ LU[120, 600] s, no white part, low-passed with a
///     time constant U[10, 20] s and held still while the person stands: a device that has
///     already smoothed its track.
public struct CorpusCase: Sendable, Hashable {
  /// The family of the receiver's position error.
  public enum Family: String, Sendable, Hashable, CaseIterable {
    case white
    case gaussMarkov = "gauss_markov"
    case multipath
    case twoD = "2d"
    case cleanWatch = "clean_watch"
  }

  /// How often the receiver records a fix.
  public enum Sampling: String, Sendable, Hashable, CaseIterable {
    case oneHertz = "1hz"
    case smart
  }

  public var seed: UInt64
  public var activity: Activity
  public var family: Family
  public var sampling: Sampling
  /// The route length, metres.
  public var length: Double
  /// Where the route starts.
  public var origin: Coordinate
  /// Centre of the cruising-speed band, m/s.
  public var cruiseSpeed: Double
  public var stopCount: Int
  /// Every stop lasts between this and 1.5 times this, seconds.
  public var stopDuration: Double
  public var finishDwell: Double
  /// Correlated position error σ per axis, metres (0: none).
  public var correlatedSigma: Double
  /// Its correlation time, seconds.
  public var correlationTime: Double
  /// White position error σ per axis, metres.
  public var whiteSigma: Double
  /// Low-pass time constant of a device that smooths its own track, seconds (0: none).
  public var lowPassTime: Double
  /// Mean time between multipath bursts, seconds (0: no bursts).
  public var burstInterval: Double
  public var twoDStretches: Int
  /// Doppler speed error σ per axis, m/s; nil when the receiver reports no speed.
  public var dopplerSigma: Double?
  /// Reported accuracy over the real RMS error; nil when the receiver reports none.
  public var accuracyScale: Double?
  /// How much of the reported accuracy follows the instantaneous real error (0–1).
  public var accuracyCorrelation: Double
  /// Correlation time of the reported accuracy's log-normal wander, seconds.
  public var accuracyWanderTime: Double

  /// The families in the order seeds cycle through them.
  public static let familyCycle: [Family] = [.white, .gaussMarkov, .multipath, .twoD, .cleanWatch]

  /// The case a seed gives (see the type's documentation for the distributions).
  public init(seed: UInt64) {
    self.seed = seed
    activity = [Activity.walk, .run, .ride][Int(seed % 3)]
    family = CorpusCase.familyCycle[Int((seed / 3) % 5)]
    var rng = SeededRandom(seed: seed, stream: 101)
    let km: ClosedRange<Double> =
      switch activity {
      case .walk, .hike: 0.3...15
      case .run: 0.3...30
      case .ride: 1...40
      case .swim: 0.3...4
      case .drive: 2...60
      }
    length = 1000 * rng.logUniform(in: km)
    origin = Coordinate(
      latitude: rng.uniform(in: -55...60), longitude: rng.uniform(in: -179.9...179.9))
    cruiseSpeed =
      switch activity {
      case .walk: rng.uniform(in: 1.0...1.8)
      case .run: rng.uniform(in: 2.3...4.5)
      case .ride: rng.uniform(in: 4...11)
      case .hike: rng.uniform(in: 0.8...1.4)
      case .swim: rng.uniform(in: 0.6...1.1)
      case .drive: rng.uniform(in: 10...25)
      }
    stopCount = rng.integer(in: 0...min(12, 1 + Int(length / 1000)))
    stopDuration = rng.logUniform(in: 5...300)
    finishDwell = rng.uniform(in: 0...20)
    sampling = rng.chance(0.6) ? .oneHertz : .smart
    dopplerSigma = rng.chance(0.65) ? rng.uniform(in: 0.1...0.3) : nil
    let reports = rng.chance(0.85)
    accuracyScale = rng.logUniform(in: 0.25...4)
    accuracyCorrelation = rng.uniform(in: 0...0.8)
    accuracyWanderTime = rng.uniform(in: 20...120)
    lowPassTime = 0
    burstInterval = 0
    twoDStretches = 0
    whiteSigma = 0
    correlatedSigma = 0
    correlationTime = 60
    switch family {
    case .white:
      whiteSigma = rng.logUniform(in: 1...5)
    case .gaussMarkov:
      correlatedSigma = rng.logUniform(in: 1...15)
      correlationTime = rng.logUniform(in: 10...600)
      whiteSigma = rng.uniform(in: 0.2...1.5)
    case .multipath, .twoD:
      correlatedSigma = rng.logUniform(in: 1...6)
      correlationTime = rng.logUniform(in: 10...600)
      whiteSigma = rng.uniform(in: 0.2...1.5)
      if family == .multipath {
        burstInterval = 60 * rng.uniform(in: 2...10)
      } else {
        twoDStretches = rng.integer(in: 1...3)
      }
    case .cleanWatch:
      correlatedSigma = rng.logUniform(in: 0.5...2)
      correlationTime = rng.logUniform(in: 120...600)
      lowPassTime = rng.uniform(in: 10...20)
    }
    if !reports || family == .cleanWatch { accuracyScale = nil }
  }

  /// A short name for tables and failures: `run-gauss_markov-1hz#17`.
  public var name: String { "\(activity.rawValue)-\(family.rawValue)-\(sampling.rawValue)#\(seed)" }

  /// The motion profile of this case: the activity's shape with this case's speeds and stops.
  var motion: MotionProfile {
    let low = MetersPerSecond(cruiseSpeed * 0.88)
    let high = MetersPerSecond(cruiseSpeed * 1.12)
    return MotionProfile(
      cruiseSpeed: low...high, cornerSpeed: MetersPerSecond(cruiseSpeed * 0.7),
      turnaroundSpeed: MetersPerSecond(cruiseSpeed * 0.3), stopCount: stopCount...stopCount,
      stopDuration: Seconds(stopDuration)...Seconds(stopDuration * 1.5),
      finishDwell: Seconds(finishDwell))
  }
}

extension SeededRandom {
  /// A sample whose logarithm is uniform between the logarithms of the bounds.
  mutating func logUniform(in range: ClosedRange<Double>) -> Double {
    exp(uniform(in: log(range.lowerBound)...log(range.upperBound)))
  }
}
