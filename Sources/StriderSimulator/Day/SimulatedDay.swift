import StriderCore

/// A whole simulated day with a receiver left on: home, a walk, a drive to the office, a
/// stay there, a ride home, home again; the fixes and the truth behind them.
///
/// Interactionless tracking (`strider run --auto`, `strider day`, the sampling-policy lab)
/// needs a day with places and moves whose times are known to the second, and no hardware.
/// One receiver runs all day, so its correlated error carries on from a stay into the move
/// that follows, as a real one does; indoors (every stay) it drifts more
/// (`SimulatedDayConfiguration.indoorErrorModel`), which is what must never start a session.
public struct SimulatedDay: Sendable {
  /// What was simulated.
  public let configuration: SimulatedDayConfiguration
  /// Every fix, one per sample interval except during the receiver outage;
  /// `fixes[i].origin.index == i`.
  public let fixes: [Fix]
  /// The true state at every epoch, the outage included; `distanceAlongRoute` is the
  /// distance travelled since the start of the day.
  public let truth: [TruthSample]
  /// The places and moves, with their times.
  public let story: DayStory
  /// The receiver outage, when there was one.
  public let outage: ClosedRange<GNSSTime>?

  /// The day for a configuration: the same configuration gives the same fixes, bit for bit.
  public init(configuration: SimulatedDayConfiguration) {
    self.configuration = configuration
    var builder = DayBuilder(configuration: configuration)
    builder.build()
    fixes = builder.fixes
    truth = builder.truth
    story = DayStory(places: builder.places, moves: builder.moves)
    outage = builder.outage
  }

  /// The truth sample at the epoch nearest `time`, if the time lies in the day.
  public func truth(at time: GNSSTime) -> TruthSample? {
    guard let first = truth.first else { return nil }
    let offset = (time - first.time).value / configuration.effectiveInterval
    guard offset.isFinite else { return nil }
    let index = Int(offset.rounded())
    return truth.indices.contains(index) ? truth[index] : nil
  }
}

/// The truth of a day as a storyline: where the person stayed and how they moved between.
public struct DayStory: Sendable, Hashable {
  /// Every stay, in time order; a place visited twice (home) appears twice, with one name.
  public var places: [Stay]
  /// Every move, in time order, each between two consecutive stays.
  public var moves: [Move]

  /// A time at one place.
  public struct Stay: Sendable, Hashable {
    /// The place's name ("home", "office").
    public var name: String
    public var coordinate: Coordinate
    public var start: GNSSTime
    public var end: GNSSTime
  }

  /// A journey from one place to another (or back to the same one, a walk round the park).
  public struct Move: Sendable, Hashable {
    public var mode: SimulatedDayMode
    /// The first epoch of the move (still at rest; the next one is moving).
    public var start: GNSSTime
    /// The epoch of arrival (at rest again).
    public var end: GNSSTime
    /// The length of the path travelled.
    public var distance: Meters
    public var from: String
    public var to: String
  }
}

/// How a move of the simulated day is made.
///
/// Strider's activities are run, walk and ride; a drive is a ride for everything it
/// records (its speed is a cyclist's and more), so `activity` says what a session of it
/// should be guessed as.
public enum SimulatedDayMode: String, Sendable, Hashable, CaseIterable, Codable {
  case walk
  case run
  case ride
  case drive

  /// The activity Strider should record a session of this mode as.
  public var activity: Activity {
    switch self {
    case .walk: .walk
    case .run: .run
    case .ride, .drive: .ride
    }
  }

  /// How the person moves: the activity's standard profile, or driving on town arterials
  /// (11–17 m/s, 40–60 km/h, between corners taken at 5 m/s, two to four red lights of 15–60 s, brisker
  /// acceleration). No dwell at the end: the day's next stay starts on arrival.
  public var motion: MotionProfile {
    var profile: MotionProfile
    switch self {
    case .walk: profile = .standard(for: .walk)
    case .run: profile = .standard(for: .run)
    case .ride: profile = .standard(for: .ride)
    case .drive:
      profile = MotionProfile(
        cruiseSpeed: MetersPerSecond(11)...MetersPerSecond(17),
        speedCorrelationTime: Seconds(60), cornerSpeed: MetersPerSecond(5),
        turnaroundSpeed: MetersPerSecond(2), stopCount: 2...4,
        stopDuration: Seconds(15)...Seconds(60), acceleration: 1.0...2.5)
    }
    profile.finishDwell = .zero
    return profile
  }
}

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

extension DayStory {
  /// The story as JSON: `places` (`{name, lat, lon, start, end}`) and `moves` (`{mode,
  /// activity, from, to, start, end, distance_m}`), times RFC 3339 UTC; what tests and the
  /// lab score `run --auto` and `strider day` against.
  public var json: JSONValue {
    .object([
      JSONMember(
        "places",
        .array(
          places.map {
            .object([
              JSONMember("name", .string($0.name)),
              JSONMember("lat", .rounded($0.coordinate.latitude, 7)),
              JSONMember("lon", .rounded($0.coordinate.longitude, 7)),
              JSONMember("start", .string($0.start.iso8601)),
              JSONMember("end", .string($0.end.iso8601)),
            ])
          })),
      JSONMember(
        "moves",
        .array(
          moves.map {
            .object([
              JSONMember("mode", .string($0.mode.rawValue)),
              JSONMember("activity", .string($0.mode.activity.rawValue)),
              JSONMember("from", .string($0.from)),
              JSONMember("to", .string($0.to)),
              JSONMember("start", .string($0.start.iso8601)),
              JSONMember("end", .string($0.end.iso8601)),
              JSONMember("distance_m", JSONValue.rounded($0.distance.value, 1)),
            ])
          })),
    ])
  }
}
