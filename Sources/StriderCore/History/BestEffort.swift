/// The best stretch of one session for one target: where it began and ended, how far and
/// how long it was.
///
/// For a distance target `distance` is the target and `elapsed` the time it took; for a
/// duration target `elapsed` is the target and `distance` how far the user came. Times
/// are elapsed (clock) time, stops included, as a race is timed.
public struct BestEffort: Hashable, Sendable, Codable {
  public var target: BestEffortTarget
  public var start: GNSSTime
  public var end: GNSSTime
  /// The session's distance where the stretch began (where in the session it lies).
  public var startDistance: Meters
  public var distance: Meters

  public init(
    target: BestEffortTarget, start: GNSSTime, end: GNSSTime, startDistance: Meters,
    distance: Meters
  ) {
    self.target = target
    self.start = start
    self.end = end
    self.startDistance = startDistance
    self.distance = distance
  }

  public var elapsed: Seconds { end - start }

  /// The figure records compare: the time for a distance, the distance for a duration.
  public var value: Double {
    target.kind == .distance ? elapsed.value : distance.value
  }

  /// Whether this effort beats `other` of the same target: less time, or more distance.
  public func beats(_ other: BestEffort) -> Bool {
    target.kind == .distance ? value < other.value : value > other.value
  }
}
