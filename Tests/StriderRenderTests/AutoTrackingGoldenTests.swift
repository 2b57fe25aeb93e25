import StriderRender
import StriderTestSupport
import Testing

/// The interactionless-tracking panels (issue 21) drawn into grids: `strider day`'s
/// timeline, `lab policies`' table and `run --auto`'s status, in both glyph sets, wide and
/// narrow.
@Suite struct AutoTrackingGoldenTests {
  static let glyphSets: [Glyphs] = [.unicode, .ascii]

  /// The simulated day of `strider simulate --day`: home, a walk, home, a drive, the
  /// office, a ride home, home.
  static let day = DayTimeline(
    date: "2024-05-06",
    entries: [
      .init(
        kind: .place(id: 1), label: "Home", startMinute: nil, endMinute: 7 * 60 + 2,
        detail: ""),
      .init(
        kind: .move(vehicle: false), label: "walk", startMinute: 7 * 60 + 2,
        endMinute: 7 * 60 + 31, detail: "2.31 km  29:04  (session 1)"),
      .init(
        kind: .place(id: 1), label: "Home", startMinute: 7 * 60 + 31, endMinute: 8 * 60 + 10,
        detail: "39:12"),
      .init(
        kind: .move(vehicle: true), label: "drive", startMinute: 8 * 60 + 10,
        endMinute: 8 * 60 + 24, detail: "9.84 km  13:50  (session 2)"),
      .init(
        kind: .place(id: 2), label: "Office", startMinute: 8 * 60 + 24,
        endMinute: 16 * 60 + 45, detail: "8:21:03"),
      .init(
        kind: .move(vehicle: false), label: "ride", startMinute: 16 * 60 + 45,
        endMinute: 17 * 60 + 20, detail: "10.02 km  35:10  (session 3)"),
      .init(
        kind: .place(id: 1), label: "Home", startMinute: 17 * 60 + 20, endMinute: nil,
        detail: ""),
    ])

  private func render(_ columns: Int, _ rows: Int, _ draw: (inout Grid) -> Void) -> String {
    var grid = Grid(width: columns, height: rows)
    draw(&grid)
    return grid.text
  }

  @Test(arguments: glyphSets)
  func dayTimeline(glyphs: Glyphs) {
    let panel = DayTimelinePanel(timeline: Self.day, glyphs: glyphs)
    #expect(panel.preferredHeight == 13, "the header, seven rows, the box")
    assertGolden(
      render(100, panel.preferredHeight) { panel.draw(into: &$0) },
      named: "day-timeline-\(glyphs.kind)")
  }

  /// At 48 columns names that do not fit before the next run are left off, and a list
  /// longer than the rows ends with how many more there are.
  @Test func dayTimelineNarrowAndShort() {
    let panel = DayTimelinePanel(timeline: Self.day, glyphs: .unicode)
    let empty = DayTimelinePanel(
      timeline: DayTimeline(date: "2024-05-07", entries: []), glyphs: .ascii)
    assertGolden(
      render(48, 10) { panel.draw(into: &$0) } + "\n"
        + render(48, empty.preferredHeight) { empty.draw(into: &$0) },
      named: "day-timeline-narrow")
  }

  @Test func theAxisCoversTheKnownTimesInWholeHours() {
    #expect(Self.day.axis == 7 * 60...18 * 60)
    let short = DayTimeline(
      date: "d",
      entries: [
        .init(
          kind: .move(vehicle: false), label: "walk", startMinute: 600, endMinute: 630,
          detail: "")
      ])
    #expect(short.axis == 600...660, "at least an hour")
  }

