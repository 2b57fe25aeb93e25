import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

/// A file can hold recordings of different days: the noise is learnt on its longest outing
/// alone (`DriftTrackSmoother.longestOuting`), so another outing's receiver and sampling do
/// not reshape it.
@Suite struct OutingTests {
  /// A run logged every 5 s, plain GPX-like (no speed, no accuracy).
  static func run() -> [Fix] {
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 11, faults: .none))
    return session.fixes.enumerated().compactMap { k, fix in
      guard k % 5 == 0 else { return nil }
      var f = fix
      f.speed = nil
      f.course = nil
      f.horizontalAccuracy = nil
      return f
    }
  }

  /// A minute standing still at 1 Hz with a few decimetres of jitter, `after` the run's end,
  /// in a segment of its own.
  static func standing(after run: [Fix], by gap: Double) throws -> [Fix] {
    let last = try #require(run.last)
    let time = try #require(last.time) + Seconds(gap)
    let place = try #require(last.coordinate)
    var random = SeededRandom(seed: 5)
    return (0..<60).map { k in
      var fix = Fix(
        time: time + Seconds(Double(k)),
        coordinate: Coordinate(
          latitude: place.latitude + Double.random(in: -3e-6...3e-6, using: &random),
          longitude: place.longitude + Double.random(in: -3e-6...3e-6, using: &random)))
      fix.segment = last.segment + 1
      return fix
    }
  }

  static func distance(_ fixes: [Fix]) -> Double {
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: .run))
    for fix in fixes { _ = engine.ingest(fix) }
    return engine.finish().summary.distance.value
  }

  @Test func anotherDaysOutingDoesNotChangeTheRun() throws {
    let run = Self.run()
    let alone = Self.distance(run)
    let withAnother = Self.distance(run + (try Self.standing(after: run, by: 3 * 86_400)))
    #expect(alone > 3000)
    #expect(
      abs(withAnother / alone - 1) < 0.002, "alone \(alone) m, with another day's \(withAnother) m")
  }

  @Test func theLongestOutingIsFoundBetweenBreaksOfMoreThanSixHours() {
    func inputs(_ times: [Double]) -> (Int) -> SmoothingInput {
      { k in
        SmoothingInput(
          time: times[k], coordinate: Coordinate(latitude: 0, longitude: 0), accuracy: .nan,
          speed: .nan, course: .nan, newStretch: k == 0 || times[k] - times[k - 1] > 60)
      }
    }
    let day = 86_400.0
    // 3 fixes, a day, 5 fixes, an hour (one outing), 2 more, a day, 4.
    let times =
      [0, 1, 2, day, day + 1, day + 2, day + 3, day + 4, day + 3604, day + 3605]
      + [3 * day, 3 * day + 1, 3 * day + 2, 3 * day + 3]
    #expect(DriftTrackSmoother.longestOuting(count: times.count, input: inputs(times)) == 3..<10)
    let one = [0.0, 1, 2, 3]
    #expect(DriftTrackSmoother.longestOuting(count: one.count, input: inputs(one)) == 0..<4)
    #expect(DriftTrackSmoother.longestOuting(count: 1, input: inputs([0])) == 0..<1)
    #expect(DriftTrackSmoother.longestOuting(count: 0, input: inputs([])) == 0..<0)
  }
}
