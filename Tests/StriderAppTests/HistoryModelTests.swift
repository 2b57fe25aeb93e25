import StriderApp
import StriderCore
import Testing

@testable import StriderRender

/// The history screen's model driven with keys, without a terminal or a database: moving,
/// searching, opening and leaving a session, replay, quitting; and the loop on the
/// in-memory backend with a loader standing in for the store.
@Suite struct HistoryModelTests {
  static let today = CivilDate(year: 2026, month: 11, day: 25) ?? CivilDate(dayNumber: 0)

  /// Six sessions, newest first: ids 6 to 1, a ride among them, one named.
  static let data: HistoryData = {
    let entries = (1...6).reversed().map { (n: Int) in
      HistoryEntry(
        id: Int64(n), name: n == 2 ? "Park loop" : nil, activity: n == 4 ? .ride : .run,
        start: "2026-11-\(10 + n) 07:00", distance: Meters(5000 + Double(n) * 100),
        moving: Seconds(1500), source: "file-\(n).gpx")
    }
    return HistoryData(entries: entries, dailyDistance: [:], records: [], today: today)
  }()

  static func detail(_ id: Int64) -> HistorySessionDetail {
    let entry = data.entries.first { $0.id == id } ?? data.entries[0]
    return HistorySessionDetail(entry: entry, summary: nil, route: [])
  }

  static func press(_ model: inout HistoryModel, _ keys: TerminalKey...) -> [HistoryCommand] {
    keys.flatMap { model.press($0) }
  }

  static func type(_ model: inout HistoryModel, _ text: String) {
    for character in text { _ = model.press(.character(character)) }
  }

  /// `[` takes the weekly chart and the calendar a quarter back, `]` forward again, never
  /// past today nor before the quarter of the first session; the list stays as it was.
  @Test func theChartsGoBackAQuarterAtATime() throws {
    var days: [CivilDate: Meters] = [:]
    for back in [0, 200, 400] { days[Self.today.adding(days: -back)] = Meters(5000) }
    let data = HistoryData(
      entries: Self.data.entries, dailyDistance: days, records: [], today: Self.today)
    var model = HistoryModel(data: data)
    _ = Self.press(&model, .character("["), .character("["))
    #expect(model.state.chartWeeksBack == 26)
    #expect(model.state.chartData.today == Self.today.adding(days: -182))
    #expect(model.state.selected?.id == 6, "the list did not move")
    for _ in 0..<10 { _ = model.press(.character("[")) }
    #expect(model.state.chartWeeksBack == 65, "the quarter that holds day -400 (week 57)")
    for _ in 0..<10 { _ = model.press(.character("]")) }
    #expect(model.state.chartWeeksBack == 0)
    let now = model.render(columns: 120, rows: 40)
    let grid = try #require(now)
    #expect(!grid.text.contains(" weeks to "), "today's charts say no end date")
    _ = model.press(.character("["))
    let earlier = model.render(columns: 120, rows: 40)
    let back = try #require(earlier)
    #expect(back.text.contains(" weeks to \(Self.today.adding(days: -91))"), "\(back.text)")
  }

  @Test func opensNewestFirstWithTheFirstSelected() {
    let model = HistoryModel(data: Self.data)
    #expect(model.state.shown.map(\.id) == [6, 5, 4, 3, 2, 1])
    #expect(model.state.selected?.id == 6)
  }

  @Test func arrowsMoveAndStopAtTheEnds() {
    var model = HistoryModel(data: Self.data)
    _ = Self.press(&model, .up)
    #expect(model.state.selection == 0, "nothing above the newest")
    _ = Self.press(&model, .down, .down, .character("j"))
    #expect(model.state.selected?.id == 3)
    _ = Self.press(&model, .character("k"))
    #expect(model.state.selected?.id == 4)
    _ = Self.press(&model, .right)
    #expect(model.state.selected?.id == 1, "a page down stops at the oldest")
    _ = Self.press(&model, .character("g"))
    #expect(model.state.selected?.id == 6)
    _ = Self.press(&model, .character("G"))
    #expect(model.state.selected?.id == 1)
  }

