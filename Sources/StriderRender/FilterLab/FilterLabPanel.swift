import StriderCore

/// The filter lab (`strider demo`): every gate check, the smoother and auto-pause with their
/// keys and on/off state, the rejections per reason, and the distance raw, filtered and true.
///
/// Each toggle's effect is a number on this panel: turn `implausible_speed` off, inject a
/// jump, and the filtered distance's error grows. Each reason's line starts with its map
/// marker, so the panel is also the map's legend. On/off is written out ("on"/"off"), and an
/// inactive check is dim, so it reads without colour.
public struct FilterLabPanel: Sendable {
  public var state: FilterLabState
  public var units: UnitSystem
  public var glyphs: Glyphs

  /// The height that shows everything at a width of about 36 columns.
  public var preferredHeight: Int { 2 + 1 + RejectionReason.switchable.count + 2 + 1 + 3 + 2 }
  /// The height that still shows every toggle and the raw and filtered distances.
  public static let minimumHeight = 2 + RejectionReason.switchable.count + 2 + 2

  /// One row of the panel and how much it matters when rows are short (lower is kept).
  private struct Row {
    var priority: Int
    var draw: (inout Grid, Int) -> Void
  }

  /// Draws the panel in a box titled "Filter lab" over the whole grid. When the box is
  /// shorter than `preferredHeight`, the header, the spacing, the truth and the fault keys
  /// (also in the help) go first; the toggles and the distances stay.
  public func draw(into grid: inout Grid) {
    guard let inner = grid.beginPanel(title: "Filter lab", glyphs: glyphs, widerThan: 10)
    else { return }
    let x = inner.x + 1
    let width = inner.width - 2
    let rows = self.rows(column: x, width: width)
    let kept = Set(
      rows.indices.sorted { rows[$0].priority < rows[$1].priority }.prefix(inner.height))
    var y = inner.y
    for (index, row) in rows.enumerated() where kept.contains(index) {
      row.draw(&grid, y)
      y += 1
    }
  }

  private func rows(column x: Int, width: Int) -> [Row] {
    let countWidth = 5
    let nameWidth = max(4, width - 4 - 4 - countWidth)
    func line(key: String, marker: String, name: String, on: Bool, count: Int?) -> String {
      let countText = count.map { TextLayout.padLeft("\($0)", to: countWidth) } ?? ""
      let shownName = TextLayout.truncate(name, to: nameWidth - 1, ellipsis: glyphs.ellipsis)
      return key + " " + marker + " " + TextLayout.padRight(shownName, to: nameWidth)
        + TextLayout.padRight(on ? "on" : "off", to: 4) + countText
    }
    var rows: [Row] = []
    let header =
      "key " + TextLayout.padRight("check", to: nameWidth) + "    "
      + TextLayout.padLeft("rej.", to: countWidth)
    rows.append(
      Row(priority: 6) { $0.write(header, column: x, row: $1, style: .dim, maxWidth: width) })
    for marker in RejectionMarker.all(glyphs: glyphs)
    where RejectionReason.switchable.contains(marker.reason) {
      let on = state.isOn(marker.reason)
      let text = line(
        key: String(KeyMap.key(for: marker.reason)), marker: String(marker.glyph),
        name: marker.reason.rawValue, on: on, count: state.rejectedCounts[marker.reason] ?? 0)
      let style: CellStyle = on ? .plain : .dim
      let markerStyle = CellStyle(foreground: marker.color, attributes: .bold)
      rows.append(
        Row(priority: 0) { grid, y in
          grid.write(text, column: x, row: y, style: style, maxWidth: width)
          grid.put(KeyMap.key(for: marker.reason), column: x, row: y, style: style.adding(.bold))
          grid.put(marker.glyph, column: x + 2, row: y, style: markerStyle)
        })
    }
    for (key, name, on) in [
      (KeyMap.smootherKey, "smoother", state.smootherOn),
      (KeyMap.autoPauseKey, "auto-pause", state.autoPauseOn),
    ] {
      let text = line(key: String(key), marker: " ", name: name, on: on, count: nil)
      rows.append(
        Row(priority: 0) { grid, y in
          grid.write(text, column: x, row: y, style: on ? .plain : .dim, maxWidth: width)
          grid.put(
            key, column: x, row: y, style: on ? .bold : CellStyle(attributes: [.bold, .dim]))
        })
    }
    rows.append(Row(priority: 7) { _, _ in })
    for (index, (text, style)) in distanceLines().enumerated() {
      rows.append(
        Row(priority: [2, 1, 3][index]) {
          $0.write(text, column: x, row: $1, style: style, maxWidth: width)
        })
    }
    for part in 0..<2 {
      rows.append(
        Row(priority: 4) { grid, y in
          drawFaultKeys(into: &grid, column: x, row: y, width: width, part: part)
        })
    }
    return rows
  }

