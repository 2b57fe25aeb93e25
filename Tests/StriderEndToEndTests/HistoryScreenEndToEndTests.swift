import Foundation
import StriderTestSupport
import Testing

/// `strider history` driven in tmux on the built binary: the list, a search, a session
/// opened and closed, a replay started with `r` and the history back after it, and `q`.
/// The same keys are tested on the model without a terminal (`HistoryModelTests`).
@Suite(
  .serialized, .offCooperativePool,
  .enabled(if: TmuxSession.executable != nil, "needs tmux (apt-get install tmux)"))
struct HistoryScreenEndToEndTests {
  /// Without a terminal the history says which commands print it as text (it has no
  /// `--headless`, which the dashboard's message would have suggested).
  @Test func withoutATerminalItNamesTheTextCommands() throws {
    let result = try StriderBinary.run(
      ["history"], environment: StriderBinary.isolatedEnvironment())
    #expect(result.status == 1 && !result.crashed)
    #expect(result.stderr.contains("standard output is not a terminal"), "\(result.stderr)")
    #expect(result.stderr.contains("strider stats"), "\(result.stderr)")
    #expect(!result.stderr.contains("--headless"), "\(result.stderr)")
  }

  @Test func keysBrowseOpenReplayAndQuit() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let home = directory.appendingPathComponent("home").path
    let environment = StriderBinary.isolatedEnvironment(["STRIDER_HOME": home, "TZ": "UTC"])
    for (activity, seed) in [("run", 3), ("ride", 4)] {
      let path = directory.appendingPathComponent("\(activity).gpx").path
      let simulated = try StriderBinary.run(
        ["simulate", "--activity", activity, "--seed", "\(seed)", "--faults", "none", "-o", path],
        environment: environment)
      #expect(simulated.status == 0, "\(simulated.stderr)")
      let imported = try StriderBinary.run(["sessions", "import", path], environment: environment)
      #expect(imported.status == 0, "\(imported.stderr)")
    }
    let tmux = try TmuxSession(
      "env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color TZ=UTC STRIDER_HOME='\(home)' "
        + "XDG_CONFIG_HOME='\(directory.path)/config' '\(StriderBinary.url.path)' history "
        + "--speed 50; echo EXIT=$?; sleep 30")
    defer { tmux.kill() }
    let list = tmux.waitFor("the list, chart, calendar and records") { pane in
      pane.contains("Sessions · 2") && pane.contains("Weekly distance")
        && pane.contains("Daily distance") && pane.contains("Records")
    }
    guard let list else { return }
    let rows = list.split(separator: "\n").filter { $0.contains("2024-05-04 07:30") }
    #expect(rows.count == 2 && rows.first?.contains("ride") == true, "newest first: the ride")
    tmux.send("/")
    tmux.send("run")
    tmux.waitFor("the search narrowing the list") { $0.contains("1 of 2 · /run") }
    tmux.send("Enter")
    tmux.send("Enter")
    tmux.waitFor("the run opened") { pane in
      pane.contains("Session 1") && pane.contains("Splits") && pane.contains("Route")
        && pane.contains("Best efforts")
    }
    tmux.send("p")
    tmux.waitFor("its first profile in place of the map") { pane in
      (pane.contains("─ Elevation") || pane.contains("─ Pace")) && !pane.contains("─ Route")
        && pane.contains("p next")
    }
    tmux.send("Escape")
    tmux.waitFor("back to the list") { $0.contains("Sessions · 1 of 2") && !$0.contains("Route") }
    tmux.send("r")
    tmux.waitFor("the replay on the dashboard") {
      $0.contains("─ Map ·") && $0.contains("Distance")
    }
    tmux.send("q")
    tmux.waitFor("the history again, saying what was replayed") { pane in
      pane.contains("Sessions · 1 of 2") && pane.contains("Replayed session 1")
    }
    tmux.send("q")
    tmux.waitFor("a clean exit") { $0.contains("EXIT=0") }
  }

  /// `H` on the dashboard of a replay played to its end opens the history on the same
  /// screen; `q` there brings the dashboard back; while the replay still ran, `H` only said
  /// when it works.
  @Test func theDashboardsHKeyOpensTheHistoryOnceTheReplayHasEnded() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let home = directory.appendingPathComponent("home").path
    let environment = StriderBinary.isolatedEnvironment(["STRIDER_HOME": home, "TZ": "UTC"])
    let path = directory.appendingPathComponent("run.gpx").path
    let simulated = try StriderBinary.run(
      ["simulate", "--seed", "3", "--faults", "none", "-o", path], environment: environment)
    #expect(simulated.status == 0, "\(simulated.stderr)")
    let imported = try StriderBinary.run(["sessions", "import", path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let tmux = try TmuxSession(
      "env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color TZ=UTC STRIDER_HOME='\(home)' "
        + "XDG_CONFIG_HOME='\(directory.path)/config' '\(StriderBinary.url.path)' replay "
        + "'\(path)' --speed 20; echo EXIT=$?; sleep 30")
    defer { tmux.kill() }
    tmux.waitFor("the replay running") { $0.contains("─ Map ·") && !$0.contains("H history") }
    tmux.send("H")
    tmux.waitFor("H refused while the replay runs") {
      $0.contains("H works once the session has ended")
    }
    tmux.send("+")
    tmux.send("+")
    tmux.send("+")
    let ended = tmux.waitFor("the replay ended, offering H", timeout: 60) {
      $0.contains("H history")
    }
    guard ended != nil else { return }
    tmux.send("H")
    tmux.waitFor("the history over the dashboard") { pane in
      pane.contains("Sessions · 1") && pane.contains("Weekly distance")
        && pane.contains("Records") && !pane.contains("─ Map ·")
    }
    tmux.send("q")
    tmux.waitFor("the dashboard again, finished") { pane in
      pane.contains("─ Map ·") && pane.contains("H history") && !pane.contains("Weekly distance")
    }
    tmux.send("q")
    tmux.waitFor("a clean exit") { $0.contains("EXIT=0") }
  }
}
