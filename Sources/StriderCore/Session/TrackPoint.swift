/// A point of the filtered track: where the engine believes the user was.
public struct TrackPoint: Hashable, Sendable, Codable {
  /// When, if the fix said: a point of an untimed file, or an untimed fix before any timed
  /// one, has none (not a 1970 stand-in that an export or a `start` event would print).
  public var time: GNSSTime?
  public var coordinate: Coordinate
  /// Altitude carried over from the fix, if any.
  public var altitude: Meters?
  /// Estimated speed over ground.
  public var speed: MetersPerSecond
  /// Horizontal accuracy of the fix behind this point, if reported.
  public var accuracy: Meters?
  /// Track segment; a change of segment is a gap that adds no distance.
  public var segment: Int

  /// Whether `a` comes no later than `b`; a point without a time comes before any timed one.
  static func order(_ a: TrackPoint, _ b: TrackPoint) -> Bool {
    (a.time?.secondsSince1970 ?? -.infinity) <= (b.time?.secondsSince1970 ?? -.infinity)
  }

  public init(
    time: GNSSTime?, coordinate: Coordinate, altitude: Meters? = nil,
    speed: MetersPerSecond = .zero, accuracy: Meters? = nil, segment: Int = 0
  ) {
    self.time = time
    self.coordinate = coordinate
    self.altitude = altitude
    self.speed = speed
    self.accuracy = accuracy
    self.segment = segment
  }
}
