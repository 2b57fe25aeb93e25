import Foundation
import StriderTestSupport
import Testing

/// Issue 17's "what it guesses", run in process: a file without a type at a median
/// 5.2 m/s is a ride, and says why; hike and swim are activities everywhere.
@Suite(.offCooperativePool) struct ActivityGuessEndToEndTests {
  /// A GPX without `<type>`: 1 Hz northward at `speed` for `seconds`, climbing `climb` m/s.
  static func gpx(speed: Double, seconds: Int, climb: Double = 0, type: String? = nil) throws
    -> URL
  {
    var points = ""
    for i in 0..<seconds {
      let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(i))
      points +=
        "<trkpt lat=\"\(46.0 + Double(i) * speed / 111_180)\" lon=\"14.5\">"
        + "<ele>\(300 + Double(i) * climb)</ele>"
        + "<time>\(ISO8601DateFormatter().string(from: time))</time></trkpt>\n"
    }
    let typeElement = type.map { "<type>\($0)</type>" } ?? ""
    let file = try StriderBinary.temporaryDirectory().appendingPathComponent("track.gpx")
    try
      ("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk>\(typeElement)<trkseg>\n"
      + points + "</trkseg></trk></gpx>\n").write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
  }

  /// It was "run" at 3:21 /km and 646 kcal; now a ride, with the reason in both outputs.
  @Test func aMedianOf5Point2IsGuessedARideAndSaysWhy() throws {
    let file = try Self.gpx(speed: 5.2, seconds: 1800)
    let table = InProcess.run(["analyze", file.path])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("\nactivity        ride\n"), "\(table.stdout)")
    #expect(
      table.stdout.contains(
        "\nactivity from   guessed: moving speed median 5.20 m/s (18.7 km/h)"),
      "\(table.stdout)")
    #expect(table.stdout.contains("avg speed"), "a ride reads in speed")
    let report = try Self.json(
      InProcess.run(["analyze", "--format", "json", file.path]).stdout)
    #expect(report["activity"] as? String == "ride")
    #expect(report["activity_source"] as? String == "guessed")
    let reason = try #require(report["activity_reason"] as? String)
    #expect(reason.hasSuffix("4.70 m/s and faster is a ride"), "\(reason)")
    let evidence = try #require(report["activity_evidence"] as? [String: Any])
    let median = try #require(evidence["speed_median_m_s"] as? Double)
    #expect(abs(median - 5.2) < 0.05)
  }

  /// A declared type, and `--activity`, are said as such: no guess is printed.
  @Test func aDeclaredOrAskedActivityIsSaidAsSuch() throws {
    let file = try Self.gpx(speed: 5.2, seconds: 300, type: "hiking")
    let declared = try Self.json(
      InProcess.run(["analyze", "--format", "json", file.path]).stdout)
    #expect(declared["activity"] as? String == "hike")
    #expect(declared["activity_source"] as? String == "declared")
    #expect(declared["activity_reason"] as? String == "the file says \"hiking\"")
    #expect(declared["activity_evidence"] == nil)
    let asked = InProcess.run(["analyze", "--activity", "swim", file.path])
    #expect(asked.status == 0, "\(asked.stderr)")
    #expect(asked.stdout.contains("\nactivity        swim\n"), "\(asked.stdout)")
    #expect(asked.stdout.contains("\nactivity from   --activity\n"), "\(asked.stdout)")
  }

  /// A climb at walking pace is a hike, and costs more than a walk on the same ground.
  @Test func aClimbAtWalkingPaceIsGuessedAHike() throws {
    let file = try Self.gpx(speed: 1.0, seconds: 2400, climb: 0.08)
    let hike = try Self.json(
      InProcess.run(["analyze", "--format", "json", file.path]).stdout)
    #expect(hike["activity"] as? String == "hike", "\(hike["activity_reason"] ?? "")")
    let walk = try Self.json(
      InProcess.run(["analyze", "--format", "json", "--activity", "walk", file.path])
        .stdout)
    let hikeKcal = try #require(hike["calories_kcal"] as? Double)
    let walkKcal = try #require(walk["calories_kcal"] as? Double)
    #expect(hikeKcal > walkKcal, "hike \(hikeKcal) kcal, walk \(walkKcal) kcal")
  }

  /// `--activity hike|swim|drive` everywhere a session is made, stored, and written by every
  /// export: GPX `<type>`, FIT's sport (read back as the same activity), TCX's "Other".
  @Test(arguments: ["hike", "swim", "drive"])
  func hikeAndSwimAreStoredAndExported(activity: String) throws {
    let file = try Self.gpx(speed: 0.9, seconds: 900)
    let environment = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(
      ["sessions", "import", "--activity", activity, file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("session 1, \(activity),"), "\(imported.stdout)")
    let list = InProcess.run(["sessions", "list"], environment: environment)
    #expect(list.stdout.contains(activity), "\(list.stdout)")
    let directory = try StriderBinary.temporaryDirectory()
    for format in ["gpx", "fit", "tcx"] {
      let out = directory.appendingPathComponent("out.\(format)")
      let exported = InProcess.run(
        ["sessions", "export", "1", "--format", format, "-o", out.path], environment: environment)
      #expect(exported.status == 0, "\(exported.stderr)")
      let back = try Self.json(
        InProcess.run(["analyze", "--format", "json", out.path]).stdout)
      if format == "tcx" {
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.contains("Sport=\"Other\""), "TCX has no hike, swim or drive")
      } else {
        #expect(back["activity"] as? String == activity, "\(format) keeps it")
        #expect(back["activity_source"] as? String == "declared", "\(format)")
      }
    }
    let replay = InProcess.run(
      ["replay", "--headless", "--speed", "max", "--activity", activity, file.path])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("\"activity\":\"\(activity)\""), "\(replay.stdout.suffix(400))")
  }

  /// A triathlon's swim leg is measured as a swim: as the file's ride it kept 0.30 km of
  /// the device's 1.64 km (a position a minute, at a swimmer's pace). The whole file is
  /// guessed a ride, not declared by the first part's sport that was read.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aTriathlonsSwimLegIsASwim() throws {
    let file = try #require(SharedData.file("fit/fp-sample_mulitple_header.fit"))
    let report = try Self.json(
      InProcess.run(["analyze", "--format", "json", file.path]).stdout)
    #expect(report["activity"] as? String == "ride")
    #expect(report["activity_source"] as? String == "guessed")
    let legs = try #require(report["legs"] as? [[String: Any]])
    let swim = try #require(legs.first)
    #expect(swim["activity"] as? String == "swim")
    let distance = try #require(swim["distance_m"] as? Double)
    let device = try #require(swim["device_distance_m"] as? Double)
    #expect(abs(distance - device) < 0.02 * device, "\(distance) m against \(device) m")
  }

  /// The help and the config file name every activity.
  @Test func everyActivityIsOfferedAndTheConfigTakesIt() throws {
    let help = InProcess.run(["analyze", "--help"]).stdout
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("run, walk, ride, hike, swim or drive"), "\(help)")
    let config = try StriderBinary.temporaryDirectory()
    let environment = StriderBinary.isolatedEnvironment(["XDG_CONFIG_HOME": config.path])
    try FileManager.default.createDirectory(
      at: config.appendingPathComponent("strider"), withIntermediateDirectories: true)
    let file = config.appendingPathComponent("strider/config.toml")
    try "[profile]\nactivity = \"hike\"\n".write(to: file, atomically: true, encoding: .utf8)
    let shown = InProcess.run(["config"], environment: environment)
    #expect(shown.status == 0 && shown.stdout.contains("activity = \"hike\""), "\(shown.stdout)")
    try "[profile]\nactivity = \"skate\"\n".write(to: file, atomically: true, encoding: .utf8)
    let wrong = InProcess.run(["config"], environment: environment)
    #expect(wrong.status != 0)
    #expect(wrong.stderr.contains("\"hike\", \"swim\""), "\(wrong.stderr)")
  }
}
