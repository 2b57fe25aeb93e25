import Foundation
import Testing

@testable import StriderCore

/// Totals, times, splits and current pace of `MetricsAccumulator` on synthetic tracks.
struct MetricsAccumulatorTests {
  /// Summed steps of 0.75 m or 3 m are exact in binary; divisions by 3 are not, so times
  /// are compared within a microsecond.
  let tolerance = 1e-6

  @Test("A steady 3 m/s 5 km run", arguments: [1.0, 0.25])
  func steadyRun(interval: Double) {
    var track = MetricsTrack()
    track.move(speed: 3, for: 5000.0 / 3, every: interval)
    var (accumulator, reported) = track.accumulate(MetricsConfiguration(activity: .run))
    let live = accumulator.snapshot
    #expect(reported.count == 5, "five 1 km splits in 5 km")
    #expect(live.currentSplitDistance.value < tolerance, "5 km ends exactly on a boundary")

    let s = accumulator.finish()
    #expect(abs(s.distance.value - 5000) < tolerance)
    #expect(abs(s.moving.value - 5000.0 / 3) < tolerance)
    #expect(abs(s.elapsed.value - 5000.0 / 3) < tolerance, "no pause: elapsed = moving")
    #expect(s.splits.count == 5, "no partial split: nothing is left after 5 km")
    for (k, split) in s.splits.enumerated() {
      #expect(split.index == k + 1)
      #expect(split.distance == Meters(1000))
      #expect(abs(split.duration.value - 1000.0 / 3) < tolerance, "333.3 s per kilometre")
      #expect(split.pace.clockText(per: .metric) == "5:33")
      #expect(!split.isPartial)
      let end = MetricsTrack.start + Seconds(Double(k + 1) * 1000 / 3)
      #expect(abs((split.endTime - end).value) < tolerance, "crossing interpolated in the step")
    }
    #expect(s.splits == reported, "finish() repeats the live splits (no elevation to rewrite)")
    #expect(s.averagePace.map { abs($0.value - 1000.0 / 3) < tolerance } == true)
    #expect(s.averageSpeed.map { abs($0.value - 3) < tolerance } == true)
    #expect(s.currentSpeed.map { abs($0.value - 3) < tolerance } == true)
    #expect(s.elevationGain == nil, "no altitudes at all")
  }

  @Test("A pause adds elapsed time but no moving time or distance")
  func pauseInTheMiddle() {
    var track = MetricsTrack()
    track.move(speed: 3, for: 2500.0 / 3, every: 1)
    track.pause(for: 120, every: 1)
    var paused = MetricsAccumulator(configuration: MetricsConfiguration(activity: .run))
    for sample in track.samples { _ = paused.add(sample) }
    #expect(paused.snapshot.currentPace == nil, "no current pace while paused")
    #expect(paused.snapshot.averagePace != nil)
    track.move(speed: 3, for: 2500.0 / 3, every: 1)

    var (accumulator, _) = track.accumulate(MetricsConfiguration(activity: .run))
    let s = accumulator.finish()
    #expect(abs(s.distance.value - 5000) < tolerance)
    #expect(abs(s.moving.value - 5000.0 / 3) < tolerance)
    #expect(abs(s.elapsed.value - (5000.0 / 3 + 120)) < tolerance, "the pause is elapsed time")
    #expect(s.splits.count == 5)
    for split in s.splits {
      #expect(abs(split.duration.value - 1000.0 / 3) < tolerance, "split 3 excludes the pause")
    }
    let third = MetricsTrack.start + Seconds(1000 + 120)
    #expect(abs((s.splits[2].endTime - third).value) < tolerance, "split 3 ends after the pause")
  }

