import StriderConcurrency
import StriderSimulator
import Testing

@testable import StriderCore

/// The finishing pass sums a long track up on a second thread while its smoother is still
/// settling the rest (`FinishingPass.finish`). Its figures must be those of smoothing the
/// whole track first and summing it up after, to the bit: the stops found, trimmed and
/// counted, the finished track point for point, and the points handed out.
@Suite struct FinishingBesideTests {
  /// A simulated session's fixes as the engine keeps them, with what the engine's own track
  /// holds at times: breaks, fixes the live filter did not see, fixes without a time.
  static func track(
    _ activity: Activity, seed: UInt64, timesGoBack: Bool = false
  ) -> ChunkedArray<FinishingPass.Entry> {
    let session = Simulator.run(
      SimulationConfiguration(activity: activity, seed: seed, faults: .all))
    var track = ChunkedArray<FinishingPass.Entry>()
    var previous: GNSSTime?
    for (i, fix) in session.fixes.enumerated() {
      guard let coordinate = fix.coordinate else { continue }
      var fix = fix
      // The engine keeps fixes in time order (the gate holds them back to sort them).
      if let time = fix.time, let previous, time < previous { continue }
      if i % 97 == 40 { fix.time = nil }
      if timesGoBack, i == session.fixes.count / 2, let time = fix.time {
        fix.time = time - Seconds(600)
      }
      var gap = false
      if let previous, let time = fix.time { gap = (time - previous).value > 20 }
      track.append(
        FinishingPass.Entry(
          fix: fix, coordinate: coordinate, newStretch: track.isEmpty || gap,
          smoothed: i % 53 != 7))
      if let time = fix.time { previous = time }
    }
    return track
  }

  static func timesAscend(_ track: ChunkedArray<FinishingPass.Entry>) -> Bool {
    let times = track.compactMap(\.time)
    return zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
  }

  static func pass(_ activity: Activity, autoPause: Bool = true) -> FinishingPass {
    var configuration = SessionConfiguration(activity: activity)
    configuration.autoPause.enabled = autoPause
    var pass = FinishingPass(
      configuration: configuration, keepsFinishedTrack: true, parallelism: Threads())
    pass.keepsDistanceSeries = true
    return pass
  }

  /// The figures smoothed first and summed up after, on one thread.
  static func oneAfterTheOther(
    _ pass: FinishingPass, _ track: ChunkedArray<FinishingPass.Entry>
  ) -> FinishingPass.Figures {
    var pass = pass
    pass.parallelism = OneAtATime()
    var points = track
    let model = pass.smooth(&points)
    return pass.figures(of: points, noise: model)
  }

  static func expectSame(_ a: FinishingPass.Figures, _ b: FinishingPass.Figures) {
    #expect(a.snapshot == b.snapshot)
    #expect(a.pauses == b.pauses)
    #expect(a.detected == b.detected)
    #expect(a.track == b.track)
    #expect(a.series?.times == b.series?.times)
    #expect(a.series?.distances == b.series?.distances)
  }

  @Test(arguments: [
    (Activity.walk, UInt64(9)), (.run, 4), (.ride, 21), (.hike, 4), (.drive, 5),
  ])
  func sideBySideGivesTheSameFigures(activity: Activity, seed: UInt64) {
    let pass = Self.pass(activity)
    let track = Self.track(activity, seed: seed)
    let expected = Self.oneAfterTheOther(pass, track)
    #expect(!expected.pauses.isEmpty, "the route stops, so stops are found and trimmed")
    #expect(Self.timesAscend(track), "so the figures follow the search for stops")
    #expect(expected.snapshot.distance.value > 500)
    var points = track
    Self.expectSame(pass.finish(&points, alsoFrom: nil, handingOut: nil, besideFrom: 0), expected)
  }

  @Test func timesThatGoBackWaitForTheWholeSearch() {
    // A stop found after the times go back may begin before points already behind the
    // search, so none are summed until it ends.
    let pass = Self.pass(.walk)
    let track = Self.track(.walk, seed: 9, timesGoBack: true)
    #expect(!Self.timesAscend(track))
    var points = track
    Self.expectSame(
      pass.finish(&points, alsoFrom: nil, handingOut: nil, besideFrom: 0),
      Self.oneAfterTheOther(pass, track))
  }

  @Test func summingBehindTheSearchChangesNothing() {
    // The same smoothed points, summed a stop's length behind the search or after it.
    let pass = Self.pass(.run)
    var points = Self.track(.run, seed: 4)
    #expect(Self.timesAscend(points))
    let model = pass.smooth(&points)
    Self.expectSame(
      pass.figures(of: points, timesAscend: true, noise: model),
      pass.figures(of: points, noise: model))
  }

