import Foundation
import Testing

@testable import StriderCore

/// A stop is counted live as the finished track counts it (issue 50): auto-pause notices a
/// stop seconds after the user stood and a departure seconds after they left, and dates
/// both back; the live splits and distance run on positions settled a few fixes behind, so
/// those seconds are counted as the stop says before they are settled, and a paused stretch
/// whose settled speed is plainly moving is not standing.
@Suite struct LiveStopClockTests {
  /// A 3 m/s run sampled every second, straight east, standing still for `stop` seconds
  /// from `stopAt` (braking and pulling away at 1 m/s²), each fix off by a phone's white
  /// error (σ 2.5 m per axis, seeded): its live splits, the finished ones, the pauses, and
  /// the true moving time of each whole kilometre.
  static func run(
    stopAt: Double, stop: Double, for duration: Double = 1300, activity: Activity = .run,
    pace: Double = 3
  ) -> (
    live: [Split], finished: [Split], livePauses: [PauseInterval], pauses: [PauseInterval],
    truth: [Double]
  ) {
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: activity))
    var live: [Split] = []
    var truth: [Double] = []
    var moving = 0.0
    var along = 0.0
    var random = SeededNoise(seed: UInt64(stopAt * 1000 + stop))
    for t in stride(from: 0.0, through: duration, by: 1) {
      // The speed over the second before `t`: braking into the stop, pulling away after it.
      let toStop = stopAt - (t - 0.5)
      let sinceStop = (t - 0.5) - (stopAt + stop)
      let speed =
        toStop >= 0 ? min(pace, toStop) : sinceStop >= 0 ? min(pace, sinceStop) : 0
      if t > 0, speed > 0 {
        let mark = Double(truth.count + 1) * 1000
        if along + speed >= mark {
          truth.append(moving + (mark - along) / speed - (truth.isEmpty ? 0 : truth.reduce(0, +)))
        }
        along += speed
        moving += 1
      }
      for event in engine.ingest(Self.phoneFix(at: t, along: along, random: &random)) {
        if case .split(let split) = event { live.append(split) }
      }
    }
    let summary = engine.finish().summary
    return (
      live, summary.splits.filter { !$0.isPartial }, summary.finishing?.livePauses ?? [],
      summary.pauses, truth
    )
  }

  /// A fix `t` seconds into the session, `along` metres east of the start, off by a phone's
  /// white error (σ 2.5 m per axis, from `random`).
  static func phoneFix(at t: Double, along: Double, random: inout SeededNoise) -> Fix {
    let metresPerDegree = 111_319.490_793_273_6
    let metresPerDegreeEast = metresPerDegree * cos(48 * Double.pi / 180)
    return Fix(
      time: GNSSTime(secondsSince1970: 1_700_000_000) + Seconds(t),
      coordinate: Coordinate(
        latitude: 48 + 2.5 * random.gaussian() / metresPerDegree,
        longitude: 11 + (along + 2.5 * random.gaussian()) / metresPerDegreeEast),
      horizontalAccuracy: Meters(4))
  }

  /// A small deterministic normal generator (xorshift and Box–Muller).
  struct SeededNoise {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func uniform() -> Double {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return (Double(state >> 11) + 0.5) / Double(1 << 53)
    }
    mutating func gaussian() -> Double {
      (-2 * log(uniform())).squareRoot() * cos(2 * Double.pi * uniform())
    }
  }

  /// Three complete splits, each spoken within 2 s of its finished time; `finishedOff`:
  /// the splits whose finished time is known to be further from the truth than that, where
  /// the split spoken must be the nearer of the two.
  func expectSpokenAsFinished(
    _ live: [Split], _ finished: [Split], truth: [Double], finishedOff: Set<Int> = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(finished.count == 3, sourceLocation: sourceLocation)
    #expect(live.count >= 3, sourceLocation: sourceLocation)
    #expect(truth.count >= 3, sourceLocation: sourceLocation)
    for (spoken, (final, expected)) in zip(live, zip(finished, truth)) {
      let said = spoken.duration.value
      let summary = final.duration.value
      withKnownIssue {
        #expect(
          abs(said - summary) <= 2, "split \(final.index): live \(said), finished \(summary)",
          sourceLocation: sourceLocation)
      } when: {
        finishedOff.contains(final.index)
      }
      if finishedOff.contains(final.index) {
        #expect(
          abs(said - expected) < abs(summary - expected),
          "split \(final.index): live \(said), finished \(summary), truth \(expected)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// A minute's stop inside a run's second split: the split is spoken with the time the
  /// finished track gives it, and the stop said live is the one the summary keeps.
  @Test func aRunsSplitWithAStopIsSpokenAsItFinishes() {
    let (live, finished, livePauses, pauses, truth) = Self.run(stopAt: 500, stop: 60)
    expectSpokenAsFinished(live, finished, truth: truth)
    #expect(livePauses.count == 1 && pauses.count == 1)
    if let said = livePauses.first, let kept = pauses.first {
      #expect(abs((said.start - kept.start).value) <= 5, "live \(said), finished \(kept)")
      #expect(abs((said.end - kept.end).value) <= 5, "live \(said), finished \(kept)")
    }
  }

  /// Half a minute's wait in a walk's first split, which auto-pause (8 s to decide for a
  /// walk) noticed late: the seconds before it noticed are standing on the split's clock
  /// too (the split was 6.6 s long before, the stop's first seconds counted as moving).
  ///
  /// Known: the finished track finds the wait 12 s after the walker stood (their smoothed
  /// speed falls slowly under the white error), so its first split is 4.7 s longer than
  /// the truth, and the split said live, re-measured before it is said, 1.3 s longer:
  /// 3.4 s apart (issue 48's stop edges).
  @Test func aWalksSplitWithAWaitIsSpokenAsItFinishes() {
    let (live, finished, _, _, truth) = Self.run(
      stopAt: 500, stop: 30, for: 2400, activity: .walk, pace: 1.4)
    expectSpokenAsFinished(live, finished, truth: truth, finishedOff: [1])
  }
}