  static let policies = PolicyTablePanel(
    title: "Sampling policies · 3 moves, 4 places, 58:40 of fixes",
    header: [
      "policy", "receiver on", "positions", "distance", "error", "moves missed", "invented",
      "places missed", "largest gap",
    ],
    rows: [
      ["continuous 1 Hz", "58:40", "3520", "22.17 km", "+0.3 %", "0/3", "0", "0/4", "0:01"],
      [
        "precise 60 s, then 100 m region", "21:13", "1290", "21.80 km", "-1.4 %", "0/3", "0",
        "0/4", "3:09",
      ],
      [
        "significant change 500 m", "0:00", "48", "19.95 km", "-9.7 %", "0/3", "1", "1/4",
        "12:31",
      ],
      ["speed-triggered", "33:05", "2050", "22.05 km", "-0.2 %", "0/3", "0", "0/4", "0:30"],
      ["batched every 5 min", "1:58", "118", "14.20 km", "-35.8 %", "1/3", "0", "0/4", "4:50"],
    ],
    shares: [1, 0.362, 0, 0.564, 0.034],
    notes: ["Scored against the truth (the story's moves and places, 22.10 km)."],
    glyphs: .unicode)

  @Test(arguments: glyphSets)
  func policyTable(glyphs: Glyphs) {
    var panel = Self.policies
    panel.glyphs = glyphs
    assertGolden(
      render(130, panel.preferredHeight) { panel.draw(into: &$0) },
      named: "lab-policies-\(glyphs.kind)")
  }

  /// At 80 columns the right-hand columns are left off, and the title says how many.
  @Test func policyTableNarrow() {
    let panel = Self.policies
    assertGolden(
      render(80, panel.preferredHeight) { panel.draw(into: &$0) }, named: "lab-policies-narrow")
  }

  @Test(arguments: glyphSets)
  func autoStatus(glyphs: Glyphs) {
    let waiting = AutoStatusPanel(
      source: "gpsd localhost:2947", link: "3D fix", phase: .waiting(since: "08:24"),
      day: [
        "06:00 - 07:02  Home", "07:02 - 07:31    walk 2.31 km  29:04  (session 1)",
        "07:31 - 08:10  Home  39:12", "08:10 - 08:24    drive 9.84 km  13:50  (session 2)",
        "08:24 -        Office",
      ], keys: "q quit", glyphs: glyphs)
    let moving = AutoStatusPanel(
      source: "gpsd localhost:2947", link: "no fix",
      phase: .moving(start: "16:45", activity: "ride", distance: "4.12 km", time: "14:03"),
      day: [], glyphs: glyphs)
    assertGolden(
      render(64, waiting.preferredHeight) { waiting.draw(into: &$0) } + "\n"
        + render(64, moving.preferredHeight) { moving.draw(into: &$0) },
      named: "auto-status-\(glyphs.kind)")
  }

  /// A line written to stderr while the panel is up shows as the panel's message, on a row
  /// of its own between the figures and the day, so redrawing never covers it.
  @Test func autoStatusShowsTheNewestStderrLine() {
    let plain = AutoStatusPanel(
      source: "gpsd localhost:2947", link: "3D fix", phase: .waiting(since: "08:24"),
      day: ["06:00 -        Home"], glyphs: .unicode)
    var told = plain
    told.message = "strider: warning: places.json unreadable (dashboard.log)"
    #expect(told.preferredHeight == plain.preferredHeight + 1)
    let text = render(64, told.preferredHeight) { told.draw(into: &$0) }
    let lines = text.split(separator: "\n").map(String.init)
    let row = try? #require(lines.firstIndex { $0.contains("! strider: warning: places.json") })
    let today = lines.firstIndex { $0.contains("Today") }
    #expect(row != nil && today != nil && row! < today!, "\(text)")
    #expect(lines.contains { $0.contains("WAITING") } && lines.contains { $0.contains("Home") })
  }

  /// The styled lines a command prints: SGR sequences for the styles, a reset at each
  /// line's end, nothing beyond the last visible cell; without colour only attributes.
  @Test func styledTextCarriesTheStylesAndTrims() {
    var grid = Grid(width: 12, height: 2)
    grid.write("ab", column: 0, row: 0, style: CellStyle(foreground: .red, attributes: .bold))
    grid.write("c", column: 3, row: 0)
    grid.write("d", column: 0, row: 1)
    #expect(grid.styledText(colour: true) == "\u{1B}[0;1;31mab\u{1B}[0m c\u{1B}[0m\nd\n")
    #expect(grid.styledText(colour: false) == "\u{1B}[0;1mab\u{1B}[0m c\u{1B}[0m\nd\n")
  }
}
