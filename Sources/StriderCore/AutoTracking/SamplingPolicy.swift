/// What a sampling policy does at one epoch.
public enum SamplingDecision: Sendable, Hashable {
  /// The precise receiver is on: the epoch's fix is reported, at the battery's cost.
  case precise
  /// A cheap service (cell, Wi-Fi, a motion coprocessor) reports the position; the precise
  /// receiver stays off.
  case coarse
  /// Nothing is reported.
  case off
}

/// A way of running the receiver to save battery: decides epoch by epoch whether the
/// precise receiver is on, as phones' location services do, so the lab can replay a day
/// through it and say what it costs and what it misses. A new policy is one type.
public protocol SamplingPolicy: Sendable {
  /// A short name for the table ("continuous 1 Hz").
  var name: String { get }
  /// The decision for the epoch of `fix`: the fix a receiver left on reports then, at
  /// `position`. Called for every epoch, in time order; the policy may look at the fix (a
  /// cheap region monitor or a probe does) only as far as its decision allows.
  mutating func decide(_ fix: Fix, time: GNSSTime, position: Coordinate) -> SamplingDecision
}

/// The receiver on all the time: the reference every other policy is scored against.
public struct ContinuousPolicy: SamplingPolicy {
  public var name: String { "continuous 1 Hz" }
  public init() {}
  public mutating func decide(_ fix: Fix, time: GNSSTime, position: Coordinate)
    -> SamplingDecision
  { .precise }
}

/// Precise for `onFor` after waking, then off until the position leaves a circle of
/// `radius` around the last precise fix (a geofence the phone watches cheaply), which
/// wakes it again.
public struct RegionPolicy: SamplingPolicy {
  public var onFor: Seconds
  public var radius: Meters
  private var awakeUntil: GNSSTime?
  private var center: Coordinate?

  public init(onFor: Seconds = Seconds(60), radius: Meters = Meters(100)) {
    self.onFor = onFor
    self.radius = radius
  }

  public var name: String {
    "precise \(Int(saturating: onFor.value)) s, then \(Int(saturating: radius.value)) m region"
  }

  public mutating func decide(_ fix: Fix, time: GNSSTime, position: Coordinate)
    -> SamplingDecision
  {
    let left = center.map { Geodesy.distanceMeters($0, position) > radius.value } ?? true
    if let until = awakeUntil, time < until {
      center = position
      return .precise
    }
    guard left else { return .off }
    awakeUntil = time + onFor
    center = position
    return .precise
  }
}

/// A position each time the user has gone `step` from the last one, from the cheap
/// service: the precise receiver is never on.
public struct SignificantChangePolicy: SamplingPolicy {
  public var step: Meters
  private var last: Coordinate?

  public init(step: Meters = Meters(500)) { self.step = step }

  public var name: String { "significant change \(Int(saturating: step.value)) m" }

  public mutating func decide(_ fix: Fix, time: GNSSTime, position: Coordinate)
    -> SamplingDecision
  {
    if let last, Geodesy.distanceMeters(last, position) < step.value { return .off }
    last = position
    return .coarse
  }
}

/// Precise only while moving: on while the receiver's speed stays at `threshold` or more,
/// off once it has been below for `stopAfter`; while off, a probe fix every `probeEvery`
/// looks at the speed again.
///
/// The system it imitates switches at about 0.09 m/s of a car's fused speed; a bare
/// receiver's Doppler speed reads 0.3 m/s standing indoors, so the default is 1 m/s.
public struct SpeedTriggeredPolicy: SamplingPolicy {
  public var threshold: MetersPerSecond
  public var stopAfter: Seconds
  public var probeEvery: Seconds
  private var lastFast: GNSSTime?
  private var nextProbe: GNSSTime?

  public init(
    threshold: MetersPerSecond = MetersPerSecond(1), stopAfter: Seconds = Seconds(60),
    probeEvery: Seconds = Seconds(30)
  ) {
    self.threshold = threshold
    self.stopAfter = stopAfter
    self.probeEvery = probeEvery
  }

  public var name: String { "speed-triggered (probe every \(Int(saturating: probeEvery.value)) s)" }

  public mutating func decide(_ fix: Fix, time: GNSSTime, position: Coordinate)
    -> SamplingDecision
  {
    let fast = (fix.speed?.value ?? 0) >= threshold.value
    if let since = lastFast {
      if fast { lastFast = time }
      if (time - since).value < stopAfter.value || fast { return .precise }
      lastFast = nil
      nextProbe = time + probeEvery
      return .off
    }
    if let probe = nextProbe, time < probe { return .off }
    nextProbe = time + probeEvery
    if fast { lastFast = time }
    return .precise
  }
}

/// The receiver woken every `every` for `awake` (a hot start and a few fixes), the fixes
/// delivered together: what a phone's batched, low-power location request gives.
public struct BatchedPolicy: SamplingPolicy {
  public var every: Seconds
  public var awake: Seconds
  private var wakeStart: GNSSTime?

  public init(every: Seconds = Seconds(300), awake: Seconds = Seconds(10)) {
    self.every = every
    self.awake = awake
  }

  public var name: String { "batched every \(Int(saturating: every.value / 60)) min" }

  public mutating func decide(_ fix: Fix, time: GNSSTime, position: Coordinate)
    -> SamplingDecision
  {
    if let start = wakeStart {
      let since = (time - start).value
      if since < awake.value { return .precise }
      if since < every.value { return .off }
    }
    wakeStart = time
    return .precise
  }
}
