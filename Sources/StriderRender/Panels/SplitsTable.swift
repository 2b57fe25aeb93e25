import StriderCore

/// The splits so far: number, distance, moving time and pace (speed for rides), and the
/// split under way in a dim last row with its number in parentheses.
///
/// When there are more splits than rows, the newest are shown and the first row says how
/// many earlier ones are hidden: the split just finished is what a runner looks for.
public struct SplitsTable: Sendable {
  public var splits: [Split]
  /// Distance and moving time into the split under way (nothing shown when zero).
  public var currentDistance: Meters
  public var currentDuration: Seconds
  /// The number of the split under way; nil: the one after the last split listed.
  public var currentNumber: Int?
  public var activity: Activity
  public var units: UnitSystem
  public var glyphs: Glyphs

  public init(
    splits: [Split], currentDistance: Meters = .zero, currentDuration: Seconds = .zero,
    activity: Activity, units: UnitSystem, glyphs: Glyphs
  ) {
    self.splits = splits
    self.currentDistance = currentDistance
    self.currentDuration = currentDuration
    self.activity = activity
    self.units = units
    self.glyphs = glyphs
  }

  /// A snapshot's splits and its split under way.
  public init(snapshot: MetricsSnapshot, activity: Activity, units: UnitSystem, glyphs: Glyphs) {
    self.init(
      splits: snapshot.splits, currentDistance: snapshot.currentSplitDistance,
      currentDuration: snapshot.currentSplitDuration, activity: activity, units: units,
      glyphs: glyphs)
    currentNumber = snapshot.currentSplitNumber
  }

  private struct Row {
    var index: String
    var distance: String
    var time: String
    var pace: String
    var style: CellStyle
  }

  private func row(index: String, distance: Meters, duration: Seconds, style: CellStyle) -> Row {
    let pace: String
    if distance < Pace.shortestMeasured {
      pace = activity.prefersSpeed ? "-" : "--:--"
    } else if activity.prefersSpeed {
      pace = duration.value > 0 ? DisplayFormat.speedNumber(distance / duration, units: units) : "-"
    } else {
      pace =
        Pace(distance: distance, duration: duration)?.clockText(per: units) ?? "--:--"
    }
    return Row(
      index: index, distance: DisplayFormat.distanceNumber(distance, units: units),
      time: DisplayFormat.clock(duration), pace: pace, style: style)
  }

  /// Draws the table in a box titled "Splits" over the whole grid.
  public func draw(into grid: inout Grid) {
    guard let inner = grid.beginPanel(title: "Splits", glyphs: glyphs, widerThan: 4)
    else { return }
    let unit = DisplayFormat.distanceUnit(units)
    let rateHeader = activity.prefersSpeed ? DisplayFormat.speedUnit(units) : "/" + unit
    let header = Row(index: "#", distance: unit, time: "time", pace: rateHeader, style: .dim)
    var rows = splits.map {
      row(
        index: "\($0.index)", distance: $0.distance, duration: $0.duration, style: .plain)
    }
    if currentDistance.value > 0, splits.last?.isPartial != true {
      rows.append(
        row(
          index: "(\(currentNumber ?? (splits.last?.index ?? 0) + 1))", distance: currentDistance,
          duration: currentDuration, style: .dim))
    }
    write(header, row: inner.y, in: inner, into: &grid)
    let room = inner.height - 1
    guard room > 0 else { return }
    if rows.isEmpty {
      grid.write("No splits yet", column: inner.x + 1, row: inner.y + 1, style: .dim)
      return
    }
    var y = inner.y + 1
    var shown = rows
    if rows.count > room {
      shown = Array(rows.suffix(room - 1))
      let more = glyphs.ellipsis.isEmpty ? "..." : glyphs.ellipsis
      grid.write(
        "\(more) \(rows.count - shown.count) earlier", column: inner.x + 1, row: y, style: .dim,
        maxWidth: inner.width - 2)
      y += 1
    }
    for entry in shown {
      write(entry, row: y, in: inner, into: &grid)
      y += 1
    }
  }

  private func write(_ row: Row, row y: Int, in inner: GridRect, into grid: inout Grid) {
    let text =
      TextLayout.padLeft(row.index, to: 4) + TextLayout.padLeft(row.distance, to: 6)
      + TextLayout.padLeft(row.time, to: 8) + TextLayout.padLeft(row.pace, to: 8)
    grid.write(text, column: inner.x, row: y, style: row.style, maxWidth: inner.width - 1)
  }
}