  /// A live session counts its distance along positions settled a few fixes behind: the
  /// first fix after a break (a TCX lap, a GPX segment) can bring steps settled before the
  /// break, which count on the settled clock though the sample adds no time of its own.
  @Test func aSampleAfterABreakStillCountsTheStepsSettledBeforeIt() {
    var accumulator = MetricsAccumulator(configuration: MetricsConfiguration(activity: .run))
    let start = MetricsTrack.start
    func sample(_ t: Double, step: Double, settled: Double?, startsSegment: Bool = false)
      -> MetricsSample
    {
      MetricsSample(
        time: start + Seconds(t), coordinate: Coordinate(latitude: 0, longitude: 0),
        step: Meters(step), startsSegment: startsSegment,
        settledSpan: settled.map {
          MetricsSample.Span(start: start + Seconds(t - $0), moving: Seconds($0))
        })
    }
    _ = accumulator.add(sample(0, step: 0, settled: nil))
    _ = accumulator.add(sample(300, step: 900, settled: 300))
    let completed = accumulator.add(
      sample(310, step: 150, settled: 50, startsSegment: true))
    let s = accumulator.snapshot
    #expect(abs(s.distance.value - 1050) < tolerance, "the settled 150 m count")
    #expect(abs(s.moving.value - 300) < tolerance, "the break adds no moving time")
    #expect(completed.count == 1)
    // 1,000 m on the settled clock: 300 s, then 100 of the 150 m settled over 50 s.
    #expect(completed.first.map { abs($0.duration.value - 300 - 100.0 / 3) < 1e-3 } == true)
    // Unsettled (a file measured whole, a raw session), the sample after a break adds nothing.
    let before = accumulator.snapshot.distance
    _ = accumulator.add(sample(320, step: 40, settled: nil, startsSegment: true))
    #expect(accumulator.snapshot.distance == before)
  }

  @Test("A gap (startsSegment) adds neither its time nor its straight-line step")
  func gapIsNotCounted() {
    var track = MetricsTrack()
    track.move(speed: 3, for: 400, every: 1)
    track.gap(for: 600, step: 1500)
    track.move(speed: 3, for: 400, every: 1)
    var (accumulator, _) = track.accumulate(MetricsConfiguration(activity: .run))
    let s = accumulator.finish()
    #expect(abs(s.distance.value - 2400) < tolerance, "the 1500 m across the gap is ignored")
    #expect(abs(s.moving.value - 800) < tolerance)
    #expect(abs(s.elapsed.value - 1400) < tolerance, "the gap is elapsed time")
    #expect(s.splits.count == 3)
    #expect(s.splits[2].isPartial)
    #expect(abs(s.splits[2].distance.value - 400) < tolerance)
  }

  @Test("Imperial splits are 1609.344 m; finish closes the partial one")
  func imperialSplits() {
    var track = MetricsTrack()
    track.move(speed: 3, for: 5000.0 / 3, every: 1)
    var (accumulator, reported) = track.accumulate(
      MetricsConfiguration(activity: .run, units: .imperial))
    #expect(reported.count == 3, "three whole miles in 5 km")
    let s = accumulator.finish()
    #expect(s.splits.count == 4)
    for split in s.splits.prefix(3) {
      #expect(split.distance == Meters(1609.344))
      #expect(abs(split.duration.value - 1609.344 / 3) < tolerance)
      #expect(split.pace.clockText(per: .imperial) == "8:56", "536.4 s per mile")
    }
    let last = s.splits[3]
    #expect(last.isPartial)
    #expect(last.index == 4)
    #expect(abs(last.distance.value - (5000 - 3 * 1609.344)) < tolerance)
    #expect(abs(last.duration.value - (5000 - 3 * 1609.344) / 3) < tolerance)
    #expect(last.endTime == s.lastTime)
    #expect(s.currentSplitDistance == .zero)
  }

  /// An accumulator for `activity` that has had its first sample, standing at `origin`.
  static func started(
    _ activity: Activity, at start: GNSSTime, _ origin: Coordinate
  ) -> MetricsAccumulator {
    var accumulator = MetricsAccumulator(configuration: MetricsConfiguration(activity: activity))
    _ = accumulator.add(MetricsSample(time: start, coordinate: origin))
    return accumulator
  }

