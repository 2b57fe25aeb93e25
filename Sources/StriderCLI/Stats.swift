import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderStore

extension StatsPeriod: EnumerableFlag {}

/// `strider stats`: totals per week, month or year, from the figures kept per session.
struct Stats: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Totals per week, month or year: distance, moving time, sessions, climbing, pace.",
    discussion:
      "Newest period first, one line per activity, in local time (weeks from Monday). The "
      + "current period so far is shown beside the last one to the same point (and whole). "
      + "Computed from the figures kept per session, never the fixes.")

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, csv }

  @Flag(help: "The period to add up by.")
  var period: StatsPeriod = .week

  @Option(help: ArgumentHelp("Only this activity (\(Activity.choiceList)); repeat for more."))
  var activity: [Activity] = []

  @Option(help: "Only sessions started on or after this day (YYYY-MM-DD, local time).")
  var since: String?

  @Option(
    name: .customLong("as-of"),
    help: "Count as if now were this day's end (YYYY-MM-DD) or time (YYYY-MM-DDTHH:MM).")
  var asOf: String?

  @Option(help: "text, json or csv.")
  var format: Format = .text

  @OptionGroup var shown: HistoryShownOptions

  func validate() throws {
    if let since, LocalDate.startOfDay(since) == nil {
      throw ValidationError(
        "--since \(since) is not a day: give it as YYYY-MM-DD, e.g. 2026-11-01.")
    }
    if let asOf, LocalDate.moment(asOf) == nil {
      throw ValidationError(
        "--as-of \(asOf) is not a day or a time: give it as YYYY-MM-DD or YYYY-MM-DDTHH:MM.")
    }
  }

  /// The current period so far, the last one to the same point, and the last one whole.
  mutating func run() throws {
    let units = try HistoryUnits.resolve(shown.units)
    let store = try StoreAccess.openForHistory()
    let until = asOf.flatMap(LocalDate.moment)
    let now = until.map { Date(timeIntervalSince1970: $0.secondsSince1970) } ?? Date()
    let profile = try HeartRateText.profile(store, settings: try ConfigFile.settings(), now: now)
    let report = try StatsReport(
      store, period: period, activities: activity, from: since.flatMap(LocalDate.startOfDay),
      until: until, now: now, includingSimulated: !shown.noDemos, heartRate: profile,
      units: units)
    switch format {
    case .text: try Output.standard(report.text)
    case .json: try Output.standard(report.json.serialized + "\n")
    case .csv: try Output.standard(report.csv)
    }
  }
}
