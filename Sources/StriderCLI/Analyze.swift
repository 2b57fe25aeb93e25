import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderRender
import StriderStore

/// `strider analyze FILE...`: the numbers of recorded tracks.
struct Analyze: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "analyze",
    abstract: "Summarise GPS files: distance, times, pace, calories, splits, rejected fixes.",
    discussion:
      "Each file goes through the same engine as a live session: the gate, the smoother, "
      + "auto-pause, metrics and cues. --no-filter gives the raw geodesic length instead. "
      + "JSON output is one object per file, one per line."
  )

  enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case json, table }

  @Argument(
    help: ArgumentHelp(
      "GPS files: \(FormatRegistry.readableTitles), gzipped or not; - reads standard input."),
    completion: .file())
  var files: [String]

  @Option(help: "json or table.")
  var format: OutputFormat = .table

  @OptionGroup var session: SessionOptions

  @Flag(help: "Gate, smooth and pause nothing: the raw length of every fix with a position.")
  var noFilter = false

  @Flag(help: "Print no progress line (shown on a terminal while long work runs).")
  var quiet = false

  @Flag(
    help: ArgumentHelp(
      "Also follow the file as a live session would (JSON only): the cues it would say, its "
        + "live figures, and the split times a replay tells where they differ."))
  var live = false

  func validate() throws {
    if live, format != .json {
      throw ValidationError("--live adds the live figures to the JSON: use it with --format json.")
    }
  }

  mutating func run() throws {
    try AnalyzeJob(
      files: files, format: format,
      session: session.flags,
      noFilter: noFilter, live: live, quiet: quiet
    ).run()
  }
}

/// What `analyze` does, on plain values: the command line's parsed options, or those
/// `PlainAnalyze` reads without the argument parser.
struct AnalyzeJob: Equatable {
  var files: [String]
  var format: Analyze.OutputFormat = .table
  var session = SettingsFlags()
  var noFilter = false
  /// Whether the JSON also says what a live session would (`--live`): its cues, its live
  /// figures, the split times told where they differ.
  var live = false
  /// Whether the engine runs its live pipeline too (`FileAnalysis.followsLive`); nil: only
  /// where the output shows what it makes (`--live`) or the input is a pipe.
  var followsLive: Bool? = nil
  /// No progress line (`ProgressLine`), even on a terminal.
  var quiet = false

  func run() throws {
    var failures = 0
    let settings = try session.settings()
    for path in files {
      let report: AnalysisReport
      do {
        report = try analysis(settings: settings).analyze(path)
      } catch {
        failures += 1
        printError("strider: error: \(error.description)")
        continue
      }
      let text = format == .json ? report.json(live: live).serialized : report.table
      try Output.standard(text + "\n")
    }
    if failures > 0 { throw ExitCode(1) }
  }

  /// The file analysis these options ask for, under `settings`.
  func analysis(settings: UserSettings) -> FileAnalysis {
    // `--live` shows what the live pipeline makes.
    FileAnalysis(
      activity: session.activity, noFilter: noFilter,
      followsLive: followsLive ?? (live ? true : nil),
      quiet: quiet, settings: settings,
      warn: printError)
  }
}

/// Writes a line to standard error.
func printError(_ line: String) {
  Output.error(TerminalText.safe(line, keepingNewlines: true) + "\n")
}
