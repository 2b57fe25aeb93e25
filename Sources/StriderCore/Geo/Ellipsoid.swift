import Foundation

/// The WGS84 reference ellipsoid that GNSS coordinates are expressed on.
public enum WGS84 {
  /// Semi-major axis (equatorial radius).
  public static let semiMajorAxis = 6_378_137.0
  /// Flattening.
  public static let flattening = 1 / 298.257_223_563
  /// Semi-minor axis (polar radius).
  public static let semiMinorAxis = semiMajorAxis * (1 - flattening)
  /// First eccentricity squared.
  public static let eccentricitySquared = flattening * (2 - flattening)
  /// Mean radius (2a + b) / 3, for the few places where a sphere is good enough.
  public static let meanRadius = (2 * semiMajorAxis + semiMinorAxis) / 3

  /// Radius of curvature in the meridian at a latitude (radians).
  @inline(__always)
  static func meridionalRadius(latitude phi: Double) -> Double {
    let s = sin(phi)
    let w = 1 - eccentricitySquared * s * s
    return semiMajorAxis * (1 - eccentricitySquared) / (w * w.squareRoot())
  }

  /// Radius of curvature in the prime vertical at a latitude (radians).
  @inline(__always)
  static func primeVerticalRadius(latitude phi: Double) -> Double {
    let s = sin(phi)
    return semiMajorAxis / (1 - eccentricitySquared * s * s).squareRoot()
  }
}

@inline(__always) func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
@inline(__always) func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

/// Wraps a longitude difference into -180..<180 so tracks may cross the antimeridian.
@inline(__always)
func wrappedLongitudeDelta(_ delta: Double) -> Double {
  // Nearly every step is already in range, where the remainder is the delta itself: the
  // library's remainder was a twentieth of every distance's cost.
  if delta.magnitude < 180 { return delta }
  var d = delta.truncatingRemainder(dividingBy: 360)
  if d >= 180 { d -= 360 } else if d < -180 { d += 360 }
  return d
}
