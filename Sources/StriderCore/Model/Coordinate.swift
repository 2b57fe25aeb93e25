/// A position on the WGS84 ellipsoid, in decimal degrees.
public struct Coordinate: Hashable, Sendable, Codable {
  /// Degrees north of the equator, -90...90.
  public var latitude: Double
  /// Degrees east of Greenwich, normally -180...180.
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether both numbers are finite and within the ranges a position can take.
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 360
  }
}
