import StriderCore

/// The session's figures in a box: the state banner, distance, times, pace or speed,
/// calories, heart rate, the split under way and the GPS status.
///
/// Rides show speed instead of pace (`Activity.prefersSpeed`). When the box is too short for
/// every line, the least important go first (calories, then heart rate, the split, moving
/// time, ...), so distance, time, pace and the GPS state stay visible longest.
public struct Dashboard: Sendable {
  public var snapshot: MetricsSnapshot
  public var activity: Activity
  public var units: UnitSystem
  public var state: SessionState
  /// The newest heart rate, when the source carries one.
  public var heartRate: BeatsPerMinute?
  /// The zones of the user's maximum heart rate, when one is known: the heart-rate line
  /// then says the zone ("152 bpm Z4").
  public var heartRateZones: HeartRateZones?
  public var gps: GPSStatus
  public var glyphs: Glyphs

  private struct Line {
    var label: String
    var value: String
    var style: CellStyle
    /// Lower is more important.
    var priority: Int
  }

  private var lines: [Line] {
    let prefersSpeed = activity.prefersSpeed
    let value = CellStyle.bold
    var result = [
      Line(
        label: "Distance", value: DisplayFormat.distance(snapshot.distance, units: units),
        style: value, priority: 0),
      Line(label: "Time", value: DisplayFormat.clock(snapshot.elapsed), style: value, priority: 1),
      Line(label: "Moving", value: DisplayFormat.clock(snapshot.moving), style: value, priority: 5),
      Line(
        label: prefersSpeed ? "Speed" : "Pace",
        value: DisplayFormat.paceOrSpeed(
          pace: snapshot.currentPace, speed: snapshot.currentSpeed, activity: activity,
          units: units), style: value, priority: 2),
      Line(
        label: prefersSpeed ? "Avg speed" : "Avg pace",
        value: DisplayFormat.paceOrSpeed(
          pace: snapshot.averagePace, speed: snapshot.averageSpeed, activity: activity,
          units: units), style: value, priority: 4),
      Line(
        label: "Calories", value: DisplayFormat.calories(snapshot.calories),
        style: value, priority: 9),
    ]
    if let heartRate, heartRate.isFinite {
      let bpm = Int(saturating: heartRate.value.rounded())
      let zone = heartRateZones.flatMap { $0.zone(of: bpm) }.map { " Z\($0)" } ?? ""
      result.append(Line(label: "Heart", value: "\(bpm) bpm" + zone, style: value, priority: 8))
    }
    result.append(
      Line(
        label: "Split \(snapshot.currentSplitNumber)",
        value: DisplayFormat.distance(snapshot.currentSplitDistance, units: units) + "  "
          + DisplayFormat.clock(snapshot.currentSplitDuration), style: value, priority: 7))
    result.append(
      Line(
        label: "GPS", value: gps.fixText(units: units, glyphs: glyphs), style: gps.style,
        priority: 3))
    result.append(Line(label: "Source", value: gps.source, style: .plain, priority: 6))
    return result
  }

  /// The height that shows everything with a three-row banner.
  public var preferredHeight: Int { 2 + 3 + lines.count + 1 }

  /// Draws the dashboard in a box over the whole grid.
  public func draw(into grid: inout Grid) {
    guard let inner = grid.beginPanel(title: activityTitle, glyphs: glyphs, widerThan: 0)
    else { return }
    let all = lines
    let bannerRows = inner.height >= all.count + 4 ? 3 : 1
    drawBanner(
      into: &grid, in: GridRect(x: inner.x, y: inner.y, width: inner.width, height: bannerRows))
    let room = inner.height - bannerRows
    guard room > 0 else { return }
    let kept = Set(all.indices.sorted { all[$0].priority < all[$1].priority }.prefix(room))
    let spare = room - kept.count
    let labelWidth = min(
      inner.width / 2, 1 + kept.map { TextWidth.of(all[$0].label) }.reduce(0, max))
    var row = inner.y + bannerRows
    for (index, line) in all.enumerated() where kept.contains(index) {
      // A blank row sets the GPS lines apart when there is room for it.
      if line.label == "GPS", spare > 0 { row += 1 }
      draw(line, row: row, labelWidth: labelWidth, in: inner, into: &grid)
      row += 1
    }
  }

  private var activityTitle: String {
    activity.noun.prefix(1).uppercased() + activity.noun.dropFirst()
  }

  private func draw(
    _ line: Line, row: Int, labelWidth: Int, in inner: GridRect, into grid: inout Grid
  ) {
    grid.write(
      TextLayout.truncate(line.label, to: labelWidth - 1), column: inner.x + 1, row: row,
      style: .dim)
    let valueColumn = inner.x + 1 + labelWidth
    let valueWidth = inner.maxX - valueColumn - 1
    let value =
      line.label == "Source"
      ? gps.sourceText(width: valueWidth, glyphs: glyphs)
      : TextLayout.truncate(line.value, to: valueWidth, ellipsis: glyphs.ellipsis)
    grid.write(value, column: valueColumn, row: row, style: line.style, maxWidth: valueWidth)
  }

  /// The state word in a reverse-video band: spaced out ("A U T O - P A U S E D") when it
  /// fits, three rows tall when the panel has room.
  func drawBanner(into grid: inout Grid, in rect: GridRect) {
    guard !rect.isEmpty else { return }
    let style = state.style
    grid.fill(rect, style: style)
    let word = state.word
    let spaced = word.map { String($0) }.joined(separator: " ")
    let text = TextWidth.of(spaced) + 4 <= rect.width ? spaced : word
    grid.writeCentred(text, in: rect, row: rect.y + rect.height / 2, style: style)
  }

  /// Three rows without a box, for small terminals: the banner, the main figures, the GPS.
  public func drawCompact(into grid: inout Grid) {
    grid.fill(grid.bounds)
    guard grid.height > 0 else { return }
    drawBanner(into: &grid, in: GridRect(x: 0, y: 0, width: grid.width, height: 1))
    let figures = [
      DisplayFormat.distance(snapshot.distance, units: units),
      DisplayFormat.clock(snapshot.elapsed),
      DisplayFormat.paceOrSpeed(
        pace: snapshot.currentPace, speed: snapshot.currentSpeed, activity: activity,
        units: units),
    ].joined(separator: glyphs.separator)
    grid.write(figures, column: 1, row: 1, style: .bold, maxWidth: grid.width - 2)
    let fix = "GPS " + gps.fixText(units: units, glyphs: glyphs)
    let used = grid.write(fix, column: 1, row: 2, style: gps.style, maxWidth: grid.width - 2)
    let room = grid.width - 2 - used - TextWidth.of(glyphs.separator)
    if room >= 6 {
      grid.write(
        glyphs.separator + gps.sourceText(width: room, glyphs: glyphs), column: 1 + used, row: 2,
        maxWidth: grid.width - 2 - used)
    }
  }
}
