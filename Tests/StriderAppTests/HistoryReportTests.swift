import Foundation
import StriderApp
import StriderCore
import StriderStore
import StriderTestSupport
import Testing

/// `stats` and `records` made in process from a store of their own: the totals of what
/// was imported, in each output, and its records.
@Suite struct HistoryReportTests {
  static func store(importing names: [String]) throws -> (SessionStore, String) {
    let directory = NSTemporaryDirectory() + "strider-history-\(UUID().uuidString)"
    let store = try SessionStore(location: StoreLocation(directory: directory))
    for name in names {
      let path = SharedData.packageRoot.appendingPathComponent("Demo/\(name)").path
      _ = try FileImport.run(
        path, store: store, activity: nil,
        settings: UserSettings(), warn: { _ in })
    }
    return (store, directory)
  }

  @Test func theTotalsAreThoseOfTheSessionsKept() throws {
    let (store, directory) = try Self.store(importing: ["park-run.gpx", "park-walk.gpx"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let listings = try store.sessions(includingSimulated: true)
    #expect(listings.count == 2)
    let distance = listings.compactMap(\.distance).reduce(0) { $0 + $1.value }
    let start = try #require(listings.compactMap(\.startTime).max())
    let now = Date(timeIntervalSince1970: start.secondsSince1970 + 86_400)
    let report = try StatsReport(
      store, period: .year, activities: [], from: nil, until: nil, now: now,
      includingSimulated: true, heartRate: nil, units: .metric)
    let summed = report.periods.reduce(0) { $0 + $1.distance.value }
    #expect(abs(summed - distance) < 0.01, "\(summed) m in the periods, \(distance) m kept")
    #expect(report.periods.reduce(0) { $0 + $1.count } == 2)
    #expect(report.text.contains("sessions") && report.text.contains("heart-rate zones"))
    #expect(report.csv.hasPrefix("row,start,activity,sessions,distance_m"))
    guard case .object(let members) = report.json else {
      Issue.record("the JSON is an object")
      return
    }
    #expect(members.map(\.key).prefix(3) == ["period", "as_of", "heart_rate_zones"])

    let book = try store.recordBook(activities: [], includingSimulated: true)
    let text = RecordsText.text(book.records, units: .metric)
    #expect(!book.records.isEmpty)
    #expect(text.contains("longest") || text.contains("1 km"), "\(text)")
    let none: [PersonalRecord] = []
    #expect(RecordsText.text(none, units: .metric).hasPrefix("no records yet"))
  }

  @Test func theDaysStorylineHoldsTheMovesOfItsSessions() throws {
    let (store, directory) = try Self.store(importing: ["park-walk.gpx"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let session = try #require(try store.sessions(includingSimulated: true).first)
    let start = try #require(session.startTime)
    let midnight = GNSSTime(
      secondsSince1970: Calendar.current.startOfDay(
        for: Date(timeIntervalSince1970: start.secondsSince1970)
      ).timeIntervalSince1970)
    let storyline = try DayText.storyline(store, from: midnight, knownPlaces: [])
    let moves = storyline.entries.filter {
      if case .move = $0 { true } else { false }
    }
    #expect(!moves.isEmpty)
    let text = DayText.text(storyline, date: "2026-05-01")
    #expect(text.hasPrefix("2026-05-01\n"))
    #expect(text.contains("(session \(session.id))"))
    guard case .object(let members) = DayText.json(storyline, date: "2026-05-01") else {
      Issue.record("the JSON is an object")
      return
    }
    #expect(members.map(\.key) == ["date", "segments"])
    // The day before holds none of it.
    let before = try DayText.storyline(store, from: midnight - Seconds(86_400), knownPlaces: [])
    #expect(DayText.text(before, date: "x") == "x: no sessions\n")
  }

  @Test func theHistoryScreenLoadsItsListAndASessionsDetail() throws {
    let (store, directory) = try Self.store(importing: ["park-run.gpx", "park-walk.gpx"])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let data = try HistoryLoader.data(store, units: .metric, includingSimulated: true)
    #expect(data.entries.count == 2)
    #expect(!data.dailyDistance.isEmpty && !data.records.isEmpty)
    let loader = try HistoryLoader(store: store, units: .metric, settings: UserSettings())
    let id = try #require(data.entries.first?.id)
    guard case .success(let detail) = loader.detail(id, data: data) else {
      Issue.record("session \(id)'s detail")
      return
    }
    #expect(detail.summary != nil && !detail.route.isEmpty && !detail.efforts.isEmpty)
    guard case .failure(let missing) = loader.detail(id + 99, data: data) else {
      Issue.record("no such session")
      return
    }
    #expect(missing == HistoryLoadError("No session \(id + 99)"))
  }
}
