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
    let made = try StriderBinary.run(["sessions", "list"], environment: environment)
    #expect(made.status == 0, "\(made.stderr)")
    // The name as JSON escapes it; the file holds no raw control character.
    let name = #"home\u001b]0;owned\u0007\u001b[31m\u009b2J"#
    let places = #"[{"id":1,"latitude":46.05,"longitude":14.5,"name":"\#(name)"}]"#
    try Data(places.utf8).write(to: home.appendingPathComponent("places.json"))
    let listed = try StriderBinary.run(["places"], environment: environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("home\u{FFFD}]0;owned"), "\(listed.stdout)")
    for control in ["\u{1B}", "\u{07}", "\u{9B}"] {
      #expect(!listed.stdout.contains(control), "places printed a raw control character")
    }
    let named = try StriderBinary.run(
      ["places", "name", "1", "a\u{1B}[2Jb"], environment: environment)
    #expect(named.status == 0 && !named.stdout.contains("\u{1B}"), "\(named.stdout)")
  }

  @Test func pathsAndValuesAreFilteredInConfig() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let config = dir.appendingPathComponent("conf\u{1B}[31m")
    let result = try StriderBinary.run(
      ["config"], environment: ["XDG_CONFIG_HOME": config.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("conf\u{FFFD}[31m"), "\(result.stdout)")
    #expect(!result.stdout.contains("\u{1B}"), "config printed a raw escape")
  }
}
