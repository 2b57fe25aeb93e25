import Foundation
import StriderCore
import StriderRender
import StriderTestSupport
import Testing

/// `analyze`'s table is made by an engine that skips the live pipeline (nothing live is
/// shown), its JSON by one that runs it (the JSON has the cues and the live report). Both
/// must give the same finished figures, on every real file and on a file whose times begin
/// late, where the table's engine hands over to a following one.
@Suite(.offCooperativePool) struct AnalyzeTableFiguresEndToEndTests {
  /// The table's value for a label ("distance", "moving"), as `analyze` prints it.
  static func row(_ label: String, in table: String) -> String? {
    for line in table.split(separator: "\n") where line.hasPrefix(label + " ") {
      return line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
    }
    return nil
  }

  /// Checks the table against the JSON's figures, formatted as the table formats them.
  static func expectSameFigures(
    _ file: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let table = try StriderBinary.run(["analyze", file])
    let json = try StriderBinary.run(["analyze", "--format", "json", file])
    // A file that cannot be read is the same error either way.
    #expect(table.status == json.status, "\(file)", sourceLocation: sourceLocation)
    #expect(table.stderr == json.stderr, "\(file): the same warnings and errors")
    guard table.status == 0, json.status == 0 else { return }
    let line = try #require(json.stdout.split(separator: "\n").first)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let text = table.stdout
    let distance = try #require(report["distance_m"] as? Double)
    let elapsed = try #require(report["elapsed_s"] as? Double)
    let moving = try #require(report["moving_s"] as? Double)
    let calories = try #require(report["calories_kcal"] as? Double)
    let pauses = try #require(report["pauses"] as? [[String: Any]])
    let splits = try #require(report["splits"] as? [[String: Any]])
    let context = Comment(rawValue: file)
    // The distance with its σ where the finish gave one ("5.98 km ± 0.04").
    let sigma = report["distance_sigma_m"] as? Double
    let expected =
      sigma.map { DisplayFormat.distance(Meters(distance), sigma: Meters($0), units: .metric) }
      ?? DisplayFormat.distance(Meters(distance), units: .metric)
    #expect(row("distance", in: text) == expected, context, sourceLocation: sourceLocation)
    #expect(
      row("elapsed", in: text) == DisplayFormat.clock(Seconds(elapsed)), context,
      sourceLocation: sourceLocation)
    #expect(
      row("moving", in: text) == DisplayFormat.clock(Seconds(moving)), context,
      sourceLocation: sourceLocation)
    // The JSON has a tenth of a kilocalorie, the table whole ones.
    let tableCalories = row("calories", in: text).flatMap { Double($0.prefix { $0 != " " }) }
    #expect(
      tableCalories.map { abs($0 - calories) <= 0.55 } == true, context,
      sourceLocation: sourceLocation)
    #expect(
      row("pauses", in: text)?.hasPrefix("\(pauses.count) (") == true, context,
      sourceLocation: sourceLocation)
    // Each split's line: its number, length and time.
    let splitLines = text.split(separator: "\n").drop { $0 != "splits" }.dropFirst()
      .prefix { $0.hasPrefix("  ") }
    #expect(splitLines.count == splits.count, context, sourceLocation: sourceLocation)
    for (split, line) in zip(splits, splitLines) {
      let fields = line.split(separator: " ")
      let length = try #require(split["distance_m"] as? Double)
      let duration = try #require(split["duration_s"] as? Double)
      #expect(
        fields.count >= 4
          && "\(fields[1]) \(fields[2])"
            == DisplayFormat.distance(Meters(length), units: .metric)
          && String(fields[3]) == DisplayFormat.clock(Seconds(duration)),
        "\(file): \(line)", sourceLocation: sourceLocation)
    }
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func everyRealFileGivesTheSameFiguresAsTableAndAsJSON() throws {
    var files: [URL] = []
    for (folder, ext) in [("gpx", "gpx"), ("tcx", "tcx"), ("fit", "fit"), ("nmea", "log")] {
      files += SharedData.files(in: folder, withExtension: ext)
    }
    #expect(files.count >= 40, "the shared recordings are there")
    for file in files { try Self.expectSameFigures(file.path) }
  }

  @Test func aFileWhoseTimesBeginLateGivesTheSameFiguresAsTableAndAsJSON() throws {
    // More untimed points than the gate holds (an untimed stream), then times: the step to
    // the first timed point is one only the live pipeline measures (`needsLivePass`).
    let dir = try StriderBinary.temporaryDirectory()
    let file = dir.appendingPathComponent("late.gpx").path
    let sim = try StriderBinary.run([
      "simulate", "--activity", "run", "--seed", "3", "--faults", "none", "-o", file,
    ])
    #expect(sim.status == 0, "simulate failed: \(sim.stderr)")
    var text = try String(contentsOfFile: file, encoding: .utf8)
    var untimed = 0
    while untimed < 150,
      let range = text.range(of: "<time>[^<]*</time>", options: .regularExpression)
    {
      text.removeSubrange(range)
      untimed += 1
    }
    #expect(untimed == 150)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    try Self.expectSameFigures(file)
    // Through a pipe, which cannot be read a second time: the same table but for the name.
    let piped = try StriderBinary.shell("cat '\(file)' | \"$STRIDER\" analyze /dev/stdin")
    let direct = try StriderBinary.run(["analyze", file])
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(
      piped.stdout.split(separator: "\n").dropFirst()
        == direct.stdout.split(separator: "\n").dropFirst())
    #expect(piped.stdout.contains("distance"))
  }
}
