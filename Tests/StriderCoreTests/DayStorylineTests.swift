import Testing

@testable import StriderCore

/// The day's storyline from sessions: places between and inside them, clustered and kept.
struct DayStorylineTests {
  static let t0 = GNSSTime(secondsSince1970: 1_714_975_200)
  static let home = Coordinate(latitude: 48.2082, longitude: 16.3738)
  static let office = Coordinate(latitude: 48.2190, longitude: 16.4029)

  static func point(_ c: Coordinate, _ seconds: Double) -> TrackPoint {
    TrackPoint(time: t0 + Seconds(seconds), coordinate: c, speed: MetersPerSecond(0))
  }

  static func move(from a: Coordinate, to b: Coordinate, _ start: Double, _ end: Double)
    -> TimelineSegment
  {
    .move(
      Move(
        kind: .ride, start: t0 + Seconds(start), end: t0 + Seconds(end), distance: Meters(3000),
        track: [point(a, start), point(b, end)]))
  }

  @Test func sessionsBecomePlacesAndMovesWithHomeOnePlace() throws {
    // A walk from home with a four-minute stop at the office, then a ride home.
    let near = Coordinate(latitude: 48.2083, longitude: 16.3739)  // 13 m from home
    let walk = StorylineSession(
      id: 1, name: nil,
      segments: [
        Self.move(from: Self.home, to: Self.office, 0, 600),
        .stop(
          Stop(
            arrival: Self.t0 + Seconds(600), departure: Self.t0 + Seconds(840),
            coordinate: Self.office)),
        Self.move(from: Self.office, to: near, 840, 1500),
      ])
    let ride = StorylineSession(
      id: 2, name: nil, segments: [Self.move(from: near, to: Self.office, 3000, 3600)])
    let storyline = DayStoryline(
      sessions: [ride, walk], knownPlaces: [KnownPlace(id: 7, coordinate: Self.home, name: "home")])
    let kinds = storyline.entries.map { entry -> String in
      switch entry {
      case .place(let visit): "place \(visit.place.title)"
      case .move(let move): "move \(move.session)"
      }
    }
    #expect(
      kinds == [
        "place home", "move 1", "place Place 8", "move 1", "place home", "move 2",
        "place Place 8",
      ])
    guard case .place(let between) = storyline.entries[4] else {
      Issue.record("entry 4 is not a place: \(storyline.entries[4])")
      return
    }
    #expect(between.start == Self.t0 + Seconds(1500) && between.end == Self.t0 + Seconds(3000))
    guard case .place(let first) = storyline.entries[0] else {
      Issue.record("entry 0 is not a place: \(storyline.entries[0])")
      return
    }
    #expect(first.start == nil && first.end == Self.t0)
    #expect(storyline.places.map(\.id) == [7, 8], "the office is a new place, numbered on")
  }

  @Test func sessionsFarApartLeaveAnUnrecordedMoveBetweenTwoPlaces() {
    let first = StorylineSession(
      id: 1, name: nil, segments: [Self.move(from: Self.home, to: Self.office, 0, 600)])
    let second = StorylineSession(
      id: 2, name: nil, segments: [Self.move(from: Self.home, to: Self.office, 3000, 3600)])
    let storyline = DayStoryline(sessions: [first, second], knownPlaces: [])
    let places = storyline.entries.compactMap { entry -> DayStoryline.Visit? in
      if case .place(let visit) = entry { return visit }
      return nil
    }
    // Arrived at the office, next seen leaving home: both ends are places, neither time made up.
    #expect(places.map(\.place.id) == [1, 2, 1, 2])
    #expect(places[1].end == nil && places[2].start == nil)
  }

  @Test func noSessionsNoStoryline() {
    let storyline = DayStoryline(sessions: [], knownPlaces: [])
    #expect(storyline.entries.isEmpty && storyline.places.isEmpty)
  }
}
