import ArgumentParser
import StriderApp
import StriderCore
import StriderFormats
import StriderRender
import StriderStore

/// `strider sessions edit`: what the user knows better than the file did.
struct EditSession: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Rename a session, say what activity it was, or leave it out of the records.",
    discussion:
      "A new activity measures the session again from its fixes with that activity's "
      + "auto-pause, filters and calories, as it would have been measured from the start. "
      + "A session left out of the personal records still counts in the totals.")

  @Argument(help: "The session's ID (see `strider sessions list`).")
  var id: Int64

  @Option(help: "A name for the session (an empty one removes it).")
  var name: String?

  @Option(
    help: ArgumentHelp(
      "What the session was: \(Activity.allCases.map(\.rawValue).joined(separator: ", ")).",
      valueName: "activity"))
  var activity: Activity?

  /// Whether the session counts among the personal records.
  enum Records: String, EnumerableFlag {
    case excludeFromRecords
    case includeInRecords

    static func help(for value: Records) -> ArgumentHelp? {
      switch value {
      case .excludeFromRecords: "Leave the session out of the personal records."
      case .includeInRecords: "Count the session among the personal records again."
      }
    }
  }

  @Flag var records: Records?

  func validate() throws {
    guard name != nil || activity != nil || records != nil else {
      throw ValidationError(
        "nothing to change: give --name, --activity, --exclude-from-records or "
          + "--include-in-records")
    }
  }

  func run() throws {
    let units = try HistoryUnits.resolve(nil)
    let inRecords = records.map { $0 == .includeInRecords }
    try Output.standard(
      try SessionEdits.edit(
        try StoreAccess.open(), id: id, name: name, activity: activity, inRecords: inRecords,
        units: units))
  }
}
