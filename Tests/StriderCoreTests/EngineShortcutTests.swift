import Foundation
import Testing

@testable import StriderCore

/// The local frame's shortcut gives what the long way gives: its sines and arctangents
/// taken from its origin's near it, the library's further away.
@Suite struct EngineShortcutTests {
  /// Earth-centred coordinates with the library's sines, as the frame computed them before.
  static func libraryECEF(_ c: Coordinate) -> (Double, Double, Double) {
    let phi = c.latitude * .pi / 180
    let lambda = c.longitude * .pi / 180
    return LocalTangentPlane.ecef(
      sinLat: sin(phi), cosLat: cos(phi), sinLon: sin(lambda), cosLon: cos(lambda))
  }

  @Test(arguments: [
    Coordinate(latitude: 48.2, longitude: 16.37),
    Coordinate(latitude: -33.9, longitude: 151.2),
    Coordinate(latitude: 0.5, longitude: 179.999),
    Coordinate(latitude: 64.1, longitude: -179.9995),
    Coordinate(latitude: 89.9, longitude: 0),
    Coordinate(latitude: -89.99, longitude: 45),
  ])
  func theFrameAgreesWithTheLibraryNearItsOrigin(origin: Coordinate) {
    let plane = LocalTangentPlane(origin: origin)
    let reference = LocalTangentPlane(origin: origin)
    let offsets: [(Double, Double)] = [
      (0, 0), (3, -4), (-2500, 1200), (15_000, -9000), (19_999, 1), (-250_000, 180_000),
    ]
    for (east, north) in offsets {
      let c = plane.unproject(PlanePoint(east: east, north: north))
      #expect(c.isValid, "\(origin) \(east),\(north) → \(c)")
      // The long way: the library's arctangents on the same earth-centred point.
      let (x, y, z) = EngineShortcutTests.libraryECEF(c)
      let slow = LocalTangentPlane.geodetic(x: x, y: y, z: z)
      let fast = LocalTangentPlane.geodetic(x: x, y: y, z: z, near: reference)
      #expect(
        Geodesy.distanceMeters(slow, fast) < 1e-6,
        "geodetic \(slow) vs \(fast) at \(east),\(north) from \(origin)")
      // Projection with the origin's sines against the library's, to a micrometre.
      let p = plane.project(c)
      let o = EngineShortcutTests.libraryECEF(origin)
      let (dx, dy, dz) = (x - o.0, y - o.1, z - o.2)
      let lambda = origin.longitude * .pi / 180
      let phi = origin.latitude * .pi / 180
      let e = -sin(lambda) * dx + cos(lambda) * dy
      let n = -sin(phi) * cos(lambda) * dx - sin(phi) * sin(lambda) * dy + cos(phi) * dz
      #expect(
        abs(p.east - e) < 1e-6 && abs(p.north - n) < 1e-6,
        "project \(p) vs \(e),\(n) at \(east),\(north) from \(origin)")
    }
  }

  @Test func farPointsStillTakeTheLibraryPath() {
    let origin = Coordinate(latitude: 10, longitude: 20)
    let plane = LocalTangentPlane(origin: origin)
    for far in [
      Coordinate(latitude: -40, longitude: -100), Coordinate(latitude: 14, longitude: 20),
      Coordinate(latitude: 10, longitude: 23.5),
    ] {
      // Beyond the near range both ways are the library's, to the last bit.
      let (x, y, z) = EngineShortcutTests.libraryECEF(far)
      let slow = LocalTangentPlane.geodetic(x: x, y: y, z: z)
      let fast = LocalTangentPlane.geodetic(x: x, y: y, z: z, near: plane)
      #expect(slow == fast, "\(far): \(slow) vs \(fast)")
      let o = EngineShortcutTests.libraryECEF(origin)
      let lambda = origin.longitude * .pi / 180
      let e = -sin(lambda) * (x - o.0) + cos(lambda) * (y - o.1)
      #expect(plane.project(far).east == e, "\(far)")
    }
  }

  @Test func sinesNearAnAngleMatchTheLibrary() {
    let x0 = 0.8
    for d in stride(from: -0.05, through: 0.05, by: 0.0037) {
      let (s, c) = LocalTangentPlane.sinCos(x0 + d, near: x0, sin0: sin(x0), cos0: cos(x0))
      #expect(abs(s - sin(x0 + d)) < 1e-15 && abs(c - cos(x0 + d)) < 1e-15, "d \(d)")
      #expect(abs(LocalTangentPlane.smallArctangent(d) - atan(d)) < 1e-16, "atan \(d)")
    }
  }

  @Test func aLongitudeDeltaInRangeIsWrappedAsTheRemainderWrapsIt() {
    func byRemainder(_ delta: Double) -> Double {
      var d = delta.truncatingRemainder(dividingBy: 360)
      if d >= 180 { d -= 360 } else if d < -180 { d += 360 }
      return d
    }
    let deltas: [Double] = [
      0, -0.0, 1e-9, -179.999_999, 179.999_999, 180, -180, 359.5, -540, 725.25, 1e300,
      -.infinity, .nan, 0.000_123_4,
    ]
    for delta in deltas {
      let a = wrappedLongitudeDelta(delta)
      let b = byRemainder(delta)
      #expect(a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN), "\(delta): \(a) vs \(b)")
    }
  }
}
