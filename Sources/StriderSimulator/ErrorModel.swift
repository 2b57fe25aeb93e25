import StriderCore

/// The parameters of the simulated receiver's errors.
///
/// A consumer GNSS position error is not white: most of it is slowly varying
/// (ionosphere, troposphere, orbit and clock residuals, multipath geometry) and is modelled,
/// as is usual in navigation filtering, by a first-order Gauss–Markov process per axis
/// (R. G. Brown and P. Y. C. Hwang, "Introduction to Random Signals and Applied Kalman
/// Filtering", 4th ed., §2.9), plus a small white component for receiver noise. With the
/// defaults (σ 3 m, τ 60 s, white 1 m) the radial RMS error is √(2·(3² + 1²)) ≈ 4.5 m,
/// what a phone or sports watch achieves in the open; and because the correlated part keeps
/// wandering while the user stands still, fixes drift during a stop as they do in reality.
///
/// The reported accuracy is the model's radial RMS times a slowly varying log-normal factor,
/// never the instantaneous error: real receivers only know their error statistically, and
/// a filter that trusted accuracy as the truth would be fooled.
///
/// Urban canyons (streets between tall buildings) are stretches where reflected signals
/// dominate: the correlated σ grows to 10–30 m and a bias pushes fixes to one side of the
/// street, with matching larger reported accuracy.
public struct ErrorModel: Sendable, Hashable {
  /// Standard deviation of the correlated position error, per axis (east and north).
  public var correlatedSigma: Meters = Meters(3)
  /// Correlation time of that error.
  public var correlationTime: Seconds = Seconds(60)
  /// Standard deviation of the white position noise, per axis.
  public var whiteSigma: Meters = Meters(1)
  /// Log-normal spread (σ of the natural log) of reported accuracy around the model's RMS.
  public var accuracySpread: Double = 0.25
  /// Correlation time of the accuracy factor: reported accuracy changes smoothly.
  public var accuracyCorrelationTime: Seconds = Seconds(30)
  /// The smallest accuracy a receiver reports.
  public var accuracyFloor: Meters = Meters(1)
  /// How many urban-canyon stretches a session has.
  public var urbanCanyonCount: ClosedRange<Int> = 1...3
  /// Length of each urban-canyon stretch along the route.
  public var urbanCanyonLength: ClosedRange<Meters> = Meters(100)...Meters(400)
  /// Correlated σ per axis inside an urban canyon.
  public var urbanCanyonSigma: ClosedRange<Meters> = Meters(10)...Meters(30)
  /// Multipath bias inside an urban canyon, across the street to one side.
  public var urbanCanyonBias: ClosedRange<Meters> = Meters(5)...Meters(20)
  /// The band reported accuracy is held in inside an urban canyon.
  public var urbanCanyonAccuracy: ClosedRange<Meters> = Meters(10)...Meters(50)
  /// Distance before and after a canyon over which its σ and bias fade in and out.
  public var urbanCanyonRamp: Meters = Meters(20)
  /// Correlated σ of the altitude error (vertical errors are about 1.5× horizontal).
  public var altitudeSigma: Meters = Meters(4.5)
  /// White σ of the altitude error.
  public var altitudeWhiteSigma: Meters = Meters(1.5)
  /// Standard deviation of the Doppler speed error per axis.
  public var speedSigma: MetersPerSecond = MetersPerSecond(0.2)
  /// The band of satellites used.
  public var satellites: ClosedRange<Int> = 7...12

  /// A phone or watch in a city with a park: the documented defaults.
  public static let realistic = ErrorModel()

  /// No error at all: every fix is exactly the truth (reported accuracy is the floor, 1 m).
  public static let perfect = ErrorModel(
    correlatedSigma: .zero, whiteSigma: .zero, accuracySpread: 0, urbanCanyonCount: 0...0,
    altitudeSigma: .zero, altitudeWhiteSigma: .zero, speedSigma: .zero)

  /// The radial RMS error of the open-sky model, metres: what accuracy reports on average.
  public var nominalAccuracy: Meters {
    let perAxis =
      correlatedSigma.value * correlatedSigma.value + whiteSigma.value * whiteSigma.value
    return Meters(max(accuracyFloor.value, (2 * perAxis).squareRoot()))
  }
}
