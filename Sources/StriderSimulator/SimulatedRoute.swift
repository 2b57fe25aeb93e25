import Foundation
import StriderCore

/// The path a simulated session follows: a polyline in a local tangent plane, in metres.
///
/// The built-in lap imitates a city block and a park: a street east, a 90° corner north, a
/// gentle 30° bend into the park, a seven-sided loop with gentle turns, a 200 m spur out to
/// a viewpoint and back (a 180° turnaround), back out of the park, and home by two streets
/// with 90° corners. The lap is closed and its end meets its start at a 90° corner, so laps
/// can be repeated without a turnaround at the seam.
///
/// Session lengths follow what people do: a walk is one lap of 3 km, a run two laps of
/// 3 km (6 km), and a ride three laps of the same shape scaled to 6.33 km (19 km): a rider
/// goes round bigger blocks, so the shape is scaled up rather than lapped six times.
///
/// The geometry is built in metres in a `LocalTangentPlane` at the caller's origin and
/// converted with `unproject`, so the route is as valid across the antimeridian or a few
/// kilometres from a pole as it is in Vienna.
public struct SimulatedRoute: Sendable, Hashable {
  /// The start and end of every lap, and the origin of `plane`.
  public let origin: Coordinate
  /// The plane the route is laid out in.
  public let plane: LocalTangentPlane
  /// The corners of the whole session path (all laps), east-north metres from `origin`.
  public let vertices: [PlanePoint]
  /// Distance along the path to each vertex, metres; `cumulative[0] == 0`.
  let cumulative: [Double]

  /// The default origin: the Stephansplatz in Vienna.
  public static let defaultOrigin = Coordinate(latitude: 48.2082, longitude: 16.3738)

  /// The corners of one unscaled lap (3.8 km), starting and ending at the origin.
  static let baseLap: [PlanePoint] = [
    (0, 0), (400, 0), (400, 300), (550, 560),  // streets, then a gentle bend into the park
    (760, 640), (860, 830),  // park loop, first half
    (1060, 830), (860, 830),  // spur to the viewpoint and back (180° turnaround)
    (790, 1010), (610, 1060), (470, 940), (480, 740), (550, 560),  // park loop, second half
    (400, 300), (0, 300), (0, 0),  // out of the park and home by the streets
  ].map { PlanePoint(east: $0.0, north: $0.1) }

  /// The usual session length for an activity: 3 km walk, 6 km run, 19 km ride, 6 km hike,
  /// 1.5 km swim.
  public static func nominalLength(for activity: Activity) -> Meters {
    switch activity {
    case .walk: Meters(3000)
    case .run: Meters(6000)
    case .ride: Meters(19_000)
    case .hike: Meters(6000)
    case .swim: Meters(1500)
    case .drive: Meters(30_000)
    }
  }

  /// How many laps of the built-in shape make one session.
  public static func laps(for activity: Activity) -> Int {
    switch activity {
    case .walk, .swim, .drive: 1
    case .run, .hike: 2
    case .ride: 3
    }
  }

  /// The built-in route for an activity, laid out at `origin`.
  ///
  /// - Parameter length: the whole session length; the lap is scaled so that `laps` laps
  ///   make it. Defaults to `nominalLength(for:)`.
  public init(activity: Activity, origin: Coordinate = defaultOrigin, length: Meters? = nil) {
    let laps = SimulatedRoute.laps(for: activity)
    let total = length ?? SimulatedRoute.nominalLength(for: activity)
    let base = SimulatedRoute.baseLap
    let baseLength = SimulatedRoute.polylineLength(base)
    let scale = total.value / Double(laps) / baseLength
    var path: [PlanePoint] = [PlanePoint(east: 0, north: 0)]
    for _ in 0..<laps {
      for corner in base.dropFirst() {
        path.append(PlanePoint(east: corner.east * scale, north: corner.north * scale))
      }
    }
    self.init(vertices: path, origin: origin)
  }

  /// A custom route through the given corners (at least two), metres from `origin`.
  public init(vertices: [PlanePoint], origin: Coordinate) {
    self.origin = origin
    self.plane = LocalTangentPlane(origin: origin)
    let corners = vertices.count >= 2 ? vertices : [PlanePoint(east: 0, north: 0)] + vertices
    self.vertices = corners.count >= 2 ? corners : corners + corners
    var sums = [0.0]
    for i in 1..<self.vertices.count {
      sums.append(sums[i - 1] + (self.vertices[i] - self.vertices[i - 1]).magnitude)
    }
    cumulative = sums
  }

  /// The length of the path in the plane.
  public var length: Meters { Meters(cumulative.last ?? 0) }

  /// The corners as positions on the ellipsoid.
  public var coordinates: [Coordinate] { vertices.map { plane.unproject($0) } }

  /// The point `distance` metres along the path (clamped to its ends).
  public func point(at distance: Meters) -> PlanePoint {
    let (i, fraction) = locate(distance.value)
    let a = vertices[i]
    let b = vertices[i + 1]
    return PlanePoint(
      east: a.east + (b.east - a.east) * fraction, north: a.north + (b.north - a.north) * fraction)
  }

  /// The unit direction of travel `distance` metres along the path.
  public func direction(at distance: Meters) -> PlanePoint {
    let (i, _) = locate(distance.value)
    return SimulatedRoute.unit(vertices[i + 1] - vertices[i])
  }

  /// Every corner where the direction changes: distance along the path and the turn angle
  /// (0° = straight on, 180° = turnaround).
  public var turns: [(distance: Meters, angle: Degrees)] {
    turnAngles.map { (Meters($0.distance), Degrees($0.angle)) }
  }

  /// `turns` as plain numbers (metres, degrees) for the motion integrator.
  var turnAngles: [(distance: Double, angle: Double)] {
    var result: [(distance: Double, angle: Double)] = []
    guard vertices.count >= 3 else { return result }
    for i in 1..<(vertices.count - 1) {
      let a = SimulatedRoute.unit(vertices[i] - vertices[i - 1])
      let b = SimulatedRoute.unit(vertices[i + 1] - vertices[i])
      let dot = max(-1, min(1, a.east * b.east + a.north * b.north))
      let angle = acosDegrees(dot)
      if angle > 1 { result.append((cumulative[i], angle)) }
    }
    return result
  }

  /// The segment holding `distance` and the fraction along it.
  private func locate(_ distance: Double) -> (Int, Double) {
    let last = vertices.count - 2
    guard distance > 0 else { return (0, 0) }
    guard distance < cumulative[last + 1] else { return (last, 1) }
    var low = 0
    var high = last
    while low < high {  // the last segment whose start is at or before `distance`
      let mid = (low + high + 1) / 2
      if cumulative[mid] <= distance { low = mid } else { high = mid - 1 }
    }
    let span = cumulative[low + 1] - cumulative[low]
    return (low, span > 0 ? (distance - cumulative[low]) / span : 0)
  }

  static func unit(_ v: PlanePoint) -> PlanePoint {
    let m = v.magnitude
    return m > 0 ? PlanePoint(east: v.east / m, north: v.north / m) : PlanePoint(east: 1, north: 0)
  }

  static func polylineLength(_ points: [PlanePoint]) -> Double {
    zip(points, points.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).magnitude }
  }
}

private func acosDegrees(_ x: Double) -> Double {
  acos(x) * 180 / .pi
}
