import StriderCore
import StriderRender
import StriderStore

/// `records`: the personal records per activity, and the sessions left out of them, as
/// text or JSON.
public enum RecordsText {
  /// The sessions left out because one of their efforts is beyond any person's, each with
  /// that effort and the edit that would say what it was.
  public static func text(_ misread: [MisreadSession], units: UnitSystem) -> String {
    guard !misread.isEmpty else { return "" }
    var text = "\nleft out (an effort no one has made in its activity):\n"
    for session in misread {
      let effort = session.effort
      let record = PersonalRecord(
        activity: session.activity, kind: .effort(effort.target), sessionId: session.sessionId,
        sessionStart: session.sessionStart, effort: effort, value: effort.value)
      let (value, rate) = HistoryText.value(record, units: units)
      text +=
        "  session \(session.sessionId) (\(session.activity.rawValue), "
        + "\(LocalDate.text(session.sessionStart))): \(HistoryText.label(effort.target)) "
        + "\(value) (\(rate)); if it was a \(session.likelyActivity.rawValue), "
        + "`strider sessions edit \(session.sessionId) --activity "
        + "\(session.likelyActivity.rawValue)`\n"
    }
    return text
  }

  public static func json(_ session: MisreadSession) -> JSONValue {
    .object([
      JSONMember("session", .int(Int(session.sessionId))),
      JSONMember("activity", .string(session.activity.rawValue)),
      JSONMember("date", session.sessionStart.map { .string($0.iso8601) } ?? .null),
      JSONMember("effort", .string(session.effort.target.key)),
      JSONMember(JSONKey.elapsed, .rounded(session.effort.elapsed.value, 3)),
      JSONMember(JSONKey.distance, .rounded(session.effort.distance.value, 2)),
    ])
  }

  public static func text(_ records: [PersonalRecord], units: UnitSystem) -> String {
    guard !records.isEmpty else {
      return "no records yet: they come from finished sessions (`strider sessions list`)\n"
    }
    var text = ""
    for activity in Activity.allCases {
      let theirs = records.filter { $0.activity == activity }
      guard !theirs.isEmpty else { continue }
      var rows = [
        [
          activity.noun, "best", activity.prefersSpeed ? "speed" : "pace", "date",
          "session",
        ]
      ]
      for record in theirs {
        let (value, rate) = HistoryText.value(record, units: units)
        rows.append([
          "  " + HistoryText.label(record.kind), value, rate,
          LocalDate.text(record.effort?.start ?? record.sessionStart), "\(record.sessionId)",
        ])
      }
      text += (text.isEmpty ? "" : "\n") + HistoryText.columns(rows)
    }
    return text
  }

  public static func json(_ record: PersonalRecord) -> JSONValue {
    var members = [
      JSONMember("activity", .string(record.activity.rawValue)),
      JSONMember("record", .string(record.kind.key)),
      JSONMember("session", .int(Int(record.sessionId))),
      JSONMember("date", record.sessionStart.map { .string($0.iso8601) } ?? .null),
    ]
    switch record.kind {
    case .effort(let target):
      guard let effort = record.effort else { break }
      members += [
        JSONMember("kind", .string(target.kind.rawValue)),
        JSONMember("target", .number(target.value)),
        JSONMember("start", .string(effort.start.iso8601)),
        JSONMember(JSONKey.elapsed, .rounded(effort.elapsed.value, 3)),
        JSONMember(JSONKey.distance, .rounded(effort.distance.value, 2)),
        JSONMember("start_distance_m", .rounded(effort.startDistance.value, 2)),
      ]
    case .longestDistance: members.append(JSONMember(JSONKey.distance, .rounded(record.value, 2)))
    case .longestMoving: members.append(JSONMember(JSONKey.moving, .rounded(record.value, 3)))
    case .mostElevation:
      members.append(JSONMember(JSONKey.elevationGain, .rounded(record.value, 1)))
    }
    return .object(members)
  }
}
