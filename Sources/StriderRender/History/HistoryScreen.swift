import StriderCore

/// Composes the history screen: the session list beside the weekly chart, the calendar and
/// the records; or, with a session opened, its summary and splits beside its route map and
/// its efforts and zones. The bottom row lists the keys.
///
/// Narrow or short terminals keep the list alone (down to `Screen.minimumColumns` ×
/// `Screen.minimumRows`); below that the frame asks for more room, as the dashboard does.
public enum HistoryScreen {
  /// Below this width or height only the list is shown beside nothing.
  public static let sideColumns = 60
  public static let sideRows = 16

  /// The frame for a terminal of `columns` × `rows`.
  public static func render(_ state: HistoryViewState, columns: Int, rows: Int) -> Grid {
    var grid = Grid(width: columns, height: rows)
    guard columns >= Screen.minimumColumns, rows >= Screen.minimumRows else {
      Screen.drawTooSmall(into: &grid, glyphs: state.glyphs)
      return finished(grid, state)
    }
    let body = GridRect(x: 0, y: 0, width: columns, height: rows - 1)
    if let detail = state.detail {
      drawDetail(detail, state, in: body, into: &grid)
    } else {
      drawList(state, in: body, into: &grid)
    }
    let status = GridRect(x: 0, y: rows - 1, width: columns, height: 1)
    grid.withRegion(status) { drawStatus(state, into: &$0) }
    return finished(grid, state)
  }

  /// The list screen's panels: the list on the left, the chart, calendar and records on
  /// the right.
  static func drawList(_ state: HistoryViewState, in body: GridRect, into grid: inout Grid) {
    let list = SessionListPanel(
      entries: state.shown, selection: state.selection, total: state.data.entries.count,
      query: state.query, units: state.data.units, glyphs: state.glyphs)
    guard body.width >= sideColumns, body.height + 1 >= sideRows else {
      grid.withRegion(body) { list.draw(into: &$0) }
      return
    }
    let leftWidth = body.width / 2
    grid.withRegion(GridRect(x: 0, y: 0, width: leftWidth, height: body.height)) {
      list.draw(into: &$0)
    }
    let x = leftWidth
    let width = body.width - leftWidth
    let calendarRows = YearCalendar.preferredHeight
    var chartRows = max(5, min(12, (body.height - calendarRows) / 2))
    var recordRows = body.height - calendarRows - chartRows
    if recordRows < 4 {
      chartRows += recordRows
      recordRows = 0
    }
    let glyphs = state.glyphs
    grid.withRegion(GridRect(x: x, y: 0, width: width, height: chartRows)) {
      WeeklyChart(data: state.chartData, glyphs: glyphs, endsToday: state.chartWeeksBack == 0)
        .draw(into: &$0)
    }
    grid.withRegion(GridRect(x: x, y: chartRows, width: width, height: calendarRows)) {
      YearCalendar(data: state.chartData, glyphs: glyphs).draw(into: &$0)
    }
    if recordRows > 0 {
      let rect = GridRect(x: x, y: chartRows + calendarRows, width: width, height: recordRows)
      grid.withRegion(rect) {
        RecordsPanel(records: state.data.records, glyphs: glyphs).draw(into: &$0)
      }
    }
  }

  /// An opened session: summary and splits on the left, the route map and the efforts and
  /// zones on the right (the map alone when the terminal is narrow).
  static func drawDetail(
    _ detail: HistorySessionDetail, _ state: HistoryViewState, in body: GridRect,
    into grid: inout Grid
  ) {
    let glyphs = state.glyphs
    let units = state.data.units
    let panel = SessionDetailPanel(detail: detail, units: units, glyphs: glyphs)
    let leftWidth = min(44, max(34, body.width * 35 / 100))
    let summaryRows = min(panel.summaryHeight, body.height)
    grid.withRegion(GridRect(x: 0, y: 0, width: leftWidth, height: summaryRows)) {
      panel.drawSummary(into: &$0)
    }
    if body.height - summaryRows >= 4 {
      let table = SplitsTable(
        splits: detail.summary?.splits ?? [], activity: detail.entry.activity, units: units,
        glyphs: glyphs)
      let rect = GridRect(x: 0, y: summaryRows, width: leftWidth, height: body.height - summaryRows)
      grid.withRegion(rect) { table.draw(into: &$0) }
    }
    let x = leftWidth
    let width = body.width - leftWidth
    let effortRows = min(panel.effortsHeight, body.height / 3)
    let mapRows = body.height - effortRows
    let rect = GridRect(x: x, y: 0, width: width, height: mapRows)
    if let profile = state.profile {
      let panel = ProfilePanel(chart: profile, units: units, glyphs: glyphs)
      grid.withRegion(rect) { panel.draw(into: &$0) }
    } else {
      drawMap(state, in: rect, into: &grid)
    }
    grid.withRegion(GridRect(x: x, y: mapRows, width: width, height: effortRows)) {
      panel.drawEfforts(into: &$0)
    }
  }

