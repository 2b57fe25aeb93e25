import Foundation
import StriderCore
import StriderRender
import StriderStore

/// The history as a table for people.
public enum SessionTable {
  /// `sessions list`: the sessions newest first (`oldestFirst` the other way), those that
  /// began before the day `since` (YYYY-MM-DD) left out, at most `limit`; a line saying so
  /// when `since` leaves none out of some.
  public static func listing(
    _ store: SessionStore, includingSimulated: Bool, since: String?, oldestFirst: Bool,
    limit: Int?, units: () throws -> UnitSystem
  ) throws -> String {
    var sessions = try store.sessions(includingSimulated: includingSimulated)
    sessions.reverse()
    if let since, let day = LocalDate.startOfDay(since) {
      let all = sessions.count
      sessions = sessions.filter { ($0.startTime.map { $0 >= day }) ?? false }
      if sessions.isEmpty, all > 0 { return "no sessions since \(since) (\(all) before it)\n" }
    }
    if oldestFirst { sessions.reverse() }
    if let limit { sessions = Array(sessions.prefix(limit)) }
    return text(sessions, units: try units())
  }

  public static func text(_ sessions: [SessionListing], units: UnitSystem) -> String {
    guard !sessions.isEmpty else {
      return "no sessions yet: `strider run`, or `strider sessions import FILE`\n"
    }
    // The pace is the distance over the moving time, so the time beside it is that one, as
    // the history screen's list shows it.
    let header = ["ID", "DATE", "ACTIVITY", "DISTANCE", "MOVING", "PACE", "KIND", "NAME"]
    var rows = [header]
    for s in sessions {
      let pace: String
      if s.activity.prefersSpeed, let d = s.distance, let m = s.moving, m.value > 0 {
        pace = DisplayFormat.speed(d / m, units: units)
      } else {
        pace =
          s.averagePace.map { DisplayFormat.pace(Pace($0), activity: s.activity, units: units) }
          ?? "-"
      }
      var kind = s.origin.rawValue
      if s.state != .finished { kind += ", \(s.state.rawValue)" }
      rows.append([
        "\(s.id)", LocalDate.text(s.startTime), s.activity.rawValue,
        s.distance.map { DisplayFormat.distance($0, units: units) } ?? "-",
        s.moving.map(DisplayFormat.clock) ?? "-", pace, kind, TerminalText.safe(s.name ?? ""),
      ])
    }
    var widths = [Int](repeating: 0, count: header.count)
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    return rows.map { row in
      row.enumerated().map { i, cell in
        i == row.count - 1
          ? cell : cell.padding(toLength: widths[i] + 2, withPad: " ", startingAt: 0)
      }.joined().trimmingCharacters(in: .whitespaces)
    }.joined(separator: "\n") + "\n"
  }
}
