import Foundation
import StriderTestSupport
import Testing

/// Cues configured in config.toml, as a user sets them: `strider demo --headless` says
/// what `[cues]` and `[cues.run]` ask for, its recording replayed says the same, and a bad
/// key is an error naming the key and its line.
@Suite(.offCooperativePool) struct CueConfigEndToEndTests {
  static let config = """
    [cues]
    every_time_s = 0
    says = ["distance", "moving_time"]

    [cues.run]
    every_distance_m = 500
    at_split = true
    says = ["distance", "split_pace", "time_of_day"]

    [cues.ride]
    every_distance_km = 5
    """

  static let demo = [
    "demo", "--headless", "--speed", "max", "--faults", "none", "--seed", "3",
  ]

  @Test func theDemoSaysWhatTheConfigAsks() throws {
    let env = try CommandOutput.environment(config: Self.config)
    let run = InProcess.run(Self.demo + ["--record"], environment: env)
    #expect(run.status == 0, "\(run.stderr)")
    let said = CommandOutput.cues(run.stdout)
    let distance = said.filter { $0.trigger == "distance" }
    let splits = said.filter { $0.trigger == "split" }
    #expect(!said.contains { $0.trigger == "time" }, "every_time_s = 0: \(said)")
    #expect(distance.count >= 4, "every 500 m: \(said)")
    #expect(distance.first?.text.hasPrefix("Distance 0.5 kilometres.") == true, "\(said)")
    #expect(distance.allSatisfy { $0.text.contains("Time of day ") }, "\(distance)")
    #expect(!distance.contains { $0.text.contains("Average pace") }, "\(distance)")
    #expect(splits.count >= 2 && abs(splits.count - distance.count / 2) <= 1, "\(said)")
    #expect(
      splits.first?.text.hasPrefix("Split 1. Distance 1 kilometre. Split pace ") == true,
      "\(splits)")

    // The recording replayed says the same, word for word.
    let replay = InProcess.run(
      ["replay", "1", "--headless", "--speed", "max"], environment: env)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(CommandOutput.cues(replay.stdout).map(\.text) == said.map(\.text))

    // Without the config: the cues of old, every kilometre and every five minutes.
    let plain = InProcess.run(Self.demo, environment: StriderBinary.isolatedEnvironment())
    let before = CommandOutput.cues(plain.stdout)
    #expect(before.contains { $0.trigger == "time" })
    #expect(!before.contains { $0.trigger == "split" })
    #expect(
      before.first { $0.trigger == "distance" }?.text.hasPrefix("Distance 1 kilometre. Time ")
        == true)
    #expect(
      before.filter { ["time", "distance", "finish"].contains($0.trigger) }
        .allSatisfy { $0.text.contains("Average pace") })
  }

  @Test func anotherActivityTakesItsOwnTable() throws {
    let env = try CommandOutput.environment(config: Self.config)
    let ride = InProcess.run(Self.demo + ["--activity", "ride"], environment: env)
    #expect(ride.status == 0, "\(ride.stderr)")
    let said = CommandOutput.cues(ride.stdout).filter {
      ["time", "distance", "split"].contains($0.trigger)
    }
    #expect(!said.isEmpty)
    #expect(said.allSatisfy { $0.trigger == "distance" }, "[cues.ride] and [cues]: \(said)")
    #expect(said.first?.text.hasPrefix("Distance 5 kilometres. Time ") == true, "\(said)")
  }

  @Test func aBadKeyNamesItselfAndItsLine() throws {
    let env = try CommandOutput.environment(
      config: "[cues]\nevery_time_s = 60\n\n[cues.run]\nsays = [\"distance\", \"pase\"]\n")
    let run = InProcess.run(Self.demo, environment: env)
    #expect(run.status != 0)
    #expect(
      run.stderr.contains("config.toml:5: cues.run.says: unknown cue field \"pase\""),
      "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    let shown = InProcess.run(
      ["config"], environment: try CommandOutput.environment(config: Self.config))
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("[cues.run]"), "\(shown.stdout)")
    #expect(shown.stdout.contains("every_distance_m = 500"), "\(shown.stdout)")
  }
}
