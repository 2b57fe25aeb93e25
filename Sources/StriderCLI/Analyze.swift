import ArgumentParser
import Foundation
import StriderConcurrency
import StriderCore
import StriderFormats
import StriderRender
import StriderSources
import StriderStore

/// `strider analyze FILE...`: the numbers of recorded tracks.
struct Analyze: ParsableCommand {
  /// Fixes read to guess an undeclared activity before the engine starts: 14 hours at 1 Hz
  /// (7 MB held), more than nearly any activity, so the guess is the whole file's.
  static let guessingPrefix = 50_000

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
      session: PlainSessionFlags(
        activity: session.activity, profileValues: session.profileValues),
      noFilter: noFilter, live: live, quiet: quiet
    ).run()
  }
}

/// What `analyze` does, on plain values: the command line's parsed options, or those
/// `PlainAnalyze` reads without the argument parser.
struct AnalyzeJob: Equatable {
  var files: [String]
  var format: Analyze.OutputFormat = .table
  var session = PlainSessionFlags()
  var noFilter = false
  /// Whether the JSON also says what a live session would (`--live`): its cues, its live
  /// figures, the split times told where they differ.
  var live = false
  /// Whether the engine runs its live pipeline too; nil: only where the output shows what it
  /// makes (`--live`), or where the input cannot be read again should the finish need it
  /// (a pipe), since the figures alone are the same (`SessionEngine.init`'s `followsLive`).
  /// Tests ask for both and compare.
  var followsLive: Bool? = nil
  /// No progress line (`ProgressLine`), even on a terminal.
  var quiet = false

