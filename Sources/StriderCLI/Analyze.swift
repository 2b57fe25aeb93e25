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

  typealias OutputFormat = AnalyzeJob.Format

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
    let job = AnalyzeJob(
      files: files, format: format, session: session.flags, noFilter: noFilter, live: live,
      quiet: quiet)
    if try job.run(warn: printError) > 0 { throw ExitCode(1) }
  }
}

extension AnalyzeJob.Format: ExpressibleByArgument {}

/// Writes a line to standard error.
func printError(_ line: String) { Output.errorLine(line) }
