import Foundation
import StriderTestSupport
import Testing

/// `strider replay --headless` and `strider demo --headless`, run as a user would.
@Suite(.offCooperativePool) struct ReplayCommandTests {
  /// A file the simulator wrote into a fresh folder (`arguments`, then `-o`), and its size.
  static func simulated(
    _ name: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (path: String, size: Int) {
    let file = try StriderBinary.temporaryDirectory().appendingPathComponent(name).path
    let sim = try StriderBinary.run(["simulate"] + arguments + ["-o", file])
    #expect(sim.status == 0, "simulate failed: \(sim.stderr)", sourceLocation: sourceLocation)
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int,
      sourceLocation: sourceLocation)
    return (file, size)
  }

  /// A two-hour ride replayed at 1000× waits its 7.2 s of fix time / 1000, `max` does not,
  /// and both end with the summary, cues and live split times `analyze` gives.
  @Test func aTwoHourReplayAt1000xMatchesAnalyze() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("ride.gpx").path
    let sim = try StriderBinary.run([
      "simulate", "--activity", "ride", "--seed", "4", "--length", "52000", "-o", gpx,
    ])
    #expect(sim.status == 0)
    let analyzed = try StriderBinary.run(["analyze", "--format", "json", "--live", gpx])
    let reference = try #require(CommandOutput.jsonLines(analyzed.stdout).first)
    let elapsed = try #require(reference["elapsed_s"] as? Double)
    #expect(elapsed > 6800, "the simulated ride lasts about two hours: \(elapsed) s")

