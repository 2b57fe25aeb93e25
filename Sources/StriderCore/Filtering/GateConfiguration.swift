/// When a missing accuracy makes a fix invalid.
public enum AccuracyRequirement: String, Sendable, Hashable, Codable, CaseIterable {
  /// Every fix must carry an accuracy (live receivers always report one).
  case always
  /// Once the stream has reported an accuracy, later fixes without one are invalid; a file
  /// that never reports accuracy (most GPX) is judged on the other checks.
  case whenReported
  /// Accuracy is never required.
  case never
}

/// When a fix without a time is `no_time`.
public enum TimeRequirement: String, Sendable, Hashable, Codable, CaseIterable {
  /// Every fix must carry a time (gpsd reports one with every real fix; a TPV without one
  /// must never become the start of a live session).
  case always
  /// Once the stream has given a time, fixes without one are `no_time`; a file that gives
  /// none at all (a GPX drawn by hand) keeps its distance, without pace or splits.
  case whenReported
}

/// The gate's thresholds. Defaults differ per activity; every number is documented here.
public struct GateConfiguration: Sendable, Hashable, Codable {
  /// Fixes with a horizontal accuracy worse than this are `low_accuracy`.
  /// Defaults: 40 m on foot, 50 m on a bike (a consumer receiver under open sky reports
  /// 3–10 m; beyond these figures a fix cannot place a runner on the right street).
  public var maxAccuracy: Meters
  /// 2D fixes at least this coarse (or any fix from a network provider) are `non_gnss`:
  /// the signature of a cell-tower or Wi-Fi position handed on as a fix. Default 100 m.
  public var networkGradeAccuracy: Meters
  /// The fastest this activity can go. Defaults: run 12 m/s (a sprinter's top speed),
  /// walk 7 m/s (a walker who breaks into a run), ride 30 m/s (108 km/h, fast descents).
  public var maxSpeed: MetersPerSecond
  /// How long a fix may be late and still be put back in order. Default 5 s: receivers
  /// and gpsd deliver late by one or two epochs; later than this it is `out_of_order`.
  public var reorderWindow: Seconds
  /// When the session began, if known; fixes before it are `stale`.
  public var sessionStart: GNSSTime?
  /// A head fix rejected while finding the first trustworthy position is `stale` (not
  /// `implausible_speed`) when it is older than that position by more than this. Default 60 s.
  public var staleAge: Seconds
  /// A forward jump of the clock larger than this is held until the stream confirms it
  /// (a real gap) or contradicts it (a clock glitch, rejected as `out_of_order`). Default 120 s.
  public var clockJumpThreshold: Seconds
  /// How many mutually consistent fixes confirm a position: at the head of the stream, and
  /// after a run of `implausible_speed` rejections (the user really is elsewhere). Default 3.
  public var confirmationCount: Int
  /// The first position is trusted once consistent fixes cover this much fix time.
  /// Default 3 s: long enough that a burst of cached fixes cannot anchor the session.
  public var headConfirmationSpan = Seconds(3)
  /// When a missing accuracy is invalid.
  public var accuracyRequirement: AccuracyRequirement
  /// When a missing time is `no_time`; nil is `.whenReported` (and what sessions recorded
  /// before this setting existed decode to).
  public var timeRequirement: TimeRequirement?
  /// Accuracy assumed for fixes that report none, for the plausibility margin. Default 10 m.
  public var assumedAccuracy: Meters
  /// The checks that are switched on; the filter lab toggles them. Default: all.
  public var enabledChecks: Set<RejectionReason>
  /// A silence of more than ten minutes inside a segment is treated like a segment break.
  /// Off for `--no-filter`, whose raw length sums every step within a segment.
  public var breaksLongGaps = true

  public init(
    maxAccuracy: Meters, networkGradeAccuracy: Meters = Meters(100),
    maxSpeed: MetersPerSecond, reorderWindow: Seconds = Seconds(5), sessionStart: GNSSTime? = nil,
    staleAge: Seconds = Seconds(60), clockJumpThreshold: Seconds = Seconds(120),
    confirmationCount: Int = 3, accuracyRequirement: AccuracyRequirement = .whenReported,
    assumedAccuracy: Meters = Meters(10),
    enabledChecks: Set<RejectionReason> = Set(RejectionReason.allCases)
  ) {
    self.maxAccuracy = maxAccuracy
    self.networkGradeAccuracy = networkGradeAccuracy
    self.maxSpeed = maxSpeed
    self.reorderWindow = reorderWindow
    self.sessionStart = sessionStart
    self.staleAge = staleAge
    self.clockJumpThreshold = clockJumpThreshold
    self.confirmationCount = max(1, confirmationCount)
    self.accuracyRequirement = accuracyRequirement
    self.assumedAccuracy = assumedAccuracy
    self.enabledChecks = enabledChecks
  }

  /// The documented defaults for an activity.
  public static func defaults(for activity: Activity) -> GateConfiguration {
    switch activity {
    case .run: GateConfiguration(maxAccuracy: Meters(40), maxSpeed: MetersPerSecond(12))
    case .walk: GateConfiguration(maxAccuracy: Meters(40), maxSpeed: MetersPerSecond(7))
    case .ride: GateConfiguration(maxAccuracy: Meters(50), maxSpeed: MetersPerSecond(30))
    case .hike: GateConfiguration(maxAccuracy: Meters(40), maxSpeed: MetersPerSecond(7))
    // The fastest swimmers reach 2.4 m/s; a wrist in the water gives poor fixes.
    case .swim: GateConfiguration(maxAccuracy: Meters(50), maxSpeed: MetersPerSecond(4))
    // A motorway's speeds and more (70 m/s is 252 km/h); a jump beyond is still a fault.
    case .drive: GateConfiguration(maxAccuracy: Meters(50), maxSpeed: MetersPerSecond(70))
    }
  }

  /// A gate that lets everything with a position through, in arrival order.
  public static var passThrough: GateConfiguration {
    var c = GateConfiguration(maxAccuracy: Meters(.infinity), maxSpeed: MetersPerSecond(.infinity))
    c.enabledChecks = []
    c.reorderWindow = .zero
    c.breaksLongGaps = false
    return c
  }
}

extension GateConfiguration {
  /// Written with the checks in a fixed order (a `Set` encodes in hash order, which changes
  /// from run to run): the same session exports the same JSON every time.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(maxAccuracy, forKey: .maxAccuracy)
    try c.encode(networkGradeAccuracy, forKey: .networkGradeAccuracy)
    try c.encode(maxSpeed, forKey: .maxSpeed)
    try c.encode(reorderWindow, forKey: .reorderWindow)
    try c.encodeIfPresent(sessionStart, forKey: .sessionStart)
    try c.encode(staleAge, forKey: .staleAge)
    try c.encode(clockJumpThreshold, forKey: .clockJumpThreshold)
    try c.encode(confirmationCount, forKey: .confirmationCount)
    try c.encode(headConfirmationSpan, forKey: .headConfirmationSpan)
    try c.encode(accuracyRequirement, forKey: .accuracyRequirement)
    try c.encodeIfPresent(timeRequirement, forKey: .timeRequirement)
    try c.encode(assumedAccuracy, forKey: .assumedAccuracy)
    try c.encode(RejectionReason.allCases.filter(enabledChecks.contains), forKey: .enabledChecks)
    try c.encode(breaksLongGaps, forKey: .breaksLongGaps)
  }
}
