import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Synchronization
import Testing

@testable import StriderStore

/// The time at each heart rate kept per session: made when a session is saved or imported,
/// made once for the sessions of an older database by migration v6, and summed into zones
/// by the totals.
@Suite struct HeartRateFiguresTests {
  /// A simulated run whose fixes carry a heart rate climbing from 110 to about 180 bpm,
  /// with every 50th fix without one (a sensor that drops a beat).
  static func fixesWithHeartRate(seed: UInt64, startTime: GNSSTime? = nil) -> [Fix] {
    let configuration = SimulationConfiguration(
      activity: .run, seed: seed,
      startTime: startTime ?? SimulationConfiguration.defaultStartTime,
      routeLength: Meters(3000))
    var fixes = Simulator.run(configuration).fixes
    for i in fixes.indices where i % 50 != 49 {
      fixes[i].heartRate = BeatsPerMinute(110 + Double(i % 700) / 10)
    }
    return fixes
  }

  static func rows(_ path: String) throws -> [Int64: [Int: Double]] {
    try DatabaseQueue(path: path).read { db in
      var out: [Int64: [Int: Double]] = [:]
      for row in try HeartRateTimeRow.fetchAll(db) {
        out[row.sessionId, default: [:]][row.bpm] = row.seconds
      }
      return out
    }
  }

  @Test func savedImportedAndBackfilledTimesAgree() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let configuration = SessionConfiguration(activity: .run)
    let fixes = Self.fixesWithHeartRate(seed: 11)
    let record = SessionRecorder.record(fixes: fixes, configuration: configuration)
    let summary = try #require(record.summary)
    let saved = try store.save(record, configuration: configuration, source: nil)
    guard
      case .imported(let imported) = try store.importSession(
        fixes: Self.fixesWithHeartRate(seed: 12), name: "twelve.gpx",
        configuration: configuration, source: nil),
      let importedId = imported.id
    else {
      Issue.record("a new import")
      return
    }
    let plain = try store.save(
      SessionRecorder.record(
        fixes: Simulator.run(SimulationConfiguration(activity: .run, seed: 13)).fixes,
        configuration: configuration), configuration: configuration, source: nil)
    let expected = HeartRateTime.of(fixes, excluding: summary.pauses)
    #expect(!expected.isEmpty)
    #expect(try store.heartRateTime(of: saved) == expected)
    #expect(try store.heartRateTime(of: plain)?.isEmpty == true, "no sensor, no rows")
    let importedTime = try #require(try store.heartRateTime(of: importedId))
    #expect(importedTime.total.value > 60)
    // Each rate's row holds the session's time at all lower rates, as the totals read it.
    let kept = try DatabaseQueue(path: temp.location.path).read { db in
      try HeartRateTimeRow.filter(HeartRateTimeRow.Columns.sessionId == saved)
        .order(HeartRateTimeRow.Columns.bpm).fetchAll(db)
    }
    var running = 0.0
    for row in kept {
      #expect(abs(row.below - running) < 1e-9, "\(row.bpm) bpm")
      running += row.seconds
    }
    #expect(abs(running - expected.total.value) < 1e-9)
    let before = try Self.rows(temp.location.path)
    #expect(Set(before.keys) == [saved, importedId])

    // A database of v5: the table and its migration taken away; opening it again runs
    // v6, whose backfill makes the same rows from the stored fixes and pauses.
    let queue = try DatabaseQueue(path: temp.location.path)
    try queue.write { db in
      try db.execute(sql: "DROP TABLE heartRateTime")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v6: heart-rate time'")
    }
    let others = try queue.read { db in
      try HistoryFiguresTests.dump(db, tables: try HistoryFiguresTests.tables(db))
    }
    try queue.close()
    let reports = Mutex<[BackfillProgress]>([])
    let again = try SessionStore(
      location: temp.location, backfillProgress: { p in reports.withLock { $0.append(p) } })
    let after = try Self.rows(temp.location.path)
    #expect(Set(after.keys) == Set(before.keys))
    for (id, rates) in before {
      let back = try #require(after[id])
      #expect(back.keys.sorted() == rates.keys.sorted(), "session \(id)")
      for (bpm, seconds) in rates {
        #expect(abs((back[bpm] ?? 0) - seconds) < 1e-9, "session \(id), \(bpm) bpm")
      }
    }
    #expect(reports.withLock { $0 }.last == BackfillProgress(done: 3, total: 3))
    let othersAfter = try DatabaseQueue(path: temp.location.path).read { db in
      try HistoryFiguresTests.dump(db, tables: Array(others.keys))
    }
    #expect(othersAfter == others, "nothing else altered")
    try again.delete(saved)
    #expect(try Self.rows(temp.location.path)[saved] == nil, "deleting takes them away")
  }

  /// The totals' time in zone is the sessions' time at each rate, put in zones by the same
  /// rule as `HeartRateZones.zone(of:)`; the highest rate is found from a given day on.
  @Test func totalsSumTheTimeInEachZone() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let configuration = SessionConfiguration(activity: .run)
    let june = GNSSTime(secondsSince1970: 1_718_452_800)  // 2024-06-15 12:00 UTC
    var expected = HeartRateTime()
    var times: [HeartRateTime] = []
    for (day, seed) in [(0.0, 21), (1, 22)] {
      let fixes = Self.fixesWithHeartRate(
        seed: UInt64(seed), startTime: june + Seconds(day * 86_400))
      let id = try store.save(
        SessionRecorder.record(fixes: fixes, configuration: configuration),
        configuration: configuration, source: nil)
      times.append(try #require(try store.heartRateTime(of: id)))
    }
    var sum: [Int: Double] = [:]
    for time in times { sum.merge(time.seconds, uniquingKeysWith: +) }
    expected = HeartRateTime(seconds: sum)
    let zones = try #require(HeartRateZones(maximum: BeatsPerMinute(190)))
    let months = try store.periodTotals(.month, zones: zones)
    let zoneTime = try #require(months.first?.zoneTime)
    let want = zones.time(in: expected)
    for k in 0..<HeartRateZones.count {
      #expect(abs(zoneTime.zones[k].value - want.zones[k].value) < 1e-6, "zone \(k + 1)")
    }
    #expect(abs(zoneTime.below.value - want.below.value) < 1e-6)
    #expect(zoneTime.zones[4].value > 0 && zoneTime.zones[1].value > 0)
    #expect(try store.periodTotals(.month).first?.zoneTime == nil, "no zones asked for")
    let whole = try store.totals(from: june, until: june + Seconds(86_400), zones: zones)
    #expect(abs((whole.first?.zoneTime?.total.value ?? 0) - times[0].total.value) < 1e-6)
    #expect(try store.highestHeartRate(from: june) == expected.highest)
    #expect(try store.highestHeartRate(from: june + Seconds(3 * 86_400)) == nil)
  }
}
