import StriderSimulator
import Testing

@testable import StriderCore

/// The built-in route has the shapes a filter must cope with.
struct SimulationRouteTests {
  @Test(arguments: Activity.allCases)
  func routeHasCornersBendsATurnaroundAndCloses(activity: Activity) {
    let route = SimulatedRoute(activity: activity)
    let angles = route.turns.map(\.angle.value)
    #expect(angles.contains { abs($0 - 90) < 1 }, "90° street corners")
    #expect(angles.contains { $0 > 20 && $0 < 45 }, "gentle bends")
    #expect(angles.contains { abs($0 - 180) < 1e-6 }, "an out-and-back turnaround")
    let end = route.vertices.last ?? PlanePoint(east: .nan, north: .nan)
    #expect(end.magnitude < 1e-6, "each lap is a loop back to the start")
    let nominal = SimulatedRoute.nominalLength(for: activity)
    #expect(abs(route.length.value - nominal.value) < 1e-6, "the route is scaled to its length")
  }

  @Test func pointsAlongTheRouteInterpolate() {
    let route = SimulatedRoute(
      vertices: [
        PlanePoint(east: 0, north: 0), PlanePoint(east: 100, north: 0),
        PlanePoint(east: 100, north: 50),
      ], origin: SimulatedRoute.defaultOrigin)
    #expect(route.point(at: Meters(50)) == PlanePoint(east: 50, north: 0))
    #expect(route.point(at: Meters(125)) == PlanePoint(east: 100, north: 25))
    #expect(route.point(at: Meters(500)) == PlanePoint(east: 100, north: 50), "clamped at the end")
    #expect(route.direction(at: Meters(120)) == PlanePoint(east: 0, north: 1))
  }
}
