import Foundation
import Testing

@testable import StriderCore

@Suite struct SmoothingTests {
  /// A straight walk east at `speed` with seeded Gaussian noise of `sigma` per axis.
  static func noisyLine(
    origin: Coordinate = Coordinate(latitude: 48.2, longitude: 16.37), count: Int = 300,
    speed: Double = 3, sigma: Double = 4, seed: UInt64 = 7
  ) -> (fixes: [Fix], truth: [Coordinate]) {
    var rng = SeededRandom(seed: seed)
    let plane = LocalTangentPlane(origin: origin)
    var fixes: [Fix] = []
    var truth: [Coordinate] = []
    for i in 0..<count {
      let p = PlanePoint(east: speed * Double(i), north: 0)
      truth.append(plane.unproject(p))
      let noisy = PlanePoint(east: p.east + sigma * rng.gaussian(), north: sigma * rng.gaussian())
      fixes.append(
        Fix(
          time: GNSSTime(secondsSince1970: 1_700_000_000 + Double(i)),
          coordinate: plane.unproject(noisy), horizontalAccuracy: Meters(sigma * 1.5),
          mode: .threeD, origin: FixOrigin(index: i)))
    }
    return (fixes, truth)
  }

  static func rmsError(_ estimates: [Coordinate], _ truth: [Coordinate]) -> Double {
    let squares = zip(estimates, truth).map { pow(Geodesy.distanceMeters($0, $1), 2) }
    return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
  }

  @Test func theFilterReducesNoiseAndTheSmootherMore() throws {
    let (fixes, truth) = Self.noisyLine()
    var filter = KalmanFilter(configuration: .defaults(for: .run), keepsHistory: true)
    let filtered = fixes.compactMap { filter.update(with: $0)?.coordinate }
    let smoothed = RauchTungStriebel.smooth(filter.history).map(\.coordinate)
    let raw = Self.rmsError(fixes.compactMap(\.coordinate), truth)
    let causal = Self.rmsError(filtered, truth)
    let both = Self.rmsError(smoothed, truth)
    #expect(causal < raw * 0.75, "filter \(causal) m against raw \(raw) m")
    #expect(both < causal, "forward-backward \(both) m against causal \(causal) m")
    let speeds = RauchTungStriebel.smooth(filter.history).map(\.speed.value)[50..<250].sorted()
    let medianSpeed = speeds[speeds.count / 2]
    #expect(abs(medianSpeed - 3) < 0.2, "speed estimate \(medianSpeed) m/s for a 3 m/s run")
    #expect(smoothed.count == fixes.count)
  }

  @Test func aSingleOutlierBarelyMovesTheEstimate() throws {
    var (fixes, truth) = Self.noisyLine(sigma: 2)
    let plane = LocalTangentPlane(origin: try #require(truth[150] as Coordinate?))
    fixes[150].coordinate = plane.unproject(PlanePoint(east: 0, north: 150))
    var filter = KalmanFilter(configuration: .defaults(for: .run))
    var estimates: [KalmanEstimate] = []
    for f in fixes { if let e = filter.update(with: f) { estimates.append(e) } }
    #expect(estimates[150].wasOutlier)
    #expect(Geodesy.distanceMeters(estimates[150].coordinate, truth[150]) < 10)
  }

  @Test func theFilterRestartsAfterRepeatedOutliers() {
    var (fixes, _) = Self.noisyLine(count: 60, sigma: 1)
    let plane = LocalTangentPlane(origin: fixes[30].coordinate!)
    for i in 30..<60 {
      fixes[i].coordinate = plane.unproject(PlanePoint(east: 3 * Double(i - 30), north: 500))
    }
    var filter = KalmanFilter(configuration: .defaults(for: .run))
    let estimates = fixes.compactMap { filter.update(with: $0) }
    #expect(estimates.contains { $0.restarted && $0.time > fixes[30].time! })
    #expect(Geodesy.distanceMeters(estimates[59].coordinate, fixes[59].coordinate!) < 10)
  }

  @Test(arguments: [
    Coordinate(latitude: 10, longitude: 179.995), Coordinate(latitude: 89.995, longitude: 0),
    Coordinate(latitude: -89.99, longitude: 120),
  ])
  func smoothingWorksAcrossTheAntimeridianAndAtThePoles(origin: Coordinate) {
    let (fixes, truth) = Self.noisyLine(origin: origin, count: 400, sigma: 3)
    var filter = KalmanFilter(configuration: .defaults(for: .run), keepsHistory: true)
    for f in fixes { _ = filter.update(with: f) }
    let smoothed = RauchTungStriebel.smooth(filter.history).map(\.coordinate)
    #expect(smoothed.allSatisfy { $0.isValid })
    let length = Geodesy.length(of: smoothed).value
    let trueLength = Geodesy.length(of: truth).value
    #expect(abs(length - trueLength) / trueLength < 0.02, "\(length) m against \(trueLength) m")
    #expect(Self.rmsError(smoothed, truth) < 3)
  }

  @Test func theFrameMovesOnLongTracks() {
    // 60 km in a straight line: the filter re-anchors its plane and stays on the line.
    let (fixes, truth) = Self.noisyLine(count: 3000, speed: 20, sigma: 3)
    var filter = KalmanFilter(configuration: .defaults(for: .ride), keepsHistory: true)
    let estimates = fixes.compactMap { filter.update(with: $0) }
    #expect(filter.history.filter { if case .frameChange = $0 { true } else { false } }.count >= 3)
    #expect(Geodesy.distanceMeters(estimates.last!.coordinate, truth.last!) < 10)
    let smoothed = RauchTungStriebel.smooth(filter.history)
    #expect(smoothed.count == fixes.count)
  }

  /// The windowed smoother, fed a step at a time, settles each state to what the smoother
  /// over the whole history gives, over frame changes and restarts: within 0.04 mm with 30
  /// steps of lookahead, to the last bit with 300 (the engine uses 1024).
  @Test(arguments: [30, 300, 1000])
  func theWindowedSmootherMatchesTheWholeHistory(lookahead: Int) {
    let (fixes, _) = Self.noisyLine(count: 6000, speed: 10, sigma: 6)
    var whole = KalmanFilter(configuration: .defaults(for: .run), keepsHistory: true)
    var streamed = KalmanFilter(configuration: .defaults(for: .run), keepsHistory: true)
    var windowed = WindowedRauchTungStriebel(lookahead: lookahead)
    var settled: [SmoothedState] = []
    for (i, fix) in fixes.enumerated() {
      var fix = fix
      // A long gap half-way: the filter restarts in a new frame.
      if i >= 3000 { fix.time = fix.time.map { $0 + Seconds(3600) } }
      _ = whole.update(with: fix)
      streamed.absorb(fix)
      windowed.append(streamed.history)
      streamed.clearHistory()
      settled += windowed.settled()
    }
    settled += windowed.finish()
    let expected = RauchTungStriebel.smooth(whole.history)
    #expect(settled.count == expected.count)
    #expect(settled.count == fixes.count)
    let worst =
      zip(settled, expected).map { Geodesy.distanceMeters($0.coordinate, $1.coordinate) }
      .max() ?? .infinity
    #expect(
      worst < (lookahead >= 300 ? 1e-9 : 1e-3),
      "the windowed smoother strays \(worst) m from the whole one")
  }
}