    let start = Date()
    let replay = try StriderBinary.run(["replay", gpx, "--headless", "--speed", "1000"])
    let wall = Date().timeIntervalSince(start)
    #expect(replay.status == 0, "\(replay.stderr)")
    // Paced by the fix clock: it waits its 7 s (how much longer it takes on a loaded
    // machine is the benchmarks' business, not a test's).
    #expect(wall >= elapsed / 1000 * 0.95, "took \(wall) s")
    let events = CommandOutput.jsonLines(replay.stdout)
    var summary = try #require(events.last)
    #expect(summary.removeValue(forKey: "event") as? String == "summary")
    for key in ["distance_m", "moving_s", "elapsed_s", "points_accepted", "calories_kcal"] {
      #expect(
        (summary[key] as? Double) == (reference[key] as? Double)
          || (summary[key] as? Int) == (reference[key] as? Int), "\(key) differs")
    }
    // `analyze --format json --live` re-measures its live figures as a replay does, so it says
    // every cue the replay says, at the same time, and its splits' live times are the
    // ones the replay told.
    func said(_ cues: [[String: Any]]) -> [String] {
      cues.map { "\($0["time"] as? String ?? "?") \($0["text"] as? String ?? "?")" }
    }
    let replayed = said(events.filter { $0["event"] as? String == "cue" })
    #expect(replayed.count > 10)
    #expect(replayed == said(reference["cues"] as? [[String: Any]] ?? []))
    var told: [Int: Double] = [:]
    for split in events where split["event"] as? String == "split" {
      if let index = split["index"] as? Int, told[index] == nil {
        told[index] = split["duration_s"] as? Double
      }
    }
    // A split told within a second of its finished time has no live time of its own.
    let splits = try #require(reference["splits"] as? [[String: Any]])
    var compared = 0
    for split in splits {
      guard let index = split["index"] as? Int, split["partial"] as? Bool == false,
        let finished = split["duration_s"] as? Double, let spoken = told[index]
      else { continue }
      compared += 1
      let live = split["live_duration_s"] as? Double
      #expect(
        live.map { spoken == $0 } ?? (abs(spoken - finished) < 1),
        "split \(index): told \(spoken) s, analyze \(live ?? finished) s")
    }
    #expect(compared > 10, "the replay told the splits analyze finished")
    let live = try #require(reference["live"] as? [String: Any])
    let finishing = try #require(summary["live"] as? [String: Any])
    #expect(NSDictionary(dictionary: live).isEqual(to: finishing), "\(live) against \(finishing)")
    #expect(events.first?["event"] as? String != "summary")

    let fastStart = Date()
    let fast = try StriderBinary.run(["replay", gpx, "--headless", "--speed", "max"])
    #expect(fast.status == 0)
    let fastWall = Date().timeIntervalSince(fastStart)
    #expect(fastWall < wall, "as fast as possible does not wait: \(fastWall) s against \(wall) s")
  }

  /// A headless replay reads a file as it goes and a session a page of 10,000 fixes at a
  /// time: a 14,000-fix ride replayed from its file and from its session (across a page
  /// boundary) says the same at every event and ends with the same summary.
  @Test func aFileAndItsSessionReplayTheSameEventsReadAsTheyGo() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("ride.gpx").path
    let sim = try StriderBinary.run([
      "simulate", "--activity", "ride", "--seed", "6", "--length", "100000", "-o", gpx,
    ])
    #expect(sim.status == 0)
    let home = ["STRIDER_HOME": dir.appendingPathComponent("home").path]
    let imported = try StriderBinary.run(["sessions", "import", gpx], environment: home)
    #expect(imported.status == 0, "\(imported.stderr)")
    let fromFile = try StriderBinary.run(
      ["replay", gpx, "--headless", "--speed", "max"], environment: home)
    let fromSession = try StriderBinary.run(
      ["replay", "1", "--headless", "--speed", "max"], environment: home)
    #expect(fromFile.status == 0 && fromSession.status == 0, "\(fromSession.stderr)")
    // Each event without what names its source, as JSON with sorted keys.
    func comparable(_ text: String) -> [String] {
      CommandOutput.jsonLines(text).map { event in
        let kept = event.filter { !["source", "file", "format"].contains($0.key) }
        let data = try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
      }
    }
    let (a, b) = (comparable(fromFile.stdout), comparable(fromSession.stdout))
    #expect(a.count > 100 && a.count == b.count)
    let differing = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(differing == nil, "event \(differing?.offset ?? -1) differs")
    let points = try #require(
      CommandOutput.jsonLines(fromSession.stdout).last?["points_in"] as? Int)
    #expect(points > 10_000, "the ride crosses a page: \(points) fixes")
  }

  @Test func demoHeadlessEndsCleanlyOnSIGTERM() throws {
    let process = Process()
    process.executableURL = StriderBinary.url
    process.arguments = ["demo", "--headless", "--speed", "30", "--seed", "3"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: 3)
    process.terminate()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let events = CommandOutput.jsonLines(String(decoding: data, as: UTF8.self))
    #expect(process.terminationReason == .exit)
    #expect(events.first { $0["event"] as? String == "start" } != nil)
    #expect(events.last?["event"] as? String == "summary", "the last line is the summary")
  }

  /// At full speed a file of 256 KiB or more (or a pipe) is judged on a thread of its own
  /// beside the engine: every line printed must be the one the pipeline's own gate gives.
  @Test func aFullSpeedReplayJudgedOnItsOwnThreadPrintsWhatTheEnginesOwnGatePrints() throws {
    let (file, size) = try Self.simulated(
      "faulty.gpx", ["--activity", "run", "--seed", "9", "--faults", "all", "--length", "850"])
    #expect(size < 256 << 10, "small enough to be judged on the engine's thread")
    let plain = try StriderBinary.run(["replay", file, "--headless", "--speed", "max"])
    let piped = try StriderBinary.shell(
      "cat '\(file)' | \"$STRIDER\" replay /dev/stdin --headless --speed max")
    #expect(plain.status == 0 && piped.status == 0, "\(plain.stderr)\(piped.stderr)")
    #expect(CommandOutput.jsonLines(plain.stdout).count > 10)
    #expect(
      plain.stdout.replacingOccurrences(of: file, with: "FILE")
        == piped.stdout.replacingOccurrences(of: "/dev/stdin", with: "FILE"))
  }

  /// A log piped in (`replay /dev/stdin`) is the replay's alone: the headless session
  /// reads its lap lines from standard input, and once shared the pipe with the replay,
  /// each taking what the other then missed (700 of 17,154 fixes, at random). At both
  /// speeds the piped log gives the fixes and the distance of the file.
  @Test(arguments: ["max", "1000000"])
  func aLogPipedInIsReadWhole(speed: String) throws {
    let (file, size) = try Self.simulated(
      "ride.nmea",
      ["--format", "nmea", "--activity", "ride", "--seed", "4", "--length", "120000"])
    #expect(size > 2_000_000, "long enough to be read in many pieces: \(size) bytes")
    // The activity given, so the replay starts at once rather than after reading the
    // whole log to guess it.
    let plain = try StriderBinary.run([
      "replay", file, "--activity", "ride", "--headless", "--speed", speed,
    ])
    let piped = try StriderBinary.shell(
      "cat '\(file)' | \"$STRIDER\" replay /dev/stdin --activity ride --headless --speed \(speed)")
    #expect(plain.status == 0 && piped.status == 0, "\(piped.stderr)")
    let a = try #require(CommandOutput.jsonLines(plain.stdout).last)
    let b = try #require(CommandOutput.jsonLines(piped.stdout).last)
    #expect(a["event"] as? String == "summary" && b["event"] as? String == "summary")
    let points = a["points_in"] as? Int ?? 0
    #expect(points > 15_000)
    #expect(b["points_in"] as? Int == points, "every fix read from the pipe")
    #expect(b["distance_m"] as? Double == a["distance_m"] as? Double)
  }
}
