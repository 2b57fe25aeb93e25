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
///
/// Every fix goes through `project` and its smoothed position back through `unproject`, live
/// and again in the finishing pass: eight sines and cosines and four arctangents a fix,
/// an eighth of the engine's time. Near the origin (within about 300 km) the frame takes
/// them from the origin's own, by the angle-addition formulas and short Taylor series of
/// the small difference; they agree with the library's to a few units in the last place
/// (nanometres on the ground), and anything further away still calls the library.
public struct LocalTangentPlane: Hashable, Sendable {
  public let origin: Coordinate
  /// The origin's latitude and longitude in radians.
  private let phi0: Double
  private let lambda0: Double
  private let sinLat: Double
  private let cosLat: Double
  private let sinLon: Double
  private let cosLon: Double
  private let originECEF: (Double, Double, Double)

  public init(origin: Coordinate) {
    self.origin = origin
    let phi = radians(origin.latitude)
    let lambda = radians(origin.longitude)
    phi0 = phi
    lambda0 = lambda
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
    let phi = radians(c.latitude)
    let lambda = radians(c.longitude)
    let (sinPhi, cosPhi) = LocalTangentPlane.sinCos(phi, near: phi0, sin0: sinLat, cos0: cosLat)
    let (sinLambda, cosLambda) = LocalTangentPlane.sinCos(
      lambda, near: lambda0, sin0: sinLon, cos0: cosLon)
    return project(
      earthCentred: LocalTangentPlane.ecef(
        sinLat: sinPhi, cosLat: cosPhi, sinLon: sinLambda, cosLon: cosLambda))
  }

  /// Angles this close to the origin's (radians, about 300 km) take their sines and
  /// arctangents from the origin's.
  static let nearAngle = 0.05

  /// The sine and cosine of `x`, from those of a nearby `x0` when it is near:
  /// sin(x0 + d) = sin x0 cos d + cos x0 sin d, with sin d and cos d by their Taylor series
  /// (for |d| ≤ 0.05 the first omitted terms are below 1e-21).
  @inline(__always)
  static func sinCos(_ x: Double, near x0: Double, sin0: Double, cos0: Double)
    -> (sin: Double, cos: Double)
  {
    let d = x - x0
    guard d.magnitude <= nearAngle else { return (sin(x), cos(x)) }
    let d2 = d * d
    let sinD =
      d * (1 + d2 * (-1.0 / 6 + d2 * (1.0 / 120 + d2 * (-1.0 / 5040 + d2 * (1.0 / 362_880)))))
    let cosD =
      1 + d2
      * (-0.5 + d2
        * (1.0 / 24 + d2 * (-1.0 / 720 + d2 * (1.0 / 40_320 + d2 * (-1.0 / 3_628_800)))))
    return (sin0 * cosD + cos0 * sinD, cos0 * cosD - sin0 * sinD)
  }

  /// atan(t) for |t| ≤ `nearAngle` by its Taylor series (first omitted term below 1e-20).
  @inline(__always)
  static func smallArctangent(_ t: Double) -> Double {
    let t2 = t * t
    return t
      * (1 + t2
        * (-1.0 / 3 + t2
          * (1.0 / 5 + t2 * (-1.0 / 7 + t2 * (1.0 / 9 + t2 * (-1.0 / 11 + t2 * (1.0 / 13)))))))
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
      x: originECEF.0 + dx, y: originECEF.1 + dy, z: originECEF.2 + dz, near: self)
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
  /// With `frame`, the two arctangents are taken as the frame origin's latitude and
  /// longitude plus a small angle when the point is near it (`smallArctangent`).
  static func geodetic(
    x: Double, y: Double, z: Double, near frame: LocalTangentPlane? = nil
  ) -> Coordinate {
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
    let num = z + ep2 * b * st * st * st
    let den = p - e2 * a * ct * ct * ct
    if let f = frame {
      // The angles of (den, num) and (x, y) measured from the origin's: rotated by the
      // origin's latitude and longitude, a near point's are small.
      let u = den * f.cosLat + num * f.sinLat
      let v = num * f.cosLat - den * f.sinLat
      let ux = x * f.cosLon + y * f.sinLon
      let vy = y * f.cosLon - x * f.sinLon
      if u > 0, v.magnitude <= nearAngle * u, ux > 0, vy.magnitude <= nearAngle * ux {
        let phi = min(.pi / 2, max(-.pi / 2, f.phi0 + smallArctangent(v / u)))
        var lambda = f.lambda0 + smallArctangent(vy / ux)
        if lambda > .pi { lambda -= 2 * .pi } else if lambda < -.pi { lambda += 2 * .pi }
        return Coordinate(latitude: degrees(phi), longitude: degrees(lambda))
      }
    }
    let phi = atan2(num, den)
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
