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
enum CorpusRoute {
  /// The route of a case, laid out at the case's origin.
  static func make(for corpusCase: CorpusCase) -> SimulatedRoute {
    var rng = SeededRandom(seed: corpusCase.seed, stream: 102)
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
}
