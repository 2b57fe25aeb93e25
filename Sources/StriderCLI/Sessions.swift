import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderRender
import StriderStore

/// `strider sessions`: the history kept in the session database.
struct Sessions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sessions",
    abstract: "List, show, edit, export, import, finish, delete and vacuum recorded sessions.",
    discussion:
      "Sessions live in $STRIDER_HOME/strider.sqlite, else $XDG_DATA_HOME/strider/, else "
      + "~/.local/share/strider/ (owner-only).",
    subcommands: [
      ListSessions.self, ShowSession.self, EditSession.self, SplitSession.self,
      MergeSessions.self, ExportSession.self, ImportSessions.self, FinishSession.self,
      DeleteSession.self, VacuumSessions.self,
    ],
    defaultSubcommand: ListSessions.self
  )
}

struct ListSessions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract:
      "A table of the sessions, newest first: date, activity, distance, moving time, pace.")

  @Flag(help: "Leave out simulated sessions (demo --record).")
  var noDemos = false

  @Option(help: ArgumentHelp(HistoryUnits.help))
  var units: UnitSystem?

  // Unconditional, so that `--limit -5` is said to be out of range rather than read as an
  // unknown option with the value missing.
  @Option(
    parsing: .unconditional,
    help: "Show only the first N sessions in the order asked: the newest, or the oldest.")
  var limit: Int?

  @Option(help: "Show only sessions started on or after this day (YYYY-MM-DD, local time).")
  var since: String?

  @Flag(help: "Oldest first (default: newest first).")
  var oldestFirst = false

  /// Words after `sessions` that name no command: `list` is the default, so the parser
  /// hands them here (`sessions shw 3`).
  @Argument(help: .hidden)
  var unknown: [String] = []

  func validate() throws {
    if let word = unknown.first {
      // The mistake is the word after `sessions`, not an argument of `list` (which the
      // parser hands it to): said with `sessions`' own usage, as the parser says an error.
      let commands = Sessions.configuration.subcommands.map { $0.configuration.commandName ?? "" }
      printError(
        "strider: error: '\(word)' is not a sessions command; give one of "
          + "\(commands.joined(separator: ", "))\n"
          + "Usage: \(Strider.usageString(for: Sessions.self))\n"
          + "  See 'strider sessions --help' for more information.")
      throw ExitCode.validationFailure
    }
    if let limit, limit < 1 {
      throw ValidationError(
        "--limit \(limit) is out of range: give a number of sessions, 1 or more.")
    }
    if let since, LocalDate.startOfDay(since) == nil {
      throw ValidationError(
        "--since \(since) is not a day: give it as YYYY-MM-DD, e.g. 2026-11-01.")
    }
  }

  func run() throws {
    let store = try StoreAccess.open()
    try Output.standard(
      try SessionTable.listing(
        store, includingSimulated: !noDemos, since: since, oldestFirst: oldestFirst,
        limit: limit, units: { try HistoryUnits.resolve(units) }))
  }
}

struct ShowSession: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "A session's summary, splits, pauses, stops and moves.")

  @Argument(help: "The session's ID (see `strider sessions list`).")
  var id: Int64

  @Flag(help: "Draw elevation, pace (or speed) and heart rate over the distance.")
  var plot = false

  func run() throws {
    let store = try StoreAccess.open()
    let page = SessionPage.Plot(width: TerminalPanel.width, glyphs: TerminalPanel.glyphs)
    try Output.standard(
      try SessionPage.text(
        store, id: id, settings: { try ConfigFile.settings() }, plot: plot ? page : nil))
  }
}

struct FinishSession: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "finish",
    abstract: "Compute the summary of an interrupted session from what was recorded.")

  @Argument(help: "The session's ID.")
  var id: Int64

  func run() throws {
    let store = try StoreAccess.open()
    let record = try store.finish(id)
    var text = "session \(id) finished from \(record.fixCount) recorded fixes\n"
    if let summary = record.summary { text += SummaryTable.text(SummaryTable.rows(summary)) + "\n" }
    try Output.standard(text)
  }
}

struct DeleteSession: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete", abstract: "Delete a session and everything kept of it.")

  @Argument(help: "The session's ID.")
  var id: Int64

  @Flag(help: "Do not ask.")
  var yes = false

  func run() throws {
    let store = try StoreAccess.open()
    let listing = try store.listing(id)
    if !yes {
      let what =
        "\(listing.activity.rawValue), \(LocalDate.text(listing.startTime)), "
        + "\(listing.fixCount) fixes"
      Output.error("delete session \(id) (\(what))? [y/N] ")
      let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else {
        printError("strider: session \(id) kept")
        throw ExitCode(1)
      }
    }
    try store.delete(id)
    try Output.standard("session \(id) deleted\n")
  }
}

struct ImportSessions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Keep GPS files (\(FormatRegistry.readableTitles)) as sessions.")

  @Argument(
    help: ArgumentHelp(
      "GPS files: \(FormatRegistry.readableTitles), gzipped or not; - reads standard input."),
    completion: .file())
  var files: [String]

  @OptionGroup var session: SessionOptions

  @Flag(
    help: ArgumentHelp(
      "Keep a file in which no fix has a position (a receiver that never got one), or whose "
        + "fixes never moved 50 m in over a minute (a receiver left logging)."))
  var keepEmpty = false

  @Flag(
    help: ArgumentHelp(
      "Keep a file whose fixes begin and end when a stored session does (by default the "
        + "same outing from another file or device, not kept: it would count twice)."))
  var keepDuplicate = false

  @Option(
    help: ArgumentHelp(
      "Split a file at gaps between fixes longer than this many hours, one session a part "
        + "(0: never; default: import.split_gap_hours, 6).", valueName: "hours"))
  var splitGap: Double?

  @Flag(help: "Print no progress line (shown on a terminal while long work runs).")
  var quiet = false

  func validate() throws {
    if let splitGap, !(splitGap >= 0 && splitGap.isFinite) {
      throw ValidationError("--split-gap \(splitGap) is out of range: give 0 or more hours")
    }
  }

  func run() throws {
    let store = try StoreAccess.open()
    let settings = try session.settings()
    let failures = try FileImport.runAll(
      files, store: store, activity: session.activity, settings: settings, warn: printError,
      keepEmpty: keepEmpty, keepsSameOuting: keepDuplicate, quiet: quiet,
      splitGapHours: splitGap ?? settings.importSplitGapHours)
    if failures > 0 { throw ExitCode(1) }
  }
}

struct VacuumSessions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vacuum",
    abstract: "Give the room deleted sessions left back to the disk; print bytes per fix.",
    discussion:
      "Databases made by this Strider give room back in small steps after each delete; "
      + "an older database is rewritten once (it is locked for writing while that runs).")

  @Flag(help: "Print no progress line (shown on a terminal while long work runs).")
  var quiet = false

  func run() throws {
    let store = try StoreAccess.open()
    let line = ProgressLine("vacuuming the session database", .waiting, quiet: quiet)
    defer { line.finish() }
    let (before, after) = try store.vacuum()
    line.finish()
    try Output.standard(
      "before  \(SizeText.text(before))\nafter   \(SizeText.text(after))\n")
  }
}
