import Foundation
import GRDB
import StriderCore
import StriderSimulator
import Synchronization
import Testing

@testable import StriderStore

/// The history's figures (best efforts, elevation gain) kept per session: made when a
/// session is saved or imported, made once for the sessions of an older database by
/// migration v5, and read back as records and totals.
@Suite struct HistoryFiguresTests {
  /// Every row of every table but the migrations' own, as text, in key order; with
  /// `columns`, only those of each table named there (the columns a table had before a
  /// later migration added some).
  static func dump(
    _ db: Database, tables: [String], columns: [String: [String]] = [:]
  ) throws -> [String: [String]] {
    var out: [String: [String]] = [:]
    for table in tables {
      let selection =
        columns[table].map { $0.map(\.quotedDatabaseIdentifier).joined(separator: ", ") } ?? "*"
      let rows = try Row.fetchAll(
        db, sql: "SELECT \(selection) FROM \(table.quotedDatabaseIdentifier)")
      out[table] = rows.map { $0.description }.sorted()
    }
    return out
  }

  static func columns(_ db: Database, tables: [String]) throws -> [String: [String]] {
    var out: [String: [String]] = [:]
    for table in tables { out[table] = try db.columns(in: table).map(\.name) }
    return out
  }

  static func tables(_ db: Database) throws -> [String] {
    try String.fetchAll(
      db,
      sql: """
        SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'grdb_migrations'
        ORDER BY name
        """)
  }