  /// "Inject: S stale C cell J jump ..." wrapped onto two lines (`part` 0 or 1); the last
  /// fault injected in reverse video.
  /// The truth under which a distance's error is not shown: a few metres in, a percentage
  /// of the truth is the receiver's noise, not the filter's merit.
  public static let smallestTruthCompared = Meters(100)

  /// What the error column says of `distance` against `truth`: "+5.2%"; nothing without a
  /// truth worth comparing (`smallestTruthCompared`); "jumps" for a distance ten times the
  /// truth or more, which only jumps between far-apart fixes make (a stale fix from the
  /// last city, a cell fix, an injected jump): the multiple ("×4549") is the distance to
  /// that place over a few hundred metres walked, a number that says nothing of the track.
  public static func errorText(_ distance: Meters, truth: Meters?) -> String {
    guard let truth, truth >= smallestTruthCompared, distance.value.isFinite else { return "" }
    let ratio = distance.value / truth.value
    if ratio >= 10 { return "jumps" }
    return DisplayFormat.signedPercent(ratio - 1)
  }

  private func drawFaultKeys(into grid: inout Grid, column: Int, row: Int, width: Int, part: Int) {
    var x = column
    var line = 0
    if part == 0 {
      x += grid.write("Inject:", column: x, row: row, style: .dim)
    } else {
      x += TextWidth.of("Inject:")
    }
    for fault in KeyMap.faultKeys {
      let itemWidth = 1 + 1 + 1 + TextWidth.of(fault.short)
      if x + itemWidth > column + width {
        line += 1
        x = column - 1
      }
      x += 1
      guard line == part else {
        x += itemWidth - 1
        continue
      }
      let keyStyle: CellStyle =
        state.lastInjected == fault.kind ? CellStyle(attributes: [.bold, .reverse]) : .bold
      x += grid.write(String(fault.key), column: x, row: row, style: keyStyle)
      x += grid.write(" " + fault.short, column: x, row: row)
    }
  }

  /// "Raw 6.31 km +5.2%", "Filtered 6.02 km +0.3%", "Truth 6.00 km".
  private func distanceLines() -> [(String, CellStyle)] {
    let truth = state.truthDistance
    func error(_ distance: Meters) -> String { Self.errorText(distance, truth: truth) }
    func entry(_ label: String, _ distance: Meters?, _ errorText: String) -> String {
      var value = distance.map { DisplayFormat.distance($0, units: units) } ?? "unknown"
      if let d = distance, value.count > 8 {
        let perUnit = units == .metric ? d.value / 1000 : d.value / 1609.344
        value = String(Int(saturating: perUnit.rounded())) + (units == .metric ? " km" : " mi")
      }
      return TextLayout.padRight(label, to: 9) + TextLayout.padLeft(value, to: 8)
        + TextLayout.padLeft(errorText, to: 8)
    }
    return [
      (entry("Raw", state.rawDistance, error(state.rawDistance)), .plain),
      (entry("Filtered", state.filteredDistance, error(state.filteredDistance)), .bold),
      (entry("Truth", truth, ""), .dim),
    ]
  }
}
