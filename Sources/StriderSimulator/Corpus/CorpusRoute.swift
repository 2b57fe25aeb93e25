import Foundation
import StriderCore

/// Random routes for the accuracy corpus: not the simulator's built-in lap, so the corpus
/// judges the engine on shapes it was never developed on.
///
/// A route is a polyline of straight legs. Leg lengths are LU[30, 400] m on foot and
/// LU[60, 800] m on a bicycle (LU: log-uniform). At each corner the direction turns left
/// or right (even odds) by an angle drawn from a mixture: 45 % gentle U[0°, 25°] (a
/// curving path, approximated by short legs), 15 % bends U[25°, 60°], 35 % street corners
/// U[60°, 120°] and 5 % turnarounds U[150°, 180°] (out and back). The last leg is cut so
/// that the route has exactly the case's length. Routes may cross themselves, as real
/// ones do.
///
/// A case that laps a loop (`CorpusCase.loops`) has instead the loop's lap repeated until
/// the case's length, the last lap cut short, as points about 4 m apart along the loop so
/// that its bends are smooth: a 400 m track (`trackLap`), or a park loop (`parkLap`).
enum CorpusRoute {
  /// The route of a case, laid out at the case's origin.
  static func make(for corpusCase: CorpusCase) -> SimulatedRoute {
    var rng = SeededRandom(seed: corpusCase.seed, stream: 102)
    if let loop = corpusCase.loops {
      let lap =
        loop == .track
        ? trackLap(rotation: rng.uniform(in: 0...(2 * Double.pi)))
        : parkLap(length: corpusCase.loopLength, rng: &rng)
      return SimulatedRoute(
        vertices: lapped(lap, length: corpusCase.length), origin: corpusCase.origin)
    }
    let legs: ClosedRange<Double> = corpusCase.activity == .ride ? 60...800 : 30...400
    var heading = rng.uniform(in: 0...(2 * Double.pi))
    var point = PlanePoint(east: 0, north: 0)
    var vertices = [point]
    var remaining = corpusCase.length
    while remaining > 0 {
      let leg = min(remaining, rng.logUniform(in: legs))
      point = PlanePoint(
        east: point.east + leg * sin(heading), north: point.north + leg * cos(heading))
      vertices.append(point)
      remaining -= leg
      let kind = rng.uniform()
      let degrees: Double
      if kind < 0.45 {
        degrees = rng.uniform(in: 0...25)
      } else if kind < 0.60 {
        degrees = rng.uniform(in: 25...60)
      } else if kind < 0.95 {
        degrees = rng.uniform(in: 60...120)
      } else {
        degrees = rng.uniform(in: 150...180)
      }
      heading += (rng.chance(0.5) ? 1 : -1) * degrees * Double.pi / 180
    }
    return SimulatedRoute(vertices: vertices, origin: corpusCase.origin)
  }

  /// One lap of a 400 m track along its measuring line, starting at the beginning of the
  /// home straight and running anticlockwise, turned by `rotation` (radians): two straights
  /// of 84.39 m and two bends of radius 36.80 m, closed (the last point is the first).
  static func trackLap(rotation: Double) -> [PlanePoint] {
    let straight = 84.39
    let radius = 36.8
    let bend = Double.pi * radius
    let lap = 2 * straight + 2 * bend
    let count = Int((lap / 4).rounded())
    return (0...count).map { k in
      var s = lap * Double(k) / Double(count)
      var p: PlanePoint
      if s < straight {
        p = PlanePoint(east: s, north: 0)
      } else if s < straight + bend {
        let a = (s - straight) / radius
        p = PlanePoint(east: straight + radius * sin(a), north: radius - radius * cos(a))
      } else if s < 2 * straight + bend {
        s -= straight + bend
        p = PlanePoint(east: straight - s, north: 2 * radius)
      } else {
        let a = (s - 2 * straight - bend) / radius
        p = PlanePoint(east: -radius * sin(a), north: radius + radius * cos(a))
      }
      return rotated(p, by: rotation)
    }
  }