  @Test func searchNarrowsAsTypedAndEnterKeepsIt() {
    var model = HistoryModel(data: Self.data)
    _ = Self.press(&model, .character("/"))
    #expect(model.state.isSearching)
    Self.type(&model, "RIDE")
    #expect(model.state.shown.map(\.id) == [4], "case does not matter")
    #expect(model.state.selected?.id == 4)
    _ = Self.press(&model, .character("\u{7F}"), .character("\u{7F}"), .character("\u{7F}"))
    #expect(model.state.query == "R")
    _ = Self.press(&model, .character("\r"))
    #expect(!model.state.isSearching)
    #expect(model.state.query == "R")
    // Keys are the list's again: q quits rather than typing.
    #expect(Self.press(&model, .character("q")) == [.quit])
  }

  @Test func searchFindsNameSourceAndDate() {
    var model = HistoryModel(data: Self.data)
    _ = Self.press(&model, .character("/"))
    Self.type(&model, "park")
    #expect(model.state.shown.map(\.id) == [2])
    _ = Self.press(&model, .character("\u{1B}"))
    #expect(model.state.query.isEmpty && model.state.shown.count == 6, "Esc clears the search")
    _ = Self.press(&model, .character("/"))
    Self.type(&model, "file-5")
    #expect(model.state.shown.map(\.id) == [5])
    _ = Self.press(&model, .character("\n"))
    _ = Self.press(&model, .character("/"))
    Self.type(&model, "x")
    #expect(model.state.shown.isEmpty && model.state.selection == nil)
    #expect(Self.press(&model, .character("\r")).isEmpty)
    #expect(Self.press(&model, .character("\r")).isEmpty, "Enter on an empty list opens nothing")
    #expect(Self.press(&model, .character("r")).isEmpty, "nor does r replay")
    #expect(Self.press(&model, .character("\u{1B}")).isEmpty, "Esc first clears the search")
    #expect(model.state.shown.count == 6)
    #expect(Self.press(&model, .character("\u{1B}")) == [.quit])
  }

  @Test func selectionStaysOnTheSameSessionWhenTheSearchWidens() {
    var model = HistoryModel(data: Self.data)
    _ = Self.press(&model, .character("/"))
    Self.type(&model, "run")
    _ = Self.press(&model, .down, .down, .down)
    let chosen = model.state.selected?.id
    #expect(chosen == 2)
    _ = Self.press(&model, .character("\u{7F}"), .character("\u{7F}"), .character("\u{7F}"))
    #expect(model.state.selected?.id == chosen)
  }

  @Test func enterOpensAndEscGoesBack() {
    var model = HistoryModel(data: Self.data)
    _ = Self.press(&model, .down)
    #expect(Self.press(&model, .character("\r")) == [.open(5)])
    #expect(model.opening == 5)
    model.opened(Self.detail(4))
    #expect(model.state.detail == nil, "a session not asked for is not shown")
    model.opened(Self.detail(5))
    #expect(model.state.detail?.entry.id == 5)
    #expect(Self.press(&model, .down).isEmpty)
    #expect(model.state.selected?.id == 5, "the list does not move under an open session")
    #expect(Self.press(&model, .character("r")) == [.replay(5)])
    #expect(Self.press(&model, .character("\u{1B}")).isEmpty)
    #expect(model.state.detail == nil)
    _ = Self.press(&model, .character("\r"))
    model.opened(Self.detail(5))
    #expect(Self.press(&model, .character("q")).isEmpty, "q goes back from a session")
    #expect(model.state.detail == nil)
    #expect(Self.press(&model, .character("q")) == [.quit])
  }