  /// The route in a box, fitted, with the scale in the title and the markers' legend.
  static func drawMap(_ state: HistoryViewState, in rect: GridRect, into grid: inout Grid) {
    let glyphs = state.glyphs
    let map = RouteMap(
      route: state.route, viewport: state.viewport, options: state.mapOptions, glyphs: glyphs,
      isFinished: true)
    var frame: MapFrame?
    grid.withRegion(rect.inset(by: 1)) { frame = map.draw(into: &$0) }
    var title = "Route"
    if let frame, state.route.fitBounds != nil {
      title +=
        glyphs.separator
        + DisplayFormat.shortLength(Meters(frame.metresPerColumn), units: state.data.units)
        + "/col"
    }
    grid.drawBox(rect, glyphs: glyphs, title: title)
    if state.route.fitBounds == nil {
      grid.writeCentred(
        "No route kept", in: rect.inset(by: 1), row: rect.y + rect.height / 2, style: .dim)
      return
    }
    let legend = " \(glyphs.start) start  \(glyphs.finish) finish "
    if TextWidth.of(legend) + 4 <= rect.width {
      grid.write(legend, column: rect.x + 2, row: rect.maxY - 1)
    }
  }

  /// The keys of the mode, shortened from the right to fit, and a note at the right end.
  static func drawStatus(_ state: HistoryViewState, into grid: inout Grid) {
    let glyphs = state.glyphs
    let arrows = glyphs.kind == .unicode ? "↑/↓" : "up/down"
    let keys: [(String, String)]
    if state.isSearching {
      keys = [("Enter", "keep"), ("Esc", "clear"), ("", "search: /\(state.query)")]
    } else if let detail = state.detail {
      keys =
        [("q", "back"), ("r", "replay")]
        + (detail.profiles.isEmpty ? [] : [("p", state.profile == nil ? "profiles" : "next")])
        + [("z/x", "zoom"), ("m", "map"), ("Esc", "back")]
    } else {
      keys = [
        ("q", "quit"), (arrows, "move"), ("Enter", "open"), ("/", "search"), ("r", "replay"),
        ("[/]", "earlier/later"),
      ]
    }
    grid.fill(grid.bounds)
    var note = ""
    if let message = state.message, !message.isEmpty {
      note = TextLayout.truncate(message, to: max(0, grid.width / 3), ellipsis: glyphs.ellipsis)
    }
    let room = grid.width - (note.isEmpty ? 0 : TextWidth.of(note) + 2)
    var column = 0
    for (index, (key, text)) in keys.enumerated() {
      let width =
        (index > 0 ? 2 : 0) + TextWidth.of(key) + (key.isEmpty ? 0 : 1) + TextWidth.of(text)
      guard column + width <= room else { break }
      if index > 0 { column += 2 }
      if !key.isEmpty {
        column += grid.write(
          key, column: column, row: 0, style: CellStyle(attributes: [.bold, .reverse]))
        column += grid.write(" ", column: column, row: 0)
      }
      column += grid.write(text, column: column, row: 0)
    }
    if !note.isEmpty {
      grid.write(note, column: grid.width - TextWidth.of(note), row: 0, style: .bold)
    }
  }

  /// No colour when the terminal has none; nothing beyond ASCII with the ASCII glyphs.
  static func finished(_ grid: Grid, _ state: HistoryViewState) -> Grid {
    let plain = state.colour ? grid : grid.withoutColour()
    return state.glyphs.kind == .ascii ? plain.asciiOnly() : plain
  }
}
