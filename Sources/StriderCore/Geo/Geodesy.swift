import Foundation

/// Distances on the WGS84 ellipsoid.
///
/// GPS steps are short, so the common case uses the local radii of curvature at the
/// step's mid-latitude (the meridional radius M and the prime-vertical radius N):
/// `d = √((M·Δφ)² + (N·cos φm·Δλ)²)`. Its relative error grows as (d/R)², under 1e-5 for
/// steps below 20 km, and it costs one `sin` and one `cos`. Longer steps, and steps within
/// half a degree of a pole where meridians converge, use Vincenty's inverse formula
/// (T. Vincenty, Survey Review XXIII, 1975; sub-millimetre on the ellipsoid). For the
/// nearly antipodal pairs where Vincenty does not converge, a great-circle distance on the
/// mean-radius sphere is returned (within 0.5 %); no GPS track has such a step.
/// Haversine alone would be off by up to 0.5 % everywhere, which is why it is not used.
public enum Geodesy {
  /// Steps whose latitude or longitude span is below this (degrees) use local radii.
  static let localRadiiSpan = 0.18

  /// The ellipsoidal distance between two positions.
  public static func distance(_ a: Coordinate, _ b: Coordinate) -> Meters {
    Meters(distanceMeters(a, b))
  }

  /// The same as `distance`, as a plain number, for inner loops.
  @inline(__always)
  public static func distanceMeters(_ a: Coordinate, _ b: Coordinate) -> Double {
    let dLatDeg = b.latitude - a.latitude
    let dLonDeg = wrappedLongitudeDelta(b.longitude - a.longitude)
    if abs(dLatDeg) < localRadiiSpan, abs(dLonDeg) < localRadiiSpan,
      abs(a.latitude) < 89.5, abs(b.latitude) < 89.5
    {
      let midLatitude = radians((a.latitude + b.latitude) / 2)
      // One cosine: the sine is only needed squared (the hottest function of a session).
      let c = cos(midLatitude)
      let w = 1 - WGS84.eccentricitySquared * (1 - c * c)
      let sqrtW = w.squareRoot()
      let n = WGS84.semiMajorAxis / sqrtW
      let m = n * (1 - WGS84.eccentricitySquared) / w
      let north = m * radians(dLatDeg)
      let east = n * c * radians(dLonDeg)
      return (north * north + east * east).squareRoot()
    }
    return vincentyDistance(a, b) ?? greatCircleDistance(a, b)
  }

  /// Vincenty's inverse solution; nil when the iteration does not converge.
  public static func vincentyDistance(_ p1: Coordinate, _ p2: Coordinate) -> Double? {
    let a = WGS84.semiMajorAxis
    let b = WGS84.semiMinorAxis
    let f = WGS84.flattening
    let l = radians(wrappedLongitudeDelta(p2.longitude - p1.longitude))
    let u1 = atan((1 - f) * tan(radians(p1.latitude)))
    let u2 = atan((1 - f) * tan(radians(p2.latitude)))
    let sinU1 = sin(u1)
    let cosU1 = cos(u1)
    let sinU2 = sin(u2)
    let cosU2 = cos(u2)
    var lambda = l
    for _ in 0..<200 {
      let sinLambda = sin(lambda)
      let cosLambda = cos(lambda)
      let t1 = cosU2 * sinLambda
      let t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
      let sinSigma = (t1 * t1 + t2 * t2).squareRoot()
      if sinSigma == 0 { return 0 }
      let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
      let sigma = atan2(sinSigma, cosSigma)
      let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
      let cosSqAlpha = 1 - sinAlpha * sinAlpha
      let cos2SigmaM = cosSqAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSqAlpha : 0
      let c = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
      let previous = lambda
      lambda =
        l + (1 - c) * f * sinAlpha
        * (sigma + c * sinSigma
          * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
      if abs(lambda - previous) < 1e-12 {
        let uSq = cosSqAlpha * (a * a - b * b) / (b * b)
        let bigA = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
        let bigB = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))
        let deltaSigma =
          bigB * sinSigma
          * (cos2SigmaM + bigB / 4
            * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - bigB / 6 * cos2SigmaM
              * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
        return b * bigA * (sigma - deltaSigma)
      }
    }
    return nil
  }

  /// Haversine on the mean-radius sphere: the fallback for nearly antipodal points.
  public static func greatCircleDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
    let phi1 = radians(a.latitude)
    let phi2 = radians(b.latitude)
    let dPhi = phi2 - phi1
    let dLambda = radians(wrappedLongitudeDelta(b.longitude - a.longitude))
    let h =
      sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
    return 2 * WGS84.meanRadius * asin(min(1, h.squareRoot()))
  }

  /// The length of a polyline: the sum of its steps.
  public static func length<S: Sequence>(of coordinates: S) -> Meters
  where S.Element == Coordinate {
    var total = 0.0
    var previous: Coordinate?
    for c in coordinates {
      if let p = previous { total += distanceMeters(p, c) }
      previous = c
    }
    return Meters(total)
  }
}
