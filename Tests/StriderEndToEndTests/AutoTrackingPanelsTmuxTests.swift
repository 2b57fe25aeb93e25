import Foundation
import StriderTestSupport
import Testing

/// `strider lab policies` and `strider day` on a real terminal (tmux): with standard output
/// a terminal they draw their panels without being asked, at the terminal's width; the
/// same commands into a pipe print text (`AutoRunEndToEndTests`).
@Suite(
  .serialized, .enabled(if: TmuxSession.executable != nil, "needs tmux (apt-get install tmux)"))
struct AutoTrackingPanelsTmuxTests {
  @Test func onATerminalTheLabAndTheDayDrawTheirPanels() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let home = directory.appendingPathComponent("home").path
    let environment = StriderBinary.isolatedEnvironment(["STRIDER_HOME": home, "TZ": "UTC"])
    let day = directory.appendingPathComponent("day.gpx").path
    let story = directory.appendingPathComponent("story.json").path
    let simulated = try StriderBinary.run(
      ["simulate", "--day", "--compressed", "-o", day, "--story", story],
      environment: environment)
    #expect(simulated.status == 0, "\(simulated.stderr)")
    let imported = try StriderBinary.run(
      ["sessions", "import", "--activity", "walk", day], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let binary = "'\(StriderBinary.url.path)'"
    let tmux = try TmuxSession(
      "env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color TZ=UTC STRIDER_HOME='\(home)' "
        + "XDG_CONFIG_HOME='\(directory.path)/config' sh -c \"\(binary) lab policies '\(day)' "
        + "--story '\(story)'; \(binary) day 2024-05-06; echo EXIT=\\$?\"; sleep 30",
      columns: 140, rows: 45)
    defer { tmux.kill() }
    let pane = tmux.waitFor("both panels drawn", timeout: 60) { $0.contains("EXIT=0") }
    guard let pane else { return }
    let lines = pane.split(separator: "\n").map(String.init)
    let lab = try #require(lines.firstIndex { $0.contains("┌─ Sampling policies") }, "\(pane)")
    #expect(lines[lab].hasSuffix("┐"), "the box spans the width: \(lines[lab])")
    #expect(lines[lab].count == 140, "\(lines[lab].count) columns")
    #expect(lines.contains { $0.contains("│ continuous 1 Hz") && $0.contains("██████████") })
    #expect(pane.contains("Scored against the truth"))
    let dayTop = try #require(lines.firstIndex { $0.contains("┌─ 2024-05-06") }, "\(pane)")
    #expect(lines[dayTop + 1].contains(":00"), "the clock axis: \(lines[dayTop + 1])")
    #expect(lines[dayTop + 2].contains("█"), "the stays on the bar: \(lines[dayTop + 2])")
  }
}
