import Foundation
import StriderCore
import StriderSimulator
import StriderTestSupport
import Testing

/// `strider lab policies` and `strider day` on a real terminal (tmux): with standard output
/// a terminal they draw their panels without being asked, at the terminal's width; the
/// same commands into a pipe print text (`AutoRunEndToEndTests`).
@Suite(
  .serialized, .offCooperativePool,
  .enabled(if: TmuxSession.executable != nil, "needs tmux (apt-get install tmux)"))
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

  /// `run --auto` without `--headless` on a terminal: the status panel, redrawn in place,
  /// says it waits, then that a session runs, and after the walk ends lists it (with the
  /// place before it) under the day of the fixes.
  @Test(.enabled(if: LiveGPSDEndToEndTests.available, LiveGPSDEndToEndTests.unavailable))
  func runAutoShowsItsStatusPanel() throws {
    typealias Live = LiveGPSDEndToEndTests
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    // The walk and six minutes of standing after it: the session ends five minutes on.
    let cut = day.story.moves[0].end + Seconds(360)
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = directory.appendingPathComponent("walk.nmea")
    try Live.writeLog(day.fixes.filter { ($0.time ?? cut) < cut }, leadIn: 0, to: log)
    let port = Live.freePort()
    let home = directory.appendingPathComponent("home").path
    let tmux = try TmuxSession(
      "env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color TZ=UTC STRIDER_HOME='\(home)' "
        + "XDG_CONFIG_HOME='\(directory.path)/config' '\(StriderBinary.url.path)' run --auto "
        + "--gpsd 127.0.0.1:\(port); echo EXIT=$?; "
        + "echo TTY=$(stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon); sleep 30",
      columns: 100, rows: 30)
    defer { tmux.kill() }
    tmux.waitFor("the panel, waiting") { $0.contains("┌─ Auto · gpsd") && $0.contains("WAITING") }
    let fake = try Live.startGPSFake(log, port: port)
    defer { if fake.isRunning { fake.terminate() } }
    tmux.waitFor("a session under way", timeout: 60) {
      $0.contains("IN SESSION") && $0.contains(" km ") && $0.contains(" q quit ")
    }
    // `q` during a session asks first; any other key goes on.
    tmux.send("q")
    tmux.waitFor("the question") { $0.contains("q again ends it and quits") }
    tmux.send("n")
    tmux.waitFor("the question gone") {
      !$0.contains("q again ends it and quits") && $0.contains("┌─ Auto")
    }
    let ended = tmux.waitFor("the walk ended and listed", timeout: 90) { pane in
      pane.contains("WAITING") && pane.contains("Today") && pane.contains("walk")
    }
    guard let ended else { return }
    #expect(ended.components(separatedBy: "┌─ Auto").count == 2, "redrawn in place: \(ended)")
    #expect(ended.contains("Place 1"), "the stay before the walk: \(ended)")
    fake.waitUntilExit()
    // Waiting, `q` quits at once, and the terminal reads lines again.
    tmux.send("q")
    let stopped = tmux.waitFor("a clean stop") { $0.contains("EXIT=0") && $0.contains("TTY=") }
    #expect(stopped?.contains("TTY=icanon") == true, "the terminal as it was: \(stopped ?? "")")
  }
  /// A line on stderr while `run --auto`'s panel is up shows on the panel, not under a
  /// redrawing that would cover it, and is printed again under the panel at the end. The
  /// line is written into the process's fd 2 from outside (`/proc/PID/fd/2`), as a
  /// library's warning would be; no gpsd is needed (the panel waits, "gpsd gone").
  @Test func runAutoShowsAStderrLineOnItsPanel() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let home = directory.appendingPathComponent("home").path
    let pidFile = directory.appendingPathComponent("pid").path
    let tmux = try TmuxSession(
      "env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color TZ=UTC STRIDER_HOME='\(home)' "
        + "XDG_CONFIG_HOME='\(directory.path)/config' sh -c 'echo $$ > \(pidFile); exec "
        + "\(StriderBinary.url.path) run --auto --gpsd 127.0.0.1:1'; echo EXIT=$?; sleep 30",
      columns: 100, rows: 20)
    defer { tmux.kill() }
    tmux.waitFor("the panel, waiting") { $0.contains("┌─ Auto · gpsd") && $0.contains("WAITING") }
    let pid = try String(contentsOfFile: pidFile, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let stderr = try #require(FileHandle(forWritingAtPath: "/proc/\(pid)/fd/2"))
    stderr.seekToEndOfFile()
    stderr.write(Data("strider: warning: a line on stderr\n".utf8))
    try stderr.close()
    let shown = tmux.waitFor("the line on the panel") {
      $0.contains("│ ! strider: warning: a line on stderr (dashboard.log)")
    }
    #expect(shown?.components(separatedBy: "┌─ Auto").count == 2, "\(shown ?? "")")
    tmux.send("C-c")
    let ended = tmux.waitFor("a clean stop, the line under the panel") { $0.contains("EXIT=0") }
    let lines = ended?.split(separator: "\n").map(String.init) ?? []
    let bottom = lines.lastIndex { $0.hasPrefix("└") }
    let again = lines.lastIndex { $0 == "strider: warning: a line on stderr" }
    #expect(bottom != nil && again != nil && (again ?? 0) > (bottom ?? 0), "\(ended ?? "")")
  }
}
