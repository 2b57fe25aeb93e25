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
  /// error (σ 2.5 m per axis, seeded): its live splits, the finished ones, and the pauses.
  static func run(
    stopAt: Double, stop: Double, for duration: Double = 1300, activity: Activity = .run,
    pace: Double = 3
  ) -> (
    live: [Split], finished: [Split], livePauses: [PauseInterval], pauses: [PauseInterval]
  ) {
    var engine = SessionEngine(configuration: SessionConfiguration(activity: activity))
    var live: [Split] = []
    var along = 0.0
    var random = SeededNoise(seed: UInt64(stopAt * 1000 + stop))
    for t in stride(from: 0.0, through: duration, by: 1) {
      // The speed over the second before `t`: braking into the stop, pulling away after it.
      let toStop = stopAt - (t - 0.5)
      let sinceStop = (t - 0.5) - (stopAt + stop)
      let speed =
        toStop >= 0 ? min(pace, toStop) : sinceStop >= 0 ? min(pace, sinceStop) : 0
      if t > 0 { along += speed }
      for event in engine.ingest(Self.phoneFix(at: t, along: along, random: &random)) {
        if case .split(let split) = event { live.append(split) }
      }
    }
    let summary = engine.finish().summary
    return (
      live, summary.splits.filter { !$0.isPartial }, summary.finishing?.livePauses ?? [],
      summary.pauses
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

  /// Three complete splits, each spoken within 2 s of its finished time.
  func expectSpokenAsFinished(
    _ live: [Split], _ finished: [Split], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(finished.count == 3, sourceLocation: sourceLocation)
    #expect(live.count >= 3, sourceLocation: sourceLocation)
    for (spoken, final) in zip(live, finished) {
      #expect(
        abs(spoken.duration.value - final.duration.value) <= 2,
        "split \(final.index): live \(spoken.duration), finished \(final.duration)",
        sourceLocation: sourceLocation)
    }
  }

  /// A minute's stop inside a run's second split: the split is spoken with the time the
  /// finished track gives it, and the stop said live is the one the summary keeps.
  @Test func aRunsSplitWithAStopIsSpokenAsItFinishes() {
    let (live, finished, livePauses, pauses) = Self.run(stopAt: 500, stop: 60)
    expectSpokenAsFinished(live, finished)
    #expect(livePauses.count == 1 && pauses.count == 1)
    if let said = livePauses.first, let kept = pauses.first {
      #expect(abs((said.start - kept.start).value) <= 5, "live \(said), finished \(kept)")
      #expect(abs((said.end - kept.end).value) <= 5, "live \(said), finished \(kept)")
    }
  }

  /// Half a minute's wait in a walk's first split, which auto-pause (8 s to decide for a
  /// walk) noticed late: the seconds before it noticed are standing on the split's clock
  /// too (the split was 6.6 s long before, the stop's first seconds counted as moving).
  @Test func aWalksSplitWithAWaitIsSpokenAsItFinishes() {
    let (live, finished, _, _) = Self.run(
      stopAt: 500, stop: 30, for: 2400, activity: .walk, pace: 1.4)
    expectSpokenAsFinished(live, finished)
  }
}