  @Test("One long step that crosses two boundaries reports both, interpolated")
  func longStepCrossesSeveralSplits() {
    let (start, origin) = (MetricsTrack.start, Coordinate(latitude: 45, longitude: 7))
    var accumulator = Self.started(.ride, at: start, origin)
    let splits = accumulator.add(
      MetricsSample(time: start + Seconds(1000), coordinate: origin, step: Meters(2500)))
    #expect(splits.map(\.index) == [1, 2])
    #expect(splits.map(\.endTime) == [start + Seconds(400), start + Seconds(800)])
    #expect(splits.map(\.duration) == [Seconds(400), Seconds(400)])
    #expect(accumulator.snapshot.currentSplitDistance == Meters(500))
    #expect(accumulator.snapshot.currentSplitDuration == Seconds(200))
  }

  @Test("A split's time re-measured before it is told: only the split under way moves")
  func splitTimeCorrection() {
    let (start, origin) = (MetricsTrack.start, Coordinate(latitude: 45, longitude: 7))
    var accumulator = Self.started(.run, at: start, origin)
    // 1250 m in 500 s: the first split is 400 s, the second has 250 m and 100 s.
    _ = accumulator.add(
      MetricsSample(time: start + Seconds(500), coordinate: origin, step: Meters(1250)))
    #expect(accumulator.completedSplits == 1)
    #expect(abs(accumulator.splitRemaining - 750) < 1e-9)
    #expect(accumulator.correctSplitTime(by: -12) == -12)
    #expect(abs(accumulator.snapshot.currentSplitDuration.value - 88) < 1e-9)
    #expect(accumulator.snapshot.moving == Seconds(500), "the moving time stays")
    // Never below zero: what the split cannot take is not applied.
    #expect(abs(accumulator.correctSplitTime(by: -100) + 88) < 1e-9)
    #expect(accumulator.snapshot.currentSplitDuration == .zero)
    #expect(accumulator.correctSplitTime(by: .nan) == 0)
    #expect(accumulator.correctSplitTime(by: 30) == 30)
    let splits = accumulator.add(
      MetricsSample(time: start + Seconds(800), coordinate: origin, step: Meters(750)))
    #expect(splits.map(\.index) == [2])
    #expect(splits.map(\.duration) == [Seconds(330)], "the correction and the step's time")
    #expect(accumulator.completedSplits == 2)
  }

  @Test("Splits stop at a hundred thousand; the rest of the distance is the last split")
  func splitsAreBounded() {
    let (start, origin) = (MetricsTrack.start, Coordinate(latitude: 0, longitude: 0))
    var accumulator = Self.started(.run, at: start, origin)
    // Ten hops between the antipodes, as a hostile file read raw gives them: 200,000 km.
    var said = 0
    for hop in 1...10 {
      said +=
        accumulator.add(
          MetricsSample(
            time: start + Seconds(Double(hop)), coordinate: origin, step: Meters(20_000_000))
        ).count
    }
    let snapshot = accumulator.finish()
    #expect(said == MetricsAccumulator.maximumSplits)
    #expect(snapshot.splits.count == MetricsAccumulator.maximumSplits + 1)
    let last = snapshot.splits.last
    #expect(last?.isPartial == true && last?.distance == Meters(100_000_000))
    #expect(snapshot.distance == Meters(200_000_000), "the distance itself is not capped")
  }

