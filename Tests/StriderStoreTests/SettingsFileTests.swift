import StriderCore
import Testing

@testable import StriderStore

@Suite struct SettingsFileTests {
  /// Age and sex, both needed for calories from a heart rate, make the configuration's
  /// person; either alone makes none.
  @Test func ageAndSexMakeThePersonAHeartRateIsReadFor() throws {
    let both = try SettingsFile.parse("[profile]\nage = 41\nsex = \"male\"\n", path: "c.toml")
    #expect(both.person == PersonProfile(age: 41, sex: .male))
    var configuration = SessionConfiguration(activity: .run)
    both.apply(to: &configuration)
    #expect(configuration.person == PersonProfile(age: 41, sex: .male))
    let alone = try SettingsFile.parse("[profile]\nage = 41\n", path: "c.toml")
    #expect(alone.person == nil)
    #expect(throws: (any Error).self) {
      try SettingsFile.parse("[profile]\nsex = \"other\"\n", path: "c.toml")
    }
  }

  @Test func valuesOverDefaultsWithTheirLines() throws {
    let text = """
      # my profile
      [profile]
      weight = 82.5
      units = "imperial"
      activity = "walk"

      [auto_pause]
      enabled = false
      radius_m = 9

      [cues]
      every_time_s = 0
      every_distance_m = 500
      include_current_pace = true

      [gpsd]
      address = "192.168.1.5:2947"
      """
    let settings = try SettingsFile.parse(text, path: "c.toml")
    #expect(settings.weight == 82.5)
    #expect(settings.units == .imperial)
    #expect(settings.activity == .walk)
    #expect(settings.autoPause == false)
    #expect(settings.autoPauseRadius == 9)
    #expect(settings.cues.everyTime == 0)
    #expect(settings.cues.everyDistance == 500)
    #expect(settings.gpsdAddress == "192.168.1.5:2947")
    #expect(settings.source(of: "profile.weight") == .file(path: "c.toml", line: 3))
    #expect(settings.source(of: "gpsd.address") == .file(path: "c.toml", line: 17))
    #expect(settings.source(of: "profile.elevation") == .builtIn)

    var configuration = SessionConfiguration(activity: .walk)
    settings.apply(to: &configuration)
    #expect(!configuration.autoPause.enabled)
    #expect(configuration.autoPause.radius == Meters(9))
    #expect(configuration.cues.everyTime == Seconds(0))
    #expect(configuration.cues.everyDistance == Meters(500))
    #expect(configuration.cues.includeCurrentPace)
  }

  /// The speed above which auto-pause never begins: the activity's own unless the file
  /// says, a drive's none included, and shown by `strider config` where it was set.
  @Test func theMovingSpeedOfAutoPause() throws {
    let settings = try SettingsFile.parse("[auto_pause]\nmoving_speed_m_s = 1.1\n", path: "c.toml")
    #expect(settings.autoPauseMovingSpeed == 1.1)
    #expect(settings.source(of: "auto_pause.moving_speed_m_s") == .file(path: "c.toml", line: 2))
    for activity in [Activity.run, .drive] {
      var configuration = SessionConfiguration(activity: activity)
      settings.apply(to: &configuration)
      #expect(configuration.autoPause.movingSpeed == MetersPerSecond(1.1))
      var plain = SessionConfiguration(activity: activity)
      UserSettings().apply(to: &plain)
      #expect(
        plain.autoPause.movingSpeed == AutoPauseConfiguration.defaults(for: activity).movingSpeed)
    }
    #expect(throws: (any Error).self) {
      try SettingsFile.parse("[auto_pause]\nmoving_speed_m_s = 0\n", path: "c.toml")
    }
  }

  @Test func theHeartRateProfile() throws {
    let text = "[profile]\nmax_heart_rate = 186\nheart_rate_zones = [55, 72, 82, 87.5, 92]\n"
    let settings = try SettingsFile.parse(text, path: "c.toml")
    #expect(settings.maxHeartRate == 186)
    #expect(settings.heartRateZones == [55, 72, 82, 87.5, 92])
    #expect(settings.source(of: "profile.heart_rate_zones") == .file(path: "c.toml", line: 3))
    let key = try #require(SettingKey.all.first { $0.name == "profile.heart_rate_zones" })
    #expect(key.value(settings) == "[55, 72, 82, 87.5, 92]")
    #expect(UserSettings().maxHeartRate == nil, "none unless set: the year's highest then")
    #expect(UserSettings().heartRateZones == HeartRateZones.defaultPercents)
  }

  @Test func anEmptyFileIsTheDefaults() throws {
    #expect(try SettingsFile.parse("", path: "c.toml") == UserSettings())
  }

  @Test(arguments: [
    ("[profile]\nweight = \"heavy\"\n", 2, "profile.weight"),
    ("[profile]\n\nweight = 1000\n", 3, "profile.weight"),
    ("[profile]\nwieght = 70\n", 2, "profile.wieght"),
    ("[profile]\nunits = \"furlongs\"\n", 2, "profile.units"),
    ("[cues]\nannounce_pauses = \"yes\"\n", 2, "cues.announce_pauses"),
    ("profile = 3\n", 1, "profile"),
    ("[profile]\nactivity = \"skate\"\n", 2, "profile.activity"),
    ("[profile]\nmax_heart_rate = 20\n", 2, "profile.max_heart_rate"),
    ("[profile]\nheart_rate_zones = [50, 60, 70, 80]\n", 2, "profile.heart_rate_zones"),
    ("[profile]\nheart_rate_zones = [50, 60, 90, 80, 95]\n", 2, "profile.heart_rate_zones"),
    ("[profile]\nheart_rate_zones = [50, 60, \"70\", 80, 90]\n", 2, "profile.heart_rate_zones"),
    ("[profile]\nheart_rate_zones = 50\n", 2, "profile.heart_rate_zones"),
  ])
  func aBadValueNamesTheKeyAndTheLine(text: String, line: Int, key: String) {
    #expect(throws: TOMLFileError.self) { try SettingsFile.parse(text, path: "c.toml") }
    do {
      _ = try SettingsFile.parse(text, path: "c.toml")
    } catch {
      #expect(error.line == line)
      #expect(error.key == key)
      #expect(error.description.hasPrefix("c.toml:\(line): \(key): "))
    }
  }

  @Test func aSyntaxErrorNamesTheLine() {
    do {
      _ = try SettingsFile.parse("[profile]\nweight = = 3\n", path: "c.toml")
      Issue.record("parsed")
    } catch {
      #expect(error.line == 2)
    }
  }

  @Test func theFileLivesUnderXDGConfigHomeElseHome() {
    #expect(
      SettingsFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        == "/x/strider/config.toml")
    #expect(SettingsFile.path(environment: ["HOME": "/h"]) == "/h/.config/strider/config.toml")
  }
}
