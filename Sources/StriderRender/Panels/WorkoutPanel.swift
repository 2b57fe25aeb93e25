import StriderCore

/// The workout panel: the step and its number, the target, the value now against it as a
/// bar, and what is left of the step.
///
/// ```
/// ┌─ Workout ──────────────────┐
/// │ Interval 3 of 6       5/14 │
/// │ Target 4:00-4:15 /km       │
/// │ Now    4:22 /km   SPEED UP │
/// │ ░░░░░░░░███●████░░░░░░░░░░ │
/// │ Left   212 m               │
/// └────────────────────────────┘
/// ```
///
/// The bar spans three widths of the target's range, the range in the middle: slower (or a
/// lower heart rate) to the left, so the marker sits in the solid part while on target.
public struct WorkoutPanel: Sendable {
  public var status: WorkoutStatus
  public var activity: Activity
  public var units: UnitSystem
  public var glyphs: Glyphs

  /// Rows the panel wants: its box and five lines.
  public static let preferredHeight = 7

  /// Draws the panel in a box titled "Workout" over the whole grid.
  public func draw(into grid: inout Grid) {
    guard let inner = grid.beginPanel(title: "Workout", glyphs: glyphs, widerThan: 4)
    else { return }
    let x = inner.x + 1
    let width = inner.width - 2
    var lines: [(left: String, right: String, style: CellStyle)] = []
    let count =
      "\(status.step?.number ?? (status.isDone ? status.stepCount : 0))/\(status.stepCount)"
    guard let step = status.step else {
      let title = status.isDone ? "All steps done" : "Starting"
      lines.append((title, count, .bold))
      draw(lines, x: x, width: width, inner: inner, into: &grid)
      return
    }
    lines.append((CueText.stepName(step), count, .bold))
    lines.append(("Target " + targetText(step.step.target), "", .plain))
    let word = status.warning.map { $0 == .speedUp ? "SPEED UP" : "SLOW DOWN" } ?? ""
    lines.append(("Now    " + measuredText(), word, CellStyle(attributes: .bold)))
    lines.append(("", "", .plain))  // the bar
    lines.append(("Left   " + remainingText(), "", .plain))
    draw(lines, x: x, width: width, inner: inner, into: &grid)
    if inner.height >= 4 { drawBar(column: x, row: inner.y + 3, width: width, into: &grid) }
  }

  private func draw(
    _ lines: [(left: String, right: String, style: CellStyle)], x: Int, width: Int,
    inner: GridRect, into grid: inout Grid
  ) {
    for (offset, line) in lines.enumerated() where offset < inner.height {
      let row = inner.y + offset
      let rightWidth = TextWidth.of(line.right)
      let leftWidth = max(0, width - (rightWidth > 0 ? rightWidth + 1 : 0))
      let style: CellStyle = offset == 0 ? .bold : .plain
      grid.write(line.left, column: x, row: row, style: style, maxWidth: leftWidth)
      if rightWidth > 0, rightWidth <= width {
        let warning = CellStyle(foreground: .red, attributes: .bold)
        grid.write(
          line.right, column: x + width - rightWidth, row: row,
          style: offset == 2 ? warning : line.style)
      }
    }
  }

  /// "4:00-4:15 /km", "24.0-28.0 km/h", "zone 2 (114-132 bpm)", "140-155 bpm", "none".
  func targetText(_ target: WorkoutTarget?) -> String {
    switch target {
    case nil:
      return "none"
    case .pace(let fastest, let slowest):
      return fastest.clockText(per: units) + "-" + slowest.text(per: units)
    case .speed(let range):
      return DisplayFormat.speedNumber(range.lowerBound, units: units) + "-"
        + DisplayFormat.speed(range.upperBound, units: units)
    case .heartRateZone(let zone):
      guard let band = status.band else { return "zone \(zone)" }
      return
        "zone \(zone) (\(Int(saturating: band.low.rounded(.up)))-\(Int(saturating: band.high.rounded(.up) - 1)) bpm)"
    case .heartRate(let range):
      return
        "\(Int(saturating: range.lowerBound.value.rounded()))-\(Int(saturating: range.upperBound.value.rounded())) bpm"
    }
  }

  /// The judged value as the target is written: a pace, a speed or bpm; dashes before it.
  func measuredText() -> String {
    guard let band = status.band else { return "-" }
    if band.measure == .heartRate {
      return status.measured.map { "\(Int(saturating: $0.rounded())) bpm" } ?? "-- bpm"
    }
    let speed = status.measured.map(MetersPerSecond.init)
    if case .speed = status.step?.step.target {
      return DisplayFormat.paceOrSpeed(pace: nil, speed: speed, activity: .ride, units: units)
    }
    return DisplayFormat.pace(speed.flatMap { Pace(speed: $0) }, units: units)
  }

  /// "212 m", "0:45", "until a lap".
  func remainingText() -> String {
    switch status.remaining {
    case .distance(let d)?: DisplayFormat.shortLength(d, units: units)
    case .time(let t)?: DisplayFormat.clock(t)
    case .open?: "until a lap"
    case nil: "-"
    }
  }

  /// The target's range as the middle third of a bar, and the value as a marker on it.
  private func drawBar(column: Int, row: Int, width: Int, into grid: inout Grid) {
    guard let band = status.band, width >= 6 else { return }
    let span = band.high > band.low ? band.high - band.low : max(0.05 * band.low, 1e-6)
    let low = band.low - span
    let scale = 3 * span
    func position(_ value: Double) -> Int {
      let f = (value - low) / scale
      guard f.isFinite else { return 0 }
      return min(width - 1, max(0, Int(saturating: (f * Double(width)).rounded(.down))))
    }
    let (from, to) = (position(band.low), position(band.high))
    let inside = CellStyle(foreground: .cyan)
    for index in 0..<width {
      let lit = index >= from && index <= to
      grid.put(
        lit ? glyphs.barFull : glyphs.barEmpty, column: column + index, row: row,
        style: lit ? inside : .dim)
    }
    if let value = status.measured {
      grid.put(glyphs.current, column: column + position(value), row: row, style: .bold)
    }
  }
}
