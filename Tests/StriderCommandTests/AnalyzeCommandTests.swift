import Foundation
import StriderTestSupport
import Testing

/// `strider analyze` driven as a user would, run in process: its stdout, stderr and status
/// (a pipe, which only the binary can be given: `AnalyzePipeTests`).
@Suite(.offCooperativePool) struct AnalyzeCommandTests {
  static let requiredKeys = [
    "file", "format", "activity", "start", "end", "distance_m", "elapsed_s", "moving_s",
    "avg_pace_s_per_km", "calories_kcal", "elevation_gain_m", "points_in",
    "fixes_with_position", "points_accepted", "rejected", "pauses", "splits",
  ]

  func json(_ line: Substring) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(object as? [String: Any], "analyze printed something that is not an object")
  }

  /// Simulates a run with every fault, then checks analyze against the simulator's truth.
  @Test(arguments: ["run", "walk", "ride"])
  func analyzeOfASimulatedSessionIsCloseToTheTruth(activity: String) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("\(activity).gpx").path
    let sim = InProcess.run([
      "simulate", "--activity", activity, "--seed", "42", "--faults", "all", "-o", gpx,
    ])
    #expect(sim.status == 0, "simulate failed: \(sim.stderr)")
    let truthLine = try #require(sim.stderr.split(separator: "\n").first { $0.hasPrefix("truth:") })
    let fields = truthLine.split(separator: " ")
    let truthDistance = try #require(Double(fields[2]))
    let truthMoving = try #require(Double(fields[4]))

    let result = InProcess.run(["analyze", "--format", "json", "--live", gpx])
    #expect(result.status == 0, "analyze failed: \(result.stderr)")
    #expect(!result.crashed)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 1, "one JSON object per file, one per line")
    let report = try json(try #require(lines.first))
    for key in Self.requiredKeys { #expect(report[key] != nil, "missing key \(key)") }
    #expect(report["activity"] as? String == activity, "the activity the GPX declares is used")
    #expect(report["format"] as? String == "gpx")
    let distance = try #require(report["distance_m"] as? Double)
    let moving = try #require(report["moving_s"] as? Double)
    #expect(
      abs(distance - truthDistance) / truthDistance < 0.03,
      "distance \(distance) vs truth \(truthDistance)")
    #expect(
      abs(moving - truthMoving) / truthMoving < 0.05, "moving \(moving) vs truth \(truthMoving)")
    let rejected = try #require(report["rejected"] as? [String: Int])
    for reason in [
      "no_fix", "invalid_accuracy", "low_accuracy", "non_gnss", "stale", "out_of_order",
      "duplicate", "implausible_speed", "no_time", "out_of_range",
    ] {
      #expect(rejected[reason] != nil, "rejected lists \(reason) even at zero")
    }
    #expect(rejected.values.reduce(0, +) > 0, "the injected faults were caught")
    let pointsIn = try #require(report["points_in"] as? Int)
    let accepted = try #require(report["points_accepted"] as? Int)
    #expect(accepted + rejected.values.reduce(0, +) == pointsIn, "every fix has one verdict")
    let start = try #require(report["start"] as? [String: Any])
    #expect(start["time"] is String && start["lat"] is Double && start["lon"] is Double)
    let cues = try #require(report["cues"] as? [[String: Any]])
    #expect(cues.contains { ($0["text"] as? String)?.hasPrefix("Distance 1 kilometre. ") == true })
  }

  /// Without `--live` the JSON measures the file and tells nothing: no cues, no live
  /// figures, no word on which pauses were announced; every figure it has is the one `--live`
  /// gives. `--live` is for the JSON alone: with the table it is refused before any work.
  @Test func theJSONSaysWhatALiveSessionWouldOnlyWithLive() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("run.gpx").path
    _ = InProcess.run(["simulate", "--activity", "run", "--seed", "8", "-o", gpx])
    let plain = try json(
      try #require(
        InProcess.run(["analyze", "--format", "json", gpx]).stdout
          .split(separator: "\n").first))
    let live = try json(
      try #require(
        InProcess.run(["analyze", "--format", "json", "--live", gpx]).stdout
          .split(separator: "\n").first))
    for key in ["cues", "live"] {
      #expect(plain[key] == nil, "\(key) without --live")
      #expect(live[key] != nil, "\(key) with --live")
    }
    let pauses = try #require(plain["pauses"] as? [[String: Any]])
    #expect(!pauses.isEmpty)
    #expect(pauses.allSatisfy { $0["announced_live"] == nil })
    #expect(
      (live["pauses"] as? [[String: Any]])?.allSatisfy { $0["announced_live"] is Bool } == true)
    var figures = live
    figures["cues"] = nil
    figures["live"] = nil
    figures["pauses"] = (live["pauses"] as? [[String: Any]])?.map {
      var pause = $0
      pause["announced_live"] = nil
      return pause
    }
    figures["splits"] = (live["splits"] as? [[String: Any]])?.map {
      var split = $0
      split["live_duration_s"] = nil
      split["note"] = nil
      return split
    }
    func sorted(_ object: [String: Any]) throws -> String {
      String(
        decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
        as: UTF8.self)
    }
    #expect(try sorted(figures) == sorted(plain), "the same figures")

    let refused = InProcess.run(["analyze", "--live", gpx])
    #expect(refused.status == 64, "\(refused.stderr)")
    #expect(refused.stderr.contains("--format json"), "\(refused.stderr)")
    #expect(refused.stdout.isEmpty)
  }

  @Test func tableOutputIsReadable() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("walk.gpx").path
    _ = InProcess.run(["simulate", "--activity", "walk", "--seed", "3", "-o", gpx])
    let result = InProcess.run(["analyze", gpx, "--units", "imperial", "--weight", "82"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("distance"))
    #expect(result.stdout.contains(" mi"))
    #expect(result.stdout.contains("/mi"))
  }

  @Test func noFilterGivesTheRawLength() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("s.gpx")
    try """
    <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
    <trk><trkseg>
    <trkpt lat="0" lon="0"><time>2024-01-01T00:00:00Z</time></trkpt>
    <trkpt lat="0" lon="0.001"><time>2024-01-01T00:00:30Z</time></trkpt>
    </trkseg><trkseg>
    <trkpt lat="1" lon="1"><time>2024-01-01T01:00:00Z</time></trkpt>
    <trkpt lat="1" lon="1.001"><time>2024-01-01T01:00:30Z</time></trkpt>
    </trkseg></trk></gpx>
    """.write(to: gpx, atomically: true, encoding: .utf8)
    let result = InProcess.run(["analyze", "--no-filter", "--format", "json", gpx.path])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try json(try #require(result.stdout.split(separator: "\n").first))
    let distance = try #require(report["distance_m"] as? Double)
    // 0.001° of longitude on the equator (111.32 m) plus the same at 1° N (111.30 m); the
    // segment break between them adds nothing.
    #expect(abs(distance - (111.319 + 111.302)) < 0.05, "raw length \(distance)")
  }

  /// Fixes that hop between the antipodes, read raw, add 20,000 km each: 2,000 of them made
  /// 40 million splits (6 GB, a minute and a half). The splits stop at a hundred thousand,
  /// the rest of the distance in the last, partial one.
  @Test func aRawFileOfPoleToPoleHopsHasBoundedSplits() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("hops.gpx")
    var text = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\n"
    for i in 0..<2000 {
      let time = String(format: "2024-01-01T%02d:%02d:%02dZ", i / 3600, i / 60 % 60, i % 60)
      text += "<trkpt lat=\"0\" lon=\"\(i % 2 == 0 ? 0 : 180)\"><time>\(time)</time></trkpt>\n"
    }
    try (text + "</trkseg></trk></gpx>\n").write(to: gpx, atomically: true, encoding: .utf8)
    let result = InProcess.run(["analyze", "--no-filter", "--format", "json", gpx.path])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try json(try #require(result.stdout.split(separator: "\n").first))
    let distance = try #require(report["distance_m"] as? Double)
    #expect(abs(distance - 1999 * 20_015_115) < 1999 * 100, "\(distance)")
    let splits = try #require(report["splits"] as? [[String: Any]])
    #expect(splits.count == 100_001)
    #expect(splits.last?["partial"] as? Bool == true)
  }

  /// A GPX or TCX cut short (a logger that died, a download cut off) keeps the run before
  /// the cut, as a damaged FIT file does: `analyze` and `sessions import` read its points
  /// with a warning naming the file and where it ends, and the TCX's lap totals, which
  /// describe the whole lap, are not compared.
  @Test func aFileCutShortKeepsThePointsBeforeTheCut() throws {
    let dir = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Demo/park-run.gpx").standardized
    let environment = StriderBinary.isolatedEnvironment()
    #expect(
      InProcess.run(["sessions", "import", demo.path], environment: environment).status == 0
    )
    let tcx = dir.appendingPathComponent("park-run.tcx")
    let exported = InProcess.run(
      ["sessions", "export", "1", "--format", "tcx", "-o", tcx.path], environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")

    for (whole, points) in [(demo, "points"), (tcx, "trackpoints")] {
      let bytes = try Data(contentsOf: whole)
      let cut = dir.appendingPathComponent("cut-" + whole.lastPathComponent)
      try bytes.prefix(bytes.count / 2).write(to: cut)
      let full = try json(
        try #require(
          InProcess.run(["analyze", "--format", "json", whole.path]).stdout
            .split(separator: "\n").first))
      let result = InProcess.run(["analyze", "--format", "json", cut.path])
      #expect(result.status == 0, "\(result.stderr)")
      let report = try json(try #require(result.stdout.split(separator: "\n").first))
      let warning = "the file was cut short; the \(points) before it were read"
      #expect(result.stderr.contains("strider: warning: \(cut.path): the file ends inside"))
      #expect(result.stderr.contains(warning), "\(result.stderr)")
      #expect((report["warnings"] as? [String])?.contains { $0.contains(warning) } == true)
      let kept = try #require(report["points_in"] as? Int)
      let all = try #require(full["points_in"] as? Int)
      #expect(kept > all / 3 && kept < all, "\(kept) of \(all)")
      let distance = try #require(report["distance_m"] as? Double)
      let fullDistance = try #require(full["distance_m"] as? Double)
      #expect(distance > 0.3 * fullDistance && distance < fullDistance, "\(distance)")
      if points == "trackpoints" {
        #expect(full["device"] != nil, "the whole TCX compares its laps")
        #expect(report["device"] == nil, "a cut TCX's laps describe more than it holds")
      }

      // The same run cut as GPX and as TCX is one outing: the second is kept when asked.
      let imported = InProcess.run(
        ["sessions", "import", "--keep-duplicate", cut.path], environment: environment)
      #expect(imported.status == 0, "\(imported.stderr)")
      #expect(imported.stdout.contains("\(kept) fixes"), "\(imported.stdout)")
      #expect(imported.stderr.contains(warning))
    }
  }

  static let malformed: [(name: String, content: String, line: Int)] = [
    (
      "truncated.gpx",
      "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n<time>2024-01-01T",
      5
    ),
    ("garbage.gpx", "\u{01}\u{02}garbage \u{7F} bytes\n\u{00}\u{00}", 1),
    (
      "lat200.gpx",
      "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>\n<trkpt lat=\"200\" lon=\"2\"/>\n</trkseg></trk></gpx>\n",
      4
    ),
    (
      "badtime.gpx",
      "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n<time>yesterday at noon</time></trkpt>\n</trkseg></trk></gpx>\n",
      4
    ),
  ]

  @Test(arguments: malformed)
  func malformedInputIsAOneLineErrorWithFileAndLine(name: String, content: String, line: Int) throws
  {
    let dir = try StriderBinary.temporaryDirectory()
    let file = dir.appendingPathComponent(name)
    try Data(content.utf8).write(to: file)
    let result = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(!result.crashed, "no input may crash the program")
    #expect(result.status != 0)
    #expect(result.stdout.isEmpty)
    let errorLines = result.stderr.split(separator: "\n")
    #expect(errorLines.count == 1, "one line: \(result.stderr)")
    let message = String(errorLines.first ?? "")
    #expect(message.contains("\(file.path):\(line):"), "names the file and line: \(message)")
  }

  @Test func oneBadFileDoesNotStopTheOthers() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let good = dir.appendingPathComponent("good.gpx").path
    _ = InProcess.run([
      "simulate", "--activity", "run", "--seed", "5", "--faults", "none", "-o", good,
    ])
    let bad = dir.appendingPathComponent("bad.gpx")
    try Data("<gpx><trk><trkseg><trkpt lat=\"x\"".utf8).write(to: bad)
    let result = InProcess.run(["analyze", "--format", "json", bad.path, good])
    #expect(result.status == 1)
    #expect(result.stdout.split(separator: "\n").count == 1, "the good file is still reported")
    #expect(result.stderr.contains("bad.gpx"))
  }

  @Test func missingAndUnknownFilesAreClearErrors() throws {
    let missing = InProcess.run(["analyze", "/nonexistent/track.gpx"])
    #expect(missing.status != 0 && !missing.crashed)
    #expect(missing.stderr.contains("/nonexistent/track.gpx"))
    let dir = try StriderBinary.temporaryDirectory()
    let text = dir.appendingPathComponent("notes.txt")
    try Data("just some notes\n".utf8).write(to: text)
    let unknown = InProcess.run(["analyze", text.path])
    #expect(unknown.status != 0)
    #expect(unknown.stderr.contains("gpx"), "lists the supported formats: \(unknown.stderr)")
  }

  @Test func autoPauseCanBeSwitchedOffAndEmptyFilesWarn() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("run.gpx").path
    _ = InProcess.run([
      "simulate", "--activity", "run", "--seed", "8", "--faults", "none", "-o", gpx,
    ])
    let paused = InProcess.run(["analyze", "--format", "json", gpx])
    let unpaused = InProcess.run(["analyze", "--format", "json", "--no-auto-pause", gpx])
    let a = try json(try #require(paused.stdout.split(separator: "\n").first))
    let b = try json(try #require(unpaused.stdout.split(separator: "\n").first))
    #expect((a["pauses"] as? [Any])?.isEmpty == false, "the simulated run has stops")
    #expect((b["pauses"] as? [Any])?.isEmpty == true)
    #expect((b["moving_s"] as? Double ?? 0) > (a["moving_s"] as? Double ?? 0))

    let empty = dir.appendingPathComponent("waypoints.gpx")
    try Data(
      "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>x</name></wpt></gpx>".utf8
    ).write(to: empty)
    let result = InProcess.run(["analyze", empty.path])
    #expect(result.status == 0)
    #expect(result.stderr.contains("no track points"))
  }

  @Test func badOptionsAreUsageErrors() throws {
    let result = InProcess.run(["analyze", "--weight", "-3", "x.gpx"])
    #expect(result.status == 64, "EX_USAGE for a user mistake")
    #expect(result.stderr.contains("--weight"))
  }
}
