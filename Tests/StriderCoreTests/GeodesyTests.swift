import Foundation
import Testing

@testable import StriderCore

@Suite struct GeodesyTests {
  @Test func oneDegreeOfLongitudeOnTheEquatorIsTheSemiMajorAxisArc() {
    let d = Geodesy.distanceMeters(
      Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1))
    // a·π/180 = 111 319.4908 m exactly on the ellipsoid's equator.
    #expect(abs(d - 111_319.4908) < 0.01, "equatorial degree was \(d)")
  }

  @Test func knownLongGeodesicMatchesVincentyReference() throws {
    // Flinders Peak to Buninyong, Vincenty's own worked example: 54 972.271 m.
    let a = Coordinate(
      latitude: -(37 + 57 / 60.0 + 3.72030 / 3600), longitude: 144 + 25 / 60.0 + 29.52440 / 3600)
    let b = Coordinate(
      latitude: -(37 + 39 / 60.0 + 10.15610 / 3600), longitude: 143 + 55 / 60.0 + 35.38390 / 3600)
    let d = try #require(Geodesy.vincentyDistance(a, b))
    #expect(abs(d - 54_972.271) < 0.001, "Vincenty gave \(d)")
    #expect(abs(Geodesy.distanceMeters(a, b) - 54_972.271) < 0.001)
  }

  /// The short-step formula must agree with Vincenty far better than the 0.05 % the issue
  /// asks for a whole track, at every latitude and step length a track can have.
  @Test(arguments: [0.0, 30, 45, 60, 75, 85, 89.4, -52])
  func localRadiiAgreeWithVincenty(latitude: Double) throws {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let a = Coordinate(latitude: latitude, longitude: Double.random(in: -180..<180, using: &rng))
      let span = Double.random(in: 0.00001...0.17, using: &rng)
      let bearing = Double.random(in: 0..<(2 * .pi), using: &rng)
      let b = Coordinate(
        latitude: max(-89.49, min(89.49, a.latitude + span * cos(bearing))),
        longitude: a.longitude + span * sin(bearing))
      let exact = try #require(Geodesy.vincentyDistance(a, b))
      let fast = Geodesy.distanceMeters(a, b)
      #expect(abs(fast - exact) <= 2e-5 * exact + 1e-6, "step \(a) → \(b): \(fast) vs \(exact)")
    }
  }

  @Test func stepsAcrossTheAntimeridianAreShort() {
    let d = Geodesy.distanceMeters(
      Coordinate(latitude: 10, longitude: 179.9995), Coordinate(latitude: 10, longitude: -179.9995))
    #expect(d > 100 && d < 115, "crossing the 180th meridian gave \(d) m")
  }

  @Test func stepsOverThePoleAreShort() {
    let d = Geodesy.distanceMeters(
      Coordinate(latitude: 89.9999, longitude: 0), Coordinate(latitude: 89.9999, longitude: 180))
    #expect(abs(d - 22.34) < 0.05, "across the pole gave \(d) m")
  }

  @Test func antipodalPointsFallBackWithoutCrashing() {
    let d = Geodesy.distanceMeters(
      Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0.5, longitude: 179.7))
    #expect(d > 19_900_000 && d < 20_040_000)
  }

  @Test(arguments: [
    Coordinate(latitude: 48.2, longitude: 16.37), Coordinate(latitude: -33.9, longitude: 151.2),
    Coordinate(latitude: 0, longitude: 179.999), Coordinate(latitude: 89.99, longitude: 40),
    Coordinate(latitude: -90, longitude: 0),
  ])
  func tangentPlaneRoundTripsAndKeepsDistances(origin: Coordinate) {
    let plane = LocalTangentPlane(origin: origin)
    for (east, north) in [(0.0, 0.0), (3, 4), (-2500, 1200), (15_000, -9000)] {
      let c = plane.unproject(PlanePoint(east: east, north: north))
      #expect(c.isValid)
      let back = plane.project(c)
      #expect(
        abs(back.east - east) < 0.001 && abs(back.north - north) < 0.001,
        "\(origin) \(east),\(north) → \(back)")
      let d = Geodesy.distanceMeters(origin, c)
      let planar = (east * east + north * north).squareRoot()
      #expect(abs(d - planar) <= 1e-5 * planar + 0.01, "distance \(d) vs plane \(planar)")
    }
  }
}
