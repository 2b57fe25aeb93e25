import StriderCore

/// Everything that determines a simulated day.
public struct SimulatedDayConfiguration: Sendable, Hashable {
  /// The seed of every random choice.
  public var seed: UInt64
  /// Home: where the day starts and ends.
  public var origin: Coordinate
  /// The first epoch of the day (the person is at home).
  public var startTime: GNSSTime
  /// Time between fixes.
  public var sampleInterval: Seconds
  /// A compressed day: stays of minutes rather than hours and shorter journeys, still
  /// longer than the five minutes of standing that end an automatic session, so tests
  /// and the lab run in a minute.
  public var compressed: Bool
  /// The receiver's error outdoors.
  public var errorModel: ErrorModel
  /// The receiver's error indoors, at every stay: more drift, noisier Doppler speed.
  public var indoorErrorModel: ErrorModel
  /// A time without fixes (a receiver unplugged, a laptop suspended): offset from the
  /// start of the day and length. The truth goes on; the fixes do not.
  public var outage: Outage?

  /// A receiver outage: from `start` seconds into the day, `duration` long.
  public struct Outage: Sendable, Hashable {
    public var start: Seconds
    public var duration: Seconds

    public init(start: Seconds, duration: Seconds) {
      self.start = start
      self.duration = duration
    }
  }

  /// The default start: 2024-05-06 06:00:00 UTC, a Monday.
  public static let defaultStartTime = GNSSTime(secondsSince1970: 1_714_975_200)

  /// The default indoor error: σ 7 m correlated over two minutes, 2 m white, Doppler
  /// speed noise 0.3 m/s per axis; fixes wander tens of metres over a stay and
  /// the reported speed reaches 1 m/s now and then, while nobody moves.
  public static let defaultIndoorErrorModel = ErrorModel(
    correlatedSigma: Meters(7), correlationTime: Seconds(120), whiteSigma: Meters(2),
    urbanCanyonCount: 0...0, speedSigma: MetersPerSecond(0.3))

  public init(
    seed: UInt64 = 1, origin: Coordinate = SimulatedRoute.defaultOrigin,
    startTime: GNSSTime = defaultStartTime, sampleInterval: Seconds = Seconds(1),
    compressed: Bool = false, errorModel: ErrorModel = .realistic,
    indoorErrorModel: ErrorModel = defaultIndoorErrorModel, outage: Outage? = nil
  ) {
    self.seed = seed
    self.origin = origin
    self.startTime = startTime
    self.sampleInterval = sampleInterval
    self.compressed = compressed
    self.errorModel = errorModel
    self.indoorErrorModel = indoorErrorModel
    self.outage = outage
  }

  /// The sample interval actually used: at least 10 ms, finite.
  var effectiveInterval: Double {
    sampleInterval.value.isFinite ? max(0.01, sampleInterval.value) : 1
  }

  /// The day's stays (seconds) and moves, in order: stay, move, stay, move, ..., stay.
  var plan: (stays: [Double], moves: [(mode: SimulatedDayMode, to: String, path: [PlanePoint])]) {
    let scale = compressed ? 0.6 : 2.5
    let drive = [(0, 0), (800, 0), (800, 1200), (2400, 1200), (2400, 2000), (3600, 2000)].map {
      PlanePoint(east: $0.0 * scale, north: $0.1 * scale)
    }
    let ride = [(3600, 2000), (3600, 600), (1600, 600), (1600, -200), (0, -200), (0, 0)].map {
      PlanePoint(east: $0.0 * scale, north: $0.1 * scale)
    }
    let walk = SimulatedRoute(
      activity: .walk, origin: origin, length: Meters(compressed ? 1000 : 3000)
    ).vertices
    let minutes: [Double] = compressed ? [4, 8, 16, 7] : [90, 60, 480, 120]
    return (
      minutes.map { $0 * 60 },
      [(.walk, "home", walk), (.drive, "office", drive), (.ride, "home", ride)]
    )
  }
}
