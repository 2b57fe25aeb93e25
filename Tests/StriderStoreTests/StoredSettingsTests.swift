import Foundation
import StriderCore
import Testing

@testable import StriderStore

/// The settings each session keeps decode forever: the frozen JSON of schema v3 reads back
/// as the settings it was written from, and a key an older Strider did not write takes its
/// documented default, so adding a setting never breaks an older session.
@Suite struct StoredSettingsTests {
  /// A frozen settings file and the settings it was written from.
  struct Frozen: Sendable, CustomTestStringConvertible {
    var file: String
    var settings: SessionConfiguration
    var testDescription: String { file }
  }

  static let frozen: [Frozen] = {
    /// Today's settings as that Strider wrote them: distance measured along chords, before
    /// `measuresAlongCurve`, and auto-pause on the region alone, before `movingSpeed` and
    /// `wanderRadius`, stops dated at their fixes, before `datesStopEdges`, and a break in
    /// the fixes ending a stop, before `holdsStopsAcrossGaps`, and the live filter on the
    /// positions alone, before `liveReadsSpeedWithoutCourse`, and stops trimmed by the speed
    /// at the fixes alone, before `keepsSilentStops`, and a pause ended by the resume speed
    /// alone, before `resumesBeyondWander`, and a lone silent step moving throughout, before
    /// `timesSilentSteps` (absent, each stays nil rather than take today's default).
    func before(_ settings: SessionConfiguration) -> SessionConfiguration {
      var settings = settings
      settings.smoother?.measuresAlongCurve = nil
      settings.smoother?.liveReadsSpeedWithoutCourse = nil
      settings.autoPause.movingSpeed = nil
      settings.autoPause.wanderRadius = nil
      settings.autoPause.datesStopEdges = nil
      settings.autoPause.holdsStopsAcrossGaps = nil
      settings.autoPause.keepsSilentStops = nil
      settings.autoPause.resumesBeyondWander = nil
      settings.autoPause.timesSilentSteps = nil
      return settings
    }
    var walk = SessionConfiguration(activity: .walk, weight: Kilograms(80))
    walk.autoPause.enabled = false
    return [
      Frozen(
        file: "configuration-run.json", settings: before(SessionConfiguration(activity: .run))),
      Frozen(
        file: "configuration-ride.json", settings: before(SessionConfiguration(activity: .ride))),
      Frozen(file: "configuration-walk-no-auto-pause.json", settings: before(walk)),
      Frozen(file: "configuration-raw-ride.json", settings: before(.raw(activity: .ride))),
    ]
  }()

  /// Every key of a JSON object, as paths, objects before their keys.
  static func keyPaths(_ object: [String: Any], prefix: [String] = []) -> [[String]] {
    object.keys.sorted().flatMap { key -> [[String]] in
      let path = prefix + [key]
      guard let inner = object[key] as? [String: Any] else { return [path] }
      return [path] + keyPaths(inner, prefix: path)
    }
  }

