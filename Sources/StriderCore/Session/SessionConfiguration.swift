/// Everything that decides a session's numbers. Stored with a recording so that a replay
/// reproduces them.
public struct SessionConfiguration: Sendable, Hashable, Codable {
  public var activity: Activity
  public var weight: Kilograms
  public var units: UnitSystem
  public var gate: GateConfiguration
  /// Nil: positions go to auto-pause and metrics as the fixes gave them.
  public var smoother: KalmanConfiguration?
  public var autoPause: AutoPauseConfiguration
  public var cues: CueConfiguration
  public var elevation: ElevationPolicy
  /// No accepted fix for this long is a signal loss (announced when the signal returns, or
  /// when a no-fix record shows it is still gone).
  public var signalLossAfter: Seconds
  /// The finished track is smoothed forward and backward before the summary is computed.
  public var smoothFinishedTrack: Bool
  /// `--no-filter`: nothing gated, smoothed or paused; the summary is the raw track.
  public var isRaw: Bool
  /// Who the session is, for calories from a heart rate (`HeartRateEnergy`); nil: unknown,
  /// and the calories come from the speed (and for a configuration stored before it).
  public var person: PersonProfile?
  /// Splits a session keeps at most (`MetricsConfiguration.maximumSplits`). Not stored
  /// with a recording: it bounds what a hostile file costs, not what a session means.
  public var maximumSplits = MetricsAccumulator.maximumSplits

  private enum CodingKeys: String, CodingKey {
    case activity, weight, units, gate, smoother, autoPause, cues, elevation
    case signalLossAfter, smoothFinishedTrack, isRaw, person
  }

  public init(
    activity: Activity, weight: Kilograms = Kilograms(70), units: UnitSystem = .metric,
    gate: GateConfiguration? = nil, smoother: KalmanConfiguration?? = nil,
    autoPause: AutoPauseConfiguration? = nil, cues: CueConfiguration = CueConfiguration(),
    elevation: ElevationPolicy = .auto, signalLossAfter: Seconds = Seconds(10),
    smoothFinishedTrack: Bool = true
  ) {
    self.activity = activity
    self.weight = weight
    self.units = units
    self.gate = gate ?? .defaults(for: activity)
    self.smoother = smoother ?? .defaults(for: activity)
    self.autoPause = autoPause ?? .defaults(for: activity)
    self.cues = cues
    self.elevation = elevation
    self.signalLossAfter = signalLossAfter
    self.smoothFinishedTrack = smoothFinishedTrack
    self.isRaw = false
  }

  /// The `--no-filter` configuration: every fix with a position, in the order given. Of the
  /// person's settings it keeps only what a raw session counts with: the weight, units,
  /// elevation policy and the person a heart rate is read for.
  public static func raw(
    activity: Activity, weight: Kilograms = Kilograms(70), units: UnitSystem = .metric,
    elevation: ElevationPolicy = .auto, person: PersonProfile? = nil
  ) -> SessionConfiguration {
    var c = SessionConfiguration(
      activity: activity, weight: weight, units: units, gate: .passThrough, smoother: .some(nil),
      elevation: elevation, smoothFinishedTrack: false)
    c.autoPause.enabled = false
    c.isRaw = true
    c.person = person
    return c
  }

  var metrics: MetricsConfiguration {
    var metrics = MetricsConfiguration(
      activity: activity, weight: weight, units: units, elevation: elevation)
    metrics.maximumSplits = maximumSplits
    return metrics
  }

  /// Below this speed a raw step counts as standing (1 km/h, as gpxpy does).
  static let rawStoppedSpeed = MetersPerSecond(1.0 / 3.6)

  /// A step longer than the auto-pause window that covers almost no ground is a stop that
  /// sparse sampling hid from auto-pause (a logger that records only when something
  /// changes): it adds its ground to the distance but no moving time.
  func isIdleStep(distance: Double, duration: Seconds) -> Bool {
    guard autoPause.enabled, duration > autoPause.window else {
      return false
    }
    return distance / duration.value < SessionConfiguration.rawStoppedSpeed.value
  }
}

extension SessionConfiguration {
  /// The same session's settings for another activity: the activity's own gate, auto-pause
  /// and smoother; the person's weight, units, cues and elevation policy kept, and a raw
  /// session (`--no-filter`) kept raw.
  public func measured(as activity: Activity) -> SessionConfiguration {
    guard activity != self.activity else { return self }
    if isRaw {
      return .raw(
        activity: activity, weight: weight, units: units, elevation: elevation, person: person)
    }
    var other = SessionConfiguration(
      activity: activity, weight: weight, units: units, cues: cues, elevation: elevation,
      signalLossAfter: signalLossAfter, smoothFinishedTrack: smoothFinishedTrack)
    other.maximumSplits = maximumSplits
    other.person = person
    // A session stored before the wander was searched keeps its stored numbers in every
    // other respect; it keeps that too.
    if autoPause.wanderRadius == nil { other.autoPause.wanderRadius = nil }
    if autoPause.datesStopEdges == nil { other.autoPause.datesStopEdges = nil }
    if autoPause.holdsStopsAcrossGaps == nil { other.autoPause.holdsStopsAcrossGaps = nil }
    if autoPause.keepsSilentStops == nil { other.autoPause.keepsSilentStops = nil }
    if autoPause.resumesBeyondWander == nil { other.autoPause.resumesBeyondWander = nil }
    if autoPause.timesSilentSteps == nil { other.autoPause.timesSilentSteps = nil }
    if smoother?.liveReadsSpeedWithoutCourse == nil {
      other.smoother?.liveReadsSpeedWithoutCourse = nil
    }
    if !autoPause.enabled { other.autoPause.enabled = false }
    return other
  }
}
