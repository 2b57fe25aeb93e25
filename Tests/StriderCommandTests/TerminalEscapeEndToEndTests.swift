import Foundation
import StriderTestSupport
import Testing

/// Issue 49: `places`, `day` and `config` printed names from files raw, so an escape sequence
/// in a place's name or a path reached the terminal. Text from files goes through the escape
/// filter there too: each control character is shown as U+FFFD.
@Suite(.offCooperativePool) struct TerminalEscapeEndToEndTests {
  @Test func placeNamesAreFilteredInPlaces() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let environment = ["STRIDER_HOME": home.path]
    let made = InProcess.run(["sessions", "list"], environment: environment)
    #expect(made.status == 0, "\(made.stderr)")
    // The name as JSON escapes it; the file holds no raw control character.
    let name = #"home\u001b]0;owned\u0007\u001b[31m\u009b2J"#
    let places = #"[{"id":1,"latitude":46.05,"longitude":14.5,"name":"\#(name)"}]"#
    try Data(places.utf8).write(to: home.appendingPathComponent("places.json"))
    let listed = InProcess.run(["places"], environment: environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("home\u{FFFD}]0;owned"), "\(listed.stdout)")
    for control in ["\u{1B}", "\u{07}", "\u{9B}"] {
      #expect(!listed.stdout.contains(control), "places printed a raw control character")
    }
    let named = InProcess.run(
      ["places", "name", "1", "a\u{1B}[2Jb"], environment: environment)
    #expect(named.status == 0 && !named.stdout.contains("\u{1B}"), "\(named.stdout)")
  }

  /// `day` shows the places' names in its text and its panel: the escape filter had been
  /// put there with the others, without a test of its own.
  @Test func placeNamesAreFilteredInDay() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let file = dir.appendingPathComponent("day.gpx")
    let environment = ["STRIDER_HOME": home.path, "TZ": "UTC"]
    InProcess.importSimulatedDay(to: file, environment: environment)
    // The first `day` numbers the places and keeps them; then every name is hostile.
    let first = InProcess.run(["day", "2024-05-06"], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let placesFile = home.appendingPathComponent("places.json")
    var places = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: placesFile)) as? [[String: Any]])
    #expect(!places.isEmpty)
    for index in places.indices { places[index]["name"] = "home\u{1B}]0;owned\u{07}\u{9B}2J" }
    try JSONSerialization.data(withJSONObject: places).write(to: placesFile)
    for format in ["text", "panel"] {
      let result = InProcess.run(
        ["day", "2024-05-06", "--format", format],
        environment: environment.merging(["COLUMNS": "100", "NO_COLOR": "1"]) { $1 })
      #expect(result.status == 0, "\(format): \(result.stderr)")
      #expect(result.stdout.contains("home\u{FFFD}]0;owned"), "\(format): \(result.stdout)")
      for control in ["\u{07}", "\u{9B}", "\u{1B}]"] {
        #expect(!result.stdout.contains(control), "\(format) printed a raw control character")
      }
    }
  }

  @Test func pathsAndValuesAreFilteredInConfig() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let config = dir.appendingPathComponent("conf\u{1B}[31m")
    let result = InProcess.run(
      ["config"], environment: ["XDG_CONFIG_HOME": config.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("conf\u{FFFD}[31m"), "\(result.stdout)")
    #expect(!result.stdout.contains("\u{1B}"), "config printed a raw escape")
  }
}