  /// What the live re-measure reads (`distances`) is what the figures count: the distance
  /// and the moving time up to each point asked for, the last of them the snapshot's, over
  /// stops, breaks and fixes without a time.
  @Test(arguments: [(Activity.walk, UInt64(9)), (.ride, 21)])
  func theRemeasureCountsAsTheFigures(activity: Activity, seed: UInt64) {
    let pass = Self.pass(activity)
    var points = Self.track(activity, seed: seed)
    let model = pass.smooth(&points)
    let figures = pass.figures(of: points, noise: model)
    let last = points.count - 1
    let marks = [0, last / 3, last / 2, last]
    let measured = pass.distances(of: points, measuringAt: marks, noise: model)
    #expect(measured.distances.count == 4 && measured.movingTimes.count == 4)
    #expect(measured.movingTimes == measured.movingTimes.sorted(), "time only grows")
    #expect(abs(measured.distances[3] - figures.snapshot.distance.value) < 1e-6)
    #expect(abs(measured.movingTimes[3] - figures.snapshot.moving.value) < 1e-6)
    #expect(!figures.pauses.isEmpty, "stops are left out of the moving time")
    #expect(measured.movingTimes[3] < figures.snapshot.elapsed.value)
    // Up to the middle: the figures of the points before it.
    let half = pass.figures(of: Array(points[...marks[2]]), noise: model)
    #expect(measured.movingTimes[2] <= half.snapshot.moving.value + 1e-6)
  }

  @Test func pointsHandedOutAreTheFinishedTrack() {
    let pass = Self.pass(.ride)
    let track = Self.track(.ride, seed: 21)
    let expected = Self.oneAfterTheOther(pass, track)
    var points = track
    var handed: [FinishedTrack.Point] = []
    let figures = pass.finish(
      &points, alsoFrom: nil, handingOut: { handed.append($0) }, besideFrom: 0)
    #expect(figures.track == nil)
    #expect(handed == expected.track?.points)
    #expect(figures.snapshot == expected.snapshot)
  }

  /// The rival `analyze` learns again of a live session (`RivalModel.fromFirst`), learnt
  /// beside the finish's own fit, is the model of the track's first points learnt alone:
  /// the figures are those of that model given, on two threads and on one.
  @Test(arguments: [(Activity.run, UInt64(4)), (.ride, 21)])
  func aRivalLearntBesideIsTheFirstPointsOwnModel(activity: Activity, seed: UInt64) throws {
    let pass = Self.pass(activity)
    let track = Self.track(activity, seed: seed)
    #expect(
      track.count * 52 / 53 >= NoiseFit.RunsBeside.fixesAtLeast, "long enough to learn beside")
    let first = track.count * 3 / 5
    let rival = try #require(pass.learn(track.prefix(first)))
    var given = track
    let expected = pass.finish(
      &given, alsoFrom: .learnt(rival), handingOut: nil, besideFrom: 0)
    var learnt = track
    Self.expectSame(
      pass.finish(&learnt, alsoFrom: .fromFirst(first), handingOut: nil, besideFrom: 0),
      expected)
    var oneThreadGiven = track
    var oneThreadLearnt = track
    #expect(
      pass.smooth(&oneThreadLearnt, alsoFrom: .fromFirst(first))
        == pass.smooth(&oneThreadGiven, alsoFrom: .learnt(rival)))
    #expect(oneThreadLearnt.map(\.coordinate) == oneThreadGiven.map(\.coordinate))
    // The smoother reads the points the live filter saw: the first points' count becomes
    // the count of those among them.
    let items = try #require(FinishingPass.SmoothedItems(track))
    let seen = track.prefix(first).count(where: \.smoothed)
    #expect(seen < first, "some points were not seen")
    guard case .fromFirst(let count) = items.rival(.fromFirst(first)) else {
      Issue.record("not a count")
      return
    }
    #expect(count == seen)
  }

  @Test func withoutAutoPauseNothingStops() {
    let pass = Self.pass(.walk, autoPause: false)
    let track = Self.track(.walk, seed: 9)
    let expected = Self.oneAfterTheOther(pass, track)
    #expect(expected.pauses.isEmpty)
    var points = track
    Self.expectSame(pass.finish(&points, alsoFrom: nil, handingOut: nil, besideFrom: 0), expected)
  }
}
