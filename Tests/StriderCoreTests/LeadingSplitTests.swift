import Foundation
import Testing

@testable import StriderCore

/// The split under way, as the dashboard shows it (`SessionEngine.leadingSnapshot`): the
/// distance shown is the distance reached, so the split shown rolls over at the mark that
/// distance passes, and its time is the time of the steps that made it, on their own fixes'
/// clock (issue 50: a car at 49.6 km/h showed its split at 151.7 km/h, a split stood at
/// "1.00 km" while its time ran backwards, and a split after a gap counted the gap).
@Suite struct LeadingSplitTests {
  /// A steady run straight east at `speed`, one fix a second with a phone's white error,
  /// silent (no fixes) for `gap` seconds from `gapAt`: at every fix, the leading snapshot.
  static func run(
    speed: Double, activity: Activity, for duration: Double, gapAt: Double, gap: Double
  ) -> [MetricsSnapshot] {
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: activity))
    var random = LiveStopClockTests.SeededNoise(seed: 50)
    var shown: [MetricsSnapshot] = []
    var along = 0.0
    for t in stride(from: 0.0, through: duration, by: 1) {
      if t > 0 { along += speed }
      if t >= gapAt && t < gapAt + gap { continue }
      _ = engine.ingest(LiveStopClockTests.phoneFix(at: t, along: along, random: &random))
      shown.append(engine.engine.leadingSnapshot)
    }
    return shown
  }

  @Test(arguments: [(Activity.run, 3.0), (.ride, 13.8)])
  func theSplitShownIsTheOneTheDistanceShownIsIn(activity: Activity, speed: Double) {
    let shown = Self.run(speed: speed, activity: activity, for: 1500, gapAt: 600, gap: 300)
    let splitLength = 1000.0
    var checked = 0
    for figures in shown {
      // The marks lie at whole kilometres less the relearnt models' changes before each
      // split under way (`splitMarkOffset`).
      #expect(abs(figures.splitMarkOffset.value) < 20)
      let distance = figures.distance.value - figures.splitMarkOffset.value
      let number = Int((distance / splitLength).rounded(.down)) + 1
      #expect(
        figures.currentSplitNumber == number,
        "at \(distance) m the split shown is \(figures.currentSplitNumber)")
      let into = figures.currentSplitDistance.value
      #expect(abs(into - (distance - Double(number - 1) * splitLength)) < 0.01)
      // Past its first 100 m, the split's pace is the pace run, within 15 %.
      guard into >= 100 else { continue }
      let pace = figures.currentSplitDuration.value / into
      #expect(
        abs(pace * speed - 1) <= 0.15,
        "split \(number): \(into) m in \(figures.currentSplitDuration) at \(distance) m")
      checked += 1
    }
    #expect(checked > shown.count / 2)
  }
}
