import StriderCore
import StriderSimulator
import Testing

/// The simulated day: its story matches its truth, stays drift without moving, and the
/// receiver outage removes fixes but not time.
struct SimulatedDayTests {
  static let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))

  @Test func theDayIsHomeWalkDriveOfficeRideHome() {
    let story = Self.day.story
    #expect(story.places.map(\.name) == ["home", "home", "office", "home"])
    #expect(story.moves.map(\.mode) == [.walk, .drive, .ride])
    #expect(story.moves.map(\.mode.activity) == [.walk, .drive, .ride])
    for (k, move) in story.moves.enumerated() {
      #expect(story.places[k].end < move.start)
      #expect(move.end < story.places[k + 1].start)
      #expect(move.distance.value > 900, "move \(k) is a real journey")
    }
    // Stays after a move outlast the five minutes that end an automatic session.
    for stay in story.places.dropFirst() {
      #expect((stay.end - stay.start).value >= 7 * 60 - 1)
    }
  }

  @Test func truthStandsStillAtEveryStayAndMovesOnEveryMove() {
    let day = Self.day
    for stay in day.story.places {
      let samples = day.truth.filter { $0.time >= stay.start && $0.time <= stay.end }
      #expect(!samples.isEmpty)
      #expect(samples.allSatisfy { !$0.isMoving }, "\(stay.name) at \(stay.start)")
    }
    let speeds = day.story.moves.map { move in
      day.truth.filter { $0.time > move.start && $0.time < move.end }.map(\.speed.value).max() ?? 0
    }
    #expect(speeds[0] > 1 && speeds[0] < 2, "walking pace")
    #expect(speeds[1] > 8, "driving speed")
    #expect(speeds[2] > 4 && speeds[2] < 10, "riding speed")
    let moved = day.story.moves.reduce(0) { $0 + $1.distance.value }
    let travelled = day.truth.last?.distanceAlongRoute.value ?? 0
    #expect(abs(moved - travelled) < 1, "truth's distance is the moves' paths")
  }

  @Test func fixesDriftIndoorsWithoutTheTruthMoving() {
    let day = Self.day
    let office = day.story.places[2]
    let fixes = day.fixes.filter { fix in
      fix.time.map { $0 >= office.start && $0 <= office.end } ?? false
    }
    let centre = office.coordinate
    let offsets = fixes.compactMap(\.coordinate).map { Geodesy.distanceMeters($0, centre) }
    let furthest = offsets.max() ?? 0
    #expect(furthest > 8, "an indoor receiver wanders")
    #expect(furthest < 60, "but stays near the place")
    #expect(fixes.contains { ($0.speed?.value ?? 0) > 0.5 }, "and reports speed at rest")
  }

  @Test func theSameConfigurationGivesTheSameDayAndOtherSeedsAnother() {
    let again = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    #expect(again.fixes == Self.day.fixes)
    let other = SimulatedDay(configuration: SimulatedDayConfiguration(seed: 2, compressed: true))
    #expect(other.fixes != Self.day.fixes)
    #expect(other.story.places.first?.start == Self.day.story.places.first?.start)
  }

  @Test func anOutageRemovesFixesButNotTime() throws {
    let outage = SimulatedDayConfiguration.Outage(start: Seconds(2400), duration: Seconds(600))
    let day = SimulatedDay(
      configuration: SimulatedDayConfiguration(compressed: true, outage: outage))
    let range = try #require(day.outage)
    #expect(!day.fixes.contains { $0.time.map(range.contains) ?? false })
    #expect(day.truth.count == Self.day.truth.count, "the person goes on")
    #expect(day.fixes.count == Self.day.fixes.count - 601)
    #expect(day.fixes.enumerated().allSatisfy { $0.offset == $0.element.origin.index })
  }

  @Test func theStoryReadsAsJSON() {
    let text = Self.day.story.json.serialized
    #expect(text.hasPrefix(#"{"places":[{"name":"home","lat":48.2082"#))
    #expect(text.contains(#""mode":"drive","activity":"drive","from":"home","to":"office""#))
  }
}
