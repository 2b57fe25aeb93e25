import Foundation
import StriderTestSupport
import Testing

/// Issue 18's remainders run in process: an imported FIT session keeps the device's own
/// numbers (distance, timer, pauses, the gap to Strider's) and prints them in `sessions
/// show` as `analyze` does; power and temperature are kept and shown; the device's own
/// pauses are never distance.
@Suite(.offCooperativePool) struct FITSessionShowEndToEndTests {
  static func json(_ text: String) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
  }

  static func row(_ label: String, in text: String) -> String? {
    text.split(separator: "\n").first { $0.hasPrefix(label + " ") }.map(String.init)
  }

  /// gb-edge800.fit: 25.20 km, 58:12 on the device's timer and 1025 kcal, 9 timer stops of which 7
  /// were restarted (the last two end the ride; gpsbabel makes 8 segments of it): `analyze` and `sessions show` print the same
  /// device row, and the JSON export carries the device's figures.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func sessionsShowPrintsTheDevicesNumbersAsAnalyzeDoes() throws {
    let file = try #require(SharedData.file("fit/gb-edge800.fit"))
    let environment = StriderBinary.isolatedEnvironment()
    let analyzed = InProcess.run(["analyze", file.path], environment: environment)
    #expect(analyzed.status == 0, "\(analyzed.stderr)")
    let analyzeRow = try #require(Self.row("device", in: analyzed.stdout), "\(analyzed.stdout)")
    #expect(
      analyzeRow.contains("25.20 km, timer 58:12, 1025 kcal, 7 pauses (2:07) (1 session)"),
      "\(analyzeRow)")
    #expect(analyzeRow.contains("; Strider "), "\(analyzeRow)")
    #expect(analyzeRow.hasSuffix(" kcal from the speed"), "Strider's calories beside the device's")

    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(shown.status == 0, "\(shown.stderr)")
    let showRow = try #require(Self.row("device", in: shown.stdout), "\(shown.stdout)")
    #expect(showRow == analyzeRow, "the same figures and gap in both")

    let export = InProcess.run(
      ["sessions", "export", "1", "--format", "json"], environment: environment)
    #expect(export.status == 0, "\(export.stderr)")
    let device = try #require(try Self.json(export.stdout)["device"] as? [String: Any])
    #expect(device["distance_m"] as? Double == 25196.98)
    #expect(device["timer_s"] as? Double == 3492.1)
    #expect(device["pauses"] as? Int == 7)
    #expect(device["sessions"] as? Int == 1)
    #expect(device["calories_kcal"] as? Int == 1025)

    let report = try Self.json(
      InProcess.run(["analyze", "--format", "json", file.path]).stdout)
    let analyzedDevice = try #require(report["device"] as? [String: Any])
    #expect(analyzedDevice["pauses"] as? Int == 7)
    #expect(analyzedDevice["paused_s"] as? Double == 127)
    #expect(analyzedDevice["calories_kcal"] as? Int == 1025)
    #expect(
      NSDictionary(dictionary: analyzedDevice) == NSDictionary(dictionary: device),
      "the export's device object is analyze's")
    // The device's calories are the session's; Strider's estimate stands beside them.
    #expect(report["calories_kcal"] as? Double == 1025)
    #expect(report["calories_source"] as? String == "device")
    #expect(
      Self.row("calories", in: analyzed.stdout)?.hasSuffix(" 1025 kcal, the device's") == true)
    #expect(Self.row("calories", in: shown.stdout) == Self.row("calories", in: analyzed.stdout))
    let strider = try #require(analyzedDevice["strider_calories_kcal"] as? Double)
    #expect(analyzeRow.hasSuffix(" \(Int(strider.rounded())) kcal from the speed"), "\(analyzeRow)")
    let gap = try #require(analyzedDevice["calories_gap_pct"] as? Double)
    #expect(abs(gap - 100 * (strider - 1025) / 1025) < 0.1)
  }

  /// A triathlon imported keeps its five parts within its one session (migration v12):
  /// `sessions show` lists them as `analyze` does, each with Strider's distance and time
  /// and the device's distance and timer; importing it again keeps them once.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aTriathlonsPartsAreKeptAndShown() throws {
    let file = try #require(SharedData.file("fit/fp-sample_mulitple_header.fit"))
    let environment = StriderBinary.isolatedEnvironment()
    let analyzed = InProcess.run(["analyze", file.path], environment: environment)
    #expect(analyzed.status == 0, "\(analyzed.stderr)")
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("with its parts measured one by one"), "\(imported.stderr)")
    let again = InProcess.run(["sessions", "import", file.path], environment: environment)
    #expect(again.status == 0, "\(again.stderr)")
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(shown.status == 0, "\(shown.stderr)")
    let sports = ["swimming", "transition", "cycling", "transition", "running"]
    for (index, sport) in sports.enumerated() {
      let label = "leg \(index + 1)"
      let row = try #require(Self.row(label, in: shown.stdout), "\(label): \(shown.stdout)")
      #expect(row.dropFirst(label.count).trimmingCharacters(in: .whitespaces).hasPrefix(sport))
      #expect(row == Self.row(label, in: analyzed.stdout), "the same as analyze's")
    }
    #expect(Self.row("leg 6", in: shown.stdout) == nil, "\(shown.stdout)")
    let cycling = try #require(Self.row("leg 3", in: shown.stdout))
    #expect(cycling.hasSuffix("(device 40.91 km, timer 1:13:42)"), "\(cycling)")
    let swim = try #require(Self.row("leg 1", in: shown.stdout))
    #expect(swim.hasSuffix("(device 1.64 km, timer 33:08)"), "\(swim)")
    // The whole track is no one activity's: no best efforts timed across swim, ride and run.
    #expect(Self.row("best efforts", in: shown.stdout) == nil, "\(shown.stdout)")

    // The JSON export carries the parts in the shape of analyze's legs.
    let json = InProcess.run(
      ["sessions", "export", "1", "--format", "json"], environment: environment)
    #expect(json.status == 0, "\(json.stderr)")
    let exported = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let parts = try #require(exported["parts"] as? [[String: Any]], "\(exported.keys)")
    let legs =
      try #require(
        try JSONSerialization.jsonObject(
          with: Data(
            InProcess.run(["analyze", "--format", "json", file.path]).stdout.utf8))
          as? [String: Any])["legs"] as? [[String: Any]]
    #expect(parts.map { $0["sport"] as? String } == sports)
    #expect(parts.count == legs?.count)
    for (part, leg) in zip(parts, legs ?? []) {
      #expect(part["distance_m"] as? Double == leg["distance_m"] as? Double)
      #expect(part["device_timer_s"] as? Double == leg["device_timer_s"] as? Double)
    }
  }

  /// A GPX file's session has no device row and no sensor rows: nothing is made up.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aGPXSessionHasNoDeviceRow() throws {
    let file = try #require(SharedData.file("gpx/gb-edge800.gpx"))
    let environment = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(Self.row("device", in: shown.stdout) == nil, "\(shown.stdout)")
    #expect(Self.row("power", in: shown.stdout) == nil, "\(shown.stdout)")
    #expect(Self.row("leg 1", in: shown.stdout) == nil, "one activity, no parts")
  }

  /// fp-Edge810-Vector: power pedals and a thermometer on every record. `analyze` and
  /// `sessions show` print them, the JSON export keeps them on each fix.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func powerAndTemperatureAreShownAndKept() throws {
    let file = try #require(SharedData.file("fit/fp-Edge810-Vector-2013-08-16-15-35-10.fit"))
    let environment = StriderBinary.isolatedEnvironment()
    let analyzed = InProcess.run(["analyze", file.path], environment: environment)
    let power = try #require(Self.row("power", in: analyzed.stdout), "\(analyzed.stdout)")
    #expect(power.hasSuffix("(4700 records)"), "\(power)")
    // Normalised power (Coggan's 30 s rolling fourth-power mean): the device wrote 301 W.
    #expect(power.contains("avg 275 W, normalised 301 W, max 619 W"), "\(power)")
    let temperature = try #require(Self.row("temperature", in: analyzed.stdout))
    #expect(temperature.contains(" °C, avg "), "\(temperature)")
    // The device's 1,293 kcal are the session's; beside them, Strider's from the meter's
    // 1,296 kJ (the device's speed said 1,209).
    #expect(
      Self.row("calories", in: analyzed.stdout)?.hasSuffix(" 1293 kcal, the device's") == true,
      "\(analyzed.stdout)")
    #expect(
      Self.row("device", in: analyzed.stdout)?.hasSuffix(" 1295 kcal from the power meter")
        == true, "\(analyzed.stdout)")

    _ = InProcess.run(["sessions", "import", file.path], environment: environment)
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(Self.row("power", in: shown.stdout) == power, "\(shown.stdout)")
    #expect(Self.row("temperature", in: shown.stdout) == temperature)

    let export = InProcess.run(
      ["sessions", "export", "1", "--format", "json"], environment: environment)
    let fixes = try #require(try Self.json(export.stdout)["fixes"] as? [[String: Any]])
    #expect(fixes.count == 4700)
    #expect(fixes.allSatisfy { $0["power_w"] is Double && $0["temperature_c"] is Double })
    let watts = fixes.compactMap { $0["power_w"] as? Double }
    let report = try Self.json(
      InProcess.run(["analyze", "--format", "json", file.path]).stdout)
    let sensors = try #require(report["sensors"] as? [String: Any])
    #expect(sensors["power_max_w"] as? Double == watts.max())
    #expect(sensors["power_records"] as? Int == 4700)
    #expect(abs((sensors["power_normalised_w"] as? Double ?? 0) - 301) < 0.5)
    #expect(report["calories_source"] as? String == "device")
    let device = try #require(report["device"] as? [String: Any])
    #expect((device["strider_calories_kcal"] as? Double).map { abs($0 - 1295) < 1 } == true)
  }

  /// fp-activity-small-fenix2-run: a watch run with a heart-rate strap (2,808 records, avg
  /// 154, max 178, as fitdecode reads them) and a stride sensor whose average the watch
  /// itself wrote as 81 rpm. `analyze`, `sessions show` and the JSON report say so; a run's
  /// cadence is also given in steps, two to a stride.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func heartRateAndCadenceAreShown() throws {
    let file = try #require(SharedData.file("fit/fp-activity-small-fenix2-run.fit"))
    let environment = StriderBinary.isolatedEnvironment()
    let analyzed = InProcess.run(["analyze", file.path], environment: environment)
    let heart = try #require(Self.row("heart rate", in: analyzed.stdout), "\(analyzed.stdout)")
    #expect(heart.hasSuffix("avg 154 bpm, max 178 bpm (2808 records)"), "\(heart)")
    let cadence = try #require(Self.row("cadence", in: analyzed.stdout))
    #expect(cadence.contains("avg 81 rpm (163 steps/min), max 102 rpm"), "\(cadence)")

    _ = InProcess.run(["sessions", "import", file.path], environment: environment)
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(Self.row("heart rate", in: shown.stdout) == heart, "\(shown.stdout)")
    #expect(Self.row("cadence", in: shown.stdout) == cadence)

    let report = try Self.json(
      InProcess.run(["analyze", "--format", "json", file.path]).stdout)
    let sensors = try #require(report["sensors"] as? [String: Any])
    #expect(sensors["heart_rate_records"] as? Int == 2808)
    #expect(sensors["heart_rate_max_bpm"] as? Double == 178)
    #expect(abs((sensors["heart_rate_avg_bpm"] as? Double ?? 0) - 154.0) < 0.05)
    #expect(abs((sensors["cadence_avg_rpm"] as? Double ?? 0) - 81.5) < 0.05)
  }

  /// The same run read for a known person (`profile.age` and `profile.sex`): Strider's
  /// estimate is its heart rate's by Keytel's equations, and says so. The watch, which knew
  /// its owner, said 516 kcal, and that is the session's figure either way; by the speed it
  /// is 705 for anyone of 70 kg.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func caloriesFromTheHeartRateForAKnownPerson() throws {
    let file = try #require(SharedData.file("fit/fp-activity-small-fenix2-run.fit"))
    let environment = try CommandOutput.environment(
      config: "[profile]\nage = 35\nsex = \"female\"\nweight = 60\n")
    let analyzed = InProcess.run(["analyze", file.path], environment: environment)
    #expect(
      Self.row("calories", in: analyzed.stdout)?.hasSuffix(" 516 kcal, the device's") == true,
      "\(analyzed.stdout)")
    #expect(
      Self.row("device", in: analyzed.stdout)?.hasSuffix(" 490 kcal from the heart rate")
        == true, "\(analyzed.stdout)")
    let plain = InProcess.run(["analyze", file.path])
    #expect(
      Self.row("device", in: plain.stdout)?.hasSuffix(" 705 kcal from the speed") == true,
      "\(plain.stdout)")
  }

  /// `sessions show --plot` of the same run: its elevation, pace and heart rate over the
  /// 8.97 km, each six rows high within the terminal's width; without `--plot`, none.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aSessionsProfilesArePlotted() throws {
    let file = try #require(SharedData.file("fit/fp-activity-small-fenix2-run.fit"))
    var environment = StriderBinary.isolatedEnvironment()
    environment["COLUMNS"] = "72"
    _ = InProcess.run(["sessions", "import", file.path], environment: environment)
    let plain = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(!plain.stdout.contains("\nheart rate\n"))
    let shown = InProcess.run(
      ["sessions", "show", "1", "--plot"], environment: environment)
    #expect(shown.status == 0, "\(shown.stderr)")
    let lines = shown.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    for title in ["elevation", "pace", "heart rate"] {
      let at = try #require(lines.firstIndex(of: Substring(title)), "\(title): \(shown.stdout)")
      try #require(at + 7 < lines.count, "six rows and an axis under \(title)")
      #expect(lines[at + 7].hasSuffix("8.97 km"), "\(title)'s axis: \(lines[at + 7])")
      #expect(lines[(at + 1)...(at + 7)].allSatisfy { $0.count <= 72 })
    }
    let heart = try #require(lines.firstIndex(of: "heart rate"))
    #expect(lines[heart + 1].contains(" bpm "), "\(lines[heart + 1])")
    #expect(lines[try #require(lines.firstIndex(of: "pace")) + 1].contains(" /km "))
  }

  /// fp-garmin-edge-500-activity: the device auto-paused 48 times and wrote a record where
  /// the rider moved off again, timed after the stop. That stretch is no distance: the raw
  /// length is the device's within 0.5 %, and `--no-filter` counts no step across a pause.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func theDevicesPausedStretchIsNeverDistance() throws {
    let file = try #require(SharedData.file("fit/fp-garmin-edge-500-activity.fit"))
    let report = try Self.json(
      InProcess.run(["analyze", "--no-filter", "--format", "json", file.path]).stdout)
    let device = try #require(report["device"] as? [String: Any])
    let deviceDistance = try #require(device["distance_m"] as? Double)
    let raw = try #require(report["distance_m"] as? Double)
    #expect(
      abs(raw - deviceDistance) / deviceDistance < 0.005, "raw \(raw), device \(deviceDistance)")
    let reader = try #require(report["reader"] as? [String: Any])
    #expect(reader["timer_restarts"] as? Int == device["pauses"] as? Int)
  }
}

