import Foundation
import StriderTestSupport
import Testing

/// `--workout` as a user runs it: the demo's simulated runner doing 6 × 400 m, its recording
/// replayed, a replayed file, and bad workout files.
@Suite(.offCooperativePool) struct WorkoutEndToEndTests {
  static let sixBy400 = SharedData.packageRoot.appendingPathComponent("docs/workouts/6x400.toml")
    .path

  /// Every `coach` line as "time kind text": what a runner hears, and when.
  static func transcript(_ events: [[String: Any]]) -> [String] {
    events.filter { $0["event"] as? String == "coach" }.map {
      "\($0["time"] as? String ?? "?") \($0["kind"] as? String ?? "?") \($0["text"] as? String ?? "?")"
    }
  }

  static func count(_ kinds: Set<String>, in events: [[String: Any]]) -> Int {
    events.filter {
      $0["event"] as? String == "coach" && kinds.contains($0["kind"] as? String ?? "")
    }
    .count
  }

  static let offTarget: Set<String> = ["speed_up", "slow_down"]

  @Test("6 x 400 m in the demo and replayed from its recording: the same coach, word for word")
  func demoAndReplaySayTheSame() throws {
    let env = StriderBinary.isolatedEnvironment()
    let demo = InProcess.run(
      [
        "demo", "--headless", "--speed", "max", "--faults", "none", "--seed", "5", "--drift",
        "12", "--record", "--workout", Self.sixBy400,
      ], environment: env)
    #expect(demo.status == 0, "\(demo.stderr)")
    #expect(demo.stderr.contains("session 1 recorded"), "\(demo.stderr)")
    let live = CommandOutput.jsonLines(demo.stdout)
    let replay = InProcess.run(
      ["replay", "1", "--headless", "--speed", "max", "--workout", Self.sixBy400],
      environment: env)
    #expect(replay.status == 0, "\(replay.stderr)")
    let replayed = CommandOutput.jsonLines(replay.stdout)

    let said = Self.transcript(live)
    #expect(said.count > 30, "14 starts, 14 results, the end and the coaching: \(said.count)")
    #expect(said == Self.transcript(replayed))
    // The step lines, as printed (the JSON writer's key order is fixed).
    let steps = { (stdout: String) in
      stdout.split(separator: "\n").filter { $0.hasPrefix("{\"event\":\"step\"") }
    }
    #expect(steps(demo.stdout).count == 28)
    #expect(steps(demo.stdout) == steps(replay.stdout))
    #expect(
      said.contains {
        $0.hasSuffix("step_start Interval 3 of 6: 400 metres at 4:00 to 4:15 per kilometre. Go.")
      })
    #expect(said.last?.hasSuffix("workout_done All steps done.") == true)
    // The runner fades by 12 % through every step with a target: it is told.
    #expect(Self.count(Self.offTarget, in: live) > 0)
    #expect(live.last?["event"] as? String == "summary")
    print(
      "6 x 400 m: \(said.count) cues live, \(Self.transcript(replayed).count) replayed, "
        + "identical \(said == Self.transcript(replayed)); off target told "
        + "\(Self.count(Self.offTarget, in: live)) times at a 12 % fade")
  }

  @Test("A runner who stays on target hears no 'speed up' or 'slow down'", arguments: [1, 2, 3])
  func onTargetIsQuiet(seed: Int) throws {
    let demo = InProcess.run([
      "demo", "--headless", "--speed", "max", "--faults", "none", "--seed", "\(seed)",
      "--workout", Self.sixBy400,
    ])
    #expect(demo.status == 0, "\(demo.stderr)")
    let events = CommandOutput.jsonLines(demo.stdout)
    #expect(Self.count(Self.offTarget, in: events) == 0, "\(Self.transcript(events))")
    #expect(Self.count(["step_result"], in: events) == 14)
    // Drifting the other way (surging) is heard as "slow down".
    let surging = InProcess.run([
      "demo", "--headless", "--speed", "max", "--faults", "none", "--seed", "\(seed)",
      "--drift", "-12", "--workout", Self.sixBy400,
    ])
    let surged = CommandOutput.jsonLines(surging.stdout)
    #expect(Self.count(["slow_down"], in: surged) > 0, "\(Self.transcript(surged))")
    #expect(Self.count(["speed_up"], in: surged) == 0, "\(Self.transcript(surged))")
    print(
      "seed \(seed): on target \(Self.count(Self.offTarget, in: events)) off-target cues; "
        + "surging 12 %: \(Self.count(["slow_down"], in: surged)) slow down, "
        + "\(Self.count(["speed_up"], in: surged)) speed up")
  }

  @Test("A GPS file replayed with a workout: steps and results on the file's clock")
  func replayOfAFile() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let gpx = dir.appendingPathComponent("run.gpx").path
    let sim = InProcess.run(["simulate", "--seed", "3", "-o", gpx])
    #expect(sim.status == 0, "\(sim.stderr)")
    let workout = dir.appendingPathComponent("tempo.toml")
    try """
    name = "2 x 1 km"

    [[step]]
    repeat = 2

    [[step.step]]
    kind = "work"
    distance_km = 1

    [[step.step]]
    kind = "recovery"
    duration = "2:00"
    """.write(to: workout, atomically: true, encoding: .utf8)
    let slow = InProcess.run(
      ["replay", gpx, "--headless", "--speed", "max", "--workout", workout.path])
    #expect(slow.status == 0, "\(slow.stderr)")
    let events = CommandOutput.jsonLines(slow.stdout)
    let results = events.filter {
      $0["event"] as? String == "step" && $0["phase"] as? String == "end"
    }
    #expect(results.count == 4)
    #expect(results.first?["distance_m"] as? Double == 1000)
    #expect(results.first?["ending"] as? String == "completed")
    #expect(Self.transcript(events).contains { $0.contains("Interval 2 of 2: 1 kilometre. Go.") })
  }

  @Test(
    "A FIT workout file from a watch planner runs in the demo",
    .enabled(if: SharedData.isPresent, SharedData.absent))
  func fitWorkoutInTheDemo() throws {
    let fit = try #require(SharedData.file("fit/fp-WorkoutIndividualSteps.fit")).path
    let demo = InProcess.run([
      "demo", "--headless", "--speed", "max", "--faults", "none", "--workout", fit,
    ])
    #expect(demo.status == 0, "\(demo.stderr)")
    let said = Self.transcript(CommandOutput.jsonLines(demo.stdout))
    let starts = said.filter { $0.contains(" step_start ") }.map {
      String($0.split(separator: " ", maxSplits: 2)[2])
    }
    #expect(
      starts == [
        "Warm-up: 1 minute in heart-rate zone 2.", "Interval: 500 metres. Go.",
        "Interval: 500 metres. Go.", "Cool-down: open, until you press lap.",
      ])
    #expect(said.filter { $0.contains(" step_result ") }.count == 3, "the open step stays open")
    #expect(demo.stderr.contains("step 2: a power target is not coached"), "\(demo.stderr)")
    #expect(demo.stderr.contains("profile.max_heart_rate is not set"), "\(demo.stderr)")
  }

  @Test("A bad workout file stops the command with file, line and step; nothing runs")
  func badFile() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let workout = dir.appendingPathComponent("bad.toml")
    try "[[step]]\nkind = \"work\"\npace_per_km = [\"4:00\", \"4:75\"]\n".write(
      to: workout, atomically: true, encoding: .utf8)
    for command in [
      ["demo", "--headless"], ["replay", "1", "--headless"], ["run", "--headless"],
    ] {
      let result = InProcess.run(command + ["--workout", workout.path])
      #expect(result.status == 1, "\(command)")
      #expect(!result.crashed)
      #expect(result.stdout.isEmpty, "\(command): \(result.stdout)")
      #expect(
        result.stderr.contains("\(workout.path):3: step[1].pace_per_km: expected two paces"),
        "\(command): \(result.stderr)")
    }
    let missing = InProcess.run(["demo", "--headless", "--workout", "/nonexistent.toml"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("/nonexistent.toml: no such file"))
    let lone = InProcess.run(["demo", "--headless", "--drift", "10"])
    #expect(lone.status != 0)
    #expect(lone.stderr.contains("--drift needs --workout"))
  }
}
