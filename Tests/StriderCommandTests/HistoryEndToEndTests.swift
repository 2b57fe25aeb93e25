import Foundation
import StriderTestSupport
import Testing

/// `records`, `stats` and the new-record lines, run in process with a history of its
/// own: simulated sessions written by `strider simulate`, dated by hand, imported.
@Suite(.offCooperativePool) struct HistoryEndToEndTests {
  /// A `STRIDER_HOME` in UTC (periods are local days), removed when the value goes.
  final class History {
    let directory: URL
    let environment: [String: String]

    init() throws {
      directory = try StriderBinary.temporaryDirectory()
      environment = StriderBinary.isolatedEnvironment([
        "STRIDER_HOME": directory.appendingPathComponent("home").path, "TZ": "UTC",
      ])
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
      -> StriderBinary.Result
    {
      InProcess.run(arguments, environment: environment)
    }

    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
      throws -> String
    {
      let result = try run(arguments)
      #expect(
        result.status == 0 && !result.crashed, "\(arguments): \(result.stderr)",
        sourceLocation: sourceLocation)
      return result.stdout
    }

    /// A simulated session moved to `day` (YYYY-MM-DD; the simulator starts on 2024-05-04
    /// at 07:30 UTC and no session of it crosses midnight).
    func session(_ activity: String, seed: Int, day: String) throws -> String {
      let path = directory.appendingPathComponent("\(activity)-\(seed)-\(day).gpx").path
      let result = try run([
        "simulate", "--activity", activity, "--seed", "\(seed)", "--faults", "none",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      let moved = result.stdout.replacingOccurrences(of: "2024-05-04T", with: day + "T")
      try moved.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Two runs in two weeks and a ride: the faster second run says which records it set on
  /// import, `records` names it, and `stats` adds the weeks up and compares the current
  /// one with the same point of the last.
  @Test func recordsAndTotalsOfAnImportedHistory() throws {
    let history = try History()
    let first = try history.session("run", seed: 1, day: "2024-05-04")  // a Saturday
    let second = try history.session("run", seed: 3, day: "2024-05-07")  // Tuesday after
    let ride = try history.session("ride", seed: 2, day: "2024-05-08")
    let imported = try history.succeed(["sessions", "import", first, second, ride])
    // Each file's line, then why its activity is what it is, then the records it set.
    let all = imported.split(separator: "\n").map(String.init)
    #expect(all.filter { $0.hasPrefix("  activity ") }.count == 3, "\(imported)")
    let lines = all.filter { !$0.hasPrefix("  activity ") }
    #expect(lines.count >= 4, "\(imported)")
    #expect(lines[0].contains("session 1, run") && !lines[1].hasPrefix("  "), "\(imported)")
    let newBest = lines.filter { $0.hasPrefix("  new best 1 km: ") }
    #expect(newBest.count == 1, "the second run's fastest kilometre: \(imported)")
    #expect(newBest.first?.contains("session 1 of 2024-05-04") == true)

    // A recorded session says so too (headless: on stderr, after the line naming it).
    let demo = try history.run([
      "demo", "--record", "--headless", "--speed", "max", "--seed", "5", "--faults", "none",
    ])
    #expect(demo.status == 0, "\(demo.stderr)")
    #expect(demo.stderr.contains("strider: session 4: new best 1 km: "), "\(demo.stderr)")
    #expect(try history.succeed(["sessions", "delete", "4", "--yes"]) == "session 4 deleted\n")

    // Records: the second run holds the kilometre; the ride its minutes.
    let records = try Self.object(try history.succeed(["records", "--format", "json"]))
    let list = try #require(records["records"] as? [[String: Any]])
    func record(_ activity: String, _ name: String) -> [String: Any]? {
      list.first { $0["activity"] as? String == activity && $0["record"] as? String == name }
    }
    let kilometre = try #require(record("run", "1km"))
    #expect(kilometre["session"] as? Int == 2)
    let seconds = try #require(kilometre["elapsed_s"] as? Double)
    #expect((240...480).contains(seconds), "an easy kilometre: \(seconds) s")
    #expect(record("ride", "5min")?["session"] as? Int == 3)
    #expect(record("run", "5min") == nil, "minutes are a ride's")
    #expect(record("run", "10km") == nil, "no run reached 10 km")
    let shown = try history.succeed(["sessions", "show", "2"])
    let efforts = try #require(shown.split(separator: "\n").first { $0.hasPrefix("best efforts") })
    #expect(efforts.contains("1 km ") && efforts.contains(" (record)"), "\(efforts)")
    let text = try history.succeed(["records", "--activity", "run"])
    #expect(text.hasPrefix("run "), "\(text)")
    #expect(!text.contains("ride"))
    #expect(text.contains("  1 km "))

    // Stats as of Wednesday 2024-05-08: this week the second run and the ride; last week
    // to the same point (Monday to Wednesday) nothing; last week whole the first run.
    let stats = try Self.object(
      try history.succeed(["stats", "--week", "--as-of", "2024-05-08", "--format", "json"]))
    let periods = try #require(stats["periods"] as? [[String: Any]])
    #expect(periods.map { $0["start"] as? String } == ["2024-05-06", "2024-05-06", "2024-04-29"])
    #expect(periods.map { $0["activity"] as? String } == ["ride", "run", "run"])
    #expect(periods.allSatisfy { $0["sessions"] as? Int == 1 })
    let lastWeekRun = try #require(periods.last?["distance_m"] as? Double)
    let longest = try #require(record("run", "longest_distance")?["distance_m"] as? Double)
    #expect(lastWeekRun <= longest + 0.01)
    let current = try #require(stats["current"] as? [String: Any])
    #expect((current["totals"] as? [[String: Any]])?.count == 2)
    #expect(current["from"] as? String == "2024-05-06T00:00:00Z")
    let sameTime = try #require(stats["previous_to_same_point"] as? [String: Any])
    #expect((sameTime["totals"] as? [[String: Any]])?.isEmpty == true)
    #expect(sameTime["until"] as? String == "2024-05-02T00:00:00Z")
    let previous = try #require(stats["previous"] as? [String: Any])
    #expect(
      (previous["totals"] as? [[String: Any]])?.first?["distance_m"] as? Double == lastWeekRun)

    // A month: one row per activity; the runs' distances add up.
    let csv = try history.succeed(["stats", "--month", "--as-of", "2024-05-31", "--format", "csv"])
    let rows = csv.split(separator: "\n").map(String.init)
    #expect(rows.first?.hasPrefix("row,start,activity,sessions,distance_m") == true)
    let runRow = try #require(rows.first { $0.hasPrefix("month,2024-05-01,run,2,") })
    let runDistance = try #require(Double(runRow.split(separator: ",")[4]))
    #expect(runDistance > lastWeekRun + 5000, "two runs of about 6 km: \(runDistance)")
    #expect(rows.contains { $0.hasPrefix("current_to_date,2024-05-01,run,2,") })

    // Only rides, since the Tuesday: the ride's week alone.
    let rides = try history.succeed([
      "stats", "--activity", "ride", "--since", "2024-05-07", "--as-of", "2024-05-08",
    ])
    #expect(rides.contains("2024-05-06  ride"), "\(rides)")
    #expect(!rides.contains(" run "), "\(rides)")
  }

  @Test(arguments: [
    (["stats", "--since", "2024-13-01"], "--since 2024-13-01 is not a day"),
    (["stats", "--as-of", "yesterday"], "--as-of yesterday is not a day or a time"),
    (["stats", "--week", "--month"], "had already been set with flag '--week'"),
    (["stats", "--format", "xml"], "'xml' is invalid for '--format <format>'"),
    (["records", "--activity", "skate"], "'skate' is invalid for '--activity <activity>'"),
  ])
  func badOptionsAreRefusedWithStatus64(_ arguments: [String], _ message: String) throws {
    let history = try History()
    let result = try history.run(arguments)
    #expect(result.status == 64 && !result.crashed, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func anEmptyHistorySaysSo() throws {
    let history = try History()
    #expect(try history.succeed(["records"]).hasPrefix("no records yet"))
    let stats = try history.succeed(["stats", "--year"])
    #expect(stats.contains("no finished sessions in these years"), "\(stats)")
  }

  /// The v3 fixture database: the first command migrates it and fills in its records.
  @Test func anOlderDatabaseGetsItsRecordsOnFirstUse() throws {
    let history = try History()
    let home = history.environment["STRIDER_HOME"] ?? ""
    try FileManager.default.createDirectory(
      atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let fixture = SharedData.packageRoot
      .appendingPathComponent("Tests/StriderStoreTests/Fixtures/strider-v3.sqlite")
    try FileManager.default.copyItem(atPath: fixture.path, toPath: home + "/strider.sqlite")
    let listed = try history.succeed(["sessions", "list"])
    let records = try Self.object(try history.succeed(["records", "--format", "json"]))
    let list = try #require(records["records"] as? [[String: Any]])
    // The 2.72 km ride of session 3 reaches 400 m, 1 km, a mile and 5 minutes; its 400 m in
    // 0:16 and 1 km in 0:47 (90 and 77 km/h: px-visnjan.gpx is a drive) are beyond any rider
    // (`HumanLimits`): the session is misread as a whole and holds no record, not even its
    // mile or its 5 minutes, and `records` says it left it out, and as what to keep it.
    let rideRecords = list.filter { $0["activity"] as? String == "ride" }
    #expect(rideRecords.isEmpty, "\(rideRecords)")
    let leftOut = try #require(records["left_out"] as? [[String: Any]])
    #expect(leftOut.compactMap { $0["session"] as? Int } == [3])
    #expect(leftOut.first?["effort"] as? String == "1km")
    #expect(
      try history.succeed(["records"]).contains(
        "if it was a drive, `strider sessions edit 3 --activity drive`"))
    #expect(list.allSatisfy { $0["session"] as? Int != 2 }, "the interrupted one has none")
    #expect(try history.succeed(["sessions", "list"]) == listed, "nothing else changed")
  }
}

/// The finish of a replay asked (`--records`) says the records it beat, as a cue and in the
/// summary's cues; unasked, a replay (never saved) says none.
@Suite(.offCooperativePool) struct FinishRecordCueEndToEndTests {
  @Test func aFasterReplayAskedSaysItsNewBests() throws {
    let history = try HistoryEndToEndTests.History()
    let slow = history.directory.appendingPathComponent("slow.gpx").path
    let fast = history.directory.appendingPathComponent("fast.gpx").path
    _ = try history.succeed(["simulate", "--seed", "3", "--faults", "none", "-o", slow])
    _ = try history.succeed([
      "simulate", "--seed", "8", "--length", "7000", "--faults", "none", "-o", fast,
    ])
    let nothingKept = try history.succeed([
      "replay", fast, "--headless", "--speed", "max", "--records",
    ])
    #expect(!nothingKept.contains("\"record\""), "no history: nothing to beat")
    _ = try history.succeed(["sessions", "import", slow])
    // A replay is not saved: it announces no records unless asked.
    let unasked = try history.succeed(["replay", fast, "--headless", "--speed", "max"])
    #expect(!unasked.contains("\"trigger\":\"record\""), "not asked: no records said")
    let replayed = try history.succeed([
      "replay", fast, "--headless", "--speed", "max", "--records",
    ])
    let cues = replayed.split(separator: "\n").filter { $0.contains("\"trigger\":\"record\"") }
    #expect(cues.contains { $0.contains("\"text\":\"New best 5 kilometres: ") }, "\(cues)")
    let summary = try #require(replayed.split(separator: "\n").last)
    #expect(summary.contains("\"event\":\"summary\"") && summary.contains("New best 5 kilometres"))
  }

  /// A multisport file imported before schema v7 stood in the records as one sport; its
  /// session carries no legs, so they cannot be counted leg by leg, but importing the file
  /// again marks it (once) and it leaves the records.
  @Test(
    .enabled(if: SharedData.isPresent, SharedData.absent),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "no sqlite3"))
  func aMultisportSessionKeptBeforeV7IsMarkedWhenItsFileIsImportedAgain() throws {
    let history = try HistoryEndToEndTests.History()
    let file = try #require(SharedData.file("fit/fp-sample_mulitple_header.fit"))
    _ = try history.succeed(["sessions", "import", file.path])
    // What v7 found in a session kept before it: no flag.
    let database = history.directory.appendingPathComponent("home/strider.sqlite").path
    let sqlite = try StriderBinary.shell(
      "sqlite3 '\(database)' 'UPDATE sessionFigures SET multisport = 0'")
    #expect(sqlite.status == 0, "\(sqlite.stderr)")
    let standing = try HistoryEndToEndTests.object(
      try history.succeed(["records", "--format", "json"]))
    #expect((standing["records"] as? [[String: Any]])?.isEmpty == false, "it holds records")

    let again = try history.run(["sessions", "import", file.path])
    #expect(again.status == 0 && again.stdout.contains("already imported as session 1"))
    #expect(again.stderr.contains("is now left out of the personal records"), "\(again.stderr)")
    let records = try HistoryEndToEndTests.object(
      try history.succeed(["records", "--format", "json"]))
    #expect((records["records"] as? [[String: Any]])?.isEmpty == true, "\(records)")
    let third = try history.run(["sessions", "import", file.path])
    #expect(!third.stderr.contains("left out"), "marked once: \(third.stderr)")
  }
}
