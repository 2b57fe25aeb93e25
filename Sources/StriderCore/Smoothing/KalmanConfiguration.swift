/// The smoother's settings as sessions store them.
///
/// Since the engine learns each track's noise (`NoiseFit`), only `processNoise` is read: it
/// is the prior of the user's acceleration. The other fields date from the filter that took
/// reported accuracy as the truth; they stay so that stored sessions and settings decode.
public struct KalmanConfiguration: Sendable, Hashable, Codable {
  /// Spectral density of the white acceleration noise, m²/s³: how freely the user may
  /// change speed and direction. Defaults: walk 0.15, run 0.5, ride 1.5 (tuned on the simulator;
  /// errors change little between half and double these); hike 0.15 (a walker's), swim 0.05
  /// (a third of a walker's: a swimmer glides and barely turns; not tuned, no simulator swims).
  public var processNoise: Double
  /// The activity's typical speed. Turning at speed v on a street of radius r takes an
  /// acceleration of v²/r, so above this speed the process noise grows with (v/typical)²
  /// (at most 16 times): a file labelled "run" that moves at bike speed still turns.
  /// Defaults: walk 1.5, run 3.5, ride 7, hike 1.2, swim 0.8 m/s.
  public var typicalSpeed: MetersPerSecond
  /// Per-axis standard deviation as a fraction of the reported horizontal accuracy.
  /// Receivers report a radius of about 68 % confidence, which is 1.5 per-axis sigmas.
  public var accuracyToSigma: Double
  /// No fix is trusted below this per-axis sigma, however good it claims to be.
  public var minimumSigma: Meters
  /// Accuracy assumed for fixes that report none (most GPX files): a phone in the open.
  public var assumedAccuracy: Meters
  /// Squared Mahalanobis distance of the innovation beyond which a fix is an outlier and
  /// does not move the estimate: the chi-square 99.9 % point for two degrees of freedom.
  public var outlierThreshold: Double
  /// After this many outliers in a row the filter restarts at the measurements: it is the
  /// estimate that is wrong, not the fixes.
  public var maxConsecutiveOutliers: Int
  /// Per-axis sigma of the receiver's own (Doppler) velocity, when it reports one.
  public var velocitySigma: MetersPerSecond
  /// Whether to use the receiver's speed and course as a velocity measurement.
  public var useReceiverVelocity: Bool
  /// A gap longer than this restarts the filter instead of predicting across it.
  public var maxPredictionGap: Seconds
  /// Whether distance is measured along the smoothed curve between fixes (`HermiteArc`)
  /// rather than along its chords. Nil, as in sessions stored before it existed, is the
  /// chords: a replay of a stored session gives the numbers it was stored with.
  public var measuresAlongCurve: Bool?

  /// Whether distance is measured along the smoothed curve (see `measuresAlongCurve`).
  public var alongCurve: Bool { measuresAlongCurve ?? false }
  /// Whether the live filter reads a speed given without a course, on foot, as the finish
  /// does (`LiveDriftFilter`). Nil, as in sessions stored before it existed, reads the
  /// positions alone live: a replay of a stored session says what it said.
  public var liveReadsSpeedWithoutCourse: Bool?

  public init(
    processNoise: Double, typicalSpeed: MetersPerSecond = MetersPerSecond(3.5),
    accuracyToSigma: Double = 1 / 1.5, minimumSigma: Meters = Meters(1),
    assumedAccuracy: Meters = Meters(6), outlierThreshold: Double = 13.8,
    maxConsecutiveOutliers: Int = 3, velocitySigma: MetersPerSecond = MetersPerSecond(0.5),
    useReceiverVelocity: Bool = true, maxPredictionGap: Seconds = Seconds(30)
  ) {
    self.processNoise = processNoise
    self.typicalSpeed = typicalSpeed
    self.accuracyToSigma = accuracyToSigma
    self.minimumSigma = minimumSigma
    self.assumedAccuracy = assumedAccuracy
    self.outlierThreshold = outlierThreshold
    self.maxConsecutiveOutliers = maxConsecutiveOutliers
    self.velocitySigma = velocitySigma
    self.useReceiverVelocity = useReceiverVelocity
    self.maxPredictionGap = maxPredictionGap
    self.measuresAlongCurve = true
    self.liveReadsSpeedWithoutCourse = true
  }

  /// The documented defaults for an activity.
  public static func defaults(for activity: Activity) -> KalmanConfiguration {
    switch activity {
    case .walk: KalmanConfiguration(processNoise: 0.15, typicalSpeed: MetersPerSecond(1.5))
    case .run: KalmanConfiguration(processNoise: 0.5, typicalSpeed: MetersPerSecond(3.5))
    case .ride: KalmanConfiguration(processNoise: 1.5, typicalSpeed: MetersPerSecond(7))
    // A hiker moves like a walker, only slower on the climbs.
    case .hike: KalmanConfiguration(processNoise: 0.15, typicalSpeed: MetersPerSecond(1.2))
    // A swimmer barely accelerates: the steadiest motion of all.
    case .swim: KalmanConfiguration(processNoise: 0.05, typicalSpeed: MetersPerSecond(0.8))
    // A car accelerates and brakes harder than any rider.
    case .drive: KalmanConfiguration(processNoise: 3, typicalSpeed: MetersPerSecond(15))
    }
  }
}
