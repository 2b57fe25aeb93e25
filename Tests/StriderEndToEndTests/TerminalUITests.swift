import Foundation
import StriderTestSupport
import Testing

/// The terminal dashboard driven as a user would, in tmux: what it shows, the filter lab's
/// keys, a replay to its finish, resizing, quitting, and refusing a terminal it cannot use.
/// The same keys, seeking, pausing and the quit dialog are tested without a terminal on the
/// model and the in-memory backend (`StriderAppTests`); these keep the real ncurses screen
/// and the binary's wiring honest.
///
/// Each test polls the pane for what it expects (with a deadline) and kills its tmux session
/// when it ends. Without tmux the suite shows as skipped, with the reason.
@Suite(
  .serialized, .offCooperativePool,
  .enabled(if: TmuxSession.executable != nil, "needs tmux (apt-get install tmux)"))
struct TerminalUITests {
  /// The dashboard in a UTF-8 locale, with tmux's own TERM so line drawing captures as
  /// `┌──┐`; the exit status is printed and the pane kept for a while after.
  /// A home of the tests' own, so the dashboard's log and any database land there and not
  /// in the home of whoever runs the tests.
  static let home = StriderBinary.scratchRoot.appendingPathComponent("ui-home").path

  static func command(
    _ arguments: String, term: String = "tmux-256color", home: String = TerminalUITests.home
  ) -> String {
    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=\(term) STRIDER_HOME='\(home)'"
      + " '\(StriderBinary.url.path)' \(arguments); echo EXIT=$?; sleep 30"
  }

  /// Whether the pane shows a state word, as the wide banner spells it ("R U N N I N G")
  /// or the compact one ("RUNNING").
  static func showsState(_ pane: String, _ words: [String]) -> Bool {
    words.contains { word in
      pane.contains(word) || pane.contains(word.map(String.init).joined(separator: " "))
    }
  }

  static let liveStates = ["RUNNING", "AUTO-PAUSED", "WAITING FOR GPS", "PAUSED"]

  /// A filter-lab row: its on/off state and rejection count, e.g. "8 × implausible_speed
  /// on      2".
  static func labRow(_ reason: String, in pane: String) -> (on: Bool, count: Int)? {
    for line in pane.split(separator: "\n") where line.contains(" \(reason) ") {
      let words = line.split(separator: " ")
      guard let index = words.firstIndex(where: { $0 == reason }), index + 2 < words.count,
        let count = Int(words[index + 2])
      else { continue }
      return (words[index + 1] == "on", count)
    }
    return nil
  }

  @Test func demoShowsTheDashboardAndTheMap() throws {
    let tmux = try TmuxSession(Self.command("demo --speed 50"))
    defer { tmux.kill() }
    let pane = tmux.waitFor("the dashboard with a map") { pane in
      pane.contains("Distance") && pane.contains("─ Map ·") && pane.contains("Filter lab")
        && Self.showsState(pane, Self.liveStates) && pane.contains("○")
    }
    if let pane {
      #expect(pane.contains("Raw") && pane.contains("Filtered") && pane.contains("Truth"))
      #expect(pane.contains("q quit"), "the status line shows the keys")
    }
  }

  @Test func aLabToggleChangesTheRejectionCounts() throws {
    let tmux = try TmuxSession(Self.command("demo --speed 50"))
    defer { tmux.kill() }
    // Running (past the simulator's lead-in), with the check on.
    let lab = tmux.waitFor("the filter lab while running") { pane in
      Self.labRow("implausible_speed", in: pane)?.on == true
        && Self.showsState(pane, ["RUNNING"])
    }
    guard let lab, let initial = Self.labRow("implausible_speed", in: lab)?.count else { return }
    tmux.send("J")  // a jump of 2.5 km: rejected as implausible_speed
    let rejected = tmux.waitFor("the injected jump rejected") {
      (Self.labRow("implausible_speed", in: $0)?.count ?? 0) > initial
    }
    guard let rejected, let before = Self.labRow("implausible_speed", in: rejected)?.count else {
      return
    }
    tmux.send("8")
    // The whole session is judged again without the check: the jump is no longer rejected.
    tmux.waitFor("implausible_speed off, fewer rejected for it") { pane in
      guard let row = Self.labRow("implausible_speed", in: pane) else { return false }
      return !row.on && row.count < before && pane.contains("implausible_speed off")
    }
    tmux.send("8")
    tmux.waitFor("implausible_speed on again, the jump rejected again") { pane in
      guard let row = Self.labRow("implausible_speed", in: pane) else { return false }
      return row.on && row.count >= 1
    }
  }

  @Test func aReplayAtFullSpeedFinishesWithTheDistanceOfAnalyze() throws {
    let file = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path
    let analyze = try StriderBinary.run(["analyze", file])
    #expect(analyze.status == 0, "\(analyze.stderr)")
    let distanceLine = try #require(
      analyze.stdout.split(separator: "\n").first { $0.hasPrefix("distance") })
    // The table says "5.98 km ± 0.04"; the dashboard shows the distance alone.
    let distance = distanceLine.dropFirst("distance".count).trimmingCharacters(in: .whitespaces)
      .components(separatedBy: " ± ")[0]
    #expect(distance.hasSuffix(" km"))

