import StriderApp
import StriderCore
import StriderSimulator
import Testing

/// What the dashboard leaves on the terminal when it closes: analyze's top rows, where the
/// session went, and the command that shows it again, pasteable into a shell.
@Suite struct QuitSummaryTests {
  static let summary = Analysis.summarize(
    Simulator.run(SimulationConfiguration(activity: .run, seed: 3, faults: .none)).fixes,
    configuration: SessionConfiguration(activity: .run))

  static func names(_ text: String) -> [String] {
    text.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
  }

  @Test func aRecordedSessionSaysWhereItIsAndItsRecords() {
    let text = QuitSummary.text(
      Self.summary, kept: .recorded(7), again: "strider run", records: ["new best 1 km: 4:50"])
    let names = Self.names(text)
    #expect(names.first == "activity")
    #expect(names.suffix(3) == ["record", "saved", "replay"], "\(names)")
    #expect(text.contains("session 7: `strider sessions show 7`"))
    #expect(text.contains("`strider replay 7`"))
    #expect(text.contains("new best 1 km: 4:50"))
    #expect(!names.contains("splits"), "only analyze's top rows: \(names)")
  }

  @Test func aSessionNotKeptSaysHowToKeepIt() {
    let text = QuitSummary.text(
      Self.summary, kept: .notKept(hint: "--record keeps a demo"), again: "strider demo")
    #expect(text.contains("no (--record keeps a demo)"))
    #expect(Self.names(text).last == "again")
    #expect(text.contains("`strider demo`"))
  }

  @Test(arguments: [
    ("Demo/park-run.gpx", "Demo/park-run.gpx"),
    ("my run.gpx", "'my run.gpx'"),
    ("it's.gpx", #"'it'\''s.gpx'"#),
    ("", "''"),
  ])
  func aPathIsQuotedForAShellWhenItNeedsIt(path: String, word: String) {
    #expect(QuitSummary.shellWord(path) == word)
  }
}
