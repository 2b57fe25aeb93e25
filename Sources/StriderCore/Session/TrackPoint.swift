/// A point of the filtered track: where the engine believes the user was.
public struct TrackPoint: Hashable, Sendable, Codable {
  public var time: GNSSTime
  public var coordinate: Coordinate
  /// Altitude carried over from the fix, if any.
  public var altitude: Meters?
  /// Estimated speed over ground.
  public var speed: MetersPerSecond
  /// Horizontal accuracy of the fix behind this point, if reported.
  public var accuracy: Meters?
  /// Track segment; a change of segment is a gap that adds no distance.
  public var segment: Int

  public init(
    time: GNSSTime, coordinate: Coordinate, altitude: Meters? = nil,
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
