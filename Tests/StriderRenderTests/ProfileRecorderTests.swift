import StriderCore
import StriderRender
import Testing

/// The dashboard's profiles as the session goes: bounded however long the track, each
/// stretch the mean of its points, paused points no pace, scaled to the distance shown.
@Suite struct ProfileRecorderTests {
  /// A straight line north from the equator: `metres` apart, one a second.
  static func point(_ k: Int, metres: Double, altitude: Double, speed: Double, segment: Int = 0)
    -> TrackPoint
  {
    TrackPoint(
      time: GNSSTime(secondsSince1970: 1_700_000_000 + Double(k)),
      coordinate: Coordinate(latitude: Double(k) * metres / 110_574, longitude: 0),
      altitude: Meters(altitude), speed: MetersPerSecond(speed), segment: segment)
  }

  @Test func aLongTrackStaysWithinItsCapacity() throws {
    var recorder = ProfileRecorder()
    // 200 km at 4 m a point: 50,000 points.
    for k in 0..<50_000 {
      recorder.add(
        Self.point(k, metres: 4, altitude: Double(k % 1000), speed: 4), isPaused: false,
        heartRate: BeatsPerMinute(150))
    }
    let charts = recorder.charts(
      distance: Meters(200_000), activity: .ride, units: .metric, glyphs: .unicode)
    #expect(charts.map(\.title) == ["elevation", "speed", "heart rate"])
    for chart in charts {
      #expect(chart.samples.count <= ProfileRecorder.capacity)
      #expect(chart.samples.count > ProfileRecorder.capacity / 2)
      let last = try #require(chart.samples.last?.distance)
      #expect(abs(last - 200_000) < 400, "\(chart.title) ends where the track does: \(last)")
    }
    let speeds = try #require(charts.first { $0.title == "speed" }).samples.map(\.value)
    #expect(speeds.allSatisfy { abs($0 - 4) < 1e-9 })
    let rates = try #require(charts.last).samples.map(\.value)
    #expect(rates.allSatisfy { $0 == 150 })
  }

  /// Paused points and points slower than a shuffle are no pace; a new segment's first
  /// step adds no distance; the axis ends at the distance shown, not the drawn track's.
  @Test func pausesGapsAndScale() throws {
    var recorder = ProfileRecorder()
    for k in 0..<100 {
      recorder.add(
        Self.point(k, metres: 10, altitude: 50, speed: k < 50 ? 3 : 0.1), isPaused: k >= 80,
        heartRate: nil)
    }
    // A gap: the next segment starts 1 km further on.
    for k in 200..<210 {
      recorder.add(
        Self.point(k, metres: 10, altitude: 50, speed: 3, segment: 1), isPaused: false,
        heartRate: nil)
    }
    let charts = recorder.charts(
      distance: Meters(1_000), activity: .run, units: .metric, glyphs: .ascii)
    #expect(charts.map(\.title) == ["elevation", "pace"], "no heart rate given")
    let pace = try #require(charts.last)
    #expect(pace.samples.allSatisfy { $0.value == 3 }, "slow and paused points are no pace")
    let end = try #require(charts.first?.samples.last?.distance)
    #expect(abs(end - 1_000) < 20, "scaled to the distance shown: \(end)")
  }

  @Test func nothingYetIsNoChart() {
    var recorder = ProfileRecorder()
    #expect(
      recorder.charts(distance: .zero, activity: .run, units: .metric, glyphs: .unicode).isEmpty)
    recorder.add(Self.point(0, metres: 1, altitude: 10, speed: 2), isPaused: false, heartRate: nil)
    #expect(
      recorder.charts(distance: .zero, activity: .run, units: .metric, glyphs: .unicode).isEmpty,
      "one point is no profile")
  }
}