  /// The writers' fuzz target keeps fewer splits; a whole recorded session honours the cap
  /// the same way, and the cap is not part of what a session stores.
  @Test func aSessionKeepsTheSplitsItsConfigurationAllows() throws {
    var configuration = SessionConfiguration.raw(activity: .run)
    configuration.maximumSplits = 3
    let start = MetricsTrack.start
    // Five fixes a degree of latitude apart: about 444 km, read raw.
    let fixes = (0..<5).map { k in
      Fix(
        time: start + Seconds(Double(k) * 60),
        coordinate: Coordinate(latitude: Double(k), longitude: 0))
    }
    let summary = try #require(
      SessionRecorder.record(fixes: fixes, configuration: configuration).summary)
    #expect(summary.splits.count == 4)
    #expect(summary.splits.last?.isPartial == true)
    #expect(summary.distance.value > 440_000, "the distance itself is not capped")
    var recorded = SessionConfiguration(activity: .run)
    recorded.maximumSplits = 3
    let stored = String(decoding: try JSONEncoder().encode(recorded), as: UTF8.self)
    #expect(!stored.contains("maximumSplits"))
    let decoded = try JSONDecoder().decode(SessionConfiguration.self, from: Data(stored.utf8))
    #expect(decoded.maximumSplits == MetricsAccumulator.maximumSplits)
  }

  @Test("Current pace averages the last 30 s of moving", arguments: [1.0, 0.25])
  func currentPaceWindow(interval: Double) {
    var track = MetricsTrack()
    track.move(speed: 3, for: 60, every: interval)
    track.move(speed: 4, for: 15, every: interval)
    let (half, _) = track.accumulate(MetricsConfiguration(activity: .run))
    let mixed = half.snapshot.currentSpeed?.value ?? 0
    #expect(abs(mixed - 3.5) < 1e-9, "15 s at 3 m/s and 15 s at 4 m/s")
    track.pause(for: 100, every: interval)
    track.move(speed: 4, for: 15, every: interval)
    let (resumed, _) = track.accumulate(MetricsConfiguration(activity: .run))
    let after = resumed.snapshot.currentSpeed?.value ?? 0
    #expect(abs(after - 4) < 1e-9, "the window skips the pause: 30 s of moving at 4 m/s")
    #expect(resumed.snapshot.currentPace.map { $0.clockText(per: .metric) } == "4:10")
  }

  @Test("Before any movement there is no pace, and finish is idempotent")
  func emptyAndFinished() {
    var accumulator = MetricsAccumulator(configuration: MetricsConfiguration(activity: .walk))
    #expect(accumulator.snapshot == MetricsSnapshot())
    let sample = MetricsSample(
      time: MetricsTrack.start, coordinate: Coordinate(latitude: 0, longitude: 0))
    _ = accumulator.add(sample)
    #expect(accumulator.snapshot.averagePace == nil)
    #expect(accumulator.snapshot.currentPace == nil)
    let first = accumulator.finish()
    #expect(first.splits.isEmpty)
    var later = sample
    later.time = later.time + Seconds(10)
    later.step = Meters(30)
    #expect(accumulator.add(later).isEmpty)
    #expect(accumulator.finish() == first, "samples after finish() are ignored")
  }
}

/// Configurations are stored in settings files: they round-trip, and missing keys default.
struct MetricsConfigurationCodingTests {
  @Test("Metrics and cue configurations round-trip through JSON")
  func roundTrip() throws {
    let metrics = MetricsConfiguration(
      activity: .ride, weight: Kilograms(82), units: .imperial, elevation: .on,
      currentPaceWindow: Seconds(20))
    let cues = CueConfiguration(everyTime: nil, everyDistance: Meters(500))
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    #expect(
      try decoder.decode(MetricsConfiguration.self, from: encoder.encode(metrics)) == metrics)
    #expect(try decoder.decode(CueConfiguration.self, from: encoder.encode(cues)) == cues)
  }

  @Test("Missing keys take their defaults")
  func defaults() throws {
    let decoder = JSONDecoder()
    let metrics = try decoder.decode(
      MetricsConfiguration.self, from: Data(#"{"activity":"walk"}"#.utf8))
    #expect(metrics == MetricsConfiguration(activity: .walk))
    let cues = try decoder.decode(CueConfiguration.self, from: Data("{}".utf8))
    #expect(cues == CueConfiguration())
    #expect(cues.everyTime == Seconds(300))
  }
}
