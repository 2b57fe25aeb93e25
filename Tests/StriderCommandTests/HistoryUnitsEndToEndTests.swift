import Foundation
import StriderTestSupport
import Testing

/// Issue 52: `profile.units = "imperial"` changed `analyze` but not `records`, `stats` or
/// `sessions list`. One rule now: `--units`, else the config file's, else metric.
@Suite(.offCooperativePool) struct HistoryUnitsEndToEndTests {
  /// Whether `text` gives a distance ("3.72 mi") or a pace ("8:35 /mi") in `unit` (a
  /// record's name, "1 km", is no distance).
  static func says(_ text: String, _ unit: String) -> Bool {
    text.range(of: "[0-9]\\.[0-9]+ \(unit)\\b|/\(unit)\\b", options: .regularExpression) != nil
  }

  @Test func theConfigFilesUnitsAreTheHistorysUnits() throws {
    let environment = try CommandOutput.environment(
      config: "[profile]\nunits = \"imperial\"\n")
    let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Demo/park-run.gpx").standardized
    let imported = InProcess.run(
      ["sessions", "import", demo.path, "--units", "metric"], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    for command in [["sessions", "list"], ["records"], ["stats", "--as-of", "2024-05-05"]] {
      let imperial = InProcess.run(command, environment: environment)
      #expect(imperial.status == 0, "\(command): \(imperial.stderr)")
      #expect(Self.says(imperial.stdout, "mi"), "\(command): \(imperial.stdout)")
      #expect(!Self.says(imperial.stdout, "km"), "\(command): \(imperial.stdout)")
      let metric = InProcess.run(command + ["--units", "metric"], environment: environment)
      #expect(Self.says(metric.stdout, "km"), "\(command) --units metric: \(metric.stdout)")
      #expect(!Self.says(metric.stdout, "mi"), "\(command) --units metric: \(metric.stdout)")
    }
    // The session's own page keeps the units it was measured in, its splits with them.
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(shown.stdout.contains("5.98 km"), "\(shown.stdout)")
  }
}
