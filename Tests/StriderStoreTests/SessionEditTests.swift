import Foundation
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// `sessions edit`: a name, the activity the user knows it was (measured again), and the
/// records it counts in.
@Suite struct SessionEditTests {
  @Test func aNameIsGivenAndTakenAway() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (id, _) = try HistoryOverviewTests.save(store, .run, days: 0, seed: 11)
    #expect(try store.edit(id, name: "Canal loop", activity: nil).name == "Canal loop")
    #expect(try store.listing(id).name == "Canal loop")
    #expect(try store.edit(id, name: "", activity: nil).name == nil, "an empty name is none")
    #expect(try store.edit(id, name: nil, activity: nil).activity == .run, "nothing else moved")
  }

  /// A ride said to be a walk: measured again with the walk's gate, auto-pause and
  /// smoother, the summary, the listing and the records all say walk, as a session
  /// recorded as one would.
  @Test func aNewActivityMeasuresTheSessionAgain() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (id, before) = try HistoryOverviewTests.save(store, .ride, days: 0, seed: 12)
    #expect(try store.personalRecords(activities: [.ride]).contains { $0.sessionId == id })
    let listing = try store.edit(id, name: nil, activity: .walk)
    #expect(listing.activity == .walk)
    let record = try store.record(id)
    let summary = try #require(record.summary)
    #expect(summary.activity == .walk && before.activity == .ride)
    let expected = SessionRecorder.record(
      fixes: record.fixes.map(\.fix), configuration: SessionConfiguration(activity: .walk))
    #expect(summary.distance == expected.summary?.distance)
    #expect(summary.calories == expected.summary?.calories)
    #expect(listing.distance == summary.distance)
    #expect(try store.storedSummary(of: id) == summary)
    #expect(try !store.personalRecords(activities: [.ride]).contains { $0.sessionId == id })
    // Read as a walk, its kilometres at a rider's speed are beyond any walker's: the
    // records of walks leave it out whole and say so, where its rides' held it.
    #expect(try !store.personalRecords(activities: [.walk]).contains { $0.sessionId == id })
    let left = try store.recordBook(activities: [.walk]).leftOut
    #expect(left.map(\.sessionId) == [id])
    // What it more likely was is one whose people could have made all its kilometres.
    let likely = try #require(left.first?.likelyActivity)
    #expect(likely != .walk && likely != .drive, "\(likely)")
    #expect(left.first?.sustained.allSatisfy { HumanLimits.allows($0, activity: likely) } == true)
    #expect(try store.recordBook(activities: [.ride]).leftOut.isEmpty)
  }

  @Test func aSessionLeftOutOfTheRecordsIsCountedAgainWhenAsked() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (id, _) = try HistoryOverviewTests.save(store, .run, days: 0, seed: 13)
    try store.leaveOutOfRecords(id)
    #expect(try store.isLeftOutOfRecords(id))
    #expect(try !store.personalRecords(activities: [.run]).contains { $0.sessionId == id })
    try store.includeInRecords(id)
    #expect(try !store.isLeftOutOfRecords(id))
    #expect(try store.personalRecords(activities: [.run]).contains { $0.sessionId == id })
    // A new activity leaves the choice as it was.
    try store.leaveOutOfRecords(id)
    try store.edit(id, name: nil, activity: .walk)
    #expect(try store.isLeftOutOfRecords(id))
  }

  @Test func noSuchSessionIsSaidSo() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    #expect(throws: StoreError.noSuchSession(42)) {
      try store.edit(42, name: "x", activity: nil)
    }
  }

  /// The person's settings stay with the session; the activity's own come with it.
  @Test func anotherActivityKeepsThePersonsSettings() {
    var configuration = SessionConfiguration(
      activity: .ride, weight: Kilograms(82), units: .imperial, elevation: .on)
    configuration.autoPause.enabled = false
    let walk = configuration.measured(as: .walk)
    #expect(walk.activity == .walk && walk.weight == Kilograms(82) && walk.units == .imperial)
    #expect(walk.elevation == .on && !walk.autoPause.enabled)
    #expect(walk.gate == GateConfiguration.defaults(for: .walk))
    #expect(walk.autoPause.radius == AutoPauseConfiguration.defaults(for: .walk).radius)
    let raw = SessionConfiguration.raw(activity: .run).measured(as: .hike)
    #expect(raw.isRaw && raw.activity == .hike)
    #expect(configuration.measured(as: .ride) == configuration)
  }
}
