import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderStore
import StriderTestSupport
import Testing

/// `sessions edit`, `split`, `merge` and `list` in process on a store of their own: what
/// each changes and the text it prints.
@Suite struct SessionEditsTests {

  @Test func anEditRenamesAndLeavesOutOfTheRecordsAndSaysSo() throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    let line = try SessionEdits.edit(
      demo.store, id: demo.id, name: "Park\u{1B}[2J", activity: nil, inRecords: false,
      units: .metric)
    #expect(line.hasPrefix("session \(demo.id): run, \"Park"))
    #expect(!line.contains("\u{1B}"), "a name's escape is never printed")
    #expect(line.hasSuffix(" km, left out of the personal records\n"))
    #expect(try demo.store.isLeftOutOfRecords(demo.id))
    let back = try SessionEdits.edit(
      demo.store, id: demo.id, name: nil, activity: nil, inRecords: true, units: .metric)
    #expect(back.hasSuffix(", in the personal records\n"))
    #expect(try !demo.store.isLeftOutOfRecords(demo.id))
  }

  @Test func aSplitAtATimeAndAMergeGiveTheSessionBack() throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    let before = try demo.store.listing(demo.id)
    let start = try #require(before.startTime)
    // Ten minutes in, as the user types it: a local date and time.
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    let cut = formatter.string(from: Date(timeIntervalSince1970: start.secondsSince1970 + 600))
    let split = try SessionEdits.split(
      demo.store, id: demo.id, times: [cut], gapHours: nil, units: .metric)
    #expect(split.hasPrefix("session \(demo.id) is now 2 sessions:\n"))
    let parts = try demo.store.sessions(includingSimulated: true).map(\.id)
    #expect(parts.count == 2)
    let merged = try SessionEdits.merge(demo.store, ids: parts, units: .metric)
    let other = try #require(parts.first { $0 != demo.id })
    #expect(merged.hasPrefix("session \(other) merged into session \(demo.id):\n"))
    let after = try demo.store.listing(demo.id)
    #expect(after.fixCount == before.fixCount)
  }

  @Test func aSessionWithoutATimedFixCannotBeSplit() throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    #expect(throws: StoreError.self) {
      try SessionEdits.split(demo.store, id: 999, times: [], gapHours: 1, units: .metric)
    }
  }

  @Test func theListSaysWhenADayLeavesEverySessionOut() throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    var unitsRead = 0
    let units = { () -> UnitSystem in
      unitsRead += 1
      return .metric
    }
    let none = try SessionTable.listing(
      demo.store, includingSimulated: true, since: "2999-01-01", oldestFirst: false, limit: nil,
      units: units)
    #expect(none == "no sessions since 2999-01-01 (1 before it)\n")
    #expect(unitsRead == 0, "the units are read only for a table")
    let all = try SessionTable.listing(
      demo.store, includingSimulated: true, since: "2000-01-01", oldestFirst: true, limit: 1,
      units: units)
    let listings = try demo.store.sessions(includingSimulated: true)
    #expect(all == SessionTable.text(listings, units: .metric))
    #expect(unitsRead == 1)
  }

  @Test func aStoredReplayIsNamedAsTheReplayShowsIt() throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    _ = try demo.store.edit(demo.id, name: "Park", activity: nil)
    let stored = try StoredReplay(demo.store, id: demo.id)
    #expect(stored.name == "session \(demo.id) (Park)")
    #expect(stored.configuration.activity == .run)
    #expect(try stored.fixes(in: demo.store).count == demo.store.listing(demo.id).fixCount)
  }
}

/// What moved out of the commands with them: `--as-of`'s moment, `config`'s text, the panel
/// redrawn in place.
@Suite struct CommandTextTests {

  @Test func aDayAsOfIsItsEndAndATimeIsItself() throws {
    let day = try #require(LocalDate.startOfDay("2026-11-01"))
    let next = try #require(LocalDate.startOfDay("2026-11-02"))
    #expect(LocalDate.moment("2026-11-01") == next)
    let time = try #require(LocalDate.moment("2026-11-01T07:30"))
    #expect(time.secondsSince1970 - day.secondsSince1970 == 7.5 * 3600)
    #expect(LocalDate.moment("2026-11-01 07:30") == nil)
    #expect(LocalDate.moment("yesterday") == nil)
  }

  @Test func aTimesDayStartsAtItsLocalMidnight() throws {
    let day = try #require(LocalDate.startOfDay("2026-11-01"))
    let time = try #require(LocalDate.moment("2026-11-01T23:59"))
    #expect(LocalDate.startOfDay(containing: time) == day)
    #expect(LocalDate.startOfDay(containing: day) == day)
    let today = LocalDate.startOfDay(containing: nil)
    #expect(today.secondsSince1970 <= Date().timeIntervalSince1970)
    #expect(Date().timeIntervalSince1970 - today.secondsSince1970 < 25 * 3600)
  }

  @Test func theConfigTextSaysWhereEachValueComesFrom() {
    let text = ConfigText.text(
      settings: UserSettings(), path: nil, exists: false, store: nil)
    #expect(text.hasPrefix("# config file: none (HOME is not set) (not present)\n"))
    #expect(text.contains("\n[profile]\n"))
    #expect(!text.contains("# sessions are kept in"))
    let kept = ConfigText.text(
      settings: UserSettings(), path: "/home/a/.config/strider/config.toml", exists: true,
      store: StoreLocation(directory: "/home/a/.local/share/strider"))
    #expect(kept.hasPrefix("# config file: /home/a/.config/strider/config.toml\n"))
    #expect(
      kept.hasSuffix("\n# sessions are kept in /home/a/.local/share/strider/strider.sqlite\n"))
  }

  @Test func theKeyListWrapsUnderItsKey() {
    for line in ConfigText.keyList.split(separator: "\n") {
      #expect(line.count <= 78, "\(line)")
      #expect(line.hasPrefix("  "))
    }
    #expect(
      HangingText.wrap("  a: " + String(repeating: "word ", count: 30), indent: 6)
        .split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("      word") })
  }

  @Test func theInlinePanelDrawsOverItsLastDrawing() throws {
    var typed: [[UInt8]] = [[UInt8(ascii: "q"), UInt8(ascii: "l")]]
    let panel = InlinePanel(
      colour: false, width: { 12 },
      keys: { typed.isEmpty ? [] : typed.removeFirst() })
    #expect(panel.size.columns == 12)
    let capture = OutputCapture()
    Output.$capture.withValue(capture) {
      var grid = Grid(width: 12, height: 2)
      _ = grid.write("first", column: 0, row: 0)
      panel.draw(grid)
      panel.draw(grid)
    }
    let drawings = capture.output.components(separatedBy: "\u{1B}[2F\u{1B}[J")
    #expect(drawings.count == 2, "the second drawing goes back over the first two rows")
    #expect(drawings[0] == drawings[1])
    #expect(panel.readKey(timeout: 0) == .character("q"))
    #expect(panel.readKey(timeout: 0) == .character("l"))
    #expect(panel.readKey(timeout: 0) == nil)
    #expect(panel.failure == nil)
  }
}
