import StriderCore

/// A profile (`ProfileChart`) in a box titled with its name, filling the box less the
/// distance axis: the history's opened session and the dashboard draw it in the map's place.
public struct ProfilePanel: Sendable {
  public var chart: ProfileChart
  public var units: UnitSystem
  public var glyphs: Glyphs

  public init(chart: ProfileChart, units: UnitSystem, glyphs: Glyphs) {
    var chart = chart
    chart.glyphs = glyphs
    self.chart = chart
    self.units = units
    self.glyphs = glyphs
  }

  /// "Pace", "Heart rate": the chart's title as a box's.
  var title: String { chart.title.prefix(1).uppercased() + chart.title.dropFirst() }

  public func draw(into grid: inout Grid) {
    grid.fill(grid.bounds)
    grid.drawBox(grid.bounds, glyphs: glyphs, title: title)
    let inner = grid.bounds.inset(by: 1)
    let units = units
    // The chart's own first line is its title, which the box already says.
    let lines = chart.lines(width: inner.width - 1, height: max(1, inner.height - 1)) {
      DisplayFormat.distance(Meters($0), units: units)
    }.dropFirst()
    guard !lines.isEmpty else {
      grid.writeCentred(
        "No room for the profile", in: inner, row: inner.y + inner.height / 2, style: .dim)
      return
    }
    for (row, line) in lines.enumerated() where row < inner.height {
      grid.write(line, column: inner.x + 1, row: inner.y + row, maxWidth: inner.width - 1)
    }
  }
}
