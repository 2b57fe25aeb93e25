import StriderCore

/// A calendar of daily distance: one column a week (Monday at the top), the newest week on
/// the right, each day shaded by how far it went against the longest day shown.
///
/// Unicode shades with `░▒▓█` and marks a day without a session `·`; ASCII with `-+*#` and
/// `.`. Days after today are left blank. As many weeks as fit, up to a year and a week.
public struct YearCalendar: Sendable {
  public var data: HistoryData
  public var glyphs: Glyphs

  /// The rows it needs: the months, seven days, the box.
  public static let preferredHeight = 10
  public static let maximumWeeks = 53
  static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

  /// The shade of a day with `distance` when the longest day shown is `longest`: 0 for no
  /// session, else 1 to 4 by quarters of the longest.
  static func level(_ distance: Double, longest: Double) -> Int {
    guard distance > 0, longest > 0 else { return 0 }
    return min(4, max(1, Int(saturating: (4 * distance / longest).rounded(.up))))
  }

  var shades: [Character] {
    glyphs.kind == .unicode ? ["·", "░", "▒", "▓", "█"] : [".", "-", "+", "*", "#"]
  }

  /// Draws the calendar in a box over the whole grid, the shades' legend in its bottom edge.
  public func draw(into grid: inout Grid) {
    grid.fill(grid.bounds)
    let inner = grid.bounds.inset(by: 1)
    let labelWidth = 4
    let weeks = min(Self.maximumWeeks, max(0, inner.width - labelWidth))
    let lastMonday = data.today.weekStart
    let first = lastMonday.adding(days: -7 * max(0, weeks - 1))
    var total = 0.0
    var longest = 0.0
    for (day, distance) in data.dailyDistance where day >= first && day <= data.today {
      total += distance.value
      longest = max(longest, distance.value)
    }
    let title =
      "Daily distance\(glyphs.separator)\(weeks) weeks\(glyphs.separator)"
      + DisplayFormat.distance(Meters(total), units: data.units)
    grid.drawBox(grid.bounds, glyphs: glyphs, title: title)
    guard weeks > 0, inner.height >= 2 else { return }
    for (index, name) in Self.dayNames.enumerated() where index + 1 < inner.height {
      grid.write(name, column: inner.x, row: inner.y + 1 + index, style: .dim)
    }
    let shades = self.shades
    let style = CellStyle(foreground: .green)
    var free = 0
    for week in 0..<weeks {
      let monday = first.adding(days: 7 * week)
      let x = inner.x + labelWidth + week
      let month = monday.adding(days: 6)
      if month.day <= 7 || week == 0 {
        let name = month.month == 1 ? String(month.year) : month.monthAbbreviation
        if week >= free, labelWidth + week + name.count <= inner.width {
          grid.write(name, column: x, row: inner.y, style: .dim)
          free = week + name.count + 1
        }
      }
      for weekday in 0..<7 where weekday + 1 < inner.height {
        let day = monday.adding(days: weekday)
        guard day <= data.today else { break }
        let level = Self.level(data.dailyDistance[day]?.value ?? 0, longest: longest)
        grid.put(
          shades[level], column: x, row: inner.y + 1 + weekday, style: level == 0 ? .dim : style)
      }
    }
    let legend = " less \(String(shades)) more "
    if TextWidth.of(legend) + 4 <= grid.width {
      grid.write(legend, column: grid.width - 2 - TextWidth.of(legend), row: grid.height - 1)
    }
  }
}
