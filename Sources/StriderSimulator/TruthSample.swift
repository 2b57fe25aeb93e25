import StriderCore

/// Where the simulated person really was at one epoch: the reference tests score against.
public struct TruthSample: Sendable, Hashable {
  /// The epoch (the same instant as the fix of that epoch).
  public var time: GNSSTime
  /// The true position.
  public var coordinate: Coordinate
  /// The true altitude.
  public var altitude: Meters
  /// The true speed over ground.
  public var speed: MetersPerSecond
  /// The true course over ground, degrees clockwise from north.
  public var course: Degrees
  /// Whether the person is moving (speed above 0.05 m/s).
  public var isMoving: Bool
  /// How far along the route the person is.
  public var distanceAlongRoute: Meters
  /// Whether the position lies in an urban-canyon stretch or its fade-in or fade-out
  /// (larger, biased errors).
  public var inUrbanCanyon: Bool

  /// The true path as a fix a perfect receiver would give (`simulate --truth`).
  public var fix: Fix {
    Fix(time: time, coordinate: coordinate, altitude: altitude, speed: speed, mode: .threeD)
  }

  /// The speed below which a person counts as standing still.
  public static let movingThreshold = MetersPerSecond(0.05)

  public init(
    time: GNSSTime, coordinate: Coordinate, altitude: Meters, speed: MetersPerSecond,
    course: Degrees, distanceAlongRoute: Meters, inUrbanCanyon: Bool
  ) {
    self.time = time
    self.coordinate = coordinate
    self.altitude = altitude
    self.speed = speed
    self.course = course
    self.isMoving = speed > TruthSample.movingThreshold
    self.distanceAlongRoute = distanceAlongRoute
    self.inUrbanCanyon = inUrbanCanyon
  }
}

extension [TruthSample] {
  /// The sample at the epoch nearest `time`, if the time lies in the track.
  ///
  /// Truth is sampled every `interval` seconds from its first sample, with no gaps, so the
  /// nearest epoch is an index to work out rather than a search (the day and the session
  /// both sample it so).
  func sample(nearest time: GNSSTime, interval: Double) -> TruthSample? {
    guard let first else { return nil }
    let offset = (time - first.time).value / interval
    guard offset.isFinite else { return nil }
    let index = Int(offset.rounded())
    return indices.contains(index) ? self[index] : nil
  }
}
