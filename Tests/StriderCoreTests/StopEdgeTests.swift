import Foundation
import Testing

@testable import StriderCore

/// The steps into and out of a stop between fixes seconds apart (a watch's smart
/// recording): only the time the step takes at the user's pace is moving, the rest they
/// stood (issue 48).
@Suite struct StopEdgeTests {
  @Test func aStepTakesItsLengthAtThePaceAndTheTimeToChangeSpeed() {
    // 30 m at 3 m/s, braking at 1 m/s²: 10 s at the pace and 1.5 s more to stop.
    #expect(abs(FinishingPass.travelTime(30, pace: 3) - 11.5) < 1e-9)
    // 2 m is shorter than the 4.5 m a stop from 3 m/s takes: braking all along it.
    #expect(abs(FinishingPass.travelTime(2, pace: 3) - 2) < 1e-9)
    // The two agree where they meet.
    #expect(abs(FinishingPass.travelTime(4.5, pace: 3) - 3) < 1e-9)
  }

  @Test func aStepsMovingPartIsAllItsMovingTime() {
    let start = GNSSTime(secondsSince1970: 1_700_000_000)
    let here = Coordinate(latitude: 48, longitude: 11)
    var metrics = MetricsAccumulator(configuration: MetricsConfiguration(activity: .run))
    _ = metrics.add(MetricsSample(time: start, coordinate: here))
    _ = metrics.add(
      MetricsSample(
        time: start + Seconds(10), coordinate: here, step: Meters(12),
        movingDuration: Seconds(4)))
    // A duration longer than the step is the step's.
    _ = metrics.add(
      MetricsSample(
        time: start + Seconds(15), coordinate: here, step: Meters(15),
        movingDuration: Seconds(60)))
    let snapshot = metrics.finish()
    #expect(snapshot.moving == Seconds(9))
    #expect(snapshot.distance == Meters(27))
  }

  /// A run sampled every 10 s, arriving at a 60 s stop 4 s after a fix and leaving it 4 s
  /// before one: the two steps were 4 s on the move, not 10 each.
  @Test func aSparseRunsStopIsDatedBetweenItsFixes() {
    let start = GNSSTime(secondsSince1970: 1_700_000_000)
    let origin = Coordinate(latitude: 48, longitude: 11)
    let metresPerDegree = 111_319.490_793_273_6
    let speed = 3.0
    let arrival = 124.0
    let departure = 196.0
    let end = 320.0
    func east(at t: Double) -> Double {
      if t <= arrival { return speed * t }
      if t <= departure { return speed * arrival }
      return speed * (arrival + t - departure)
    }
    var engine = SessionPipeline(
      configuration: SessionConfiguration(activity: .run),
      options: SessionPipeline.Options(
        keepsFinishedTrack: false, correctsLiveDistance: false, readsEvents: false))
    for t in stride(from: 0.0, through: end, by: 10) {
      let coordinate = Coordinate(
        latitude: origin.latitude,
        longitude: origin.longitude
          + east(at: t) / (metresPerDegree * cos(origin.latitude * .pi / 180)))
      _ = engine.ingest(
        Fix(
          time: start + Seconds(t), coordinate: coordinate,
          horizontalAccuracy: Meters(4)))
    }
    let summary = engine.finish().summary
    let truth = end - (departure - arrival)
    // Each step beside the stop is read at the pace with 1.5 s to change speed: within
    // 4 s of the truth, where the whole steps were 12 s over it.
    #expect(
      abs(summary.moving.value - truth) <= 4, "moving \(summary.moving), truth \(truth) s")
  }
}
