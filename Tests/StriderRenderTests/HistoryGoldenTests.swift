import StriderCore
import StriderTestSupport
import Testing

@testable import StriderRender

/// The history screen's panels on their own, and whole screens at 120×40 and 80×24, in
/// both glyph sets.
@Suite struct HistoryGoldenTests {
  static let glyphSets: [Glyphs] = [.unicode, .ascii]

  private func render(_ columns: Int, _ rows: Int, _ draw: (inout Grid) -> Void) -> String {
    var grid = Grid(width: columns, height: rows)
    draw(&grid)
    return grid.text
  }

  @Test(arguments: glyphSets)
  func sessionList(glyphs: Glyphs) {
    let panel = SessionListPanel(
      entries: HistoryFixtures.entries, selection: 2, total: HistoryFixtures.entries.count,
      units: .metric, glyphs: glyphs)
    assertGolden(render(56, 12) { panel.draw(into: &$0) }, named: "history-list-\(glyphs.kind)")
  }

  @Test func sessionListNarrowDropsColumnsAndPages() {
    let panel = SessionListPanel(
      entries: HistoryFixtures.entries, selection: 25, total: HistoryFixtures.entries.count,
      query: "", units: .imperial, glyphs: .unicode)
    assertGolden(render(38, 10) { panel.draw(into: &$0) }, named: "history-list-narrow")
  }

  /// A swim's pace per 100 m is longer than a run's per km: its column widens on the page
  /// that shows it, under its name, and nothing is cut (it read "1:38 /100" before).
  @Test func aSwimsPaceIsNeverCut() {
    let swim = HistoryEntry(
      id: 2, activity: .swim, start: "2026-11-26 07:00", distance: Meters(1500),
      moving: Seconds(1470))
    let panel = SessionListPanel(
      entries: [swim] + HistoryFixtures.entries, selection: 0,
      total: HistoryFixtures.entries.count + 1, units: .metric, glyphs: .ascii)
    let text = render(60, 5) { panel.draw(into: &$0) }
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[1].contains("moving  pace/speed"), "\(text)")
    #expect(lines[2].contains("24:30 1:38 /100 m"), "\(text)")
    #expect(lines[3].contains("25:48    5:23 /km"), "aligned under it: \(text)")
  }

  @Test func sessionListEmptyAndUnmatched() {
    let none = SessionListPanel(
      entries: [], selection: nil, total: 0, units: .metric, glyphs: .ascii)
    let unmatched = SessionListPanel(
      entries: [], selection: nil, total: 40, query: "zzz", units: .metric, glyphs: .ascii)
    assertGolden(
      render(40, 5) { none.draw(into: &$0) } + "\n" + render(40, 5) { unmatched.draw(into: &$0) },
      named: "history-list-empty")
  }

  @Test(arguments: glyphSets)
  func weeklyChart(glyphs: Glyphs) {
    let panel = WeeklyChart(data: HistoryFixtures.data, glyphs: glyphs)
    assertGolden(render(64, 12) { panel.draw(into: &$0) }, named: "history-weeks-\(glyphs.kind)")
  }

  @Test(arguments: glyphSets)
  func yearCalendar(glyphs: Glyphs) {
    let panel = YearCalendar(data: HistoryFixtures.data, glyphs: glyphs)
    assertGolden(
      render(64, YearCalendar.preferredHeight) { panel.draw(into: &$0) },
      named: "history-calendar-\(glyphs.kind)")
  }

  @Test func recordsTableCutsWithACount() {
    let panel = RecordsPanel(records: HistoryFixtures.records, glyphs: .unicode)
    assertGolden(
      render(64, 12) { panel.draw(into: &$0) } + "\n" + render(64, 6) { panel.draw(into: &$0) },
      named: "history-records")
  }

  static let sizes: [(Int, Int)] = [(120, 40), (80, 24)]

  @Test(arguments: glyphSets, [0, 1])
  func listScreen(glyphs: Glyphs, size: Int) {
    let (columns, rows) = Self.sizes[size]
    let state = HistoryViewState(data: HistoryFixtures.data, glyphs: glyphs)
    assertGolden(
      HistoryScreen.render(state, columns: columns, rows: rows).text,
      named: "history-screen-\(columns)x\(rows)-\(glyphs.kind)")
  }

  @Test(arguments: glyphSets, [0, 1])
  func detailScreen(glyphs: Glyphs, size: Int) {
    let (columns, rows) = Self.sizes[size]
    var state = HistoryViewState(data: HistoryFixtures.data, glyphs: glyphs)
    state.detail = HistoryFixtures.detail
    state.route = ProjectedRoute(points: HistoryFixtures.detail.route)
    assertGolden(
      HistoryScreen.render(state, columns: columns, rows: rows).text,
      named: "history-session-\(columns)x\(rows)-\(glyphs.kind)")
  }

  /// The opened session with its pace profile in place of the map (`p`), in both glyph
  /// sets at 120×40, and at 80×24.
  @Test(arguments: glyphSets, [0, 1])
  func profileScreen(glyphs: Glyphs, size: Int) throws {
    let (columns, rows) = Self.sizes[size]
    var state = HistoryViewState(data: HistoryFixtures.data, glyphs: glyphs)
    state.detail = HistoryFixtures.detail
    state.route = ProjectedRoute(points: HistoryFixtures.detail.route)
    let pace = try #require(HistoryFixtures.detail.profiles.firstIndex { $0.title == "pace" })
    state.shownProfile = pace
    let text = HistoryScreen.render(state, columns: columns, rows: rows).text
    #expect(text.contains("Pace"))
    #expect(glyphs.kind == .unicode || text.allSatisfy(\.isASCII))
    assertGolden(text, named: "history-profile-\(columns)x\(rows)-\(glyphs.kind)")
  }

  @Test func asciiScreensHoldOnlyASCII() {
    var state = HistoryViewState(data: HistoryFixtures.data, glyphs: .ascii)
    #expect(HistoryScreen.render(state, columns: 120, rows: 40).text.allSatisfy { $0.isASCII })
    state.detail = HistoryFixtures.detail
    state.route = ProjectedRoute(points: HistoryFixtures.detail.route)
    #expect(HistoryScreen.render(state, columns: 80, rows: 24).text.allSatisfy { $0.isASCII })
  }

  @Test func tooSmallSaysSo() {
    let state = HistoryViewState(data: HistoryFixtures.data)
    let text = HistoryScreen.render(state, columns: 30, rows: 10).text
    #expect(text.contains("Terminal too small"))
  }

  /// Every size from the smallest up draws a frame of that size, the list and a session,
  /// with the keys' row at the bottom (nothing drawn outside, nothing traps).
  @Test func everySizeDraws() {
    var state = HistoryViewState(data: HistoryFixtures.data, glyphs: .unicode)
    for detail in [false, true] {
      state.detail = detail ? HistoryFixtures.detail : nil
      state.route = detail ? ProjectedRoute(points: HistoryFixtures.detail.route) : ProjectedRoute()
      for columns in stride(from: 40, through: 130, by: 9) {
        for rows in stride(from: 12, through: 45, by: 3) {
          let grid = HistoryScreen.render(state, columns: columns, rows: rows)
          #expect(grid.width == columns && grid.height == rows)
          let last = grid.text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
          #expect(last.hasPrefix("q "), "\(columns)x\(rows): \(last)")
        }
      }
    }
  }
}
