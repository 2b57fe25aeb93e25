import Foundation
import StriderConcurrency
import StriderCore
import StriderFormats
import StriderRender
import StriderSources
import StriderStore

/// What `analyze` makes of one file: its report, with the warnings said as they come.
///
/// The file is streamed through the engine without holding its fixes, so an archive of any
/// size is analysed in the memory of its finished track; a file of 256 KiB or more is
/// parsed on a second thread and gated on a third (`JudgedFeed`) while the engine works. A
/// file that does not say its activity (and none was asked for) has it guessed from the
/// speed of its first `ActivityChoice.guessingPrefix` fixes, held until the guess is made:
/// the whole file, for all but the longest archives, so the guess is the one a second pass
/// would make, without parsing the file twice.
public struct FileAnalysis {
  /// The activity asked for (`--activity`); nil: the file's, else guessed.
  public var activity: Activity?
  /// The raw length of every fix with a position (`--no-filter`).
  public var noFilter = false
  /// Whether the engine runs its live pipeline too; nil: only where the input cannot be
  /// read again should the finish need it (a pipe), since the figures alone are the same
  /// (`SessionPipeline.Options.followsLive`). `--live` asks for it, to say what a live
  /// session would have.
  public var followsLive: Bool?
  /// The settings in force, which give the engine its configuration.
  public var settings: UserSettings
  /// Says a warning (a whole line, `strider: warning: ...`) as it is found.
  public var warn: (String) -> Void
  /// No progress line (`ProgressLine`), even on a terminal.
  public var quiet = true

  public init(
    activity: Activity? = nil, noFilter: Bool = false, followsLive: Bool? = nil,
    quiet: Bool = true, settings: UserSettings, warn: @escaping (String) -> Void
  ) {
    self.activity = activity
    self.noFilter = noFilter
    self.followsLive = followsLive
    self.quiet = quiet
    self.settings = settings
    self.warn = warn
  }

  /// The report of the file at `path` (`-` or a pipe is read once, as it comes).
  public func analyze(_ path: String) throws(FormatError) -> AnalysisReport {
    try analyze(path, followsLive: followsLive ?? !Self.isRegularFile(path))
  }

  private func analyze(_ path: String, followsLive: Bool) throws(FormatError) -> AnalysisReport {
    let parallel = PrefetchingFixReader.isWorthAThread(path: path)
    let read = ReadProgress()
    let reader = PrefetchingFixReader(
      try FixFileReader.open(path: path, progress: read), parallel: parallel)
    let line = ProgressLine(
      "analysing \((path as NSString).lastPathComponent)", .reading(read), quiet: quiet)
    defer { line.finish() }
    var choice = try reader.activity(asked: activity)
    let configuration = settings.sessionConfiguration(activity: choice.activity, raw: noFilter)
    var pipeline = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(
        correctsLiveDistance: followsLive, followsLive: followsLive, readsEvents: false,
        trackStorage: ScratchFile.shared),
      parallelism: Threads())
    // The gate judges on a thread of its own, beside the parsing and the engine, where the
    // file is big enough to pay for one.
    let feed = JudgedFeed(
      reader: reader, held: choice.held, stage: GateStage(configuration: configuration),
      onThread: parallel)
    // The feed lets the fixes read for the guess (up to 7 MB) go once they are judged; the
    // report needs only the choice.
    choice.held = []
    var none: [SessionEvent] = []
    while let batch = try feed.next() {
      line.advance(by: batch.fixes.count)
      pipeline.ingest(judged: batch, into: &none)
    }
    if let gate = feed.gate { pipeline.takeBackGate(gate) }
    let summary = pipeline.finish().summary
    line.finish()
    if pipeline.engine.pointsIn == 0 {
      warn(RecordedTrack.emptyWarning(path: path, format: reader.format))
    }
    // A step the engine could not measure without its live pipeline (`needsLivePass`):
    // the file again, with it; rare enough (times that begin late) that reading twice
    // costs nothing on the files that matter.
    if pipeline.engine.needsLivePass { return try analyze(path, followsLive: true) }
    if pipeline.engine.pointsIn > 0, summary.pointsAccepted == 0 {
      warn(
        "strider: warning: \(path): no fix with a position was accepted "
          + "(\(pipeline.engine.pointsIn) records): a receiver that never got a fix?")
    }
    var warnings = TimeWarnings.messages(reader: reader, untimed: TimeWarnings.isUntimed(summary))
    let repeated = summary.rejected[.duplicate] ?? 0
    if !noFilter, repeated >= 10, 2 * repeated >= summary.fixesWithPosition {
      // Times that do not move (a logger that stamps every point alike): the gate keeps one
      // fix a time. Say so, and what the raw length is, read again (only in this case).
      let raw = try Self.rawDistance(path, configuration: configuration)
      warnings.append(
        "\(repeated) of \(summary.fixesWithPosition) fixes repeat an earlier fix's time "
          + "(duplicate), so they add no distance; --no-filter sums every step: "
          + DisplayFormat.distance(raw, units: configuration.units))
    }
    TimeWarnings.lines(warnings, path: path).forEach(warn)
    let device = reader.deviceTotals
    var legs: [LegReport] = []
    if let device, device.legs.count > 1 {
      legs = try Self.legs(of: path, device.legs) { leg in
        settings.sessionConfiguration(
          activity: leg.activity ?? configuration.activity, raw: noFilter)
      }
    }
    return AnalysisReport(
      file: path, format: reader.format,
      summary: device.map { DeviceComparison(device: $0, summary: summary) }?
        .summaryTakingDeviceCalories ?? summary,
      choice: choice, readerNotes: reader.notes, warnings: warnings, device: device, legs: legs,
      sensors: feed.sensors)
  }

  /// Whether `path` names a regular file, which can be read again.
  public static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}

extension FileAnalysis {
  /// Each part of a multisport file measured on its own, with its own activity: the
  /// file read again (the device writes its parts' summaries at the end), each fix given
  /// to the part whose start it is at or after (fixes before the first start, to the
  /// first part). A part Strider has no activity for (a transition) is measured as the
  /// file's.
  public static func legs(
    of path: String, _ legs: [DeviceLeg],
    configuration: (DeviceLeg) -> SessionConfiguration
  ) throws(FormatError) -> [LegReport] {
    let starts = legs.map { $0.start }
    guard starts.allSatisfy({ $0 != nil }) else { return [] }
    var pipelines = legs.map {
      SessionPipeline(
        configuration: configuration($0),
        options: SessionPipeline.Options(
          correctsLiveDistance: false, readsEvents: false, trackStorage: ScratchFile.shared),
        parallelism: Threads())
    }
    var none: [SessionEvent] = []
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
      pipelines[current].ingest(fix, into: &none)
    }
    return legs.indices.map { LegReport(leg: legs[$0], summary: pipelines[$0].finish().summary) }
  }

  /// The raw length of a file, as `--no-filter` gives it.
  public static func rawDistance(_ path: String, configuration: SessionConfiguration)
    throws(FormatError)
    -> Meters
  {
    var reader = try FixFileReader.open(path: path)
    let raw = SessionConfiguration.raw(
      activity: configuration.activity, weight: configuration.weight,
      units: configuration.units, elevation: configuration.elevation)
    var pipeline = SessionPipeline(
      configuration: raw,
      options: SessionPipeline.Options(correctsLiveDistance: false, readsEvents: false))
    var none: [SessionEvent] = []
    while let fix = try reader.next() { pipeline.ingest(fix, into: &none) }
    return pipeline.finish().summary.distance
  }
}
