import Testing

@testable import StriderCore

/// A drive (`run --auto`'s vehicle sessions) is an activity of its own: a car's gate and
/// smoother, speed rather than pace, no calories, no best efforts, and a vehicle's moves in
/// the day's storyline.
struct DriveActivityTests {
  @Test func aDriveIsMeasuredAsAVehicleAndIsNotExercise() {
    #expect(Activity.allCases.last == .drive, "new cases go at the end")
    #expect(Activity(rawValue: "drive") == .drive)
    #expect(Activity.drive.prefersSpeed && !Activity.drive.isExercise)
    #expect(Activity.allCases.filter { !$0.isExercise } == [.drive])
    let gate = GateConfiguration.defaults(for: .drive)
    #expect(gate.maxSpeed.value >= 60, "a motorway's 130 km/h and more pass the gate")
    #expect(gate.maxSpeed > GateConfiguration.defaults(for: .ride).maxSpeed)
    #expect(
      CalorieModel.rate(
        activity: .drive, speed: MetersPerSecond(25), grade: 0, weight: Kilograms(80)) == 0)
    #expect(BestEffortTarget.targets(for: .drive).isEmpty)
    #expect(!BestEffortTarget.targets(for: .ride).isEmpty)
  }

  @Test func aDrivesFiguresComeOutOfTheEngineWithoutCalories() {
    var engine = SessionPipeline(configuration: SessionConfiguration(activity: .drive))
    let t0 = GNSSTime(secondsSince1970: 1_714_975_200)
    let start = Coordinate(latitude: 48.2, longitude: 16.37)
    // 25 m/s (90 km/h) due north for two minutes.
    for second in 0...120 {
      let north = 25.0 * Double(second) / 111_195
      _ = engine.ingest(
        Fix(
          time: t0 + Seconds(Double(second)),
          coordinate: Coordinate(latitude: start.latitude + north, longitude: start.longitude),
          horizontalAccuracy: Meters(5), mode: .threeD))
    }
    let summary = engine.finish().summary
    #expect(abs(summary.distance.value - 3000) < 150, "\(summary.distance.value) m")
    #expect(summary.calories.value == 0)
    #expect(summary.rejected.values.reduce(0, +) == 0, "no car's fix is implausible")
  }

  @Test func everyMoveOfADriveIsAVehiclesInTheStoryline() {
    let t0 = GNSSTime(secondsSince1970: 1_714_975_200)
    let a = Coordinate(latitude: 48.2082, longitude: 16.3738)
    let b = Coordinate(latitude: 48.2190, longitude: 16.4029)
    func point(_ c: Coordinate, _ s: Double) -> TrackPoint {
      TrackPoint(time: t0 + Seconds(s), coordinate: c, speed: MetersPerSecond(0))
    }
    // A queue at walking speed, then the road.
    let crawl = TimelineSegment.move(
      Move(
        kind: .walk, start: t0, end: t0 + Seconds(300), distance: Meters(400),
        track: [point(a, 0), point(b, 300)]))
    let cases: [(Activity?, MoveKind)] = [
      (.drive, .vehicle), (.walk, .walk), (.ride, .ride), (.swim, .walk), (nil, .walk),
    ]
    for (activity, expected) in cases {
      let session = StorylineSession(id: 1, name: nil, segments: [crawl], activity: activity)
      let storyline = DayStoryline(sessions: [session], knownPlaces: [])
      let kinds = storyline.entries.compactMap { entry -> MoveKind? in
        if case .move(let move) = entry { return move.kind }
        return nil
      }
      #expect(kinds == [expected], "\(String(describing: activity))")
    }
  }

  /// A ride climbing at 12 km/h, with a stop at the top: its moves are a ride's in the stops
  /// and moves, the day and the JSON export (the speed alone says "run"); without an
  /// activity the speed still guesses.
  @Test func aSlowRidesMovesAreARidesNotARuns() {
    let t0 = GNSSTime(secondsSince1970: 1_714_975_200)
    var points: [FinishedTrack.Point] = []
    for s in 0...600 {
      let stopped = s >= 200 && s < 400
      let moved = Double(min(s, 200) + max(0, s - 400)) * 3.4
      points.append(
        FinishedTrack.Point(
          time: t0 + Seconds(Double(s)),
          coordinate: Coordinate(latitude: 48.2 + moved / 111_000, longitude: 16.37),
          speed: MetersPerSecond(stopped ? 0 : 3.4), isStopped: stopped,
          distance: Meters(moved)))
    }
    let pause = PauseInterval(start: t0 + Seconds(200), end: t0 + Seconds(400))
    func kinds(_ activity: Activity?) -> [MoveKind] {
      Timeline.segments(
        finished: FinishedTrack(points: points), display: [], pauses: [pause], activity: activity
      ).compactMap { segment -> MoveKind? in
        if case .move(let move) = segment { return move.kind }
        return nil
      }
    }
    #expect(kinds(.ride) == [.ride, .ride])
    #expect(kinds(.hike) == [.walk, .walk])
    #expect(kinds(nil) == [.run, .run])
  }
}