  func run() throws {
    var failures = 0
    let settings = try session.settings()
    for path in files {
      let report: AnalysisReport
      do {
        report = try analyze(path, settings: settings)
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

  /// Streams the file through the engine without holding its fixes, so an archive of any
  /// size is analysed in the memory of its finished track; a file of 256 KiB or more is
  /// parsed on a second thread and gated on a third (`JudgedFeed`) while the engine
  /// works. A file that does not say its activity (and none was asked for) has it guessed
  /// from the speed of its first `guessingPrefix` fixes, held until the guess is made: the
  /// whole file, for all but the longest archives, so the guess is the one a second pass
  /// would make, without parsing the file twice.
  func analyze(
    _ path: String, settings: UserSettings, followsLive asked: Bool? = nil
  ) throws(FormatError) -> AnalysisReport {
    // A pipe cannot be read a second time (`needsLivePass`): its engine follows.
    let followsLive = asked ?? followsLive ?? (live || !Self.isRegularFile(path))
    let parallel = PrefetchingFixReader.isWorthAThread(path: path)
    let read = ReadProgress()
    let reader = PrefetchingFixReader(
      try FixFileReader.open(path: path, progress: read), parallel: parallel)
    let line = ProgressLine(
      "analysing \((path as NSString).lastPathComponent)", .reading(read), quiet: quiet)
    defer { line.finish() }
    let choice = try reader.activity(asked: session.activity)
    let configuration = session.configuration(
      activity: choice.activity, raw: noFilter, settings: settings)
    var pipeline = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(
        correctsLiveDistance: followsLive, followsLive: followsLive),
      parallelism: Threads())
    // The gate judges on a thread of its own, beside the parsing and the engine, where the
    // file is big enough to pay for one.
    let feed = JudgedFeed(
      reader: reader, held: choice.held, stage: GateStage(configuration: configuration),
      onThread: parallel)
    while let batch = try feed.next() {
      line.advance(by: batch.fixes.count)
      pipeline.absorb(judged: batch)
    }
    if let gate = feed.gate { pipeline.takeBackGate(gate) }
    let sensors = feed.sensors
    let summary = pipeline.finish().summary
    line.finish()
    if pipeline.engine.pointsIn == 0 {
      printError(RecordedTrack.emptyWarning(path: path, format: reader.format))
    }
    // A step the engine could not measure without its live pipeline (`needsLivePass`):
    // the file again, with it; rare enough (times that begin late) that reading twice
    // costs nothing on the files that matter.
    if pipeline.engine.needsLivePass {
      return try analyze(path, settings: settings, followsLive: true)
    }
    if pipeline.engine.pointsIn > 0, summary.pointsAccepted == 0 {
      printError(
        "strider: warning: \(path): no fix with a position was accepted "
          + "(\(pipeline.engine.pointsIn) records): a receiver that never got a fix?")
    }
    var warnings = TimeWarnings.messages(reader: reader, untimed: TimeWarnings.isUntimed(summary))
    let repeated = summary.rejected[.duplicate] ?? 0
    if !noFilter, repeated >= 10, 2 * repeated >= summary.fixesWithPosition {
      // Times that do not move (a logger that stamps every point alike): the gate keeps one
      // fix a time. Say so, and what the raw length is, read again (only in this case).
      let raw = try Analyze.rawDistance(path, configuration: configuration)
      warnings.append(
        "\(repeated) of \(summary.fixesWithPosition) fixes repeat an earlier fix's time "
          + "(duplicate), so they add no distance; --no-filter sums every step: "
          + DisplayFormat.distance(raw, units: configuration.units))
    }
    TimeWarnings.print(warnings, path: path)
    let device = reader.deviceTotals
    var legs: [LegReport] = []
    if let device, device.legs.count > 1 {
      legs = try Analyze.legs(of: path, device.legs) { leg in
        session.configuration(
          activity: leg.activity ?? configuration.activity, raw: noFilter, settings: settings)
      }
    }
    return AnalysisReport(
      file: path, format: reader.format,
      summary: device.map { DeviceComparison(device: $0, summary: summary) }?
        .summaryTakingDeviceCalories ?? summary,
      choice: choice,
      readerNotes: reader.notes, warnings: warnings, device: device, legs: legs,
      sensors: sensors)
  }
}

extension AnalyzeJob {
  /// Whether `path` names a regular file, which can be read again.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}

extension PrefetchingFixReader {
  /// The activity asked for, else the one the file declares, else guessed from the speed
  /// of its first `Analyze.guessingPrefix` fixes; with the fixes read to decide, which the
  /// caller feeds first. `analyze`, `replay FILE --headless` and `sessions import` decide
  /// it alike.
  func activity(asked: Activity?) throws(FormatError) -> ActivityChoice {
    if let asked { return ActivityChoice(activity: asked, source: .asked, reason: "--activity") }
    var held: [Fix] = []
    // The first fix is read before the declaration is looked at: a GPX <type> or a FIT
    // session's sport is known only once the reader has gone that far.
    var next = try self.next()
    if let declared = metadata.declaredActivity {
      return ActivityChoice(
        activity: declared, source: .declared, reason: declaration(of: declared),
        held: next.map { [$0] } ?? [])
    }
    var estimator = MovementEstimator()
    while let fix = next {
      estimator.add(fix)
      held.append(fix)
      if held.count >= Analyze.guessingPrefix { break }
      next = try self.next()
    }
    if let declared = metadata.declaredActivity {
      return ActivityChoice(
        activity: declared, source: .declared, reason: declaration(of: declared), held: held)
    }
    let guess = estimator.guess
    return ActivityChoice(
      activity: guess.activity, source: .guessed, reason: guess.reason,
      evidence: guess.statistics, held: held, briefReason: guess.shortReason)
  }

  /// "the file says \"Running\"", or "the file's sport" when it says it as a code (FIT).
  private func declaration(of activity: Activity) -> String {
    if let text = metadata.typeText { return "the file says \"\(text)\"" }
    return "the file's sport: \(activity.rawValue)"
  }
}

/// The activity a file is measured as, how it was decided and why: `analyze` prints it.
struct ActivityChoice {
  enum Source: String {
    /// `--activity` (or the config file's profile.activity where a command has no file).
    case asked
    /// The file names it (GPX `<type>`, TCX `Sport`, FIT `sport`).
    case declared
    /// Guessed from how the track moves (`ActivityGuess`).
    case guessed
  }

  var activity: Activity
  var source: Source
  /// One line for people: what the file said, or the figures the guess rests on.
  var reason: String
  /// The figures a guess rests on; nil when none was made or the track moved too little.
  var evidence: MovementStatistics?
  /// The fixes read to decide, which the caller feeds to its engine first.
  var held: [Fix] = []
  /// A guess's reason in a few words (`ActivityGuess.Guess.shortReason`), for a list of
  /// files; nil where `reason` is short already.
  var briefReason: String?

  /// Guessed without anything to go on: the activity is the default, not what the track
  /// showed (`ActivityGuess`: too little timed movement).
  var isDefault: Bool { source == .guessed && evidence == nil }

  /// One short line for `sessions import`: "activity guessed: moving median ...", or
  /// "activity from the file's sport: ride"; nil when `--activity` said it.
  var importLine: String? {
    switch source {
    case .asked: nil
    case .declared: "activity from " + reason
    case .guessed: "activity guessed: " + (briefReason ?? reason)
    }
  }
}

/// One part of a multisport file, measured on its own.
struct LegReport {
  var leg: DeviceLeg
  var summary: SessionSummary

  /// The part as the store keeps it with its session.
  var part: SessionPart {
    SessionPart(
      device: leg, activity: summary.activity, distance: summary.distance,
      elapsed: summary.elapsed, moving: summary.moving, pointsAccepted: summary.pointsAccepted)
  }
}

extension SessionPart {
  /// The part's row of `analyze` and `sessions show`: "cycling  40.83 km  1:13:42 (device
  /// 40.91 km, timer 1:13:42)".
  func line(units: UnitSystem) -> String {
    var line = (device.sport ?? activity.rawValue) + "  "
    line += DisplayFormat.distance(distance, units: units) + "  " + DisplayFormat.clock(elapsed)
    var figures: [String] = []
    if let d = device.distance {
      figures.append("device " + DisplayFormat.distance(d, units: units))
    }
    if let timer = device.timerTime {
      figures.append((figures.isEmpty ? "device timer " : "timer ") + DisplayFormat.clock(timer))
    }
    return figures.isEmpty ? line : line + " (" + figures.joined(separator: ", ") + ")"
  }
}

extension Analyze {
  /// Each part of a multisport file measured on its own, with its own activity: the
  /// file read again (the device writes its parts' summaries at the end), each fix given
  /// to the part whose start it is at or after (fixes before the first start, to the
  /// first part). A part Strider has no activity for (a transition) is measured as the
  /// file's.
  static func legs(
    of path: String, _ legs: [DeviceLeg],
    configuration: (DeviceLeg) -> SessionConfiguration
  ) throws(FormatError) -> [LegReport] {
    let starts = legs.map { $0.start }
    guard starts.allSatisfy({ $0 != nil }) else { return [] }
    var pipelines = legs.map {
      SessionPipeline(
        configuration: configuration($0),
        options: SessionPipeline.Options(correctsLiveDistance: false),
        parallelism: Threads())
    }
    var reader = try FixFileReader.open(path: path)
    var current = 0
    let lastEnd = legs.last?.end
    while let fix = try reader.next() {
      if let time = fix.time {
        while current + 1 < legs.count, let start = starts[current + 1], time >= start {
          current += 1
        }
        // Past the last summed-up part (a file cut before its next part's summary): in
        // no leg, rather than making the last one longer than the device measured it.
        if let lastEnd, current == legs.count - 1,
          time.secondsSince1970 - lastEnd.secondsSince1970 > 2
        {
          break
        }
      }
      pipelines[current].absorb(fix)
    }
    return legs.indices.map { LegReport(leg: legs[$0], summary: pipelines[$0].finish().summary) }
  }

  /// The raw length of a file, as `--no-filter` gives it.
  static func rawDistance(_ path: String, configuration: SessionConfiguration) throws(FormatError)
    -> Meters
  {
    var reader = try FixFileReader.open(path: path)
    let raw = SessionConfiguration.raw(
      activity: configuration.activity, weight: configuration.weight,
      units: configuration.units, elevation: configuration.elevation)
    var pipeline = SessionPipeline(
      configuration: raw, options: SessionPipeline.Options(correctsLiveDistance: false))
    while let fix = try reader.next() { pipeline.absorb(fix) }
    return pipeline.finish().summary.distance
  }
}

/// One file's result, as JSON or as a table for people.
struct AnalysisReport {
  var file: String
  var format: FileFormat
  var summary: SessionSummary
  /// How the activity was decided, and why: a line of the table, two keys of the JSON.
  var choice: ActivityChoice
  /// What the reader skipped (`FixReader.notes`); empty for a format that skips nothing.
  var readerNotes: [JSONMember] = []
  /// What the file's times made Strider assume (`TimeWarnings`), also said on stderr.
  var warnings: [String] = []
  /// What the device counted itself (FIT sessions, TCX laps), shown beside Strider's.
  var device: DeviceTotals?
  /// The parts of a multisport file, each measured on its own.
  var legs: [LegReport] = []
  /// Power and temperature, where the file's records had them.
  var sensors = SensorFigures()

  /// The device's figures beside Strider's; nil without a device.
  var deviceComparison: DeviceComparison? {
    device.map { DeviceComparison(device: $0, summary: summary) }
  }

  /// `analyze --format json`'s object; `live` adds what a live session would have said.
  func json(live: Bool) -> JSONValue {
    var members =
      [JSONMember("file", .string(file)), JSONMember("format", .string(format.rawValue))]
      + summary.jsonMembers(live: live)
    members += [
      JSONMember("activity_source", .string(choice.source.rawValue)),
      JSONMember("activity_reason", .string(choice.reason)),
    ]
    if let s = choice.evidence {
      let number = JSONValue.rounded
      members.append(
        JSONMember(
          "activity_evidence",
          .object([
            JSONMember("moving_steps", .int(s.steps)),
            JSONMember("speed_median_m_s", number(s.median.value, 3)),
            JSONMember("speed_lower_quartile_m_s", number(s.lowerQuartile.value, 3)),
            JSONMember("speed_upper_quartile_m_s", number(s.upperQuartile.value, 3)),
            JSONMember("speed_p90_m_s", number(s.p90.value, 3)),
            JSONMember("speed_spread", number(s.spread, 3)),
            JSONMember("climb_m_per_h", number(s.climbRate, 1)),
            JSONMember("climb_grade_pct", number(s.grade.map { $0 * 100 }, 2)),
          ])))
    }
    if !readerNotes.isEmpty { members.append(JSONMember("reader", .object(readerNotes))) }
    if let deviceComparison { members.append(JSONMember("device", deviceComparison.json)) }
    if let sensors = sensors.json { members.append(JSONMember("sensors", sensors)) }
    if !legs.isEmpty {
      members.append(
        JSONMember(
          "legs",
          .array(
            legs.map { leg in
              let s = leg.summary
              return .object([
                JSONMember("sport", leg.leg.sport.map { .string($0) } ?? .null),
                JSONMember("activity", .string(s.activity.rawValue)),
                JSONMember("start", leg.leg.start.map { .string($0.iso8601) } ?? .null),
                JSONMember("distance_m", JSONValue.rounded(s.distance.value, 2)),
                JSONMember("elapsed_s", JSONValue.rounded(s.elapsed.value, 1)),
                JSONMember("moving_s", JSONValue.rounded(s.moving.value, 1)),
                JSONMember("points_accepted", .int(s.pointsAccepted)),
                JSONMember("device_distance_m", JSONValue.rounded(leg.leg.distance?.value, 2)),
                JSONMember("device_timer_s", JSONValue.rounded(leg.leg.timerTime?.value, 1)),
              ])
            })))
    }
    members.append(JSONMember("warnings", .array(warnings.map { .string($0) })))
    return .object(members)
  }

  var table: String {
    var rows = [("file", "\(file) (\(format.rawValue))")]
    rows += SummaryTable.rows(summary)
    let because = choice.source == .guessed ? "guessed: " + choice.reason : choice.reason
    rows.insert(("activity from", because), at: min(2, rows.count))
    if !readerNotes.isEmpty {
      // What the reader counted, as the JSON's `reader` has it: what it read and what it
      // skipped alike (a row called "skipped" listed the sentences it used), counts of
      // nothing left out.
      let counted = readerNotes.filter { $0.value != .int(0) }
        .map { "\($0.key) \($0.value.serialized)" }.joined(separator: ", ")
      rows.append(("reader", counted.isEmpty ? "-" : counted))
    }
    rows += sensors.rows(onFoot: summary.activity.isOnFoot)
    if let deviceComparison { rows.append(("device", deviceComparison.line)) }
    for (index, leg) in legs.enumerated() {
      rows.append(("leg \(index + 1)", leg.part.line(units: leg.summary.units)))
    }
    return SummaryTable.text(rows) + SummaryTable.splits(summary)
  }
}

/// The summary as `analyze` and `sessions show` print it for people.
enum SummaryTable {
  static func rows(_ s: SessionSummary) -> [(String, String)] {
    let units = s.units
    var rows: [(String, String)] = [
      ("activity", s.activity.rawValue + (s.isRaw ? " (unfiltered)" : "")),
      (
        "distance",
        s.distanceSigma.map { DisplayFormat.distance(s.distance, sigma: $0, units: units) }
          ?? DisplayFormat.distance(s.distance, units: units)
      ),
      ("elapsed", DisplayFormat.clock(s.elapsed)),
      ("moving", DisplayFormat.clock(s.moving)),
    ]
    if let untimed = s.untimedDistance, untimed.value > 0 {
      rows.insert(
        (
          "without times",
          DisplayFormat.distance(untimed, units: units)
            + " of it, between points with no time: in no split, moving time or pace"
        ), at: 2)
    }
    if s.activity.prefersSpeed {
      rows.append(
        ("avg speed", s.averageSpeed.map { DisplayFormat.speed($0, units: units) } ?? "-"))
    } else {
      rows.append(
        (
          "avg pace",
          s.averagePace.map {
            DisplayFormat.pace(Pace($0), activity: s.activity, units: units)
          } ?? "-"
        ))
    }
    rows.append(
      (
        "calories",
        DisplayFormat.calories(s.calories) + DisplayFormat.caloriesSource(s.caloriesSource)
      ))
    rows.append(
      ("elevation gain", s.elevationGain.map { "\(Int(saturating: $0.value.rounded())) m" } ?? "-"))
    rows.append(
      (
        "points",
        "\(s.pointsIn) in, \(s.fixesWithPosition) with a position, \(s.pointsAccepted) accepted"
      ))
    let rejected = s.rejected.filter { $0.value > 0 }.sorted { $0.key < $1.key }
    rows.append(
      (
        "rejected",
        rejected.isEmpty
          ? "none" : rejected.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
      ))
    let paused = s.pauses.reduce(Seconds.zero) { $0 + $1.duration }
    rows.append(("pauses", "\(s.pauses.count) (\(DisplayFormat.clock(paused)) standing)"))
    return rows
  }

  /// Label and value lines, the values aligned in one column.
  static func text(_ rows: [(String, String)]) -> String {
    // Padded (or cut) to 16 characters in Swift: Foundation's `padding(toLength:)` bridges
    // through NSString, 7 % of analysing a 10-line log.
    rows.map { row in
      let label = row.0.count > 16 ? String(row.0.prefix(16)) : row.0
      return label + String(repeating: " ", count: 16 - label.count) + TerminalText.safe(row.1)
    }
    .joined(separator: "\n")
  }

  /// The splits as lines after the table, ending with a newline.
  static func splits(_ s: SessionSummary) -> String {
    // A ride reads in speed, as on the dashboard and in its summary line.
    func pace(of split: Split) -> String {
      guard let pace = split.shownPace else { return "-" }
      let speed = split.duration.value > 0 ? split.distance / split.duration : nil
      return DisplayFormat.paceOrSpeed(
        pace: pace, speed: speed, activity: s.activity, units: s.units)
    }
    // Padded, never cut (split 10,000 once read as 1000), in Swift: Foundation's
    // `padding(toLength:)` bridges through NSString, 2 % of analysing a 700-split log.
    func column(_ text: String, _ width: Int) -> String {
      let count = text.count
      return count < width ? text + String(repeating: " ", count: width - count) : text + " "
    }
    var text = ""
    if !s.splits.isEmpty {
      text += "\nsplits"
      for split in s.splits {
        let length = DisplayFormat.distance(split.distance, units: s.units)
        text +=
          "\n  \(column(String(split.index), 4))\(column(length, 12))"
          + "\(DisplayFormat.clock(split.duration))  \(pace(of: split))"
      }
    }
    return text + laps(s) + "\n"
  }

  /// The laps pressed, as lines after the splits (nothing when lap was never pressed):
  /// number, distance, moving time, pace or speed, and rest for a recovery lap.
  static func laps(_ s: SessionSummary) -> String {
    guard let laps = s.laps, !laps.isEmpty else { return "" }
    var text = "\nlaps"
    for lap in laps {
      let speed = lap.moving.value > 0 ? lap.distance / lap.moving : nil
      let pace = DisplayFormat.paceOrSpeed(
        pace: lap.pace, speed: speed, activity: s.activity, units: s.units)
      let length = DisplayFormat.distance(lap.distance, units: s.units)
      text +=
        "\n  \(String(lap.number).padding(toLength: 4, withPad: " ", startingAt: 0))"
        + "\(length.padding(toLength: 12, withPad: " ", startingAt: 0))"
        + "\(DisplayFormat.clock(lap.moving))  \(pace)"
        + (lap.intensity == .rest ? "  rest" : "")
    }
    return text
  }
}

/// Writes a line to standard error.
func printError(_ line: String) {
  Output.error(TerminalText.safe(line, keepingNewlines: true) + "\n")
}
