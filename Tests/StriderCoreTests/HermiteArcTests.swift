import Foundation
import Testing

@testable import StriderCore

/// Distance along the smoothed curve (`HermiteArc`): a turn sampled every few seconds is
/// measured as the arc it was, not the chord across it; a straight step and a still one
/// are their chord.
@Suite struct HermiteArcTests {
  /// A quarter circle of 20 m radius run at 3 m/s, one fix at each end (10.5 s apart): the
  /// chord is 10 % short of the arc, the curve within one percent (a cubic is not a
  /// circle: with the true speed as its tangents it bulges 0.8 % long).
  @Test func aQuarterCircleIsMeasuredAsItsArc() {
    let radius = 20.0
    let speed = 3.0
    let arc = Double.pi / 2 * radius
    let duration = arc / speed
    // From (radius, 0) heading north to (0, radius) heading west.
    let east = -radius
    let north = radius
    let chord = (east * east + north * north).squareRoot()
    let factor = HermiteArc.factor(
      east: east, north: north, start: (0, speed), end: (-speed, 0), duration: duration)
    #expect(abs(chord / arc - 0.9003) < 1e-3)
    #expect(abs(chord * factor - arc) / arc < 0.01, "\(chord * factor) m against \(arc) m")
  }

  @Test func aStraightOrStillStepIsItsChord() {
    // 15 m north-east in 5 s at the speed that covers it.
    let v = 3 / 2.0.squareRoot()
    let straight = HermiteArc.factor(
      east: 10.606_6, north: 10.606_6, start: (v, v), end: (v, v), duration: 5)
    #expect(abs(straight - 1) < 1e-4)
    // Standing: no velocity, or a step too short to turn.
    #expect(HermiteArc.factor(east: 4, north: 3, start: (0, 0), end: (0, 0), duration: 5) == 1)
    #expect(HermiteArc.factor(east: 0.3, north: 0, start: (0, 3), end: (3, 0), duration: 1) == 1)
    // Nothing to go on.
    #expect(HermiteArc.factor(east: 4, north: 3, start: (.nan, 0), end: (0, 0), duration: 5) == 1)
    #expect(HermiteArc.factor(east: 4, north: 3, start: (1, 0), end: (1, 0), duration: 0) == 1)
  }

  /// Velocities that disagree with the step (a hairpin, or a swing of the smoothed
  /// velocity under multipath) would stretch it by more than half: it keeps its chord.
  @Test func aHairpinKeepsItsChord() {
    let factor = HermiteArc.factor(
      east: 10, north: 0, start: (0, 8), end: (0, -8), duration: 5)
    #expect(factor == 1)
    #expect(
      HermiteArc.pieces(east: 10, north: 0, start: (0, 8), end: (0, -8), duration: 5) == 1)
  }

  /// Across a gap (a tunnel, a lost signal) the velocities at its ends say nothing of the
  /// path: a quarter turn over 20 s is measured along its chord.
  @Test func aGapKeepsItsChord() {
    #expect(
      HermiteArc.factor(east: -40, north: 40, start: (0, 3), end: (-3, 0), duration: 20) == 1)
    #expect(
      HermiteArc.factor(east: -20, north: 20, start: (0, 3), end: (-3, 0), duration: 10) > 1.05)
  }

  /// The simulator's winding run (arcs of 25 m radius) sampled every 5 s with little
  /// jitter: measured between the smoothed fixes it loses the corners the chords cut;
  /// along the curve it keeps them.
  @Test func aWindingRunSampledEveryFiveSecondsKeepsItsCorners() {
    let (fixes, truth) = SpeedWithoutCourseTests.winding(speed: 3, white: 0.3)
    let measured = Analysis.summarize(fixes, configuration: SessionConfiguration(activity: .run))
      .distance.value
    // The chords between the true positions at the fixes' times.
    var chords = 0.0
    let plane = SpeedWithoutCourseTests.plane
    for (a, b) in zip(fixes, fixes.dropFirst()) {
      if let p = a.coordinate, let q = b.coordinate {
        chords += (plane.project(q) - plane.project(p)).magnitude
      }
    }
    #expect(chords < 0.995 * truth, "the chords cut the corners: \(chords) of \(truth) m")
    #expect(abs(measured - truth) / truth < 0.004, "\(measured) m against \(truth) m")
  }

  /// Issue 49: a figure made from input is never converted to an integer unchecked.
  @Test func anInfiniteShortfallIsTheMostPiecesNotATrap() {
    let pieces = HermiteArc.pieces(
      east: 1e308, north: 1e308, start: (east: -1e308, north: 1e308),
      end: (east: 1e308, north: -1e308), duration: 1)
    #expect((1...HermiteArc.mostPieces).contains(pieces))
    let nan = HermiteArc.pieces(
      east: .nan, north: 1, start: (east: 0, north: 1), end: (east: 1, north: 0), duration: 1)
    #expect(nan == 1)
  }
}
