import Foundation

/// A point or vector in a local east-north plane, in metres.
public struct PlanePoint: Hashable, Sendable {
  public var east: Double
  public var north: Double

  public init(east: Double, north: Double) {
    self.east = east
    self.north = north
  }

  public static func - (lhs: PlanePoint, rhs: PlanePoint) -> PlanePoint {
    PlanePoint(east: lhs.east - rhs.east, north: lhs.north - rhs.north)
  }

  public static func + (lhs: PlanePoint, rhs: PlanePoint) -> PlanePoint {
    PlanePoint(east: lhs.east + rhs.east, north: lhs.north + rhs.north)
  }

  /// Euclidean length of the vector.
  public var magnitude: Double { (east * east + north * north).squareRoot() }
}

/// A local east-north-up frame tangent to the WGS84 ellipsoid at an origin.
///
/// Positions go through Earth-centred Earth-fixed coordinates and are rotated into the
/// origin's east-north-up axes, so the frame is exact everywhere: across the antimeridian
/// and at the poles, where a longitude-scaled flat projection breaks down. The filter and
/// the map work in this plane; distances are always measured back on the ellipsoid. The
/// inverse puts a point on the curved surface below the plane (up = -d²/2R), so that a
/// round trip returns the original position to well under a millimetre within tens of
/// kilometres of the origin.
public struct LocalTangentPlane: Hashable, Sendable {
  public let origin: Coordinate
  private let sinLat: Double
  private let cosLat: Double
  private let sinLon: Double
  private let cosLon: Double
  private let originECEF: (Double, Double, Double)

  public init(origin: Coordinate) {
    self.origin = origin
    let phi = radians(origin.latitude)
    let lambda = radians(origin.longitude)
    sinLat = sin(phi)
    cosLat = cos(phi)
    sinLon = sin(lambda)
    cosLon = cos(lambda)
    originECEF = LocalTangentPlane.ecef(
      sinLat: sinLat, cosLat: cosLat, sinLon: sinLon, cosLon: cosLon)
  }

  public static func == (lhs: LocalTangentPlane, rhs: LocalTangentPlane) -> Bool {
    lhs.origin == rhs.origin
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(origin) }

  /// The east-north offset of a position from the origin, in metres.
  public func project(_ c: Coordinate) -> PlanePoint {
    project(earthCentred: LocalTangentPlane.ecef(c))
  }

  /// The east and north of another plane's origin, whose earth-centred position that plane
  /// has already worked out: a sweep over a track then takes each point's sines once.
  public func project(originOf other: LocalTangentPlane) -> PlanePoint {
    project(earthCentred: other.originECEF)
  }

  @inline(__always)
  private func project(earthCentred point: (Double, Double, Double)) -> PlanePoint {
    let (x, y, z) = point
    let dx = x - originECEF.0
    let dy = y - originECEF.1
    let dz = z - originECEF.2
    let east = -sinLon * dx + cosLon * dy
    let north = -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz
    return PlanePoint(east: east, north: north)
  }

  /// The position on the ellipsoid below an east-north offset.
  public func unproject(_ p: PlanePoint) -> Coordinate {
    let up = -(p.east * p.east + p.north * p.north) / (2 * WGS84.meanRadius)
    let dx = -sinLon * p.east - sinLat * cosLon * p.north + cosLat * cosLon * up
    let dy = cosLon * p.east - sinLat * sinLon * p.north + cosLat * sinLon * up
    let dz = cosLat * p.north + sinLat * up
    return LocalTangentPlane.geodetic(
      x: originECEF.0 + dx, y: originECEF.1 + dy, z: originECEF.2 + dz)
  }

  static func ecef(_ c: Coordinate) -> (Double, Double, Double) {
    let phi = radians(c.latitude)
    let lambda = radians(c.longitude)
    return ecef(sinLat: sin(phi), cosLat: cos(phi), sinLon: sin(lambda), cosLon: cos(lambda))
  }

  /// Earth-centred coordinates from the sines and cosines a plane has already worked out.
  @inline(__always)
  static func ecef(sinLat s: Double, cosLat cp: Double, sinLon: Double, cosLon: Double)
    -> (Double, Double, Double)
  {
    let n = WGS84.semiMajorAxis / (1 - WGS84.eccentricitySquared * s * s).squareRoot()
    return (n * cp * cosLon, n * cp * sinLon, n * (1 - WGS84.eccentricitySquared) * s)
  }

  /// ECEF to latitude and longitude by Bowring's method (exact to millimetres near the
  /// surface, and well defined at the poles).
  static func geodetic(x: Double, y: Double, z: Double) -> Coordinate {
    let a = WGS84.semiMajorAxis
    let b = WGS84.semiMinorAxis
    let e2 = WGS84.eccentricitySquared
    let ep2 = (a * a - b * b) / (b * b)
    let p = (x * x + y * y).squareRoot()
    // Bowring's auxiliary angle θ, tan θ = z·a / (p·b): its sine and cosine from the
    // tangent (a square root instead of three trigonometric calls), except right at a pole.
    let st: Double
    let ct: Double
    let tangent = (z * a) / (p * b)
    if p > 1, tangent.magnitude < 1e150 {
      ct = 1 / (1 + tangent * tangent).squareRoot()
      st = tangent * ct
    } else {
      let theta = atan2(z * a, p * b)
      st = sin(theta)
      ct = cos(theta)
    }
    let phi = atan2(z + ep2 * b * st * st * st, p - e2 * a * ct * ct * ct)
    let lambda = p == 0 ? 0 : atan2(y, x)
    return Coordinate(latitude: degrees(phi), longitude: degrees(lambda))
  }
}

extension LocalTangentPlane {
  /// Re-expresses a horizontal vector (a velocity) from this frame's axes in another's.
  /// Needed when the filter moves its origin: near the poles the axes of two frames a few
  /// kilometres apart point in visibly different directions.
  public func rotate(_ v: PlanePoint, into other: LocalTangentPlane) -> PlanePoint {
    // This frame's east and north unit vectors in ECEF.
    let ex = (-sinLon, cosLon, 0.0)
    let nx = (-sinLat * cosLon, -sinLat * sinLon, cosLat)
    let x = v.east * ex.0 + v.north * nx.0
    let y = v.east * ex.1 + v.north * nx.1
    let z = v.east * ex.2 + v.north * nx.2
    let east = -other.sinLon * x + other.cosLon * y
    let north =
      -other.sinLat * other.cosLon * x - other.sinLat * other.sinLon * y + other.cosLat * z
    return PlanePoint(east: east, north: north)
  }
}
