import StriderCore

/// The sessions, newest first, one a row under a line of column names: start, activity,
/// distance, moving time and pace (speed for rides), the selected one in reverse video.
/// The pace is the distance over the moving time shown beside it.
///
/// The list scrolls by pages, so the rows stand still while the selection moves inside a
/// page. Columns that do not fit the width are left out from the right (pace first); the
/// pace column is as wide as the page's widest ("1:38 /100 m" for a swim), never cut.
public struct SessionListPanel: Sendable {
  public var entries: [HistoryEntry]
  /// Index into `entries`; nil when the list is empty.
  public var selection: Int?
  /// How many sessions there are before a search narrows them (the title says "12 of 3650").
  public var total: Int
  /// The search text, shown in the title.
  public var query: String = ""
  public var units: UnitSystem
  public var glyphs: Glyphs

  /// The column names, in the cells' order.
  static let header = ["started", "sport", "distance", "moving", "pace/speed"]
  /// The pace column's narrowest width: its name's ("12:34 /km", "27.0 km/h" are shorter).
  static let rateWidth = 10

  /// The pace or speed of a row, or empty.
  func rate(_ entry: HistoryEntry) -> String {
    guard let distance = entry.distance, let moving = entry.moving, moving.value > 0 else {
      return ""
    }
    let pace = distance.value > 1 ? Pace(moving.value / distance.kilometres) : nil
    return DisplayFormat.paceOrSpeed(
      pace: pace, speed: distance / moving, activity: entry.activity, units: units)
  }

  /// The cells of one row, with their widths, in screen order.
  func cells(_ entry: HistoryEntry, rateWidth: Int = SessionListPanel.rateWidth) -> [(
    String, Int
  )] {
    let distance = entry.distance.map { DisplayFormat.distance($0, units: units) } ?? "-"
    let moving = entry.moving.map(DisplayFormat.clock) ?? "-"
    return [
      (entry.start.isEmpty ? "-" : entry.start, 16), (entry.activity.noun, 5),
      (distance, 9), (moving, 8), (rate(entry), rateWidth),
    ]
  }

  /// One row's text in `width` columns: the first columns that fit, each right-aligned but
  /// the date and the activity.
  func line(_ entry: HistoryEntry, width: Int, rateWidth: Int = SessionListPanel.rateWidth)
    -> String
  {
    Self.line(cells(entry, rateWidth: rateWidth), width: width)
  }

  /// The column names over the cells of `line`.
  func headerLine(width: Int, rateWidth: Int) -> String {
    Self.line(Array(zip(Self.header, [16, 5, 9, 8, rateWidth])), width: width)
  }

  private static func line(_ cells: [(String, Int)], width: Int) -> String {
    var text = ""
    for (index, (value, size)) in cells.enumerated() {
      let cell =
        index < 2 ? TextLayout.padRight(value, to: size) : TextLayout.padLeft(value, to: size)
      let next = text.isEmpty ? cell : text + " " + cell
      guard TextWidth.of(next) <= width else { break }
      text = next
    }
    return text
  }

  /// The first row shown when `room` rows fit: the page holding the selection.
  static func top(selection: Int?, room: Int) -> Int {
    guard let selection, room > 0 else { return 0 }
    return selection / room * room
  }

  /// Draws the list in a box titled with the count (and the search) over the whole grid.
  public func draw(into grid: inout Grid) {
    var title = "Sessions\(glyphs.separator)"
    title += entries.count == total ? "\(total)" : "\(entries.count) of \(total)"
    if !query.isEmpty { title += "\(glyphs.separator)/\(query)" }
    guard let inner = grid.beginPanel(title: title, glyphs: glyphs, widerThan: 2) else { return }
    guard !entries.isEmpty else {
      let text =
        total == 0
        ? "No sessions yet: record one with strider run, or sessions import FILE"
        : "No session matches /\(query)"
      for (index, line) in TextLayout.wrap(text, width: inner.width - 2).enumerated()
      where index < inner.height {
        grid.write(line, column: inner.x + 1, row: inner.y + index, style: .dim)
      }
      return
    }
    // The column names take the first row where a session still fits under them.
    let headed = inner.height >= 2
    let room = inner.height - (headed ? 1 : 0)
    let top = Self.top(selection: selection, room: room)
    let shown = top..<min(entries.count, top + room)
    let rateWidth = entries[shown].reduce(Self.rateWidth) { max($0, TextWidth.of(rate($1))) }
    if headed {
      grid.write(
        " " + headerLine(width: inner.width - 2, rateWidth: rateWidth), column: inner.x,
        row: inner.y, style: .dim, maxWidth: inner.width)
    }
    for (row, index) in shown.enumerated() {
      let selected = index == selection
      let text = TextLayout.padRight(
        line(entries[index], width: inner.width - 2, rateWidth: rateWidth), to: inner.width - 2)
      grid.write(
        " " + text + " ", column: inner.x, row: inner.y + row + (headed ? 1 : 0),
        style: selected ? CellStyle(attributes: .reverse) : .plain, maxWidth: inner.width)
    }
    if entries.count > room {
      let page = "\(top / room + 1)/\((entries.count - 1) / room + 1)"
      let text = " \(page) "
      grid.write(text, column: grid.width - 2 - TextWidth.of(text), row: grid.height - 1)
    }
  }
}
