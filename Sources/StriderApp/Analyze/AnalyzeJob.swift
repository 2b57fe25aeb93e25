import StriderStore

/// What `analyze` does, on plain values: the command line's parsed options, or those
/// `PlainAnalyze` reads without the argument parser.
public struct AnalyzeJob: Equatable {
  /// `--format`: one JSON object a file, a line each, or the table for people.
  public enum Format: String, CaseIterable, Sendable { case json, table }

  public var files: [String]
  public var format: Format
  public var session: SettingsFlags
  public var noFilter: Bool
  /// Whether the JSON also says what a live session would (`--live`): its cues, its live
  /// figures, the split times told where they differ.
  public var live: Bool
  /// Whether the engine runs its live pipeline too (`FileAnalysis.followsLive`); nil: only
  /// where the output shows what it makes (`--live`) or the input is a pipe.
  public var followsLive: Bool?
  /// No progress line (`ProgressLine`), even on a terminal.
  public var quiet: Bool

  public init(
    files: [String], format: Format = .table, session: SettingsFlags = SettingsFlags(),
    noFilter: Bool = false, live: Bool = false, followsLive: Bool? = nil, quiet: Bool = false
  ) {
    self.files = files
    self.format = format
    self.session = session
    self.noFilter = noFilter
    self.live = live
    self.followsLive = followsLive
    self.quiet = quiet
  }

  /// Analyses each file in turn, its report written as it is done; a file that cannot be
  /// read is said through `warn` and the next is analysed.
  /// - Returns: how many files could not be read.
  public func run(warn: @escaping (String) -> Void) throws -> Int {
    var failures = 0
    let settings = try ConfigFile.settings().applying(session)
    for path in files {
      let report: AnalysisReport
      do {
        report = try analysis(settings: settings, warn: warn).analyze(path)
      } catch {
        failures += 1
        warn("strider: error: \(error.description)")
        continue
      }
      if format == .json {
        try Output.standard(report.json(live: live))
      } else {
        try Output.standard(report.table + "\n")
      }
    }
    return failures
  }

  /// The file analysis these options ask for, under `settings`.
  func analysis(settings: UserSettings, warn: @escaping (String) -> Void) -> FileAnalysis {
    // `--live` shows what the live pipeline makes.
    FileAnalysis(
      activity: session.activity, noFilter: noFilter,
      followsLive: followsLive ?? (live ? true : nil),
      quiet: quiet, settings: settings,
      warn: warn)
  }
}
