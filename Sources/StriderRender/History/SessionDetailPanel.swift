import StriderCore

/// An opened session's figures: what it was, when, and its summary (distance, times, pace
/// or speed, calories, climbing, heart rate, cadence and power), then its best efforts and
/// its time in heart-rate zones.
public struct SessionDetailPanel: Sendable {
  public var detail: HistorySessionDetail
  public var units: UnitSystem
  public var glyphs: Glyphs

  /// The summary's rows, label and value.
  var summaryRows: [(String, String)] {
    let entry = detail.entry
    var rows: [(String, String)] = [
      ("Activity", entry.activity.noun), ("Start", entry.start.isEmpty ? "-" : entry.start),
    ]
    guard let summary = detail.summary else {
      rows.append(("State", "not finished"))
      return rows
    }
    rows += [
      ("Distance", DisplayFormat.distance(summary.distance, units: units)),
      ("Time", DisplayFormat.clock(summary.elapsed)),
      ("Moving", DisplayFormat.clock(summary.moving)),
      (
        summary.activity.prefersSpeed ? "Speed" : "Pace",
        DisplayFormat.paceOrSpeed(
          pace: summary.averagePace.map { Pace($0) }, speed: summary.averageSpeed,
          activity: summary.activity, units: units)
      ),
      (
        "Calories",
        DisplayFormat.calories(summary.calories)
          + (summary.caloriesSource == .device ? " (device)" : "")
      ),
    ]
    if let gain = summary.elevationGain {
      rows.append(("Climb", DisplayFormat.shortLength(gain, units: units)))
    }
    if !summary.pauses.isEmpty { rows.append(("Pauses", "\(summary.pauses.count)")) }
    return rows + sensorRows
  }

  /// "Heart  avg 154, max 178 bpm", "Cadence  avg 86, max 101 rpm", "Power  avg 212, NP 230,
  /// max 540 W": the averages and maxima `sessions show` gives, in the width of a side panel.
  var sensorRows: [(String, String)] {
    let sensors = detail.sensors
    func whole(_ value: Double) -> Int { Int(saturating: value.rounded()) }
    var rows: [(String, String)] = []
    if let average = sensors.averageHeartRate {
      rows.append(("Heart", "avg \(whole(average)), max \(whole(sensors.heartRateMax)) bpm"))
    }
    if let average = sensors.averageCadence {
      rows.append(("Cadence", "avg \(whole(average)), max \(whole(sensors.cadenceMax)) rpm"))
    }
    if let average = sensors.averagePower {
      let normalised = sensors.normalisedPower.map { "NP \(whole($0)), " } ?? ""
      rows.append(
        ("Power", "avg \(whole(average)), \(normalised)max \(whole(sensors.powerMax)) W"))
    }
    return rows
  }

  /// The summary in a box titled with the session's number and name, over the whole grid.
  public func drawSummary(into grid: inout Grid) {
    grid.fill(grid.bounds)
    let title = "Session \(detail.entry.id)" + (detail.entry.name.map { " (\($0))" } ?? "")
    grid.drawBox(grid.bounds, glyphs: glyphs, title: title)
    let inner = grid.bounds.inset(by: 1)
    for (row, (label, value)) in summaryRows.enumerated() where row < inner.height {
      grid.write(label, column: inner.x + 1, row: inner.y + row, style: .dim)
      grid.write(value, column: inner.x + 10, row: inner.y + row, maxWidth: inner.width - 10)
    }
  }

  /// The rows the summary box needs.
  public var summaryHeight: Int { summaryRows.count + 2 }

  /// The best efforts and the zones, one a line, with their headings.
  var effortLines: [(String, CellStyle)] {
    var lines: [(String, CellStyle)] = []
    if !detail.efforts.isEmpty {
      lines.append(("Best efforts", .bold))
      lines += detail.efforts.map { (" " + $0, .plain) }
    }
    if !detail.zones.isEmpty {
      lines.append(("Heart-rate zones", .bold))
      lines += detail.zones.map { (" " + $0, .plain) }
    }
    return lines
  }

  /// The rows the efforts box wants.
  public var effortsHeight: Int { max(3, effortLines.count + 2) }

  /// The best efforts and zones in a box over the whole grid.
  public func drawEfforts(into grid: inout Grid) {
    grid.fill(grid.bounds)
    grid.drawBox(grid.bounds, glyphs: glyphs, title: "Efforts and zones")
    let inner = grid.bounds.inset(by: 1)
    let lines = effortLines
    guard !lines.isEmpty else {
      grid.write(
        "No best efforts or heart rate", column: inner.x + 1, row: inner.y, style: .dim,
        maxWidth: inner.width - 1)
      return
    }
    for (row, line) in lines.enumerated() where row < inner.height {
      grid.write(
        line.0, column: inner.x + 1, row: inner.y + row, style: line.1, maxWidth: inner.width - 1)
    }
  }
}
