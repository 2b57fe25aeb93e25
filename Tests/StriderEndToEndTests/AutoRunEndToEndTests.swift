import Foundation
import StriderCore
import StriderSimulator
import StriderStore
import StriderTestSupport
import Testing

/// `strider run --auto --headless` against gpsfake serving a simulated day: one session
/// per true move, each within a minute of the truth, none while standing, through a gpsd
/// restart and a ten-minute receiver outage at the office.
/// Its tests run side by side: each has its own gpsfake port and data folder, and most of
/// their time is gpsfake playing a log in real time.
@Suite(.offCooperativePool) struct AutoRunEndToEndTests {
  typealias Live = LiveGPSDEndToEndTests

  @Test(.enabled(if: Live.available, Live.unavailable))
  func aSimulatedDayGivesOneSessionPerMove() throws {
    let plain = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    let arrival = plain.story.places[2].start - plain.story.places[0].start
    // Ten minutes without fixes at the office, two minutes after arriving.
    let day = SimulatedDay(
      configuration: SimulatedDayConfiguration(
        compressed: true,
        outage: .init(start: arrival + Seconds(120), duration: Seconds(600))))
    let dir = try StriderBinary.temporaryDirectory()
    // gpsd goes away and comes back at the office, after the outage.
    let office = day.story.places[2]
    let restart = office.end - Seconds(60)
    let before = day.fixes.filter { ($0.time ?? restart) < restart }
    let after = day.fixes.filter { ($0.time ?? restart) >= restart }
    let logA = dir.appendingPathComponent("a.nmea")
    let logB = dir.appendingPathComponent("b.nmea")
    try Live.writeLog(before, leadIn: 0, to: logA)
    // gpsfake plays a log in seconds, so while Strider's reconnect backs off, minutes of
    // the second log go by unseen: it opens with ten minutes of standing at its first
    // position, stamped before it (they overlap the first log's clock and are out of order
    // for the detector), as the live gap test does.
    try Live.writeLog(after, leadIn: 600, to: logB)

    let port = Live.freePort()
    let output = dir.appendingPathComponent("auto.jsonl")
    let home = dir.appendingPathComponent("data")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let strider = Live.unblockedProcess(
      StriderBinary.url.path, ["run", "--auto", "--gpsd", "127.0.0.1:\(port)", "--headless"],
      environment: ["STRIDER_HOME": home.path])
    strider.standardOutput = try FileHandle(forWritingTo: output)
    strider.standardError = FileHandle.nullDevice
    let first = try Live.startGPSFake(logA, port: port)
    #expect(Live.waitUntilListening(port: port), "gpsfake's gpsd never listened")
    try strider.run()
    first.waitUntilExit()
    Thread.sleep(forTimeInterval: 1.0)
    let second = try Live.startGPSFake(logB, port: port)
    second.waitUntilExit()
    Thread.sleep(forTimeInterval: 1.5)
    Live.stop(strider)
    #expect(strider.terminationReason == .exit && strider.terminationStatus == 0)

    let events = try Live.lines(output)
    let kinds = events.compactMap { $0["event"] as? String }
    #expect(kinds.first == "auto_start" && kinds.last == "auto_stop", "\(kinds)")
    let statuses = events.filter { $0["event"] as? String == "status" }.compactMap {
      $0["status"] as? String
    }
    #expect(statuses.contains("disconnected"), "the restart was seen: \(statuses)")
    let starts = events.filter { $0["event"] as? String == "session_start" }
    let ends = events.filter { $0["event"] as? String == "session_end" }
    try #require(
      ends.count == day.story.moves.count && starts.count == ends.count,
      "one session per move: \(kinds.filter { $0.hasPrefix("session") })")
    for (end, move) in zip(ends, day.story.moves) {
      let start = try #require(Self.time(end["start"]))
      let stop = try #require(Self.time(end["end"]))
      #expect(abs((start - move.start).value) <= 60, "\(move.mode) starts \(start)")
      #expect(abs((stop - move.end).value) <= 60, "\(move.mode) ends \(stop)")
      #expect(end["activity"] as? String == move.mode.activity.rawValue, "\(move.mode)")
      let distance = try #require(end["distance_m"] as? Double)
      print(
        "auto day: \(move.mode) starts \(Int((start - move.start).value)) s, ends "
          + "\(Int((stop - move.end).value)) s from the truth, \(Int(distance)) m against "
          + "\(Int(move.distance.value)) m")
      #expect(
        abs(distance - move.distance.value) / move.distance.value < 0.1,
        "\(move.mode): \(distance) m against \(move.distance.value) m")
    }

    // Each session is kept, named by its start and activity.
    let store = try SessionStore(location: StoreLocation(directory: home.path))
    let sessions = try store.sessions()
    #expect(sessions.count == 3)
    #expect(sessions.allSatisfy { $0.origin == .live && $0.state == .finished })
    let names = Set(sessions.compactMap(\.name))
    #expect(names.contains { $0.hasPrefix("Walk 2024-05-06 ") }, "\(names)")
    #expect(names.filter { $0.hasPrefix("Ride 2024-05-06 ") }.count == 1, "\(names)")
    // The drive is kept as a drive, named and flagged so, and holds no record.
    #expect(names.filter { $0.hasPrefix("Drive 2024-05-06 ") }.count == 1, "\(names)")
    #expect(ends.map { $0["drive"] as? Bool == true } == [false, true, false])
    let driveID = try #require(sessions.first { $0.name?.hasPrefix("Drive") == true }?.id)
    #expect(sessions.first { $0.id == driveID }?.activity == .drive)
    #expect(try store.isLeftOutOfRecords(driveID))
    #expect(try store.personalRecords().allSatisfy { $0.sessionId != driveID })
    // The totals keep the drive apart from the ride.
    let stats = try StriderBinary.run(
      ["stats", "--year", "--format", "json"],
      environment: ["STRIDER_HOME": home.path, "TZ": "UTC"])
    #expect(stats.status == 0, "\(stats.stderr)")
    let totals = try #require(
      try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
    let periods = try #require(totals["periods"] as? [[String: Any]])
    let activities = periods.compactMap { $0["activity"] as? String }
    #expect(activities.sorted() == ["drive", "ride", "walk"], "\(activities)")
    for period in periods where period["activity"] as? String == "ride" {
      #expect(period["sessions"] as? Int == 1, "the ride alone: \(period)")
    }

    // The day's storyline against the truth: home, walk, home, drive, office, ride, home.
    let environment = ["STRIDER_HOME": home.path, "TZ": "UTC"]
    let result = try StriderBinary.run(
      ["day", "2024-05-06", "--format", "json"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let storyline = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let segments = try #require(storyline["segments"] as? [[String: Any]])
    #expect(
      segments.compactMap { $0["type"] as? String } == [
        "place", "move", "place", "move", "place", "move", "place",
      ])
    let moves = segments.filter { $0["type"] as? String == "move" }
    #expect(moves.compactMap { $0["activity"] as? String } == ["walk", "drive", "ride"])
    let visits = segments.filter { $0["type"] as? String == "place" }
    let ids = visits.compactMap { $0["place_id"] as? Int }
    #expect(ids.count == 4 && Set(ids).count == 2 && ids[0] == ids[1] && ids[1] == ids[3])
    for (visit, truth) in zip(visits, day.story.places) {
      let place = try #require(visit["place"] as? [String: Double])
      let at = Coordinate(latitude: place["lat"] ?? 0, longitude: place["lon"] ?? 0)
      #expect(Geodesy.distanceMeters(at, truth.coordinate) < 50, "\(truth.name)")
    }
    let named = try StriderBinary.run(
      ["places", "name", "\(ids[2])", "office"], environment: environment)
    #expect(named.status == 0, "\(named.stderr)")
    let text = try StriderBinary.run(["day", "2024-05-06"], environment: environment)
    #expect(
      text.stdout.contains("office") && text.stdout.contains("Place \(ids[0])"), "\(text.stdout)")
  }

  /// A day cut in the middle of the drive: SIGTERM ends the drive at its last fix and keeps
  /// it; `kill -9` leaves it interrupted, with its fixes, for `sessions finish`.
  @Test(.enabled(if: Live.available, Live.unavailable), arguments: [SIGTERM, SIGKILL])
  func stoppedMidSessionKeepsTheSession(signal: Int32) throws {
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    let cut = day.story.moves[1].start + Seconds(240)
    let dir = try StriderBinary.temporaryDirectory()
    let log = dir.appendingPathComponent("cut.nmea")
    try Live.writeLog(day.fixes.filter { ($0.time ?? cut) < cut }, leadIn: 0, to: log)
    let port = Live.freePort()
    let output = dir.appendingPathComponent("auto.jsonl")
    let home = dir.appendingPathComponent("data")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let strider = Live.unblockedProcess(
      StriderBinary.url.path, ["run", "--auto", "--gpsd", "127.0.0.1:\(port)", "--headless"],
      environment: ["STRIDER_HOME": home.path])
    strider.standardOutput = try FileHandle(forWritingTo: output)
    strider.standardError = FileHandle.nullDevice
    let fake = try Live.startGPSFake(log, port: port)
    #expect(Live.waitUntilListening(port: port), "gpsfake's gpsd never listened")
    try strider.run()
    fake.waitUntilExit()
    Thread.sleep(forTimeInterval: 1.0)
    kill(strider.processIdentifier, signal)
    strider.waitUntilExit()
    let environment = ["STRIDER_HOME": home.path]
    let store = try SessionStore(location: StoreLocation(directory: home.path))
    let sessions = try store.sessions().sorted { ($0.id) < ($1.id) }
    try #require(sessions.count == 2, "the walk and the drive under way")
    let drive = sessions[1]
    #expect(drive.fixCount > 200, "the drive's fixes are kept: \(drive.fixCount)")
    if signal == SIGTERM {
      #expect(strider.terminationReason == .exit && strider.terminationStatus == 0)
      let ends = try Live.lines(output).filter { $0["event"] as? String == "session_end" }
      #expect(ends.count == 2)
      #expect(
        drive.state == .finished && drive.name?.hasPrefix("Drive 2024-05-06") == true,
        "\(drive.name ?? "nil")")
      let end = try #require(Self.time(ends.last?["end"]))
      #expect((cut - end).value < 30, "ends at the last fix gpsd passed on: \(end)")
    } else {
      let finished = try StriderBinary.run(
        ["sessions", "finish", "\(drive.id)"], environment: environment)
      #expect(finished.status == 0, "\(finished.stderr)")
      let again = try store.listing(drive.id)
      #expect(again.state == .finished && (again.distance?.value ?? 0) > 1500)
    }
  }

  @Test func theSimulatedDayThroughThePolicyLab() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let file = dir.appendingPathComponent("day.jsonl")
    let story = dir.appendingPathComponent("story.json")
    let simulated = try StriderBinary.run([
      "simulate", "--day", "--compressed", "--format", "gpsd", "-o", file.path, "--story",
      story.path,
    ])
    #expect(simulated.status == 0, "\(simulated.stderr)")
    #expect(simulated.stderr.contains("truth: places 4 moves 3"))
    let truth = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: story)) as? [String: Any])
    #expect((truth["moves"] as? [Any])?.count == 3)

    let lab = try StriderBinary.run(["lab", "policies", file.path, "--format", "json"])
    #expect(lab.status == 0, "\(lab.stderr)")
    let result = try #require(
      try JSONSerialization.jsonObject(with: Data(lab.stdout.utf8)) as? [String: Any])
    #expect((result["moves"] as? [Any])?.count == 3)
    #expect((result["places"] as? [Any])?.count == 4)
    let policies = try #require(result["policies"] as? [[String: Any]])
    #expect(policies.count == 5)
    #expect(policies.first?["distance_error"] as? Double == 0)
    let table = try StriderBinary.run(["lab", "policies", file.path])
    #expect(
      table.stdout.contains("continuous 1 Hz") && table.stdout.contains("batched every 5 min"))
    #expect(table.stdout.contains("against the continuous receiver"), "\(table.stdout)")
    #expect(policies.first?["moves_invented"] as? Int == 0, "the reference invents nothing")

    // Against the story: the true moves, places and length.
    let scored = try StriderBinary.run([
      "lab", "policies", file.path, "--story", story.path, "--format", "json",
    ])
    #expect(scored.status == 0, "\(scored.stderr)")
    let truthResult = try #require(
      try JSONSerialization.jsonObject(with: Data(scored.stdout.utf8)) as? [String: Any])
    #expect(truthResult["reference"] as? String == "truth")
    let trueLength = try #require(truthResult["truth_distance_m"] as? Double)
    let storyMoves = try #require(truth["moves"] as? [[String: Any]])
    let storyLength = storyMoves.compactMap { $0["distance_m"] as? Double }.reduce(0, +)
    #expect(abs(trueLength - storyLength) < 0.5, "\(trueLength) m, the story's \(storyLength) m")
    let scoredPolicies = try #require(truthResult["policies"] as? [[String: Any]])
    let continuous = try #require(scoredPolicies.first)
    let error = try #require(continuous["distance_error"] as? Double)
    #expect(abs(error) < 0.05, "continuous within 5 % of the true length: \(error)")
    #expect(continuous["moves_missed"] as? Int == 0 && continuous["places_missed"] as? Int == 0)
    #expect(scoredPolicies.allSatisfy { $0["moves_invented"] is Int })

    // Asked for, the panel: the table in a box with the receiver-on bars.
    let panel = try StriderBinary.run([
      "lab", "policies", file.path, "--story", story.path, "--format", "panel",
    ])
    #expect(panel.status == 0, "\(panel.stderr)")
    #expect(
      panel.stdout.contains("Sampling policies") && panel.stdout.contains("against the truth"))
    #expect(panel.stdout.contains("continuous 1 Hz"), "\(panel.stdout)")

    let broken = dir.appendingPathComponent("broken.json")
    try Data("{\"places\": []}".utf8).write(to: broken)
    let refused = try StriderBinary.run(["lab", "policies", file.path, "--story", broken.path])
    #expect(refused.status == 1 && !refused.crashed)
    #expect(refused.stderr.contains("broken.json: not a day's story"), "\(refused.stderr)")
  }

  /// `strider day` as a panel: the simulated day imported as one session, its stops and
  /// moves on the timeline, and the list under it.
  @Test func theDayAsAPanel() throws {
    let dir = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("day.gpx")
    let environment = StriderBinary.isolatedEnvironment([
      "STRIDER_HOME": dir.appendingPathComponent("home").path, "TZ": "UTC",
    ])
    try StriderBinary.importSimulatedDay(to: file, environment: environment)
    let text = try StriderBinary.run(["day", "2024-05-06"], environment: environment)
    #expect(text.status == 0 && !text.stdout.contains("\u{1B}"), "plain text into a pipe")
    let panel = try StriderBinary.run(
      ["day", "2024-05-06", "--format", "panel"],
      environment: environment.merging(["COLUMNS": "100", "NO_COLOR": "1"]) { $1 })
    #expect(panel.status == 0, "\(panel.stderr)")
    let lines = panel.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.contains("2024-05-06") == true, "\(panel.stdout)")
    #expect(lines.first?.contains("places") == true && lines.first?.contains("moves") == true)
    #expect(panel.stdout.contains("Place 1") && panel.stdout.contains("(session 1)"))
    #expect(!panel.stdout.contains("\u{1B}[0;3"), "NO_COLOR: no colours, only attributes")
  }

  @Test func badInputIsAClearError() throws {
    let missing = try StriderBinary.run(["lab", "policies", "/nonexistent/day.gpx"])
    #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/day.gpx"))
    let session = try StriderBinary.run(["lab", "policies", "42"])
    #expect(session.status == 1 && !session.crashed, "\(session.stderr)")
    let date = try StriderBinary.run(["day", "2024-13-01"])
    #expect(date.status != 0 && date.stderr.contains("is not a day"))
    let place = try StriderBinary.run(["places", "name", "5", "gym"])
    #expect(place.status == 1 && place.stderr.contains("no place 5"))
    let empty = try StriderBinary.run(["day", "2024-05-06"])
    #expect(empty.status == 0 && empty.stdout.contains("no sessions"))
    let outage = try StriderBinary.run(["simulate", "--day", "--outage", "ten:600"])
    #expect(outage.status != 0 && outage.stderr.contains("START:DURATION"))
    let still = try StriderBinary.run([
      "run", "--auto", "--still-for", "5", "--gpsd", "127.0.0.1:1",
    ])
    #expect(still.status != 0 && still.stderr.contains("--still-for"))
  }

  static func time(_ value: Any?) -> GNSSTime? {
    guard let text = value as? String else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let date = formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    return date.map { GNSSTime(secondsSince1970: $0.timeIntervalSince1970) }
  }
}
