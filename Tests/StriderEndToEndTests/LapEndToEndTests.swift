import Foundation
import StriderTestSupport
import Testing

/// Laps as a user presses them in a headless session: a "lap" line on stdin and SIGUSR1,
/// kept with the recording, listed by `sessions show`, one `<Lap>` each in the TCX export.
@Suite(.offCooperativePool) struct LapEndToEndTests {
  @Test("A lap line on stdin and SIGUSR1 close two laps; the recording has three, as has its TCX")
  func headlessLapsReachTheExport() throws {
    let dir = try StriderBinary.temporaryDirectory()
    // What the presses and the finish say comes from the config's fields.
    var env = try CommandOutput.environment(
      config: """
        [cues.run]
        lap_says = ["lap_distance", "lap_pace"]
        finish_says = ["distance", "lap_result"]
        """)
    env["D"] = dir.path
    // The demo at 300x lasts about 7 s of wall time (36 simulated minutes, a `verdicts`
    // line each). The presses wait for the demo's own minutes, not the clock: a loaded
    // machine once took seconds to start it, and both presses, timed at 1 s and 2 s,
    // came before its first fix.
    let result = try StriderBinary.shell(
      """
      mkfifo "$D/in"
      "$STRIDER" demo --headless --record --speed 300 --faults none < "$D/in" \
        > "$D/out.jsonl" 2> "$D/err.txt" &
      pid=$!
      exec 3> "$D/in"
      minutes() {
        n=0
        until [ "$(cat "$D/out.jsonl" 2>/dev/null | grep -c '"event":"verdicts"')" -ge "$1" ]; do
          n=$((n + 1)); [ $n -gt 600 ] && exit 6; sleep 0.05
        done
      }
      minutes 4; echo lap >&3
      minutes 8; kill -USR1 "$pid"
      exec 3>&-
      wait "$pid" || exit 9
      "$STRIDER" sessions export 1 --format tcx -o "$D/x.tcx" 2>/dev/null || exit 8
      "$STRIDER" sessions show 1 || exit 7
      """, environment: env)
    let err = (try? String(contentsOf: dir.appendingPathComponent("err.txt"), encoding: .utf8))
    #expect(result.status == 0, "\(result.stderr) \(err ?? "")")
    let out = try String(contentsOf: dir.appendingPathComponent("out.jsonl"), encoding: .utf8)
    let events = CommandOutput.jsonLines(out)
    let laps = events.filter { $0["event"] as? String == "lap" }
    #expect(laps.map { $0["number"] as? Int } == [1, 2], "\(out.suffix(2000))")
    let said = CommandOutput.cues(out)
    let lapCues = said.filter { $0.trigger == "lap" }.map(\.text)
    #expect(lapCues.count == 2, "\(said)")
    for (number, text) in zip(1..., lapCues) {
      #expect(text.hasPrefix("Lap \(number). Lap distance 0."), "\(text)")
      #expect(text.contains(" Lap pace ") && text.hasSuffix(" per kilometre."), "\(text)")
    }
    let finish = said.first { $0.trigger == "finish" }?.text ?? ""
    #expect(finish.hasPrefix("Session complete. Distance "), "\(finish)")
    #expect(finish.contains(" kilometres. Lap 2: "), "the last lap pressed: \(finish)")
    let summary = try #require(events.last)
    #expect(summary["event"] as? String == "summary")
    let summaryLaps = try #require(summary["laps"] as? [[String: Any]])
    #expect(summaryLaps.count == 3, "two presses and the session's end close three laps")
    let lapDistance = summaryLaps.compactMap { $0["distance_m"] as? Double }.reduce(0, +)
    let distance = try #require(summary["distance_m"] as? Double)
    #expect(abs(lapDistance - distance) < 1, "the laps add up to the session: \(lapDistance)")

    let tcx = try String(contentsOf: dir.appendingPathComponent("x.tcx"), encoding: .utf8)
    #expect(tcx.components(separatedBy: "<Lap ").count - 1 == 3)
    #expect(tcx.components(separatedBy: "</Lap>").count - 1 == 3)
    #expect(result.stdout.contains("\nlaps\n  1 "), "\(result.stdout)")
  }

  @Test("Laps end a workout's open steps; the recording replayed presses them again, word for word")
  func openStepsEndAtLapsAndReplayTheSame() throws {
    let dir = try StriderBinary.temporaryDirectory()
    try """
    name = "open laps"
    [[step]]
    kind = "work"
    [[step]]
    kind = "recovery"
    [[step]]
    kind = "cool_down"
    """.write(to: dir.appendingPathComponent("open.toml"), atomically: true, encoding: .utf8)
    let env = StriderBinary.isolatedEnvironment(["D": dir.path])
    // Each press waits for the demo to be under way (its minutely `verdicts` lines): a
    // press before the first accepted fix, or at the fix time of the one before, is no
    // lap, and a loaded machine can take more than a second to start the demo.
    let live = try StriderBinary.shell(
      """
      mkfifo "$D/in"
      "$STRIDER" demo --headless --record --speed 100 --faults none --workout "$D/open.toml" \
        < "$D/in" > "$D/out.jsonl" &
      exec 3> "$D/in"
      minutes() { grep -c '"event":"verdicts"' "$D/out.jsonl" 2> /dev/null || true; }
      until [ "$(minutes)" -ge 1 ]; do sleep 0.05; done
      echo lap >&3
      until [ "$(minutes)" -ge 3 ]; do sleep 0.05; done
      echo lap >&3
      sleep 4
      exec 3>&-
      wait
      cat "$D/out.jsonl"
      """, environment: env)
    #expect(live.status == 0, "\(live.stderr)")
    let replay = try StriderBinary.run(
      ["replay", "1", "--headless", "--speed", "max", "--workout", dir.path + "/open.toml"],
      environment: env, stdin: Data())
    #expect(replay.status == 0, "\(replay.stderr)")
    let lines = { (stdout: String, events: Set<String>) in
      stdout.split(separator: "\n").filter { line in
        events.contains { line.hasPrefix("{\"event\":\"\($0)\"") }
      }
    }
    let said = lines(live.stdout, ["lap", "step", "coach"])
    #expect(lines(live.stdout, ["lap"]).count == 2, "\(live.stdout.suffix(3000))")
    let endings = CommandOutput.jsonLines(live.stdout).compactMap {
      $0["ending"] as? String
    }
    #expect(endings == ["lap", "lap", "stopped"])
    #expect(said == lines(replay.stdout, ["lap", "step", "coach"]))
    let laps = { (stdout: String) in
      CommandOutput.jsonLines(stdout).last?["laps"] as? [[String: Any]]
    }
    let intensities = try #require(laps(live.stdout)).compactMap { $0["intensity"] as? String }
    #expect(intensities == ["active", "rest", "active"], "work, recovery, cool-down")
    #expect(
      try #require(laps(replay.stdout)).compactMap { $0["distance_m"] as? Double }
        == (try #require(laps(live.stdout))).compactMap { $0["distance_m"] as? Double })
  }
}
