import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderStore

/// `strider records`: the personal records of the whole history, per activity.
struct Records: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "records",
    abstract: "Personal records per activity: best efforts, longest, most climbing.",
    discussion:
      "The fastest 400 m, 1 km, 1 mile, 5 km, 10 km, half marathon and marathon within any "
      + "session (elapsed time, on the finished track), a ride's farthest 5, 20 and 60 "
      + "minutes, and the longest session, longest moving time and most elevation gain; "
      + "each with its session and date.")

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  @Option(help: ArgumentHelp("Only this activity (\(Activity.choiceList)); repeat for more."))
  var activity: [Activity] = []

  @Option(help: "text or json.")
  var format: Format = .text

  @OptionGroup var shown: HistoryShownOptions

  func run() throws {
    let store = try HistoryAccess.open()
    let book = try store.recordBook(activities: activity, includingSimulated: !shown.noDemos)
    let (records, misread) = (book.records, book.leftOut)
    switch format {
    case .text:
      let units = try HistoryUnits.resolve(shown.units)
      try Output.standard(Self.text(records, units: units) + Self.text(misread, units: units))
    case .json:
      try Output.standard(
        JSONValue.object([
          JSONMember("records", .array(records.map(Self.json))),
          JSONMember("left_out", .array(misread.map(Self.json))),
        ]).serialized + "\n")
    }
  }

  /// The sessions left out because one of their efforts is beyond any person's, each with
  /// that effort and the edit that would say what it was.
  static func text(_ misread: [MisreadSession], units: UnitSystem) -> String {
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

  static func json(_ session: MisreadSession) -> JSONValue {
    .object([
      JSONMember("session", .int(Int(session.sessionId))),
      JSONMember("activity", .string(session.activity.rawValue)),
      JSONMember("date", session.sessionStart.map { .string($0.iso8601) } ?? .null),
      JSONMember("effort", .string(session.effort.target.key)),
      JSONMember("elapsed_s", .rounded(session.effort.elapsed.value, 3)),
      JSONMember("distance_m", .rounded(session.effort.distance.value, 2)),
    ])
  }

  static func text(_ records: [PersonalRecord], units: UnitSystem) -> String {
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

  static func json(_ record: PersonalRecord) -> JSONValue {
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
        JSONMember("elapsed_s", .rounded(effort.elapsed.value, 3)),
        JSONMember("distance_m", .rounded(effort.distance.value, 2)),
        JSONMember("start_distance_m", .rounded(effort.startDistance.value, 2)),
      ]
    case .longestDistance: members.append(JSONMember("distance_m", .rounded(record.value, 2)))
    case .longestMoving: members.append(JSONMember("moving_s", .rounded(record.value, 3)))
    case .mostElevation:
      members.append(JSONMember("elevation_gain_m", .rounded(record.value, 1)))
    }
    return .object(members)
  }
}

/// Opening the store for the history's commands: as every command does, then the figures
/// of sessions that lack them made (sessions finished by a Strider from before they were
/// kept), with the same progress line as the migration's backfill.
enum HistoryAccess {
  static func open() throws -> SessionStore {
    let store = try StoreAccess.open()
    let meter = BackfillMeter()
    _ = try store.completeHistoryFigures(progress: { meter.report($0) })
    return store
  }
}
