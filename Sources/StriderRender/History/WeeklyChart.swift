import StriderCore

/// The distance of each recent week as a vertical bar, one column a week, the newest on the
/// right, with the months along the bottom: how the training has gone at a glance.
///
/// Unicode bars end in eighths of a cell (`▁` to `▇`); ASCII bars are whole cells of `#`,
/// and a week too short for a cell still shows a `.` so it differs from an empty one.
public struct WeeklyChart: Sendable {
  public var data: HistoryData
  public var glyphs: Glyphs
  /// Whether the weeks end with this one; else the title says when they end.
  public var endsToday: Bool

  public init(data: HistoryData, glyphs: Glyphs, endsToday: Bool = true) {
    self.data = data
    self.glyphs = glyphs
    self.endsToday = endsToday
  }

  /// At most a year of weeks.
  public static let maximumWeeks = 52

  static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇"]

  /// Draws the chart in a box over the whole grid.
  public func draw(into grid: inout Grid) {
    grid.fill(grid.bounds)
    let inner = grid.bounds.inset(by: 1)
    let count = min(Self.maximumWeeks, max(0, inner.width))
    let weeks = data.weeklyDistance(weeks: count)
    let longest = weeks.map(\.distance.value).max() ?? 0
    var title = "Weekly distance\(glyphs.separator)\(count) weeks"
    if !endsToday { title += " to \(data.today)" }
    if longest > 0 {
      title +=
        "\(glyphs.separator)top \(DisplayFormat.distance(Meters(longest), units: data.units))"
    }
    grid.drawBox(grid.bounds, glyphs: glyphs, title: title)
    guard inner.width > 0, inner.height >= 2 else { return }
    let barRows = inner.height - 1
    let style = CellStyle(foreground: .cyan)
    for (column, week) in weeks.enumerated() {
      let x = inner.x + column
      let bottom = inner.y + barRows - 1
      guard longest > 0, week.distance.value > 0 else { continue }
      let height = week.distance.value / longest * Double(barRows)
      if glyphs.kind == .unicode {
        let eighths = max(1, Int(saturating: (height * 8).rounded()))
        for row in 0..<(eighths / 8) { grid.put("█", column: x, row: bottom - row, style: style) }
        if eighths % 8 > 0 {
          grid.put(
            Self.eighths[eighths % 8 - 1], column: x, row: bottom - eighths / 8, style: style)
        }
      } else {
        let cells = Int(saturating: height.rounded())
        if cells == 0 { grid.put(".", column: x, row: bottom, style: style) }
        for row in 0..<cells { grid.put("#", column: x, row: bottom - row, style: style) }
      }
    }
    drawMonths(weeks.map(\.start), row: inner.maxY - 1, x: inner.x, width: inner.width, into: &grid)
  }

  /// The month names under the columns of the weeks where a month begins, where they fit.
  func drawMonths(_ starts: [CivilDate], row: Int, x: Int, width: Int, into grid: inout Grid) {
    var free = 0
    for (column, start) in starts.enumerated() {
      let previous = column > 0 ? starts[column - 1] : nil
      guard previous.map({ $0.month != start.month }) ?? false || column == 0 else { continue }
      let name = start.month == 1 ? String(start.year) : start.monthAbbreviation
      guard column >= free, column + name.count <= width else { continue }
      grid.write(name, column: x + column, row: row, style: .dim)
      free = column + name.count + 1
    }
  }
}
