import Foundation
import StriderCore
import StriderSimulator
import Testing

@testable import StriderStore

/// What the history screen reads: the sessions newest first with their kept figures, a
/// session's summary without its fixes; and a multisport
/// session left out of the records.
@Suite struct HistoryOverviewTests {
  /// Saves a simulated session of `activity` started `days` after the simulator's start.
  static func save(_ store: SessionStore, _ activity: Activity, days: Double, seed: UInt64)
    throws -> (Int64, SessionSummary)
  {
    let session = Simulator.run(
      SimulationConfiguration(
        activity: activity, seed: seed,
        startTime: SimulationConfiguration.defaultStartTime + Seconds(days * 86_400),
        routeLength: Meters(2000)))
    let configuration = SessionConfiguration(activity: activity)
    let record = SessionRecorder.record(fixes: session.fixes, configuration: configuration)
    let id = try store.save(record, configuration: configuration, source: "sim-\(seed)")
    return (id, try #require(record.summary))
  }

  @Test func rowsDaysAndSummaryComeFromTheKeptFigures() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (first, firstSummary) = try Self.save(store, .run, days: 0, seed: 1)
    let (second, secondSummary) = try Self.save(store, .walk, days: 0.01, seed: 2)
    let (third, _) = try Self.save(store, .ride, days: 3, seed: 3)
    let rows = try store.historyRows()
    #expect(rows.map(\.id) == [third, second, first], "newest first")
    let row = try #require(rows.last)
    #expect(row.distance == firstSummary.distance && row.moving == firstSummary.moving)
    #expect(row.source == "sim-1" && row.activity == .run)
    #expect(row.localStart?.count == 16, "YYYY-MM-DD HH:MM: \(row.localStart ?? "nil")")
    #expect(rows.allSatisfy { $0.isFinished })
    #expect(rows[1].distance == secondSummary.distance)
    #expect(try store.storedSummary(of: first) == firstSummary)
    #expect(throws: StoreError.self) { try store.storedSummary(of: 999) }
  }

  @Test func aMultisportSessionHoldsNoRecord() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let (plain, _) = try Self.save(store, .ride, days: 0, seed: 4)
    let (multisport, _) = try Self.save(store, .ride, days: 1, seed: 5)
    let before = try store.personalRecords(activities: [.ride])
    #expect(before.contains { $0.sessionId == multisport }, "the longer ride holds some")
    #expect(try !store.isLeftOutOfRecords(multisport))
    try store.markMultisport(multisport)
    #expect(try store.isLeftOutOfRecords(multisport) && !store.isLeftOutOfRecords(plain))
    let after = try store.personalRecords(activities: [.ride])
    #expect(!after.isEmpty && after.allSatisfy { $0.sessionId == plain }, "\(after)")
    #expect(try store.newRecords(of: multisport).isEmpty)
    #expect(try store.historyRows().count == 2, "it is still in the history")
  }

  /// The records found in SQL (the best effort per activity and target) are those the
  /// whole candidate list gives, ties to the earlier session included.
  @Test func recordsInSQLAreTheBestOfEveryCandidate() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    _ = try Self.save(store, .run, days: 0, seed: 6)
    _ = try Self.save(store, .run, days: 1, seed: 7)
    _ = try Self.save(store, .run, days: 2, seed: 6)  // the first again: every effort ties
    _ = try Self.save(store, .ride, days: 3, seed: 8)
    let everyCandidate = try store.pool.read { db in
      SessionStore.best(
        of: try SessionStore.recordCandidates(db, activities: [], includingSimulated: true).records)
    }
    let records = try store.personalRecords()
    #expect(records == everyCandidate)
    #expect(records.contains { $0.sessionId == 1 } && !records.contains { $0.sessionId == 3 })
  }
}