  static func removing(_ path: [String], from object: [String: Any]) -> [String: Any] {
    var object = object
    guard let key = path.first else { return object }
    if path.count == 1 {
      object[key] = nil
    } else if let inner = object[key] as? [String: Any] {
      object[key] = removing(Array(path.dropFirst()), from: inner)
    }
    return object
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  static func text(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  @Test(arguments: frozen) func theFrozenSettingsDecode(_ frozen: Frozen) throws {
    let text = try Fixtures.text(frozen.file)
    #expect(try StoredSettings.decode(text) == frozen.settings)
    #expect(
      try StoredJSON.decode(SessionConfiguration.self, from: text) == frozen.settings,
      "and as written, today")
  }

  /// What removing a key gives: its default for the activity (a raw session's for a raw
  /// one), except the smoother, whose absence means none. The walk was written with a weight and without auto-pause; everything else in the
  /// frozen files is a default.
  static func expectedWithout(_ path: [String], _ frozen: Frozen) -> SessionConfiguration {
    var expected = frozen.settings
    if path == ["weight"] { expected.weight = Kilograms(70) }
    // An absent smoother is none (a raw session's), not the default one.
    if path == ["smoother"] { expected.smoother = nil }
    if path == ["autoPause"] || path == ["autoPause", "enabled"] {
      expected.autoPause.enabled = frozen.settings.isRaw ? false : true
    }
    // A whole auto-pause object absent takes today's, the filtered speed with it.
    if path == ["autoPause"] {
      let today = AutoPauseConfiguration.defaults(for: frozen.settings.activity)
      expected.autoPause.movingSpeed = today.movingSpeed
      expected.autoPause.wanderRadius = today.wanderRadius
      expected.autoPause.datesStopEdges = today.datesStopEdges
      expected.autoPause.holdsStopsAcrossGaps = today.holdsStopsAcrossGaps
      expected.autoPause.keepsSilentStops = today.keepsSilentStops
      expected.autoPause.resumesBeyondWander = today.resumesBeyondWander
      expected.autoPause.timesSilentSteps = today.timesSilentSteps
    }
    return expected
  }

  @Test(arguments: frozen) func aMissingKeyTakesItsDefault(_ frozen: Frozen) throws {
    let stored = try Self.object(try Fixtures.text(frozen.file))
    let paths = Self.keyPaths(stored).filter { $0 != ["activity"] && $0 != ["isRaw"] }
    #expect(paths.count > 25, "every setting, at every depth")
    for path in paths {
      let text = try Self.text(Self.removing(path, from: stored))
      let decoded = try StoredSettings.decode(text)
      #expect(decoded == Self.expectedWithout(path, frozen), "without \(path)")
    }
  }

  @Test func aRawSessionKeepsNoSmoother() throws {
    let text = try Fixtures.text("configuration-raw-ride.json")
    #expect(try StoredSettings.decode(text).smoother == nil, "absent means none, not the default")
    #expect(try StoredSettings.decode(text).gate.maxSpeed.value == .infinity)
  }

  @Test func aKeyFromANewerStriderIsIgnored() throws {
    var stored = try Self.object(try Fixtures.text("configuration-run.json"))
    stored["aSettingNotYetInvented"] = 3
    var gate = try #require(stored["gate"] as? [String: Any])
    gate["aThresholdNotYetInvented"] = 1.5
    stored["gate"] = gate
    var expected = SessionConfiguration(activity: .run)
    expected.smoother?.measuresAlongCurve = nil
    expected.smoother?.liveReadsSpeedWithoutCourse = nil
    expected.autoPause.movingSpeed = nil
    expected.autoPause.wanderRadius = nil
    expected.autoPause.datesStopEdges = nil
    expected.autoPause.holdsStopsAcrossGaps = nil
    expected.autoPause.keepsSilentStops = nil
    expected.autoPause.resumesBeyondWander = nil
    expected.autoPause.timesSilentSteps = nil
    #expect(try StoredSettings.decode(Self.text(stored)) == expected)
  }

  /// A session stored before distance was measured along the smoothed curve replays along
  /// chords, to its stored numbers; one stored today keeps the curve.
  @Test func aSettingThatChangedTheNumbersIsNotTakenFromToday() throws {
    let old = try StoredSettings.decode(try Fixtures.text("configuration-ride.json"))
    #expect(old.smoother?.alongCurve == false)
    let today = try StoredSettings.decode(
      StoredJSON.encode(SessionConfiguration(activity: .ride)))
    #expect(today.smoother?.alongCurve == true)
    // And one stored before auto-pause read the filtered speed pauses on its region alone.
    #expect(old.autoPause.movingSpeed == nil)
    #expect(today.autoPause.movingSpeed == AutoPauseConfiguration.standardMovingSpeed)
    // And one stored before stops were looked for in the wander, in the region alone.
    #expect(old.autoPause.wanderRadius == nil)
    #expect(today.autoPause.wanderRadius == AutoPauseConfiguration.standardWanderRadius)
    // And one stored before a stop was dated between its fixes, at its fixes.
    #expect(old.autoPause.datesStopEdges == nil)
    #expect(today.autoPause.datesStopEdges == true)
    // And one stored before a stop was held across a break in the fixes, to the break.
    #expect(old.autoPause.holdsStopsAcrossGaps == nil)
    #expect(today.autoPause.holdsStopsAcrossGaps == true)
    // And one stored before a stop was kept on a silent step, by the speed at its fixes.
    #expect(old.autoPause.keepsSilentStops == nil)
    #expect(today.autoPause.keepsSilentStops == true)
    // And one stored before a slow walk far from a stop ended it, paused until the resume
    // speed.
    #expect(old.autoPause.resumesBeyondWander == nil)
    #expect(today.autoPause.resumesBeyondWander == true)
    // And one stored before a lone silent step was timed at the pace beside it, moving.
    #expect(old.autoPause.timesSilentSteps == nil)
    #expect(today.autoPause.timesSilentSteps == true)
  }

  @Test func settingsWithoutAnActivityAreAnError() throws {
    let stored = Self.removing(
      ["activity"], from: try Self.object(Fixtures.text("configuration-run.json")))
    #expect(throws: DecodingError.self) { try StoredSettings.decode(Self.text(stored)) }
    #expect(throws: DecodingError.self) { try StoredSettings.decode("[]") }
  }

  @Test func aWrittenValueIsNeverReplaced() throws {
    var settings = SessionConfiguration(activity: .ride, weight: Kilograms(91))
    settings.gate.maxSpeed = MetersPerSecond(22)
    settings.gate.enabledChecks = [.duplicate, .stale]
    settings.gate.timeRequirement = .always
    settings.cues.everyDistance = Meters(500)
    settings.smoother?.processNoise = 2
    #expect(try StoredSettings.decode(StoredJSON.encode(settings)) == settings)
  }
}
