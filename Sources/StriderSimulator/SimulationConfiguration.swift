import StriderCore

/// Everything that determines a simulated session: the same configuration always gives the
/// same fixes, bit for bit.
public struct SimulationConfiguration: Sendable, Hashable {
  /// What the simulated person does; sets the route length and the motion profile.
  public var activity: Activity
  /// The seed of every random choice (route speeds, stops, noise, fault placement).
  public var seed: UInt64
  /// Where the route starts; any valid coordinate, including across the antimeridian or
  /// within a few kilometres of a pole.
  public var origin: Coordinate
  /// The time of the first epoch.
  public var startTime: GNSSTime
  /// Time between fixes (1 s = 1 Hz, the usual receiver rate).
  public var sampleInterval: Seconds
  /// The receiver's errors.
  public var errorModel: ErrorModel
  /// The faults to inject.
  public var faults: FaultConfiguration
  /// How the person moves; `MotionProfile.standard(for: activity)` unless changed.
  public var motion: MotionProfile
  /// The session length; `SimulatedRoute.nominalLength(for: activity)` unless set.
  public var routeLength: Meters?
  /// A path of its own (east-north metres from `origin`) instead of the built-in lap, such
  /// as the workout demo's track; `routeLength` is then ignored.
  public var path: [PlanePoint]?

  /// The default start: 2024-05-04 07:30:00 UTC, a Saturday morning.
  public static let defaultStartTime = GNSSTime(secondsSince1970: 1_714_807_800)

  public init(
    activity: Activity = .run,
    seed: UInt64 = 1,
    origin: Coordinate = SimulatedRoute.defaultOrigin,
    startTime: GNSSTime = defaultStartTime,
    sampleInterval: Seconds = Seconds(1),
    errorModel: ErrorModel = .realistic,
    faults: FaultConfiguration = .none,
    motion: MotionProfile? = nil,
    routeLength: Meters? = nil
  ) {
    self.activity = activity
    self.seed = seed
    self.origin = origin
    self.startTime = startTime
    self.sampleInterval = sampleInterval
    self.errorModel = errorModel
    self.faults = faults
    self.motion = motion ?? MotionProfile.standard(for: activity)
    self.routeLength = routeLength
  }

  /// The route this configuration follows.
  public var route: SimulatedRoute {
    if let path, path.count >= 2 { return SimulatedRoute(vertices: path, origin: origin) }
    return SimulatedRoute(activity: activity, origin: origin, length: routeLength)
  }

  /// The sample interval actually used: at least 10 ms, so a zero or negative value
  /// cannot stall the simulation.
  var effectiveInterval: Double {
    sampleInterval.value.isFinite ? max(0.01, sampleInterval.value) : 1
  }
}
