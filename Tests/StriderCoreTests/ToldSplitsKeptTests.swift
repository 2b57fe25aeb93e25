import Foundation
import Testing

@testable import StriderCore

/// A session's summary keeps each whole split as it was told (issue 50): a runner told
/// "6 minutes 5 seconds" at the first kilometre finds 6:05 in the summary, unless the
/// finished track times that kilometre more than `FinishingReport.toldSplitTolerance` apart,
/// where the summary keeps the finished time and says why.
@Suite struct ToldSplitsKeptTests {
  static let start = GNSSTime(secondsSince1970: 1_700_000_000)

  static func split(_ index: Int, _ duration: Double, endingAt end: Double, partial: Bool = false)
    -> Split
  {
    let distance = Meters(partial ? 400 : 1000)
    return Split(
      index: index, distance: distance, duration: Seconds(duration),
      pace: Pace(distance: distance, duration: Seconds(duration)) ?? .zero,
      elevationGain: Meters(3), endTime: start + Seconds(end), isPartial: partial)
  }

  static func report(told: [Split]) -> FinishingReport {
    FinishingReport(
      liveDistance: Meters(3400), liveMoving: Seconds(1210), livePauses: [], liveSplits: told,
      detectedStops: [])
  }

  @Test func aSplitToldWithinTheToleranceIsKeptAsTold() {
    let told = [Self.split(1, 365, endingAt: 365), Self.split(2, 352, endingAt: 717)]
    let finished = [
      Self.split(1, 361, endingAt: 361), Self.split(2, 358, endingAt: 719),
      Self.split(3, 140, endingAt: 860, partial: true),
    ]
    let kept = Self.report(told: told).keepingToldSplits(finished, moving: Seconds(859))
    #expect(kept.map(\.duration.value) == [365, 352, 142])
    #expect(kept[0].endTime == told[0].endTime && kept[1].endTime == told[1].endTime)
    #expect(kept[0].pace == told[0].pace)
    // The finished track's elevation stays: nobody was told it.
    #expect(kept[0].elevationGain == Meters(3))
    // The splits still add up to the moving time.
    #expect(kept.reduce(0) { $0 + $1.duration.value } == 859)
    #expect(kept[2].pace == Pace(distance: Meters(400), duration: Seconds(142)))
    let summary = Self.report(told: told)
      .movedSplits(finished: kept, start: Self.start)
    #expect(summary.isEmpty, "a split kept as told has nothing to explain")
  }

  @Test func aSplitTheFinishedTrackTimesFurtherOffKeepsTheFinishedTime() {
    let told = [Self.split(1, 340, endingAt: 380), Self.split(2, 352, endingAt: 732)]
    let finished = [
      Self.split(1, 361, endingAt: 361), Self.split(2, 358, endingAt: 719),
      Self.split(3, 140, endingAt: 860, partial: true),
    ]
    let report = Self.report(told: told)
    let kept = report.keepingToldSplits(finished, moving: Seconds(859))
    #expect(kept.map(\.duration.value) == [361, 352, 146])
    #expect(kept[0].endTime == finished[0].endTime)
    let moved = report.movedSplits(finished: kept, start: Self.start)
    #expect(moved.map(\.index) == [1])
    #expect(moved.first?.live.duration == Seconds(340))
    // Told 340 s of 380 elapsed, finished 361 of 361: the 21 s are the 40 s counted
    // standing when told, less the 19 s by which the finished track reaches the mark sooner.
    #expect(
      moved.first?.reason
        == "standing 0:40 live, 0:00 on the finished track; "
        + "the smoothed track reaches the mark 19 s earlier")
  }

  @Test func aMovedSplitsReasonMakesUpItsDifference() {
    // Split 2 told 330 s of 352 elapsed (22 s standing), finished 358 of 358: the finished
    // split begins 4 s sooner (split 1 ended there) and ends 2 s later, so 28 s longer.
    let told = [Self.split(1, 365, endingAt: 365), Self.split(2, 330, endingAt: 717)]
    let finished = [Self.split(1, 361, endingAt: 361), Self.split(2, 358, endingAt: 719)]
    let moved = Self.report(told: told).movedSplits(finished: finished, start: Self.start)
    #expect(moved.map(\.index) == [1, 2])
    #expect(
      moved.last?.reason
        == "standing 0:22 live, 0:00 on the finished track; it begins 4 s earlier on the "
        + "finished track; the smoothed track reaches the mark 2 s later")
    #expect(moved.first?.reason == "the smoothed track reaches the mark 4 s earlier")
  }

  @Test func theToleranceItselfKeepsTheToldSplit() {
    let told = [Self.split(1, 370, endingAt: 370)]
    let finished = [Self.split(1, 360, endingAt: 360)]
    let kept = Self.report(told: told).keepingToldSplits(finished, moving: Seconds(370))
    #expect(kept.first?.duration == Seconds(370))
  }

  /// Whole splits that kept more time than the session moved leave the partial split none,
  /// never a negative time.
  @Test func thePartialSplitNeverTakesANegativeTime() {
    let told = [Self.split(1, 368, endingAt: 368)]
    let finished = [
      Self.split(1, 360, endingAt: 360), Self.split(2, 4, endingAt: 364, partial: true),
    ]
    let kept = Self.report(told: told).keepingToldSplits(finished, moving: Seconds(364))
    #expect(kept.map(\.duration.value) == [368, 0])
  }

  /// A split never told (the live figures had not completed it) keeps the finished time.
  @Test func aSplitNeverToldKeepsTheFinishedTime() {
    let finished = [Self.split(1, 360, endingAt: 360), Self.split(2, 362, endingAt: 722)]
    let kept = Self.report(told: [Self.split(1, 365, endingAt: 365)])
      .keepingToldSplits(finished, moving: Seconds(727))
    #expect(kept.map(\.duration.value) == [365, 362])
  }

  /// The engine keeps them only where it is asked to: a session someone heard.
  @Test func theEngineKeepsToldSplitsOnlyWhenAsked() {
    let track = (0...1500).map { t in
      // A run of 3 m/s east with a weave the live filter and the finish read differently.
      let east = 3 * Double(t) + 4 * sin(Double(t) / 7)
      return Fix(
        time: Self.start + Seconds(Double(t)),
        coordinate: Coordinate(
          latitude: 48, longitude: 11 + east / (111_319.490_793_273_6 * cos(48 * .pi / 180))),
        horizontalAccuracy: Meters(5))
    }
    func summary(keeping: Bool) -> (told: [Split], summary: SessionSummary) {
      var engine = SessionPipeline(
        configuration: SessionConfiguration(activity: .run),
        options: SessionPipeline.Options(keepsToldSplits: keeping))
      var told: [Split] = []
      for fix in track {
        for case .split(let s) in engine.ingest(fix) where !s.isPartial { told.append(s) }
      }
      return (told, engine.finish().summary)
    }
    let (told, kept) = summary(keeping: true)
    let (_, measured) = summary(keeping: false)
    #expect(told.count == 4)
    for (said, split) in zip(told, kept.splits) {
      let finished = measured.splits[split.index - 1]
      if abs((said.duration - finished.duration).value) <= 10 {
        #expect(split.duration == said.duration, "split \(split.index) kept as told")
      } else {
        #expect(split.duration == finished.duration)
      }
    }
    #expect(
      abs(kept.splits.reduce(0) { $0 + $1.duration.value } - kept.moving.value) < 0.001,
      "the splits add up to the moving time")
    #expect(kept.distance == measured.distance && kept.moving == measured.moving)
  }
}