/// Issue 17: `sessions import` says in one short line why each file's activity is what it
/// is, as `analyze` does.
@Suite(.offCooperativePool) struct ImportGuessReasonEndToEndTests {
  @Test func importSaysWhyItGuessedOneLineAFile() throws {
    let ride = try ActivityGuessEndToEndTests.gpx(speed: 5.2, seconds: 600)
    let environment = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(
      ["sessions", "import", ride.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let lines = imported.stdout.split(separator: "\n")
    #expect(lines.count == 2 || lines.count > 2 && !lines[2].hasPrefix("  activity"))
    #expect(lines.first?.contains("session 1, ride,") == true, "\(imported.stdout)")
    #expect(
      lines.dropFirst().first
        == "  activity guessed: moving median 5.20 m/s (18.7 km/h): 4.70 m/s and faster is a ride",
      "\(imported.stdout)")

    let declared = try ActivityGuessEndToEndTests.gpx(speed: 1.2, seconds: 600, type: "hiking")
    let second = InProcess.run(
      ["sessions", "import", declared.path], environment: environment)
    #expect(
      second.stdout.contains("\n  activity from the file says \"hiking\"\n"), "\(second.stdout)")

    let asked = try ActivityGuessEndToEndTests.gpx(speed: 3.0, seconds: 600)
    let third = InProcess.run(
      ["sessions", "import", "--activity", "walk", asked.path], environment: environment)
    #expect(!third.stdout.contains("activity"), "--activity needs no reason: \(third.stdout)")
  }
}

