import StriderApp
import StriderCore

/// `strider analyze FILE...` read without the argument parser, so that a small file costs
/// what its analysis costs.
///
/// The argument parser builds its table of options by reflection: type lookups by mangled
/// name and protocol-conformance scans over every conformance the binary holds. Analysing
/// a 10-line NMEA log took 32.4M instructions, 22.6M of them in that, which made Strider
/// slower than gpsbabel on small files (issue 16). The plain forms (files, `--format json`
/// or `table`, `--activity`, `--no-filter`, `--no-auto-pause`, `--live`, each option at
/// most once)
/// are read here into the `AnalyzeJob` the parser would make; anything else (help, another
/// option, `--option=value`, a value it does not know, a name starting with "-", no file)
/// goes to the parser, which says what is wrong.
enum PlainAnalyze {
  /// The job `arguments` (without the program's name) ask for, or nil when the parser
  /// must read them.
  static func job(_ arguments: [String]) -> AnalyzeJob? {
    guard arguments.first == "analyze" else { return nil }
    var job = AnalyzeJob(files: [])
    // An array, not a Set: a Set<String>'s first use was 5 % of a 10-line log's analysis.
    var seen: [String] = []
    var rest = arguments.dropFirst()
    while let argument = rest.popFirst() {
      if argument.hasPrefix("-") {
        guard !seen.contains(argument) else { return nil }
        seen.append(argument)
      }
      switch argument {
      case "--no-filter":
        job.noFilter = true
      case "--quiet":
        job.quiet = true
      case "--live":
        job.live = true
      case "--no-auto-pause":
        job.session.noAutoPause = true
      case "--format":
        guard let value = rest.popFirst(), let format = Analyze.OutputFormat(rawValue: value)
        else { return nil }
        job.format = format
      case "--activity":
        guard let value = rest.popFirst(), let activity = Activity(rawValue: value)
        else { return nil }
        job.session.activity = activity
      default:
        // "help" is the parser's word too; a name starting with "-" is an option to it.
        guard !argument.hasPrefix("-"), argument != "help", !argument.isEmpty else { return nil }
        job.files.append(argument)
      }
    }
    // `--live` with the table is refused by the parser.
    return job.files.isEmpty || (job.live && job.format != .json) ? nil : job
  }
}