  /// `p` in an opened session shows each of its profiles in place of the map, then the map
  /// again; a session without any says so; going back and opening again starts at the map.
  @Test func pCyclesTheProfilesAndBackToTheMap() {
    var model = HistoryModel(data: Self.data)
    #expect(Self.press(&model, .character("\r")) == [.open(6)])
    var detail = Self.detail(6)
    detail.profiles = ["elevation", "pace", "heart rate"].map { title in
      ProfileChart(
        title: title, samples: [.init(distance: 0, value: 1), .init(distance: 100, value: 2)],
        glyphs: .unicode
      ) { "\($0)" }
    }
    model.opened(detail)
    #expect(model.state.profile == nil, "the map first")
    var seen: [String?] = []
    for _ in 0..<4 {
      _ = Self.press(&model, .character("p"))
      seen.append(model.state.profile?.title)
    }
    #expect(seen == ["elevation", "pace", "heart rate", nil])
    _ = Self.press(&model, .character("p"))
    #expect(model.state.profile?.title == "elevation")
    _ = Self.press(&model, .character("q"))
    _ = Self.press(&model, .character("\r"))
    model.opened(detail)
    #expect(model.state.profile == nil, "opened again at the map")

    var bare = HistoryModel(data: Self.data)
    _ = Self.press(&bare, .character("\r"))
    bare.opened(Self.detail(6))
    _ = Self.press(&bare, .character("p"))
    #expect(bare.state.profile == nil)
    #expect(bare.state.message == "No profile: nothing measured along it")
  }

  @Test func aSessionThatCannotBeReadLeavesTheListWithTheReason() {
    var model = HistoryModel(data: Self.data)
    _ = Self.press(&model, .character("\r"))
    model.failedToOpen("Session 6: database is locked")
    #expect(model.state.detail == nil && model.opening == nil)
    #expect(model.state.message == "Session 6: database is locked")
    _ = Self.press(&model, .down)
    #expect(model.state.message == nil, "the note goes with the next key")
  }

  @Test func emptyHistoryHasNothingToSelect() {
    var model = HistoryModel(
      data: HistoryData(entries: [], dailyDistance: [:], records: [], today: Self.today))
    #expect(model.state.selection == nil)
    #expect(Self.press(&model, .down, .up, .character("\r"), .character("r")).isEmpty)
    let text = model.render(columns: 80, rows: 24)?.text ?? ""
    #expect(text.contains("No sessions yet"))
  }

  @Test func loopOpensThroughTheLoaderAndReturnsAReplay() {
    var model = HistoryModel(data: Self.data)
    var backend = TestBackend(columns: 120, rows: 40)
    var asked: [Int64] = []
    backend.press(.down)
    backend.press(.character("\r"))
    backend.press(.character("r"))
    let outcome = HistoryLoop.run(
      &model, backend: &backend,
      load: { id in
        asked.append(id)
        return .success(Self.detail(id))
      }, isStopped: { false })
    #expect(outcome == .replay(5))
    #expect(asked == [5])
    #expect(model.state.detail?.entry.id == 5)
    #expect(backend.text.contains("Session 5"), "the opened session was drawn")
  }

  @Test func loopShowsALoadFailureAndQuits() {
    var model = HistoryModel(data: Self.data)
    let backend = TestBackend(columns: 80, rows: 24)
    var loop = backend
    backend.press(.character("\r"))
    backend.press(.character("j"), at: 1)
    backend.press(.character("q"), at: 2)
    var drawnAtFailure = ""
    let outcome = HistoryLoop.run(
      &model, backend: &loop, load: { _ in .failure(HistoryLoadError("cannot read")) },
      isStopped: {
        if backend.now > 0.5, backend.now < 1, drawnAtFailure.isEmpty {
          drawnAtFailure = backend.text
        }
        return false
      })
    #expect(outcome == .quit)
    #expect(drawnAtFailure.contains("cannot read"))
  }

  @Test func stopsOnASignal() {
    var model = HistoryModel(data: Self.data)
    let backend = TestBackend()
    var loop = backend
    let outcome = HistoryLoop.run(
      &model, backend: &loop, load: { _ in .failure(HistoryLoadError("")) },
      isStopped: { backend.now > 1 })
    #expect(outcome == .quit)
    #expect(backend.draws == 1, "drawn once, then only keys would draw again")
  }
}
