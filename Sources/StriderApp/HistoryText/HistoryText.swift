import Foundation
import StriderCore
import StriderRender
import StriderStore
import Synchronization

/// How `records`, `stats` and the new-record lines write the history's figures for people.
public enum HistoryText {
  /// "400 m", "1 km", "1 mile", "half marathon", "20 min".
  public static func label(_ target: BestEffortTarget) -> String {
    switch target.kind {
    case .distance:
      switch target.value {
      case BestEffortTarget.mile: "1 mile"
      case BestEffortTarget.halfMarathon: "half marathon"
      case BestEffortTarget.marathon: "marathon"
      case let v where v >= 1000:
        "\(CueText.fixed(v / 1000, decimals: v.truncatingRemainder(dividingBy: 1000) == 0 ? 0 : 1)) km"
      case let v: "\(Int(saturating: v.rounded())) m"
      }
    case .duration: "\(CueText.fixed(target.value / 60, decimals: 0)) min"
    }
  }

  /// The record's name in a table: an effort's label, or what the figure is.
  public static func label(_ kind: PersonalRecord.Kind) -> String {
    switch kind {
    case .effort(let target): label(target)
    case .longestDistance: "longest"
    case .longestMoving: "longest moving"
    case .mostElevation: "most climbing"
    }
  }

  /// The record's figure: a time (and its pace or speed) for a distance effort, a distance
  /// (and its speed) for a duration, or the session's distance, moving time, elevation.
  public static func value(_ record: PersonalRecord, units: UnitSystem) -> (String, String) {
    switch record.kind {
    case .effort(let target):
      guard let effort = record.effort else { return ("-", "") }
      let speed = effort.elapsed.value > 0 ? effort.distance / effort.elapsed : nil
      let pace = DisplayFormat.paceOrSpeed(
        pace: effort.distance.value > 0
          ? Pace(effort.elapsed.value / effort.distance.kilometres) : nil,
        speed: speed, activity: record.activity, units: units)
      if target.kind == .distance { return (DisplayFormat.clock(effort.elapsed), pace) }
      return (
        DisplayFormat.distance(effort.distance, units: units),
        speed.map { DisplayFormat.speed($0, units: units) } ?? "-"
      )
    case .longestDistance: return (DisplayFormat.distance(Meters(record.value), units: units), "")
    case .longestMoving: return (DisplayFormat.clock(Seconds(record.value)), "")
    case .mostElevation: return ("\(Int(saturating: record.value.rounded())) m", "")
    }
  }

  /// "new best 5 km: 24:13 (was 25:01, session 3 of 2026-11-01)".
  public static func line(_ new: NewRecord, units: UnitSystem) -> String {
    let now = value(new.record, units: units).0
    let was = value(new.previous, units: units).0
    let name: String
    switch new.record.kind {
    case .effort: name = "new best " + label(new.record.kind)
    case .longestDistance: name = "longest \(new.record.activity.noun) yet"
    case .longestMoving: name = "longest moving time yet"
    case .mostElevation: name = "most climbing yet"
    }
    let day = LocalDate.text(new.previous.sessionStart).prefix(10)
    // Two figures that read the same ("1:23 (was 1:23)") say by how much the new one wins.
    let margin = now == was ? ", by " + Self.margin(new) : ""
    return "\(name): \(now) (was \(was)\(margin), session \(new.previous.sessionId) of \(day))"
  }

  /// How much a record beats the one before: tenths of a second for a time, metres for a
  /// distance or a climb.
  public static func margin(_ new: NewRecord) -> String {
    let difference = abs(new.record.value - new.previous.value)
    let isTime =
      switch new.record.kind {
      case .effort(let target): target.kind == .distance
      case .longestMoving: true
      case .longestDistance, .mostElevation: false
      }
    if isTime {
      return difference < 0.05 ? "less than 0.1 s" : CueText.fixed(difference, decimals: 1) + " s"
    }
    return difference < 0.5 ? "less than 1 m" : "\(Int(saturating: difference.rounded())) m"
  }

  /// The new-record lines of a session just kept; none when they cannot be read (the
  /// session is kept all the same).
  public static func newRecordLines(_ store: SessionStore, session id: Int64, units: UnitSystem)
    -> [String]
  {
    ((try? store.newRecords(of: id)) ?? []).map { line($0, units: units) }
  }

  /// `sessions show`'s line of the session's best efforts, "(record)" after those that
  /// are its activity's record: "400 m 1:59 (record), 1 km 5:08, 20 min 8.59 km"; nil when
  /// it has none or they cannot be read (an older database opened read-only).
  public static func effortsRow(_ store: SessionStore, session id: Int64, units: UnitSystem)
    -> String?
  {
    guard let efforts = try? store.bestEfforts(of: id), !efforts.isEmpty else { return nil }
    let listing = try? store.listing(id)
    let records =
      (try? store.personalRecords(activities: listing.map { [$0.activity] } ?? [])) ?? []
    return efforts.map { effort in
      let held = records.contains { $0.kind == .effort(effort.target) && $0.sessionId == id }
      let figure =
        effort.target.kind == .distance
        ? DisplayFormat.clock(effort.elapsed)
        : DisplayFormat.distance(effort.distance, units: units)
      return "\(label(effort.target)) \(figure)" + (held ? " (record)" : "")
    }.joined(separator: ", ")
  }

  /// Rows of cells as aligned columns, two spaces apart, no trailing blanks.
  public static func columns(_ rows: [[String]]) -> String {
    var widths: [Int] = []
    for row in rows {
      for (i, cell) in row.enumerated() {
        if i >= widths.count { widths.append(0) }
        widths[i] = max(widths[i], cell.count)
      }
    }
    return rows.map { row in
      row.enumerated().map { i, cell in
        cell.padding(toLength: widths[i] + 2, withPad: " ", startingAt: 0)
      }.joined().replacingOccurrences(of: " +$", with: "", options: .regularExpression)
    }.joined(separator: "\n") + "\n"
  }
}
