/// The length of the smoothed trajectory between two smoothed states, as a factor on the
/// straight chord between them.
///
/// The smoother's motion model (constant velocity with white acceleration, an integrated
/// Wiener process per axis) has as its posterior mean between two times the cubic Hermite
/// curve through the smoothed positions with the smoothed velocities as tangents: the
/// Kalman smoother of that model is the cubic smoothing spline (Wahba, "Improper priors,
/// spline smoothing and the problem of guarding against model errors in regression",
/// J. R. Stat. Soc. B 40(3), 1978). A chord cuts every turn short: at a watch's 4-5 s
/// sampling or a phone's "smart" recording of up to 10 s that was most of what clean
/// device files came out short by. The curve's length is integrated by five-node
/// Gauss–Legendre quadrature of its speed.
enum HermiteArc {
  /// A curve more than half again as long as its chord is a hairpin the two velocities
  /// disagree about: the chord is the safer figure.
  static let largestFactor = 1.5
  /// Steps longer than this (seconds) keep their chord: across a gap in the fixes the
  /// velocities at its ends say little about the path between (a tunnel, a lost signal),
  /// and a curve drawn from them over minutes loops far from any road. Smart recording
  /// and watches sample every 1-10 s.
  static let longestStep = 12.0
  /// Steps shorter than this (metres) keep their chord: standing jitter has no turns.
  static let shortestChord = 0.5

  /// - Parameters:
  ///   - east, north: the displacement from the first state to the second, metres.
  ///   - start, end: the two smoothed velocities (east, north), m/s.
  ///   - duration: seconds between the two.
  static func factor(
    east: Double, north: Double, start: (east: Double, north: Double),
    end: (east: Double, north: Double), duration: Double
  ) -> Double {
    let chord = (east * east + north * north).squareRoot()
    guard duration > 0, duration <= longestStep, chord > shortestChord, start.east.isFinite,
      start.north.isFinite, end.east.isFinite, end.north.isFinite
    else { return 1 }
    let m0x = start.east * duration
    let m0y = start.north * duration
    let m1x = end.east * duration
    let m1y = end.north * duration
    // The curve's velocity at s ∈ [0, 1]: the derivative of the Hermite basis, the first
    // position at the origin and the second at (east, north).
    @inline(__always) func speed(_ s: Double) -> Double {
      let h = 6 * s * (1 - s)
      let g0 = (3 * s - 4) * s + 1
      let g1 = (3 * s - 2) * s
      let x = h * east + g0 * m0x + g1 * m1x
      let y = h * north + g0 * m0y + g1 * m1y
      return (x * x + y * y).squareRoot()
    }
    // Five-node Gauss–Legendre on [0, 1] (three nodes moved hairpin steps by up to 0.14 %).
    let r1 = 0.269_234_655_052_841_6  // the nodes' offsets from the middle, halved
    let r2 = 0.453_089_922_969_332_0
    let w0 = 0.284_444_444_444_444_4  // and their weights, halved
    let w1 = 0.239_314_335_249_683_2
    let w2 = 0.118_463_442_528_094_6
    let arc =
      w0 * speed(0.5) + w1 * (speed(0.5 - r1) + speed(0.5 + r1))
      + w2 * (speed(0.5 - r2) + speed(0.5 + r2))
    let factor = arc / chord
    return factor > largestFactor ? 1 : max(1, factor)
  }

  /// Pieces the curve between two states is cut into so that the chords through them are
  /// within `closeEnough` metres of its length (a chord's shortfall falls with the square
  /// of the pieces), at most `mostPieces`; 1 where the chord already is.
  static func pieces(
    east: Double, north: Double, start: (east: Double, north: Double),
    end: (east: Double, north: Double), duration: Double
  ) -> Int {
    let chord = (east * east + north * north).squareRoot()
    let shortfall =
      chord
      * (factor(east: east, north: north, start: start, end: end, duration: duration) - 1)
    guard shortfall > closeEnough else { return 1 }
    // Capped before the conversion: an infinite shortfall is the most pieces, not a trap.
    return Int(min(Double(mostPieces), (shortfall / closeEnough).squareRoot().rounded(.up)))
  }

  static let closeEnough = 0.01
  static let mostPieces = 8

  /// The curve's position at s ∈ [0, 1] from the first state, metres (east, north).
  static func position(
    at s: Double, east: Double, north: Double, start: (east: Double, north: Double),
    end: (east: Double, north: Double), duration: Double
  ) -> (east: Double, north: Double) {
    let h10 = ((s - 2) * s + 1) * s
    let h01 = (3 - 2 * s) * s * s
    let h11 = (s - 1) * s * s
    return (
      h10 * start.east * duration + h01 * east + h11 * end.east * duration,
      h10 * start.north * duration + h01 * north + h11 * end.north * duration
    )
  }
}
