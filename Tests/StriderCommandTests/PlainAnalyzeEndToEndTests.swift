import Foundation
import StriderTestSupport
import Testing

/// `strider analyze` read without the argument parser (`PlainAnalyze`) must do exactly
/// what the parser's reading does. `--format=table` (the `=` form) is left to the parser,
/// so each plain command line is run again through the parser with it added, and the two
/// runs must print the same bytes and end alike.
@Suite(.offCooperativePool) struct PlainAnalyzeEndToEndTests {
  /// A 40-second run northwards at 3 m/s with a stop in the middle, as GPX without a
  /// declared activity (so the guess is exercised too).
  static func gpx(named name: String, in dir: URL) throws -> String {
    var points = ""
    var latitude = 48.2
    for second in 0..<40 {
      if !(15..<25).contains(second) { latitude += 3 / 111_195 }
      let time = String(format: "2024-05-04T07:30:%02dZ", second)
      points += "<trkpt lat=\"\(latitude)\" lon=\"16.37\"><time>\(time)</time></trkpt>\n"
    }
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><trkseg>
      \(points)</trkseg></trk></gpx>
      """
    let path = dir.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The same command line in a form the plain reading leaves to the parser: `--format X`
  /// as `--format=X`, else `--format=table` (the default) added.
  static func parsedForm(_ arguments: [String]) -> [String] {
    guard let at = arguments.firstIndex(of: "--format") else {
      return arguments + ["--format=table"]
    }
    return Array(arguments[..<at]) + ["--format=\(arguments[at + 1])"]
      + Array(arguments[(at + 2)...])
  }

  /// A config folder (for `XDG_CONFIG_HOME`) whose `strider/config.toml` holds `toml`.
  static func configFolder(named name: String, in dir: URL, toml: String) throws -> URL {
    let folder = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("strider"), withIntermediateDirectories: true)
    try toml.write(
      to: folder.appendingPathComponent("strider/config.toml"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test func thePlainFormsPrintWhatTheParsersReadingPrints() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let first = try Self.gpx(named: "first.gpx", in: dir)
    let second = try Self.gpx(named: "second.gpx", in: dir)
    let missing = dir.appendingPathComponent("missing.gpx").path
    let plain: [[String]] = [
      ["analyze", first],
      ["analyze", "--format", "json", first],
      ["analyze", "--format", "table", first, second],
      ["analyze", "--no-filter", first],
      ["analyze", first, "--activity", "ride", "--no-auto-pause", second],
      ["analyze", missing],
      ["analyze", first, missing, second],
    ]
    for arguments in plain {
      let fast = InProcess.run(arguments)
      let slow = InProcess.run(Self.parsedForm(arguments))
      #expect(!fast.crashed && !slow.crashed)
      #expect(fast.status == slow.status, "\(arguments): status \(fast.status) vs \(slow.status)")
      #expect(fast.stdout == slow.stdout, "\(arguments): stdout differs")
      #expect(fast.stderr == slow.stderr, "\(arguments): stderr differs")
      #expect(!fast.stdout.isEmpty || fast.status != 0, "\(arguments) printed nothing")
    }
  }

  /// The config file counts alike on both readings: units, weight and auto-pause from it,
  /// a flag over it.
  @Test func theConfigFileCountsAlikeOnBothReadings() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let file = try Self.gpx(named: "run.gpx", in: dir)
    let config = try Self.configFolder(
      named: "config", in: dir, toml: "[profile]\nunits = \"imperial\"\nweight = 92\n")
    let environment = ["XDG_CONFIG_HOME": config.path]
    for arguments in [
      ["analyze", file], ["analyze", "--no-auto-pause", "--format", "json", file],
    ] {
      let fast = InProcess.run(arguments, environment: environment)
      let slow = InProcess.run(Self.parsedForm(arguments), environment: environment)
      #expect(fast.status == 0 && slow.status == 0, "\(fast.stderr) \(slow.stderr)")
      #expect(fast.stdout == slow.stdout && fast.stderr == slow.stderr, "\(arguments)")
    }
    let table = InProcess.run(["analyze", file], environment: environment)
    #expect(table.stdout.contains(" mi"), "the config file's imperial units: \(table.stdout)")
    let broken = try Self.configFolder(
      named: "broken", in: dir, toml: "[profile]\nunits = \"furlongs\"\n")
    let fast = InProcess.run(
      ["analyze", file], environment: ["XDG_CONFIG_HOME": broken.path])
    let slow = InProcess.run(
      ["analyze", "--format=table", file], environment: ["XDG_CONFIG_HOME": broken.path])
    #expect(fast.status == 1 && slow.status == 1, "a bad config file stops both")
    #expect(fast.stderr == slow.stderr, "\(fast.stderr)")
    #expect(fast.stderr.contains("config.toml:2: profile.units"), "\(fast.stderr)")
  }

  /// What the plain reading does not know is the parser's to refuse or explain.
  @Test func everythingElseIsLeftToTheParser() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let file = try Self.gpx(named: "run.gpx", in: dir)

    let help = InProcess.run(["analyze", "--help"])
    #expect(help.status == 0 && help.stdout.contains("USAGE: strider analyze"))

    let none = InProcess.run(["analyze"])
    #expect(none.status != 0 && none.stderr.contains("Missing expected argument"))

    let badFormat = InProcess.run(["analyze", "--format", "xml", file])
    #expect(badFormat.status != 0 && badFormat.stderr.contains("xml"))

    let badActivity = InProcess.run(["analyze", "--activity", "skydive", file])
    #expect(badActivity.status != 0 && badActivity.stderr.contains("skydive"))

    let weight = InProcess.run(["analyze", "--weight", "80", "--format", "json", file])
    #expect(weight.status == 0 && weight.stdout.contains("\"calories_kcal\""))

    let twice = InProcess.run(["analyze", "--format", "json", "--format", "table", file])
    #expect(!twice.crashed)
  }
}