/// Issue 17: a swim's pace is per 100 m everywhere a pace is shown: analyze, sessions show,
/// the list, the spoken cues.
@Suite(.offCooperativePool) struct SwimPaceEndToEndTests {
  @Test func aSwimShowsItsPacePer100Metres() throws {
    // 0.8 m/s: 2:05 per 100 m.
    let file = try ActivityGuessEndToEndTests.gpx(speed: 0.8, seconds: 1200)
    let environment = StriderBinary.isolatedEnvironment()
    let analyzed = InProcess.run(
      ["analyze", "--activity", "swim", file.path], environment: environment)
    #expect(analyzed.status == 0, "\(analyzed.stderr)")
    let pace = try #require(
      FITSessionShowEndToEndTests.row("avg pace", in: analyzed.stdout), "\(analyzed.stdout)")
    #expect(pace.hasSuffix(" /100 m"), "\(pace)")
    #expect(!analyzed.stdout.contains("/km"), "\(analyzed.stdout)")
    let minutes = pace.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
    #expect(["2:04", "2:05", "2:06"].contains(minutes), "\(pace)")

    _ = InProcess.run(
      ["sessions", "import", "--activity", "swim", file.path], environment: environment)
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(FITSessionShowEndToEndTests.row("avg pace", in: shown.stdout) == pace)
    let list = InProcess.run(["sessions", "list"], environment: environment)
    #expect(list.stdout.contains(" /100 m"), "\(list.stdout)")

    let yards = InProcess.run(
      ["analyze", "--activity", "swim", "--units", "imperial", file.path])
    #expect(yards.stdout.contains(" /100 yd"), "\(yards.stdout)")

    let replay = InProcess.run(
      ["replay", "--headless", "--speed", "max", "--activity", "swim", file.path])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("per 100 metres."), "\(replay.stdout.suffix(600))")
    #expect(!replay.stdout.contains("per kilometre"), "\(replay.stdout.suffix(600))")
  }
}
