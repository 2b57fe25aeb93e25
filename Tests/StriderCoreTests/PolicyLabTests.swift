import StriderCore
import StriderSimulator
import Testing

/// Sampling policies replayed over a simulated day: what each costs and misses.
struct PolicyLabTests {
  static let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
  static let result = PolicyLab.run(fixes: day.fixes) { SessionConfiguration(activity: $0) }

  @Test func theReferenceIsTheDaysMovesAndPlaces() {
    let result = Self.result
    #expect(result.moves.count == Self.day.story.moves.count)
    #expect(result.places.count == Self.day.story.places.count)
    for (found, truth) in zip(result.places, Self.day.story.places) {
      let at = found.coordinate ?? Coordinate(latitude: 0, longitude: 0)
      #expect(Geodesy.distanceMeters(at, truth.coordinate) < 50, "\(truth.name)")
    }
  }

  @Test func continuousIsTheReferenceAndCostsTheMost() throws {
    let reports = Self.result.reports
    #expect(reports.map(\.policy).count == 5)
    let continuous = try #require(reports.first)
    #expect(continuous.receiverShare > 0.999 && continuous.distanceError == 0)
    #expect(continuous.movesMissed == 0 && continuous.placesMissed == 0)
    #expect(continuous.largestGap.value <= 1)
    let truth = Self.day.story.moves.reduce(0) { $0 + $1.distance.value }
    #expect(abs(continuous.distance.value - truth) / truth < 0.03)
    for report in reports.dropFirst() {
      #expect(report.receiverOn < continuous.receiverOn, "\(report.policy)")
      #expect(report.positions < continuous.positions, "\(report.policy)")
      #expect(report.largestGap.value > 1, "\(report.policy)")
    }
    let significant = try #require(reports.first { $0.policy.hasPrefix("significant") })
    #expect(significant.receiverOn == .zero, "never the precise receiver")
    let speed = try #require(reports.first { $0.policy.hasPrefix("speed") })
    #expect(speed.movesMissed == 0 && abs(speed.distanceError ?? 1) < 0.1)
  }

  /// The day's story as the lab's truth.
  static var truth: PolicyLab.Truth {
    PolicyLab.Truth(
      moves: day.story.moves.map {
        PolicyLab.Span(start: $0.start, end: $0.end, distance: $0.distance)
      },
      places: day.story.places.map {
        PolicyLab.Span(start: $0.start, end: $0.end, coordinate: $0.coordinate)
      })
  }

  /// Against the truth: its moves and places are the reference, the distance error is
  /// against its length, and the continuous receiver comes within a few percent of it.
  @Test func theTruthIsTheReferenceWhenGiven() throws {
    let result = PolicyLab.run(fixes: Self.day.fixes, truth: Self.truth) {
      SessionConfiguration(activity: $0)
    }
    #expect(result.isAgainstTruth && result.moves == Self.truth.moves)
    let length = Self.day.story.moves.reduce(0) { $0 + $1.distance.value }
    #expect(abs((result.truthDistance?.value ?? 0) - length) < 1e-6)
    let continuous = try #require(result.reports.first)
    let error = try #require(continuous.distanceError)
    #expect(abs(error) < 0.03 && error != 0, "against the truth, not itself: \(error)")
    #expect(continuous.movesMissed == 0 && continuous.movesInvented == 0)
    #expect(continuous.placesMissed == 0)
  }

  /// A truth that leaves a move out makes the receiver's move an invented one; a truth
  /// with a move where the person stood makes it missed.
  @Test func movesInventedAndMissedAgainstAChangedTruth() throws {
    var truth = Self.truth
    let walk = truth.moves.removeFirst()
    let office = Self.day.story.places[2]
    truth.moves.append(
      PolicyLab.Span(
        start: office.start + Seconds(60), end: office.start + Seconds(180),
        distance: Meters(500)))
    let result = PolicyLab.run(fixes: Self.day.fixes, truth: truth) {
      SessionConfiguration(activity: $0)
    }
    let continuous = try #require(result.reports.first)
    #expect(continuous.movesInvented == 1, "the walk, which the truth no longer has")
    #expect(continuous.movesMissed == 1, "the move at the office, where no one moved")
    #expect(!truth.moves.contains(walk))
  }

  @Test func theRegionPolicyWakesOnLeavingItsCircle() {
    var policy = RegionPolicy(onFor: Seconds(10), radius: Meters(100))
    let plane = LocalTangentPlane(origin: SimulatedRoute.defaultOrigin)
    let start = GNSSTime(secondsSince1970: 1_714_975_200)
    var decisions: [SamplingDecision] = []
    for i in 0..<60 {
      // Standing for 30 s, then walking east at 10 m/s.
      let east = i < 30 ? 0.0 : Double(i - 30) * 10
      let position = plane.unproject(PlanePoint(east: east, north: 0))
      let time = start + Seconds(Double(i))
      decisions.append(
        policy.decide(Fix(time: time, coordinate: position), time: time, position: position))
    }
    #expect(decisions[0..<10].allSatisfy { $0 == .precise })
    #expect(decisions[10..<40].allSatisfy { $0 == .off }, "asleep inside the circle")
    #expect(decisions[40] == .precise, "woken 100 m on")
  }

  @Test func aDayWithoutFixesGivesAnEmptyTable() {
    let result = PolicyLab.run(fixes: []) { SessionConfiguration(activity: $0) }
    #expect(result.reports.isEmpty && result.moves.isEmpty)
  }
}
