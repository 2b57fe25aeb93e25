import StriderCore
import StriderRender

/// The summary as `analyze` and `sessions show` print it for people.
public enum SummaryTable {
  public static func rows(_ s: SessionSummary) -> [(String, String)] {
    let units = s.units
    var rows: [(String, String)] = [
      ("activity", s.activity.rawValue + (s.isRaw ? " (unfiltered)" : "")),
      (
        "distance",
        s.distanceSigma.map { DisplayFormat.distance(s.distance, sigma: $0, units: units) }
          ?? DisplayFormat.distance(s.distance, units: units)
      ),
      ("elapsed", DisplayFormat.clock(s.elapsed)),
      ("moving", DisplayFormat.clock(s.moving)),
    ]
    if let untimed = s.untimedDistance, untimed.value > 0 {
      rows.insert(
        (
          "without times",
          DisplayFormat.distance(untimed, units: units)
            + " of it, between points with no time: in no split, moving time or pace"
        ), at: 2)
    }
    if s.activity.prefersSpeed {
      rows.append(
        ("avg speed", s.averageSpeed.map { DisplayFormat.speed($0, units: units) } ?? "-"))
    } else {
      rows.append(
        (
          "avg pace",
          s.averagePace.map {
            DisplayFormat.pace(Pace($0), activity: s.activity, units: units)
          } ?? "-"
        ))
    }
    rows.append(
      (
        "calories",
        DisplayFormat.calories(s.calories) + DisplayFormat.caloriesSource(s.caloriesSource)
      ))
    rows.append(
      ("elevation gain", s.elevationGain.map { "\(Int(saturating: $0.value.rounded())) m" } ?? "-"))
    rows.append(
      (
        "points",
        "\(s.pointsIn) in, \(s.fixesWithPosition) with a position, \(s.pointsAccepted) accepted"
      ))
    let rejected = s.rejected.filter { $0.value > 0 }.sorted { $0.key < $1.key }
    rows.append(
      (
        "rejected",
        rejected.isEmpty
          ? "none" : rejected.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
      ))
    let paused = s.pauses.reduce(Seconds.zero) { $0 + $1.duration }
    rows.append(("pauses", "\(s.pauses.count) (\(DisplayFormat.clock(paused)) standing)"))
    return rows
  }

  /// Label and value lines, the values aligned in one column.
  public static func text(_ rows: [(String, String)]) -> String {
    // Padded (or cut) to 16 characters in Swift: Foundation's `padding(toLength:)` bridges
    // through NSString, 7 % of analysing a 10-line log.
    rows.map { row in
      let label = row.0.count > 16 ? String(row.0.prefix(16)) : row.0
      return label + String(repeating: " ", count: 16 - label.count) + TerminalText.safe(row.1)
    }
    .joined(separator: "\n")
  }

  /// The splits as lines after the table, ending with a newline.
  public static func splits(_ s: SessionSummary) -> String {
    // A ride reads in speed, as on the dashboard and in its summary line.
    func pace(of split: Split) -> String {
      guard let pace = split.shownPace else { return "-" }
      let speed = split.duration.value > 0 ? split.distance / split.duration : nil
      return DisplayFormat.paceOrSpeed(
        pace: pace, speed: speed, activity: s.activity, units: s.units)
    }
    // Padded, never cut (split 10,000 once read as 1000), in Swift: Foundation's
    // `padding(toLength:)` bridges through NSString, 2 % of analysing a 700-split log.
    func column(_ text: String, _ width: Int) -> String {
      let count = text.count
      return count < width ? text + String(repeating: " ", count: width - count) : text + " "
    }
    var text = ""
    if !s.splits.isEmpty {
      text += "\nsplits"
      for split in s.splits {
        let length = DisplayFormat.distance(split.distance, units: s.units)
        text +=
          "\n  \(column(String(split.index), 4))\(column(length, 12))"
          + "\(DisplayFormat.clock(split.duration))  \(pace(of: split))"
      }
    }
    return text + laps(s) + "\n"
  }

  /// The laps pressed, as lines after the splits (nothing when lap was never pressed):
  /// number, distance, moving time, pace or speed, and rest for a recovery lap.
  public static func laps(_ s: SessionSummary) -> String {
    guard let laps = s.laps, !laps.isEmpty else { return "" }
    var text = "\nlaps"
    for lap in laps {
      let speed = lap.moving.value > 0 ? lap.distance / lap.moving : nil
      let pace = DisplayFormat.paceOrSpeed(
        pace: lap.pace, speed: speed, activity: s.activity, units: s.units)
      let length = DisplayFormat.distance(lap.distance, units: s.units)
      text +=
        "\n  \(String(lap.number).padding(toLength: 4, withPad: " ", startingAt: 0))"
        + "\(length.padding(toLength: 12, withPad: " ", startingAt: 0))"
        + "\(DisplayFormat.clock(lap.moving))  \(pace)"
        + (lap.intensity == .rest ? "  rest" : "")
    }
    return text
  }
}