  /// The v3 fixture, brought to v4 by the migrations alone, then opened by the store: the
  /// backfill adds the figures of its three finished sessions (and none for the
  /// interrupted one), and no row of any other table changes.
  @Test func theFixtureMigratesWithItsBackfillAndNothingElseAltered() throws {
    let temp = try Fixtures.copiedStore()
    let before: [String: [String]]
    let oldTables: [String]
    let oldColumns: [String: [String]]
    do {
      let queue = try DatabaseQueue(path: temp.location.path)
      try Schema.migrator.migrate(queue, upTo: "v4: check constraints")
      (oldTables, oldColumns, before) = try queue.read { db in
        let tables = try Self.tables(db)
        return (tables, try Self.columns(db, tables: tables), try Self.dump(db, tables: tables))
      }
      try queue.close()
    }
    let reports = Mutex<[BackfillProgress]>([])
    let store = try SessionStore(
      location: temp.location, backfillProgress: { p in reports.withLock { $0.append(p) } })
    let queue = try DatabaseQueue(path: temp.location.path)
    let (after, newTables, figures, efforts) = try queue.read { db in
      (
        try Self.dump(db, tables: oldTables, columns: oldColumns), try Self.tables(db),
        try SessionFiguresRow.order(SessionFiguresRow.Columns.sessionId).fetchAll(db),
        try BestEffortRow.fetchAll(db)
      )
    }
    #expect(after == before, "no row of the older tables changed (in their older columns)")
    #expect(
      Set(newTables).subtracting(oldTables)
        == ["bestEffort", "heartRateTime", "sessionFigures", "lap", "deviceTotals", "sessionPart"])
    let added = try queue.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM fix WHERE power IS NOT NULL OR temperature IS NOT NULL")
    }
    #expect(added == 0, "the fixes' new power and temperature are empty")
    #expect(figures.map(\.sessionId) == [1, 3, 4], "the finished sessions, not the interrupted")
    #expect(figures.allSatisfy { $0.version == SessionFigures.currentVersion })
    #expect(reports.withLock { $0 }.last == BackfillProgress(done: 3, total: 3))
    // Session 3, a 2.72 km ride of 8:34: its efforts are those of its stored track.
    let track = try store.record(3).finishedTrack
    let expected = BestEfforts.of(track, activity: .ride)
    let stored = efforts.filter { $0.sessionId == 3 }.map(\.effort)
      .sorted { $0.target < $1.target }
    #expect(stored.map(\.target) == expected.map(\.target))
    #expect(
      stored.map(\.target.key) == ["400m", "1km", "1mi", "5min"], "a 2.7 km ride of 8:34")
    for (a, b) in zip(stored, expected) {
      #expect(abs(a.elapsed.value - b.elapsed.value) < 1e-6)
      #expect(abs(a.distance.value - b.distance.value) < 1e-6)
    }
    #expect(efforts.allSatisfy { $0.sessionId == 3 }, "sessions 1 and 4 reach no target")
    // Finishing the interrupted session gives it its figures too (a 0.1 km walk: none
    // of the targets, but its distance and times count in the totals).
    try store.finish(2)
    #expect(try store.personalRecords(activities: [.walk]).contains { $0.sessionId == 2 })
    // Opening again finds nothing left to do.
    reports.withLock { $0 = [] }
    _ = try SessionStore(
      location: temp.location, backfillProgress: { p in reports.withLock { $0.append(p) } })
    #expect(reports.withLock { $0 }.isEmpty)
  }

  /// Saved, imported and deleted sessions keep their figures in step.
  @Test func savingAndImportingKeepTheFiguresAndDeletingTakesThemAway() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 6))
    let configuration = SessionConfiguration(activity: .run)
    let record = SessionRecorder.record(fixes: session.fixes, configuration: configuration)
    let saved = try store.save(record, configuration: configuration, source: nil)
    guard
      case .imported(let imported) = try store.importSession(
        fixes: Simulator.run(SimulationConfiguration(activity: .run, seed: 7)).fixes,
        name: "seven.gpx", configuration: configuration, source: nil)
    else {
      Issue.record("a new import")
      return
    }
    let expected = BestEfforts.of(record.finishedTrack, activity: .run)
    let records = try store.personalRecords()
    let importedTrack = try store.record(imported.id!).finishedTrack
    #expect(!expected.isEmpty)
    // Both sessions' efforts are kept: each target's record is one of theirs.
    for effort in expected {
      let record = try #require(records.first { $0.kind == .effort(effort.target) })
      let theirs = BestEfforts.of(importedTrack, targets: [effort.target]).first
      let best = [effort.value, theirs?.value ?? .infinity].min() ?? 0
      #expect(abs(record.value - best) < 1e-6, "\(effort.target.key)")
    }
    try store.delete(saved)
    try store.delete(imported.id!)
    #expect(try store.personalRecords().isEmpty)
    let left = try DatabaseQueue(path: temp.location.path).read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM bestEffort") ?? -1
    }
    #expect(left == 0)
  }

  /// A faster run sets records against a slower one, and says which it beat.
  @Test func aFasterRunSetsNewRecords() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    func run(speed: Double, seed: UInt64, hour: Double) throws -> Int64 {
      var motion = MotionProfile.standard(for: .run)
      motion.cruiseSpeed = MetersPerSecond(speed)...MetersPerSecond(speed)
      let session = Simulator.run(
        SimulationConfiguration(
          activity: .run, seed: seed,
          startTime: SimulationConfiguration.defaultStartTime + Seconds(hour * 3600),
          motion: motion, routeLength: Meters(3000)))
      let configuration = SessionConfiguration(activity: .run)
      return try store.save(
        SessionRecorder.record(fixes: session.fixes, configuration: configuration),
        configuration: configuration, source: nil)
    }
    let slow = try run(speed: 2.8, seed: 1, hour: 0)
    #expect(try store.newRecords(of: slow).isEmpty, "nothing to beat yet")
    let fast = try run(speed: 3.6, seed: 2, hour: 24)
    let new = try store.newRecords(of: fast)
    let kilometre = try #require(new.first { $0.record.kind == .effort(.distance(1000)) })
    #expect(kilometre.previous.sessionId == slow)
    #expect(kilometre.record.value < kilometre.previous.value)
    // The slow run still holds the longest moving time (it took longer), no effort.
    let slowHolds = try store.newRecords(of: slow).map(\.record.kind)
    #expect(!slowHolds.contains(.effort(.distance(1000))), "\(slowHolds)")
    #expect(slowHolds.contains(.longestMoving))
    let records = try store.personalRecords(activities: [.run])
    #expect(records.first { $0.kind == .effort(.distance(1000)) }?.sessionId == fast)
    #expect(try store.personalRecords(activities: [.ride]).isEmpty)
  }

  /// A drive saved without the flag `run --auto` sets (imported with `--activity drive`)
  /// holds no record, not even the longest distance, and is totalled as a drive.
  @Test func aDriveHoldsNoRecordAndIsTotalledApart() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    let session = Simulator.run(SimulationConfiguration(activity: .drive, seed: 3))
    let configuration = SessionConfiguration(activity: .drive)
    let id = try store.save(
      SessionRecorder.record(fixes: session.fixes, configuration: configuration),
      configuration: configuration, source: nil)
    #expect(try store.listing(id).activity == .drive)
    #expect(try !store.isLeftOutOfRecords(id), "not flagged: the activity says it")
    #expect(try store.personalRecords().isEmpty)
    #expect(try store.personalRecords(activities: [.drive]).isEmpty)
    #expect(try store.newRecords(of: id).isEmpty)
  }

  /// A car's drive kept as a ride (issue 52: "ride" records of 74.6 km/h over 400 m): its
  /// efforts are kept with the session but none is a record, since no rider has gone that
  /// fast (`HumanLimits`), and the session, misread as a whole, holds no figure record
  /// either (the longest ride is no car's): it is listed as left out.
  @Test func anEffortNoPersonCouldMakeIsNoRecord() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    var motion = MotionProfile.standard(for: .ride)
    motion.cruiseSpeed = MetersPerSecond(25)...MetersPerSecond(25)
    let session = Simulator.run(
      SimulationConfiguration(
        activity: .ride, seed: 4, faults: .none, motion: motion, routeLength: Meters(30_000)))
    let configuration = SessionConfiguration(activity: .ride)
    let id = try store.save(
      SessionRecorder.record(fixes: session.fixes, configuration: configuration),
      configuration: configuration, source: nil)
    let efforts = try store.bestEfforts(of: id)
    #expect(efforts.contains { $0.target == .distance(1000) && $0.elapsed.value < 55 })
    let records = try store.personalRecords(activities: [.ride])
    for record in records {
      if let effort = record.effort {
        #expect(HumanLimits.allows(effort, activity: .ride), "\(record.kind) \(record.value)")
      }
    }
    #expect(!records.contains { $0.kind == .effort(.distance(1000)) })
    #expect(!records.contains { $0.sessionId == id })
    let left = try store.recordBook(activities: [.ride]).leftOut
    #expect(left.map(\.sessionId) == [id])
    #expect(left.first.map { $0.effort.target.isSustained } == true)
    #expect(left.first?.likelyActivity == .drive, "90 km/h is no rider's")
    #expect(try store.recordBook(activities: [.run]).leftOut.isEmpty)
  }

  /// Totals are sums of the kept figures, grouped by period and activity.
  @Test func totalsAddUpTheSessionsOfEachPeriod() throws {
    let temp = TemporaryStore()
    let store = try temp.open()
    var saved: [(Activity, SessionSummary)] = []
    // Mid-June and mid-July of 2024, far from any period's edge in any time zone.
    let june = GNSSTime(secondsSince1970: 1_718_452_800)  // 2024-06-15 12:00 UTC
    for (activity, day, seed) in [
      (Activity.run, 0.0, 1), (.run, 1, 2), (.ride, 2, 3), (.run, 30, 4),
    ] {
      let session = Simulator.run(
        SimulationConfiguration(
          activity: activity, seed: UInt64(seed), startTime: june + Seconds(day * 86_400),
          routeLength: Meters(2000)))
      let configuration = SessionConfiguration(activity: activity)
      let record = SessionRecorder.record(fixes: session.fixes, configuration: configuration)
      try store.save(record, configuration: configuration, source: nil)
      saved.append((activity, try #require(record.summary)))
    }
    let months = try store.periodTotals(.month)
    #expect(months.map(\.start) == ["2024-07-01", "2024-06-01", "2024-06-01"], "newest first")
    #expect(months.map(\.activity) == [.run, .ride, .run])
    let juneRuns = try #require(months.last)
    #expect(juneRuns.count == 2)
    let expected = saved.prefix(2).reduce(0) { $0 + $1.1.distance.value }
    #expect(abs(juneRuns.distance.value - expected) < 1e-6)
    let years = try store.periodTotals(.year, activities: [.run])
    #expect(years.count == 1 && years.first?.count == 3 && years.first?.start == "2024-01-01")
    let firstTwoDays = try store.totals(from: june, until: june + Seconds(2 * 86_400))
    #expect(firstTwoDays.map(\.activity) == [.run] && firstTwoDays.first?.count == 2)
    #expect(try store.periodTotals(.week, from: june + Seconds(40 * 86_400)).isEmpty)
  }
}