    let tmux = try TmuxSession(Self.command("replay '\(file)' --speed max"))
    defer { tmux.kill() }
    // The finished frame is drawn in pieces: wait for it whole (state and full progress bar),
    // not for the first capture that shows the state word.
    guard
      let pane = tmux.waitFor(
        "FINISHED with a full progress bar",
        { Self.showsState($0, ["FINISHED"]) && $0.contains("100%") })
    else { return }
    #expect(
      pane.contains("Distance \(distance)"),
      "the dashboard shows analyze's \(distance):\n\(pane)")
    #expect(pane.contains("100%"), "the progress bar is full")
    #expect(pane.contains("park-run.gpx"))
    // `p`: the profiles in the map's place, their axis ending at the distance shown.
    tmux.send("p")
    tmux.waitFor("a profile in the map's place") { pane in
      (pane.contains("─ Elevation") || pane.contains("─ Pace")) && !pane.contains("─ Map")
        && pane.contains(distance)
    }
    tmux.send("q")
    guard tmux.waitFor("exit status 0", { $0.contains("EXIT=0") }) != nil else { return }
    let output = tmux.capture(history: true)
    #expect(
      output.contains("distance        \(distance)"),
      "the readable summary follows with analyze's distance:\n\(output)")
    #expect(!output.contains("{\"event\""), "no JSON after the dashboard:\n\(output)")
  }

  @Test func resizingDownToTooSmallAndBackRedraws() throws {
    let tmux = try TmuxSession(Self.command("demo --speed 50"))
    defer { tmux.kill() }
    guard tmux.waitFor("the wide layout", { $0.contains("Filter lab") }) != nil else { return }
    tmux.resize(columns: 40, rows: 12)
    tmux.waitFor("the compact layout at 40×12") { pane in
      pane.contains("Map") && !pane.contains("Filter lab")
        && Self.showsState(pane, Self.liveStates)
    }
    tmux.resize(columns: 39, rows: 11)
    tmux.waitFor("the too-small message") { $0.contains("Terminal too small") }
    tmux.resize(columns: 120, rows: 40)
    tmux.waitFor("the wide layout again") { pane in
      pane.contains("Filter lab") && pane.contains("Distance") && !pane.contains("too small")
    }
  }

  @Test func quitRestoresTheTerminalAndExitsZero() throws {
    let tmux = try TmuxSession(Self.command("demo --speed 50"))
    defer { tmux.kill() }
    guard tmux.waitFor("the dashboard", { $0.contains("Filter lab") }) != nil else { return }
    tmux.send("q")
    guard let pane = tmux.waitFor("exit status 0", { $0.contains("EXIT=0") }) else { return }
    #expect(!pane.contains("Filter lab"), "the dashboard is gone: the screen is restored")
    #expect(pane.contains("distance "), "the readable summary follows the dashboard")
  }

  @Test(arguments: [["demo"], ["replay", "Demo/park-run.gpx"]])
  func notATerminalSuggestsHeadless(arguments: [String]) throws {
    var arguments = arguments
    if arguments.count > 1 {
      arguments[1] = SharedData.packageRoot.appendingPathComponent(arguments[1]).path
    }
    let result = try StriderBinary.run(arguments, environment: ["TERM": "xterm-256color"])
    #expect(result.status != 0)
    #expect(!result.crashed)
    #expect(result.stderr.contains("not a terminal") && result.stderr.contains("--headless"))
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: ["dumb", "strider-no-such-term"])
  func aTerminalWithoutCursorControlSuggestsHeadless(term: String) throws {
    let tmux = try TmuxSession(Self.command("demo", term: term))
    defer { tmux.kill() }
    // The message may wrap: read the pane as one line.
    let pane = tmux.waitFor("the error and the exit status") { $0.contains("EXIT=") }
    let text = pane?.replacingOccurrences(of: "\n", with: "") ?? ""
    #expect(text.contains("TERM") && text.contains("--headless"), "\(text)")
    #expect(text.contains("EXIT=1"))
  }

  // MARK: The first hour (issue 17)

  @Test func quittingARecordedDemoPrintsAReadableSummary() throws {
    let home = try StriderBinary.temporaryDirectory().path
    let tmux = try TmuxSession(
      Self.command("demo --speed 50 --record --seed 3", home: home))
    defer { tmux.kill() }
    // Quit once the runner has moved: a demo quit before it moved is not kept.
    guard
      tmux.waitFor(
        "the runner moving",
        { $0.contains("Filter lab") && $0.contains("Distance") && !$0.contains("Distance 0.00") })
        != nil
    else { return }
    tmux.send("q")
    guard let pane = tmux.waitFor("exit status 0", { $0.contains("EXIT=0") }) else { return }
    for line in [
      "activity        run", "distance        ", "elapsed         ", "moving          ",
      "avg pace        ", "calories        ",
      "saved           session 1: `strider sessions show 1`",
      "replay          `strider replay 1`",
    ] {
      #expect(pane.contains(line), "the summary has \"\(line)\":\n\(pane)")
    }
    #expect(!pane.contains("{\""), "no JSON:\n\(pane)")
  }

  /// Text written over the dashboard from outside stays until Ctrl-L repaints everything;
  /// what the process itself writes to stderr goes to the log, and the status line says so.
  @Test func ctrlLRepaintsAndStderrGoesToTheLog() throws {
    let scratch = try StriderBinary.temporaryDirectory()
    let pidFile = scratch.appendingPathComponent("pid").path
    let home = scratch.appendingPathComponent("home").path
    let tmux = try TmuxSession(
      "sh -c \"echo \\$\\$ > '\(pidFile)'; exec env STRIDER_HOME='\(home)' LANG=C.UTF-8 "
        + "LC_ALL=C.UTF-8 TERM=tmux-256color '\(StriderBinary.url.path)' demo --speed 5\"; "
        + "echo EXIT=$?; sleep 30")
    defer { tmux.kill() }
    guard tmux.waitFor("the dashboard", { $0.contains("Filter lab") }) != nil else { return }
    let pid = try #require(
      Int(
        (try? String(contentsOfFile: pidFile, encoding: .utf8))?
          .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
    // What a library of the process would write: its own stderr, appended.
    let stderr = try #require(FileHandle(forWritingAtPath: "/proc/\(pid)/fd/2"))
    stderr.seekToEndOfFile()
    stderr.write(Data("LIBRARY-NOISE\n".utf8))
    try stderr.close()
    tmux.waitFor("the note on the status line") { $0.contains("Messages logged to dashboard.log") }
    let log = try String(contentsOfFile: home + "/dashboard.log", encoding: .utf8)
    #expect(log.contains("LIBRARY-NOISE"))
    #expect(!tmux.capture().contains("LIBRARY-NOISE"), "stderr never reaches the screen")
    // Another program writing to the terminal: on screen until the repaint.
    let tty = tmux.paneTTY()
    let terminal = try #require(FileHandle(forWritingAtPath: tty))
    terminal.write(Data("\u{1B}[6;6HSTRAY-OUTPUT".utf8))
    try terminal.close()
    tmux.waitFor("the stray text on screen") { $0.contains("STRAY-OUTPUT") }
    tmux.send("C-l")
    tmux.waitFor("the stray text gone after Ctrl-L") {
      !$0.contains("STRAY-OUTPUT") && $0.contains("Filter lab")
    }
    tmux.send("q")
    guard let pane = tmux.waitFor("exit status 0", { $0.contains("EXIT=0") }) else { return }
    #expect(pane.contains("dashboard.log"), "the closing line says where stderr went:\n\(pane)")
  }

  @Test func aFinishedReplaySaysWhatComesNextAndSpaceReplaysIt() throws {
    let file = SharedData.packageRoot.appendingPathComponent("Demo/park-run.gpx").path
    let tmux = try TmuxSession(Self.command("replay '\(file)' --speed max"))
    defer { tmux.kill() }
    // The frame that says FINISHED is drawn in pieces: a capture can catch the state word
    // with the progress line still at 95 % (seen under load), so wait for the whole frame.
    guard
      let pane = tmux.waitFor(
        "FINISHED with its progress line and legend",
        {
          Self.showsState($0, ["FINISHED"]) && $0.contains("100%")
            && $0.components(separatedBy: "space replays again").count >= 3
        })
    else { return }
    let lines = pane.split(separator: "\n")
    #expect(
      lines.contains { $0.contains("100%") && $0.contains("space replays again, q quits") },
      "the progress line says it:\n\(pane)")
    #expect(
      lines.contains { $0.contains("finish") && $0.contains("space replays again") },
      "the map's legend says it:\n\(pane)")
    tmux.send("Space")
    tmux.waitFor("the replay going again") { $0.contains("Replaying from the start") }
    tmux.waitFor("finished again") { pane in
      Self.showsState(pane, ["FINISHED"]) && pane.contains("space replays again")
    }
  }

  /// With --ascii nothing beyond seven-bit ASCII is drawn, even the filter lab's word for a
  /// raw track a far-away stale fix made thousands of times too long ("jumps", no multiple).
  @Test func asciiDrawsOnlyASCII() throws {
    let tmux = try TmuxSession(Self.command("demo --speed 50 --ascii"))
    defer { tmux.kill() }
    guard
      tmux.waitFor("running", { Self.showsState($0, ["RUNNING"]) && $0.contains("Raw") }) != nil
    else { return }
    tmux.send("S")
    guard
      let pane = tmux.waitFor(
        "the raw distance's jumps",
        { pane in
          pane.split(separator: "\n").contains { $0.contains("Raw") && $0.contains(" jumps") }
        })
    else { return }
    let wide = pane.unicodeScalars.filter { !$0.isASCII }
    #expect(wide.isEmpty, "non-ASCII under --ascii: \(String(String.UnicodeScalarView(wide)))")
  }
}
