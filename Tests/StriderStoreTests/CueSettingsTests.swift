import StriderCore
import Testing

@testable import StriderStore

/// `[cues]` and `[cues.ACTIVITY]` in config.toml: what each key sets, an activity's table
/// over the common one, and errors that name the key and its line.
@Suite struct CueSettingsTests {
  static func configuration(_ text: String, activity: Activity) throws -> CueConfiguration {
    let settings = try SettingsFile.parse(text, path: "c.toml")
    var configuration = SessionConfiguration(activity: activity)
    settings.apply(to: &configuration)
    return configuration.cues
  }

  static func error(_ text: String) -> TOMLFileError? {
    do {
      _ = try SettingsFile.parse(text, path: "c.toml")
      return nil
    } catch {
      return error
    }
  }

  @Test func withoutCueKeysTheCuesAreTodays() throws {
    for activity in Activity.allCases {
      #expect(try Self.configuration("", activity: activity) == CueConfiguration())
      #expect(
        try Self.configuration("[profile]\nweight = 60\n", activity: activity)
          == CueConfiguration())
    }
  }

  @Test func anActivitysTableOverTheCommonOne() throws {
    let text = """
      [cues]
      every_time_min = 10
      says = ["distance", "time", "heart_rate"]
      at_split = true

      [cues.ride]
      every_time_s = 0
      every_distance_km = 5
      says = ["distance", "average_speed"]
      at_lap = false

      [cues.walk]
      every_distance_mi = 0.5
      goal_distance_km = 21.0975
      """
    let run = try Self.configuration(text, activity: .run)
    #expect(run.everyTime == Seconds(600))
    #expect(run.everyDistance == nil, "one split, as before")
    #expect(run.says == [.distance, .time, .heartRate])
    #expect(run.atSplit && run.atLap)
    let ride = try Self.configuration(text, activity: .ride)
    #expect(ride.everyTime == Seconds(0))
    #expect(ride.everyDistance == Meters(5000))
    #expect(ride.says == [.distance, .averageSpeed])
    #expect(ride.atSplit, "from [cues]")
    #expect(!ride.atLap)
    let walk = try Self.configuration(text, activity: .walk)
    #expect(walk.everyTime == Seconds(600))
    #expect(abs((walk.everyDistance?.value ?? 0) - 804.672) < 1e-9)
    #expect(abs((walk.goalDistance?.value ?? 0) - 21_097.5) < 1e-9)

    let settings = try SettingsFile.parse(text, path: "c.toml")
    #expect(settings.source(of: "cues.every_time_s") == .file(path: "c.toml", line: 2))
    #expect(settings.source(of: "cues.ride.every_distance_m") == .file(path: "c.toml", line: 8))
    #expect(settings.source(of: "cues.walk.goal_distance_m") == .file(path: "c.toml", line: 14))
  }

  @Test func theHeartRateZoneFieldTakesTheProfilesZones() throws {
    let text = """
      [profile]
      max_heart_rate = 190
      heart_rate_zones = [55, 65, 75, 85, 92]
      [cues]
      says = ["heart_rate_zone"]
      """
    let cues = try Self.configuration(text, activity: .run)
    #expect(cues.heartRateMaximum == BeatsPerMinute(190))
    #expect(cues.heartRateZonePercents == [55, 65, 75, 85, 92])
    let without = try Self.configuration("[profile]\nmax_heart_rate = 190\n", activity: .run)
    #expect(without.heartRateMaximum == nil, "kept only when a cue says the zone")
  }

  @Test(
    "Bad cue settings name the key and the line",
    arguments: [
      ("[cues]\nsays = [\"distance\", \"pace\"]\n", 2, "cues.says", "unknown cue field \"pace\""),
      ("[cues]\nsays = []\n", 2, "cues.says", "at least one field"),
      ("[cues]\nsays = [\"time\", \"time\"]\n", 2, "cues.says", "listed twice"),
      ("[cues]\nsays = \"distance\"\n", 2, "cues.says", "expected a list"),
      (
        "[cues]\nevery_time_s = 60\nevery_time_min = 1\n", 3, "cues.every_time_min",
        "same value as cues.every_time_s"
      ),
      ("\n[cues.skate]\nat_lap = true\n", 2, "cues.skate", "unknown activity"),
      ("[cues.run]\nspeak = true\n", 2, "cues.run.speak", "unknown key"),
      (
        "[cues.run]\nevery_distance_km = -1\n", 2, "cues.run.every_distance_km",
        "expected a number from 0 to 1000"
      ),
      ("[cues]\nat_split = 1\n", 2, "cues.at_split", "expected true or false"),
      (
        "[cues.ride]\nevery_distance_m = 100\nevery_distance_mi = 1\n", 3,
        "cues.ride.every_distance_mi", "same value as"
      ),
    ])
  func badSettings(text: String, line: Int, key: String, message: String) throws {
    let error = try #require(Self.error(text))
    #expect(error.key == key, "\(error)")
    #expect(error.line == line, "\(error)")
    #expect(error.description.contains(message), "\(error)")
  }
}
