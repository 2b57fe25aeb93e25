import Foundation
import StriderTestSupport
import Testing

/// A TCX file's `<Lap>`s become the session's laps on import: in the summary that
/// `sessions show` prints, and as lap marks its replay presses again.
@Suite(.offCooperativePool) struct ImportedLapsEndToEndTests {
  @Test(
    "An imported TCX keeps its laps",
    .enabled(if: SharedData.isPresent, SharedData.absent),
    // gb-laps.tcx has 14 <Lap>s, the last starting at its last trackpoint: 13 laps with
    // time in them; gc-10k.tcx's 11th lap holds its last trackpoint, a second long.
    arguments: [("tcx/gb-laps.tcx", 13), ("tcx/gc-10k.tcx", 11)])
  func importedTCXKeepsItsLaps(path: String, count: Int) throws {
    let file = try #require(SharedData.file(path))
    let env = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(["sessions", "import", file.path], environment: env)
    #expect(imported.status == 0, "\(imported.stderr)")
    let shown = InProcess.run(["sessions", "show", "1"], environment: env)
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("\nlaps\n  1 "), "\(shown.stdout)")
    let listed = shown.stdout.components(separatedBy: "\nlaps\n").last?
      .split(separator: "\n").prefix { $0.hasPrefix("  ") }
    #expect(listed?.count == count, "\(shown.stdout)")

    // The replay presses them again where the file's laps began: the same laps.
    let replay = InProcess.run(
      ["replay", "1", "--headless", "--speed", "max"], environment: env)
    #expect(replay.status == 0, "\(replay.stderr)")
    let lines = CommandOutput.jsonLines(replay.stdout)
    #expect(lines.filter { $0["event"] as? String == "lap" }.count >= count - 2)
    let laps = try #require(lines.last?["laps"] as? [[String: Any]])
    #expect(laps.count == count)
    let distance = try #require(lines.last?["distance_m"] as? Double)
    let sum = laps.compactMap { $0["distance_m"] as? Double }.reduce(0, +)
    #expect(abs(sum - distance) < 1, "the laps add up to the session: \(sum) of \(distance)")
  }

  /// The laps `sessions show` lists, one line each under "laps".
  static func listedLaps(_ shown: String) -> [Substring] {
    (shown.components(separatedBy: "\nlaps\n").dropFirst().first ?? "")
      .split(separator: "\n").prefix { $0.hasPrefix("  ") }
  }

  @Test(
    "A watch's FIT laps are kept; Strider's own FIT export of laps imports with them",
    .enabled(if: SharedData.isPresent, SharedData.absent))
  func importedFITKeepsItsLaps() throws {
    let env = StriderBinary.isolatedEnvironment()
    // A Fenix 2 run of four laps pressed on the watch.
    let watch = try #require(SharedData.file("fit/fp-activity-small-fenix2-run.fit"))
    #expect(
      InProcess.run(["sessions", "import", watch.path], environment: env).status == 0)
    let shown = InProcess.run(["sessions", "show", "1"], environment: env)
    #expect(Self.listedLaps(shown.stdout).count == 4, "\(shown.stdout)")

    // 13 TCX laps, exported as FIT and imported again: the same 13.
    let tcx = try #require(SharedData.file("tcx/gb-laps.tcx"))
    #expect(InProcess.run(["sessions", "import", tcx.path], environment: env).status == 0)
    let out = try StriderBinary.temporaryDirectory().appendingPathComponent("laps.fit").path
    let exported = InProcess.run(
      ["sessions", "export", "2", "--format", "fit", "-o", out], environment: env)
    #expect(exported.status == 0, "\(exported.stderr)")
    let other = StriderBinary.isolatedEnvironment()
    let again = InProcess.run(["sessions", "import", out], environment: other)
    #expect(again.status == 0, "\(again.stderr)")
    let before = InProcess.run(["sessions", "show", "2"], environment: env).stdout
    let after = InProcess.run(["sessions", "show", "1"], environment: other).stdout
    #expect(Self.listedLaps(before).count == 13)
    #expect(Self.listedLaps(after).count == 13, "\(after)")
  }
}
