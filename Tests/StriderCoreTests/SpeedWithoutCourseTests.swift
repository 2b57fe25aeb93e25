import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

/// A watch's FIT or TCX gives a speed per point and no course: on foot that speed keeps a
/// run sampled every few seconds from losing its corners to the smoothing; on a bike,
/// where the speed may be a wheel sensor's, it is left out.
@Suite struct SpeedWithoutCourseTests {
  static let plane = LocalTangentPlane(origin: Coordinate(latitude: 57.4, longitude: -4.4))

  /// A winding route at `speed` m/s (arcs of 25 m radius turning left then right), one fix
  /// every `every` seconds with `white` metres of jitter per axis; the speed each fix
  /// reports is the true one times `speedScale`, with no course.
  static func winding(
    speed: Double, speedScale: Double = 1, white: Double = 1.5, seconds: Int = 1800,
    every: Int = 5, seed: UInt64 = 21
  ) -> (fixes: [Fix], truth: Double) {
    var rng = SeededRandom(seed: seed)
    var fixes: [Fix] = []
    var position = PlanePoint(east: 0, north: 0)
    var heading = 0.0
    var truth = 0.0
    let radius = 25.0
    for i in 0..<seconds {
      if i > 0 {
        // A minute of turning one way, then the other, between straight stretches.
        let phase = (i / 60) % 4
        let turn = phase == 0 ? 1.0 : phase == 2 ? -1.0 : 0
        heading += turn * speed / radius
        position = PlanePoint(
          east: position.east + speed * sin(heading), north: position.north + speed * cos(heading))
        truth += speed
      }
      guard i % every == 0 else { continue }
      let seen = PlanePoint(
        east: position.east + white * rng.gaussian(),
        north: position.north + white * rng.gaussian())
      fixes.append(
        Fix(
          time: GNSSTime(secondsSince1970: 1_760_000_000 + Double(i)),
          coordinate: plane.unproject(seen),
          speed: MetersPerSecond(speed * speedScale + 0.05 * rng.gaussian()), mode: .threeD))
    }
    return (fixes, truth)
  }

  static func withoutSpeeds(_ fixes: [Fix]) -> [Fix] {
    fixes.map { fix in
      var copy = fix
      copy.speed = nil
      return copy
    }
  }

  /// The relative distance errors of the fixes analysed with their speeds and without.
  static func errors(_ fixes: [Fix], truth: Double, activity: Activity) -> (
    withSpeeds: Double, positionsOnly: Double, comment: Comment
  ) {
    let configuration = SessionConfiguration(activity: activity)
    let withSpeeds = Analysis.summarize(fixes, configuration: configuration).distance.value
    let positionsOnly = Analysis.summarize(withoutSpeeds(fixes), configuration: configuration)
      .distance.value
    return (
      abs(withSpeeds - truth) / truth, abs(positionsOnly - truth) / truth,
      "truth \(truth) m: with speeds \(withSpeeds) m, positions only \(positionsOnly) m"
    )
  }

