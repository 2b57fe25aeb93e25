import Foundation

/// A place as the mean of the fixes seen there, kept in metres in a tangent plane at the
/// first fix, so it is as good across the antimeridian as anywhere.
struct Region: Sendable {
  let plane: LocalTangentPlane
  private var mean = PlanePoint(east: 0, north: 0)

  init(center: Coordinate) {
    plane = LocalTangentPlane(origin: center)
  }

  var center: Coordinate { plane.unproject(mean) }

  func distance(to coordinate: Coordinate) -> Double {
    (plane.project(coordinate) - mean).magnitude
  }

  /// Moves the centre a step towards a fix, as an exponential mean with `timeConstant`.
  mutating func follow(_ coordinate: Coordinate, dt: Double, timeConstant: Double) {
    let p = plane.project(coordinate)
    let k = 1 - exp(-max(0, dt) / max(1e-9, timeConstant))
    mean = PlanePoint(
      east: mean.east + (p.east - mean.east) * k, north: mean.north + (p.north - mean.north) * k)
  }

  /// Makes the centre the mean of `count` fixes, the last of them this one.
  mutating func average(_ coordinate: Coordinate, count: Int) {
    let p = plane.project(coordinate)
    let k = 1 / Double(max(1, count))
    mean = PlanePoint(
      east: mean.east + (p.east - mean.east) * k, north: mean.north + (p.north - mean.north) * k)
  }
}
