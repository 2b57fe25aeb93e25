import Foundation
import Testing

@testable import StriderCore

/// The live splits run on the clock of the distance they count (issue 50): the live
/// distance is summed along positions settled a few fixes behind the newest, so a split
/// timed on the newest fix's clock came out late by those fixes (10 s at 1 Hz, 50 s at 5 s).
@Suite struct SplitClockTests {
  /// A steady 3 m/s run sampled every `interval` s, straight east, with a 4 m jitter-free
  /// accuracy: its splits, live as the engine announced them, and finished.
  /// `lapEvery`: a new segment starts every that many seconds, with no gap in time or
  /// place (a TCX's laps, a GPX's segments).
  static func run(every interval: Double, for duration: Double = 1200, lapEvery: Double? = nil)
    -> (live: [Split], finished: [Split], currentSplitPaces: [Double], shown: [Double])
  {
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: .run))
    var live: [Split] = []
    var paces: [Double] = []
    var shownDistances: [Double] = []
    for t in stride(from: 0.0, through: duration, by: interval) {
      var fix = Self.fix(at: t, east: 3 * t)
      if let lapEvery { fix.segment = Int(t / lapEvery) }
      for event in engine.ingest(fix) {
        if case .split(let split) = event { live.append(split) }
      }
      let shown = engine.engine.leadingSnapshot
      shownDistances.append(shown.distance.value)
      if !live.isEmpty, shown.currentSplitDistance.value > 100,
        shown.currentSplitDuration.value > 0
      {
        paces.append(shown.currentSplitDistance.value / shown.currentSplitDuration.value)
      }
    }
    let summary = engine.finish().summary
    return (live, summary.splits.filter { !$0.isPartial }, paces, shownDistances)
  }

  /// A fix `t` s into a run that began at 48° N, 11° E, `east` and `north` metres from
  /// there, with a 4 m accuracy.
  static func fix(at t: Double, east: Double, north: Double = 0) -> Fix {
    let metresPerDegreeEast = 111_319.490_793_273_6 * cos(48 * Double.pi / 180)
    return Fix(
      time: GNSSTime(secondsSince1970: 1_700_000_000 + t),
      coordinate: Coordinate(
        latitude: 48 + north / 111_000, longitude: 11 + east / metresPerDegreeEast),
      horizontalAccuracy: Meters(4))
  }

  @Test(arguments: [1.0, 5.0])
  func theSpokenSplitIsTheFinishedOne(every interval: Double) {
    let (live, finished, _, _) = Self.run(every: interval)
    #expect(finished.count == 3)
    #expect(live.filter { !$0.isPartial }.count >= 3)
    for (spoken, final) in zip(live, finished) {
      #expect(
        abs(spoken.duration.value - final.duration.value) <= 2,
        "split \(final.index): live \(spoken.duration), finished \(final.duration)")
      // Told once its distance settled: after the mark, never before it.
      #expect(spoken.endTime >= final.endTime - Seconds(2))
    }
  }

  /// After a split mark the current split's pace is the runner's (3 m/s), not the
  /// distance reached over a clock started when the lagging distance crossed the mark.
  @Test(arguments: [1.0, 5.0])
  func theCurrentSplitsPaceIsTheRunnersPace(every interval: Double) {
    let (_, _, paces, _) = Self.run(every: interval)
    #expect(!paces.isEmpty)
    for pace in paces {
      #expect(abs(pace - 3) / 3 <= 0.15, "current split at \(pace) m/s")
    }
  }

  /// A run in laps (a new segment every 150 s, without a gap): the first fix of each lap
  /// brings the steps the live filter settled before it. They were dropped until the next
  /// re-measure put them back, so the distance shown ran back by 50 m at each lap and the
  /// split told near it was late (a real TCX: told 5:43, finished 6:20).
  @Test(arguments: [1.0, 5.0], [150.0, 151, 152, 153, 154, 160, 175])
  func aRunInLapsLosesNoDistanceAtItsLaps(every interval: Double, lapEvery: Double) {
    let (live, finished, paces, shown) = Self.run(every: interval, lapEvery: lapEvery)
    #expect(finished.count == 3)
    for (spoken, final) in zip(live, finished) {
      #expect(
        abs(spoken.duration.value - final.duration.value) <= 2,
        "split \(final.index): live \(spoken.duration), finished \(final.duration)")
    }
    for (before, after) in zip(shown, shown.dropFirst()) {
      #expect(after >= before - 0.5, "the distance shown ran back from \(before) m to \(after) m")
    }
    for pace in paces {
      #expect(abs(pace - 3) / 3 <= 0.15, "current split at \(pace) m/s")
    }
  }
}