  /// On this model the fixes sit on the true path, and the corners the 5 s chords cut
  /// (about 0.9 %) come back from measuring along the smoothed curve whether or not the
  /// speeds are read (`HermiteArcTests`). What this pins: read along the neighbours' chord
  /// where it is long against the jitter, and as a length elsewhere, the speeds never make
  /// a run worse than its positions alone by more than half a percent.
  @Test(arguments: [0.5, 1.5, 2.5])
  func aRunsSpeedsNeverCostItsPositions(white: Double) {
    let (fixes, truth) = Self.winding(speed: 3, white: white)
    let errors = Self.errors(fixes, truth: truth, activity: .run)
    #expect(
      errors.withSpeeds <= errors.positionsOnly + 0.005 && errors.withSpeeds <= 0.02,
      "\(errors.comment)")
  }

  @Test func theChordIsTheOneBetweenTheNeighbours() {
    func input(_ points: [(Double, Double, Double)], breakAt: Int? = nil) -> (Int) -> SmoothingInput
    {
      { i in
        SmoothingInput(
          time: points[i].0,
          coordinate: Self.plane.unproject(PlanePoint(east: points[i].1, north: points[i].2)),
          accuracy: .nan, speed: 3, course: .nan, newStretch: i == breakAt)
      }
    }
    func chord(_ i: Int, _ points: [(Double, Double, Double)], breakAt: Int? = nil) -> PlanePoint? {
      DriftTrackSmoother.chordBetweenNeighbours(
        i, count: points.count, plane: Self.plane, input: input(points, breakAt: breakAt))
    }
    // North-east at 3 m/s, fixes 5 s apart: the chord spans both steps.
    let diagonal: [(Double, Double, Double)] = [(0, 0, 0), (5, 10.6, 10.6), (10, 21.2, 21.2)]
    let northEast = chord(1, diagonal)
    #expect(abs((northEast?.east ?? 0) - 21.2) < 1e-3)
    #expect(abs((northEast?.north ?? 0) - 21.2) < 1e-3)
    // None at the ends, across a break, or over more than 20 s.
    let west: [(Double, Double, Double)] = [(0, 0, 0), (5, -15, 0), (10, -30, 0)]
    #expect(chord(0, west) == nil)
    #expect(chord(2, west) == nil)
    #expect(chord(1, west, breakAt: 2) == nil)
    let slow: [(Double, Double, Double)] = [(0, 0, 0), (15, -15, 0), (30, -30, 0)]
    #expect(chord(1, slow) == nil)
  }

  /// A walk at 1 Hz whose jitter is larger than a step: the neighbours' chord is mostly
  /// noise, and a speed read along it straightened the walk (a third short on the corpus's
  /// TCX walks). Read as a length along the filter's own direction, the speeds cost the
  /// walk nothing against its positions alone.
  @Test(arguments: [UInt64(21), 22, 23])
  func aSlowWalksSpeedsAreNotReadAlongItsJitter(seed: UInt64) {
    let (fixes, truth) = Self.winding(
      speed: 1.3, white: 2.5, seconds: 1200, every: 1, seed: seed)
    let errors = Self.errors(fixes, truth: truth, activity: .walk)
    #expect(
      errors.withSpeeds <= max(errors.positionsOnly + 0.01, 0.03), "\(errors.comment)")
  }

  /// A damaged or hostile file's negative speeds are nothing a receiver measured: the
  /// positions alone decide, as if the speeds were absent.
  @Test func negativeSpeedsAreLeftToThePositions() {
    let (fixes, _) = Self.winding(speed: 3, white: 1.5)
    let negated = fixes.map { fix in
      var copy = fix
      copy.speed = fix.speed.map { MetersPerSecond(-$0.value) }
      return copy
    }
    let configuration = SessionConfiguration(activity: .run)
    let withNegative = Analysis.summarize(negated, configuration: configuration).distance.value
    let positionsOnly = Analysis.summarize(Self.withoutSpeeds(fixes), configuration: configuration)
      .distance.value
    #expect(
      abs(withNegative - positionsOnly) < 0.01, "\(withNegative) m against \(positionsOnly) m")
  }

  @Test func aRidesSpeedWithoutCourseIsLeftToThePositions() {
    // A wheel sensor reading 3 % low.
    let (fixes, _) = Self.winding(speed: 7, speedScale: 0.97)
    let configuration = SessionConfiguration(activity: .ride)
    let withSpeeds = Analysis.summarize(fixes, configuration: configuration).distance.value
    let positionsOnly = Analysis.summarize(Self.withoutSpeeds(fixes), configuration: configuration)
      .distance.value
    // The speeds still tell standing from moving; they move no point.
    #expect(abs(withSpeeds - positionsOnly) <= 0.002 * positionsOnly)
  }
}
