import Foundation
import StriderTestSupport
import Testing

/// File and session names reach the terminal; an escape sequence hidden in one must not.
@Suite(.offCooperativePool) struct TerminalSafetyTests {
  static let hostileName = "run \u{1B}]0;owned\u{07}\u{1B}[31mred\n.gpx"

  @Test func namesWithEscapeSequencesArePrintedWithoutThem() throws {
    let dir = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Demo/park-run.gpx").standardized
    let track = dir.appendingPathComponent(Self.hostileName)
    try FileManager.default.copyItem(at: demo, to: track)
    let cut = dir.appendingPathComponent("cut \u{1B}[2J.gpx")
    let bytes = try Data(contentsOf: demo)
    try bytes.prefix(bytes.count / 2).write(to: cut)
    let home = ["STRIDER_HOME": dir.appendingPathComponent("home").path]

    let runs = [
      InProcess.run(["sessions", "import", track.path], environment: home),
      InProcess.run(["sessions", "list"], environment: home),
      InProcess.run(["sessions", "show", "1"], environment: home),
      InProcess.run(["analyze", track.path]),
      InProcess.run(["analyze", cut.path]),
    ]
    // The cut file keeps its points before the cut, with a warning naming it.
    #expect(runs.map(\.status) == [0, 0, 0, 0, 0])
    for run in runs {
      for text in [run.stdout, run.stderr] {
        #expect(!text.unicodeScalars.contains("\u{1B}"), "an ESC reached the terminal: \(text)")
        #expect(!text.unicodeScalars.contains("\u{07}"))
      }
    }
    #expect(runs[1].stdout.contains("run \u{FFFD}]0;owned\u{FFFD}\u{FFFD}[31mred\u{FFFD}.gpx"))
    #expect(runs[4].stderr.contains("cut \u{FFFD}[2J.gpx"))
    // JSON keeps the name exactly, escaped.
    let json = InProcess.run(["analyze", "--format", "json", track.path])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["file"] as? String == track.path)
  }
}