  /// One lap of a park loop of `length` metres: a convex polygon of U{3 … 6} corners on an
  /// ellipse (axes ratio U[0.5, 1], corners at even angles ±20 % of a step) with its
  /// corners rounded off by arcs of radius U[5, 12] m (the polygon's outward offset), so
  /// its perimeter is the polygon's plus 2πr; the polygon is scaled to make `length`.
  static func parkLap(length: Double, rng: inout SeededRandom) -> [PlanePoint] {
    let corners = rng.integer(in: 3...6)
    let ratio = rng.uniform(in: 0.5...1)
    let radius = rng.uniform(in: 5...12)
    let rotation = rng.uniform(in: 0...(2 * Double.pi))
    let step = 2 * Double.pi / Double(corners)
    var polygon = (0..<corners).map { k in
      let a = step * (Double(k) + rng.uniform(in: -0.2...0.2))
      return PlanePoint(east: cos(a), north: ratio * sin(a))
    }
    let perimeter = zip(polygon, polygon.dropFirst() + polygon.prefix(1)).reduce(0) {
      $0 + ($1.1 - $1.0).magnitude
    }
    let scale = max(0, length - 2 * Double.pi * radius) / perimeter
    polygon = polygon.map { PlanePoint(east: $0.east * scale, north: $0.north * scale) }
    // The outline: along each side offset outward by the radius, then round the next
    // corner on an arc about it (the polygon runs anticlockwise, so outward is right).
    var pieces: [(length: Double, at: (Double) -> PlanePoint)] = []
    for k in 0..<corners {
      let a = polygon[k]
      let b = polygon[(k + 1) % corners]
      let c = polygon[(k + 2) % corners]
      let u = SimulatedRoute.unit(b - a)
      let v = SimulatedRoute.unit(c - b)
      let outU = PlanePoint(east: u.north, north: -u.east)
      let outV = PlanePoint(east: v.north, north: -v.east)
      let side = (b - a).magnitude
      pieces.append(
        (
          side,
          { s in
            PlanePoint(
              east: a.east + radius * outU.east + u.east * s,
              north: a.north + radius * outU.north + u.north * s)
          }
        ))
      let from = atan2(outU.north, outU.east)
      var turn = atan2(outV.north, outV.east) - from
      if turn < 0 { turn += 2 * Double.pi }
      pieces.append(
        (
          radius * turn,
          { s in
            let angle = from + s / radius
            return PlanePoint(
              east: b.east + radius * cos(angle), north: b.north + radius * sin(angle))
          }
        ))
    }
    let lap = pieces.reduce(0) { $0 + $1.length }
    let count = max(3, Int((lap / 4).rounded()))
    var points: [PlanePoint] = []
    var piece = 0
    var before = 0.0
    for k in 0...count {
      let s = lap * Double(k) / Double(count)
      while piece < pieces.count - 1 && s > before + pieces[piece].length {
        before += pieces[piece].length
        piece += 1
      }
      points.append(rotated(pieces[piece].at(min(s - before, pieces[piece].length)), by: rotation))
    }
    let start = points[0]
    return points.map { $0 - start }
  }

  /// The lap repeated from its first point until `length` metres, the last lap cut there.
  static func lapped(_ lap: [PlanePoint], length: Double) -> [PlanePoint] {
    let origin = lap[0]
    var vertices = [PlanePoint(east: 0, north: 0)]
    var remaining = length
    var k = 1
    while remaining > 0 {
      let a = lap[k - 1] - origin
      let b = lap[k] - origin
      let leg = (b - a).magnitude
      if leg >= remaining {
        let f = remaining / leg
        vertices.append(
          PlanePoint(east: a.east + (b.east - a.east) * f, north: a.north + (b.north - a.north) * f)
        )
        break
      }
      vertices.append(b)
      remaining -= leg
      k = k == lap.count - 1 ? 1 : k + 1
    }
    return vertices
  }

  private static func rotated(_ p: PlanePoint, by angle: Double) -> PlanePoint {
    PlanePoint(
      east: p.east * cos(angle) - p.north * sin(angle),
      north: p.east * sin(angle) + p.north * cos(angle))
  }
}
