import Foundation
import Testing

@testable import StriderCore

/// The moving time the dashboard shows is the splits' settled clock, followed without
/// running back (issue 50): a stop noticed late or a split re-measured takes seconds off
/// that clock, which the time on the screen must not do.
@Suite struct ShownMovingTests {
  /// A 3 m/s run east, sampled every second, standing still (with a metre of wander) at
  /// `stops`: the figures shown after each fix, the settled clock they follow, and the
  /// finished moving time.
  static func run(stops: [Range<Double>], for duration: Double = 1500) -> (
    figures: [MetricsSnapshot], settled: [Double], finished: Double
  ) {
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: .run))
    var figures: [MetricsSnapshot] = []
    var settled: [Double] = []
    var east = 0.0
    var seed: UInt64 = 7
    func wander() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53) * 2 - 1
    }
    for t in stride(from: 0.0, through: duration, by: 1) {
      if !stops.contains(where: { $0.contains(t) }) { east += 3 }
      _ = engine.ingest(SplitClockTests.fix(at: t, east: east + wander(), north: wander()))
      figures.append(engine.engine.leadingSnapshot)
      settled.append(engine.engine.leadingMoving)
    }
    return (figures, settled, engine.finish().summary.moving.value)
  }

  @Test(arguments: [
    [Range<Double>](), [300..<360, 700..<745, 1000..<1090], [200..<215, 400..<412, 600..<640],
  ])
  func theMovingTimeShownNeverRunsBackAndEndsAtTheFinishedOne(stops: [Range<Double>]) {
    let (figures, settled, finished) = Self.run(stops: stops)
    let shown = figures.map(\.moving.value)
    let elapsed = figures.map(\.elapsed.value)
    for (k, (before, after)) in zip(shown, shown.dropFirst()).enumerated() {
      #expect(
        after >= before, "at \(k + 1) s the moving time shown ran back: \(before) -> \(after)")
    }
    for (s, e) in zip(shown, elapsed) { #expect(s <= e + 1e-9) }
    // The settled clock itself runs back at each stop noticed late: what the time shown
    // must not do.
    let backs = zip(settled, settled.dropFirst()).filter { $1 < $0 - 0.5 }
    #expect(stops.isEmpty || !backs.isEmpty, "the run exercises no correction")
    // The last fixes are not settled when the run ends: the finish counts them.
    #expect(
      abs(shown[shown.count - 1] - finished) <= 10, "shown \(shown.last!), finished \(finished)")
  }

  /// The split shown starts where the distance shown passes its mark, at the moving time
  /// shown there: its distance and time are the figures shown since, and its pace the
  /// runner's (3 m/s) once it is 100 m long, stops or not. The marks lie at whole
  /// kilometres of the distance shown less what the relearnt models changed before each
  /// split under way (`splitMarkOffset`, a few metres here).
  @Test(arguments: [[Range<Double>](), [300..<360, 700..<745, 1000..<1090]])
  func theSplitShownStartsWhereTheDistanceShownPassesItsMark(stops: [Range<Double>]) {
    let figures = Self.run(stops: stops, for: 1800).figures
    var startMoving: Double?
    var marks = 0
    var checked = 0
    for (before, now) in zip(figures, figures.dropFirst()) {
      let run = now.distance.value - now.splitMarkOffset.value
      let passed = Int(run / 1000)
      if passed > marks {
        let a = before.distance.value - before.splitMarkOffset.value
        let f = (Double(passed) * 1000 - a) / (run - a)
        startMoving = before.moving.value + f * (now.moving.value - before.moving.value)
        marks = passed
      }
      #expect(now.currentSplitNumber == marks + 1)
      #expect(abs(now.splitMarkOffset.value) < 20, "marks \(now.splitMarkOffset) m off")
      guard let startMoving else { continue }
      #expect(abs(now.currentSplitDistance.value - (run - Double(marks) * 1000)) < 1e-6)
      #expect(abs(now.currentSplitDuration.value - (now.moving.value - startMoving)) < 1e-6)
      if now.currentSplitDistance.value >= 100 {
        let pace = now.currentSplitDistance.value / now.currentSplitDuration.value
        #expect(abs(pace - 3) / 3 <= 0.15, "the split shown at \(pace) m/s")
        checked += 1
      }
    }
    #expect(marks >= 4)
    #expect(checked > 600)
  }
}
