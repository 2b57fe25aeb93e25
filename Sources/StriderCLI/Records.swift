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
    let store = try StoreAccess.openForHistory()
    let book = try store.recordBook(activities: activity, includingSimulated: !shown.noDemos)
    let (records, misread) = (book.records, book.leftOut)
    switch format {
    case .text:
      let units = try HistoryUnits.resolve(shown.units)
      try Output.standard(
        RecordsText.text(records, units: units) + RecordsText.text(misread, units: units))
    case .json:
      try Output.standard(
        JSONValue.object([
          JSONMember("records", .array(records.map(RecordsText.json))),
          JSONMember("left_out", .array(misread.map(RecordsText.json))),
        ]).serialized + "\n")
    }
  }
}
