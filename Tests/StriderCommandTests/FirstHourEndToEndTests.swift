import Foundation
import StriderTestSupport
import Testing

/// What a new user meets in their first hour (issue 17), run in process: `--version`,
/// completions, help texts that say the right default, values refused as out of range,
/// the parsers' errors said as Strider's (the install script and gpsd's names stay with
/// the binary: `FirstHourBinaryTests`).
@Suite(.offCooperativePool) struct FirstHourEndToEndTests {
  @Test func versionIsPrinted() throws {
    let result = InProcess.run(["--version"])
    #expect(result.status == 0)
    let version = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let parts = version.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(result.stdout)")
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScriptsAreGenerated(shell: String) throws {
    let result = InProcess.run(["--generate-completion-script", shell])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("strider") && result.stdout.contains("replay"))
  }

  /// The activity's default in the help: a file's own where there is a file, the config
  /// file's (else run) where there is none.
  @Test(arguments: [
    (["run"], false), (["demo"], false), (["config"], false), (["replay"], true),
    (["analyze"], true),
  ])
  func activityHelpSaysTheRightDefault(command: [String], hasFile: Bool) throws {
    let result = InProcess.run(command + ["--help"])
    let help = result.stdout.replacingOccurrences(of: "\n", with: " ")
      .split(separator: " ").joined(separator: " ")
    #expect(help.contains("what the file says") == hasFile, "\(result.stdout)")
    if !hasFile { #expect(help.contains("profile.activity in the config file, else run")) }
  }

  /// `help config` lists every key with its meaning, each continuation line indented under
  /// its key (they started at the margin); `config` says what an unset maximum heart rate
  /// means as the help does (it said "the activity's own").
  @Test func configHelpKeepsItsIndentationAndSaysTheRightDefault() throws {
    let help = InProcess.run(["help", "config"])
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    guard let keys = lines.firstIndex(where: { $0.hasSuffix("Keys:") }),
      let end = lines[keys...].firstIndex(where: { $0.isEmpty })
    else {
      Issue.record("no key list in:\n\(help.stdout)")
      return
    }
    for line in lines[(keys + 1)..<end] {
      #expect(line.hasPrefix("  "), "\(line)")
      #expect(line.count <= 80, "\(line)")
    }
    #expect(lines[(keys + 1)..<end].contains { $0.hasPrefix("  profile.max_heart_rate: ") })
    let config = InProcess.run(
      ["config"], environment: ["XDG_CONFIG_HOME": try StriderBinary.temporaryDirectory().path])
    #expect(config.stdout.contains("# max_heart_rate is not set: the highest in the last year"))
  }

  /// The discussion is one paragraph, wrapped by the parser: no line ends after a word or
  /// two because the source had a newline there.
  @Test func simulateHelpWrapsAsOneParagraph() throws {
    let result = InProcess.run(["simulate", "--help"])
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("The simulator follows") })
    let end = try #require(lines[start...].firstIndex { $0.isEmpty })
    for line in lines[start..<(end - 1)] {
      #expect(line.count > 60, "a ragged line in the discussion: \"\(line)\"")
    }
  }

  @Test(arguments: [
    (["replay", "Demo/park-run.gpx", "--speed", "-5"], "out of range"),
    (["demo", "--speed", "0"], "out of range"),
    (["replay", "Demo/park-run.gpx", "--speed", "fast"], "not a speed"),
    (["demo", "--speed", "quick"], "not a speed"),
    (["demo", "--weight", "-70"], "out of range"),
    (["replay", "Demo/park-run.gpx", "--weight", "-70"], "out of range"),
    (["analyze", "Demo/park-run.gpx", "--weight", "-70"], "out of range"),
    (["run", "--weight", "-70"], "out of range"),
    (["simulate", "--length", "-5"], "out of range"),
    (["simulate", "--lead-in", "-5"], "out of range"),
    (["demo", "--seed", "-1"], "out of range"),
    (["simulate", "--seed", "-1"], "out of range"),
    (["sessions", "list", "--limit", "-5"], "out of range"),
    (["sessions", "list", "--since", "2024-13-01"], "not a day"),
  ])
  func badNumbersAreRefusedWithTheReason(arguments: [String], reason: String) throws {
    var arguments = arguments
    if arguments.count > 1, arguments[1].hasPrefix("Demo/") {
      arguments[1] = SharedData.packageRoot.appendingPathComponent(arguments[1]).path
    }
    let result = InProcess.run(
      arguments
        + ["--headless"].filter { _ in
          ["replay", "demo", "run"].contains(arguments[0])
        })
    #expect(result.status == 64, "a usage error: \(result.stderr)")
    #expect(result.stderr.contains(reason), "\(result.stderr)")
    #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    #expect(result.stdout.isEmpty, "nothing ran: \(result.stdout)")
  }

  /// Every system package `.ci/run` installs for the build is named in the README's set-up.
  @Test func readmeNamesEveryBuildPackage() throws {
    let root = SharedData.packageRoot
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
    let packages = ci.split(whereSeparator: { " \\\n".contains($0) }).map(String.init)
      .filter { $0.hasSuffix("-dev") }
    #expect(packages.contains("libsqlite3-dev"), "GRDB's shim includes sqlite3.h")
    for package in packages {
      #expect(readme.contains(package), "README names \(package)")
    }
    #expect(readme.contains("../shared/data") && readme.contains("skipped"))
  }

  /// A command's own checks are said with that command's usage (issue 54: `day 2019-02-30`
  /// and `simulate --faults jump,bogus` printed `Usage: strider <subcommand>`, `sessions shw
  /// 3` the usage of `sessions list`), status 64.
  @Test(arguments: [
    (["day", "2019-02-30"], "Usage: strider day"),
    (["simulate", "--faults", "jump,bogus"], "Usage: strider simulate"),
    (["run", "--still-for", "60"], "Usage: strider run"),
    (["places", "name", "1", " "], "Usage: strider places name"),
    // A misspelt sessions command was read as arguments of the default, `list`.
    (["sessions", "shw", "3"], "'shw' is not a sessions command; give one of list, show"),
    (["sessions", "shw", "3"], "Usage: strider sessions <subcommand>"),
  ])
  func aCommandsOwnCheckShowsItsOwnUsage(arguments: [String], usage: String) throws {
    let result = InProcess.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(usage), "\(arguments): \(result.stderr)")
    #expect(!result.stderr.contains("Usage: strider sessions list"), "\(result.stderr)")
    // In the one style every error has (issue 51), not the parser's "Error: ".
    #expect(result.stderr.hasPrefix("strider: error: "), "\(arguments): \(result.stderr)")
    #expect(!result.stderr.contains("Error: "), "\(arguments): \(result.stderr)")
  }

  /// The parser's own errors (a missing argument, an unknown option) are said as Strider's
  /// are, with the usage after them, status 64.
  @Test(arguments: [["analyze"], ["analyze", "--bogus", "x.gpx"], ["records", "--format", "csv"]])
  func theParsersErrorsAreSaidAsStridersAre(arguments: [String]) throws {
    let result = InProcess.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stderr.hasPrefix("strider: error: "), "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains("Usage: strider"), "\(arguments): \(result.stderr)")
  }

  /// `sessions` lists the newest first; `--limit`, `--since` and `--oldest-first` choose,
  /// the limit counting in the order asked.
  @Test func sessionsListNewestFirstWithLimitAndSince() throws {
    let home = ["STRIDER_HOME": try StriderBinary.temporaryDirectory().path]
    for seed in 1...3 {
      let demo = InProcess.run(
        ["demo", "--record", "--headless", "--speed", "max", "--seed", "\(seed)"],
        environment: home)
      #expect(demo.status == 0, "\(demo.stderr)")
    }
    func ids(_ arguments: [String]) throws -> [String] {
      let result = InProcess.run(["sessions"] + arguments, environment: home)
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout.split(separator: "\n").dropFirst().map {
        String($0.split(separator: " ").first ?? "")
      }
    }
    #expect(try ids([]) == ["3", "2", "1"])
    #expect(try ids(["list", "--limit", "2"]) == ["3", "2"])
    // The first two of the order asked for (issue 52: it listed the newest two, reversed).
    #expect(try ids(["list", "--limit", "2", "--oldest-first"]) == ["1", "2"])
    #expect(try ids(["list", "--since", "2024-05-03"]) == ["3", "2", "1"])
    let none = InProcess.run(
      ["sessions", "list", "--since", "2099-01-01"], environment: home)
    #expect(none.stdout == "no sessions since 2099-01-01 (3 before it)\n")
  }

  /// A ride's splits read in speed, in `analyze` as on the dashboard, and a run's in pace.
  @Test func rideSplitsAreSpeedsAndRunSplitsPaces() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let ride = dir.appendingPathComponent("ride.gpx").path
    let made = InProcess.run([
      "simulate", "--activity", "ride", "--seed", "2", "--length", "6000", "-o", ride,
    ])
    #expect(made.status == 0, "\(made.stderr)")
    let rideText = InProcess.run(["analyze", ride]).stdout
    let rideSplits = rideText.components(separatedBy: "\nsplits\n").last ?? ""
    #expect(rideSplits.contains(" km/h") && !rideSplits.contains("/km"), "\(rideText)")
    let run = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path
    let runText = InProcess.run(["analyze", run]).stdout
    let runSplits = runText.components(separatedBy: "\nsplits\n").last ?? ""
    #expect(runSplits.contains(" /km") && !runSplits.contains("km/h"), "\(runText)")
  }

  /// The demo's run imported into a store of its own and exported in `format`.
  static func exportedDemoRun(as format: String) throws -> String {
    let home = ["STRIDER_HOME": try StriderBinary.temporaryDirectory().path]
    let run = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path
    #expect(InProcess.run(["sessions", "import", run], environment: home).status == 0)
    let exported = InProcess.run(
      ["sessions", "export", "1", "--format", format], environment: home)
    #expect(exported.status == 0, "\(exported.stderr)")
    return exported.stdout
  }

  /// The TCX export's lap time and distances are written to a tenth of a second and a
  /// centimetre, not as `2227.7000000476837`.
  @Test func tcxFiguresHaveASensiblePrecision() throws {
    let tcx = try Self.exportedDemoRun(as: "tcx")
    for (tag, places) in [("TotalTimeSeconds", 1), ("DistanceMeters", 2)] {
      let values = tcx.components(separatedBy: "<\(tag)>").dropFirst().map {
        String($0.prefix { $0 != "<" })
      }
      #expect(!values.isEmpty)
      for value in values {
        let decimals = value.split(separator: ".").dropFirst().first?.count ?? 0
        #expect(decimals <= places, "\(tag) \(value)")
      }
    }
  }

  /// `analyze`'s table lists what the reader counted under `reader`, as the JSON does, and
  /// leaves out counts of nothing (a `skipped` row listed `lines 501, sentences_used 501`).
  @Test func theReaderRowListsWhatTheReaderCounted() throws {
    let log = SharedData.packageRoot.appendingPathComponent("Demo/park-run.nmea").path
    let table = InProcess.run(["analyze", log]).stdout
    let rows = table.split(separator: "\n")
    let reader = try #require(rows.first { $0.hasPrefix("reader ") })
    #expect(reader.contains("lines ") && reader.contains("sentences_used "), "\(reader)")
    #expect(!reader.contains(" 0,") && !reader.hasSuffix(" 0"), "\(reader)")
    #expect(!rows.contains { $0.hasPrefix("skipped ") })
  }

  /// The JSON export's keys follow one convention, snake_case, its settings included
  /// (they mixed `autoPause` with `announce_pauses`).
  @Test func theJSONExportIsSnakeCaseThroughout() throws {
    let json = try Self.exportedDemoRun(as: "json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 2)
    var camel: [String] = []
    func visit(_ value: Any, _ path: String) {
      if let dictionary = value as? [String: Any] {
        for (key, inner) in dictionary {
          if key.contains(where: \.isUppercase) { camel.append(path + "." + key) }
          visit(inner, path + "." + key)
        }
      } else if let array = value as? [Any], let first = array.first {
        visit(first, path + "[0]")
      }
    }
    visit(object["settings"] as Any, "settings")
    #expect(camel.isEmpty, "\(camel)")
  }

  /// A receiver log that never got a fix: `analyze` says so, and `sessions import` keeps
  /// nothing unless asked (it made a 0 km session without a word).
  @Test func aLogWithoutAFixIsNamedAndNotImported() throws {
    let dir = try StriderBinary.temporaryDirectory()
    func sentence(_ body: String) -> String {
      "$" + body + "*" + String(format: "%02X", body.utf8.reduce(0, ^)) + "\r\n"
    }
    var text = ""
    for i in 0..<20 {
      let t = String(format: "1200%02d.00", i)
      text +=
        sentence("GPGGA,\(t),,,,,0,00,99.99,,,,,,") + sentence("GPRMC,\(t),V,,,,,,,230394,,,N")
    }
    let log = dir.appendingPathComponent("nofix.nmea")
    try text.write(to: log, atomically: true, encoding: .utf8)
    let analyzed = InProcess.run(["analyze", log.path])
    #expect(analyzed.status == 0)
    #expect(analyzed.stderr.contains("no fix with a position was accepted (20 records)"))
    let home = ["STRIDER_HOME": dir.appendingPathComponent("home").path]
    let refused = InProcess.run(["sessions", "import", log.path], environment: home)
    #expect(refused.status == 0 && refused.stdout.isEmpty, "\(refused.stdout)")
    #expect(refused.stderr.contains("not imported") && refused.stderr.contains("--keep-empty"))
    #expect(InProcess.run(["sessions"], environment: home).stdout.hasPrefix("no sessions"))
    // Refused, it used no number: the one kept is session 1.
    let kept = InProcess.run(
      ["sessions", "import", "--keep-empty", log.path], environment: home)
    #expect(
      kept.status == 0 && kept.stdout.contains("session 1, run, 20 fixes, 0.00 km"),
      "\(kept.stdout)")
  }

  /// A file whose points nearly all share one time analyses to 0 km: it says why, and what
  /// `--no-filter` gives.
  @Test func timesThatDoNotMoveAreExplained() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let points = (0..<100).map { i in
      "<trkpt lat=\"\(46.0 + Double(i) * 0.0001)\" lon=\"14.5\">"
        + "<time>2020-06-01T10:00:00Z</time></trkpt>"
    }.joined()
    let file = dir.appendingPathComponent("sametime.gpx")
    try
      ("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\(points)"
      + "</trkseg></trk></gpx>").write(to: file, atomically: true, encoding: .utf8)
    let result = InProcess.run(["analyze", file.path])
    #expect(result.status == 0)
    #expect(
      result.stderr.contains("99 of 100 fixes repeat an earlier fix's time (duplicate)")
        && result.stderr.contains("--no-filter sums every step: 1.10 km"), "\(result.stderr)")
  }
}
