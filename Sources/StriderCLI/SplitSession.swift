import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderStore

/// `strider sessions split`: one session made several, at times the user gives or at long
/// gaps (a logger left running for days, a file holding several outings).
struct SplitSession: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "split",
    abstract: "Split a session into several at times, or at gaps in its fixes.",
    discussion:
      "Each part is measured again from its own fixes, as it would have been recorded alone. "
      + "The first part keeps the session's number and name; the others take the next "
      + "numbers. Times are local: HH:MM[:SS] on the session's day (or the first such time "
      + "after its start), or YYYY-MM-DD HH:MM[:SS].")

  @Argument(help: "The session's ID (see `strider sessions list`).")
  var id: Int64

  @Option(
    name: .customLong("at"),
    help: ArgumentHelp("Where a new part begins (repeat for more).", valueName: "time"))
  var times: [String] = []

  @Option(
    help: ArgumentHelp(
      "Split at every gap between fixes longer than this many hours.", valueName: "hours"))
  var gaps: Double?

  func validate() throws {
    guard !times.isEmpty || gaps != nil else {
      throw ValidationError("nothing to split at: give --at TIME or --gaps HOURS")
    }
    // A time that is no time at all is the command's own mistake, said with its usage; the
    // day it falls on is known only from the session, in `run`.
    for text in times where LocalDate.time(text, onOrAfter: GNSSTime(secondsSince1970: 0)) == nil {
      throw ValidationError(
        "--at \(text) is not a time: give HH:MM[:SS] or YYYY-MM-DD HH:MM[:SS] (local)")
    }
    if let gaps, !(gaps > 0 && gaps.isFinite) {
      throw ValidationError("--gaps \(gaps) is out of range: give a number of hours above 0")
    }
  }

  func run() throws {
    let units = try HistoryUnits.resolve(nil)
    try Output.standard(
      try SessionEdits.split(
        try StoreAccess.open(), id: id, times: times, gapHours: gaps, units: units))
  }
}

/// `strider sessions merge`: several sessions made one, where one outing was kept as two
/// (a watch stopped and started again, a ride recorded in two files).
struct MergeSessions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join sessions into one, measured again from all their fixes.",
    discussion:
      "The session that starts first keeps its number, name and settings; the others' fixes "
      + "follow its own in the order they start, and the others are gone. Sessions that "
      + "overlap in time are not interleaved: the later fixes read as out of order.")

  @Argument(help: "Two or more session IDs (see `strider sessions list`).")
  var ids: [Int64]

  func validate() throws {
    guard Set(ids).count >= 2 else {
      throw ValidationError("give two sessions or more to merge")
    }
  }

  func run() throws {
    let units = try HistoryUnits.resolve(nil)
    try Output.standard(try SessionEdits.merge(try StoreAccess.open(), ids: ids, units: units))
  }
}
