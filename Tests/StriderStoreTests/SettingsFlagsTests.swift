import StriderCore
import StriderStore
import Testing

/// The command line's flags over the config file: each one given wins and says it came
/// from its flag; those not given leave the file's value and its source.
@Suite struct SettingsFlagsTests {
  static var fromFile: UserSettings {
    var settings = UserSettings()
    settings.weight = 82
    settings.sources["profile.weight"] = .file(path: "config.toml", line: 2)
    settings.units = .imperial
    settings.sources["profile.units"] = .file(path: "config.toml", line: 3)
    return settings
  }

  @Test func aFlagGivenWinsAndSaysSo() {
    let settings = Self.fromFile.applying(
      SettingsFlags(activity: .ride, weight: 64, elevation: .off, noAutoPause: true))
    #expect(settings.weight == 64)
    #expect(settings.sources["profile.weight"] == .flag("--weight"))
    #expect(settings.activity == .ride)
    #expect(settings.sources["profile.activity"] == .flag("--activity"))
    #expect(settings.elevation == .off)
    #expect(settings.sources["profile.elevation"] == .flag("--elevation"))
    #expect(settings.autoPause == false)
    #expect(settings.sources["auto_pause.enabled"] == .flag("--no-auto-pause"))
    #expect(settings.units == .imperial, "not given: the file's")
    #expect(settings.sources["profile.units"] == .file(path: "config.toml", line: 3))
  }

  @Test func noFlagsLeaveTheFile() {
    let settings = Self.fromFile.applying(SettingsFlags())
    #expect(settings.weight == Self.fromFile.weight)
    #expect(settings.sources == Self.fromFile.sources)
    #expect(settings.autoPause == Self.fromFile.autoPause)
  }
}
