import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderSources
import StriderStore

extension ReplaySpeed: ExpressibleByArgument {
  /// The `--speed` value, or the reason it is refused (out of range, or not a speed at all)
  /// in the error ArgumentParser prints.
  static func option(_ text: String) throws -> ReplaySpeed {
    do {
      return try parse(text)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// The speed as `--speed` takes it ("30", "max"), for a command to paste.
  var argument: String {
    switch self {
    case .asFastAsPossible: "max"
    case .times(let n): n == n.rounded() && n < 1e15 ? String(Int(saturating: n)) : String(n)
    }
  }
}

/// `strider replay FILE`: a recording through the live pipeline, on the fix clock.
struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract:
      "Replay a GPS file through the live pipeline at real time, N× or as fast as possible.",
    discussion:
      "Gaps longer than a minute are shortened to a minute. With --headless each event is "
      + "printed as a JSON line and the last line is the summary, with the keys of analyze."
  )

  @Argument(
    help: ArgumentHelp(
      "A GPS file (\(FormatRegistry.readableTitles), gzipped or not; - reads standard input), "
        + "or a recorded session's ID."),
    completion: .file())
  var file: String

  @Option(
    parsing: .unconditional,
    help: "Replay speed: 1 (real time), 30, 1000, ..., or max (default: 1).",
    transform: ReplaySpeed.option)
  var speed: ReplaySpeed = .times(1)

  @Flag(help: "Print events as JSON lines instead of drawing the dashboard.")
  var headless = false

  @Flag(
    help: ArgumentHelp(
      "Announce at the finish the records the replay beats in your history (real sessions "
        + "only). A replay is not saved, so it says none without this."))
  var records = false

  /// The records the finish announces: none unless `--records` asks.
  private func recordsToBeat(_ configuration: SessionConfiguration) -> RecordsToBeat {
    records ? StoreAccess.recordsToBeat(activity: configuration.activity) : RecordsToBeat()
  }

  @OptionGroup var session: SessionOptions

  @OptionGroup var workout: WorkoutOptions

  @OptionGroup var display: DisplayOptions

  func validate() throws {
    try display.checkFigures(headless: headless)
  }

  mutating func run() throws {
    let stop = StopSignal()
    let plan = try workout.load()
    if let id = Int64(file), !FileManager.default.fileExists(atPath: file) {
      try replaySession(id, plan: plan, stop: stop)
      return
    }
    if headless {
      try replayStreamed(plan: plan, stop: stop)
      return
    }
    let track: RecordedTrack
    do {
      track = try RecordedTrack.load(file, activity: session.activity)
    } catch {
      throw CommandFailure(error.description)
    }
    if let warning = track.emptyWarning { printError(warning) }
    TimeWarnings.lines(track.timeWarnings, path: file).forEach(printError)
    let source = ReplaySource(fixes: track.fixes, name: file, speed: speed, clock: SystemClock())
    let configuration = try session.configuration(activity: track.activity, raw: false)
    try show(
      source, configuration: configuration, label: (file as NSString).lastPathComponent,
      kept: .replayOfFile(file), coach: try coach(plan, configuration), stop: stop)
  }

  /// A file replayed headless, read as it goes: a file of any size in the memory of the
  /// engine's track. An undeclared activity is guessed from the fixes `analyze` guesses it
  /// from (`ActivityChoice.guessingPrefix`), held until the guess; the warnings a file's times
  /// give, and an error partway through, come at the end, after the summary of what was
  /// replayed up to it.
  private func replayStreamed(plan: Workout?, stop: StopSignal) throws {
    // Before the reading, judging and relearning threads start.
    if speed == .asFastAsPossible { Allocator.shareHeaps() }
    let reader: PrefetchingFixReader
    var held: [Fix]
    let activity: Activity
    do {
      reader = PrefetchingFixReader(try FixFileReader.open(path: file))
      let guess = try reader.activity(asked: session.activity)
      (activity, held) = (guess.activity, guess.held)
    } catch {
      throw CommandFailure(error.description)
    }
    let configuration = try session.configuration(activity: activity, raw: false)
    let coach = try coach(plan, configuration)
    let replay = StreamedReplay(
      name: file, speed: speed, configuration: configuration, held: held,
      threads: speed == .asFastAsPossible && PrefetchingFixReader.isWorthAThread(path: file),
      reader: reader)
    held = []
    defer { replay.stop() }
    let summary = try HeadlessSession.run(
      source: &replay.source, configuration: configuration, file: file,
      format: reader.format.rawValue, coach: coach, recordsToBeat: recordsToBeat(configuration),
      relearnsAhead: replay.relearnsAhead, speak: HeadlessSession.speaks(display),
      figuresEvery: display.figuresInterval, stop: stop)
    replay.stop()
    if let failure = replay.source.failure {
      throw CommandFailure(failure.description)
    }
    if summary.pointsIn == 0 {
      printError(RecordedTrack.emptyWarning(path: file, format: reader.format))
    }
    TimeWarnings.lines(
      TimeWarnings.messages(reader: reader, untimed: TimeWarnings.isUntimed(summary)), path: file
    ).forEach(printError)
  }

  /// A session from the database, with the settings it was recorded with, so the replay
  /// ends with the numbers the session had.
  private func replaySession(_ id: Int64, plan: Workout?, stop: StopSignal) throws {
    let store = try StoreAccess.open()
    if headless {
      try replaySessionStreamed(id, store: store, plan: plan, stop: stop)
      return
    }
    let stored = try StoredReplay(store, id: id)
    let fixes = try stored.fixes(in: store)
    if fixes.isEmpty { printError("strider: warning: session \(id) has no fixes") }
    let source = ReplaySource(fixes: fixes, name: stored.name, speed: speed, clock: SystemClock())
    try show(
      source, configuration: stored.configuration, label: stored.name,
      kept: .replayOfSession(id), coach: try coach(plan, stored.configuration),
      replayingLaps: stored.laps, stop: stop)
  }

  /// A session replayed headless, its fixes read a page at a time (`SessionStore.fixes(of:
  /// after:limit:)`): a session of any length in the memory of the engine's track.
  private func replaySessionStreamed(
    _ id: Int64, store: SessionStore, plan: Workout?, stop: StopSignal
  ) throws {
    let stored = try StoredReplay(store, id: id)
    let (name, configuration, laps) = (stored.name, stored.configuration, stored.laps)
    let coach = try coach(plan, configuration)
    var pages = StoredFixPages(store: store, id: id)
    // As a file is replayed: at full speed the gate judges on a thread of its own while the
    // pages are read, and the engine's relearns are worked out ahead of it on another.
    if speed == .asFastAsPossible { Allocator.shareHeaps() }
    let replay = StreamedReplay(
      name: name, speed: speed, configuration: configuration, held: [],
      threads: speed == .asFastAsPossible
    ) { () throws(StoreError) -> ArraySlice<Fix>? in try pages.next() }
    defer { replay.stop() }
    let summary = try HeadlessSession.run(
      source: &replay.source, configuration: configuration, file: nil, format: "session",
      coach: coach, recordsToBeat: recordsToBeat(configuration), replayingLaps: laps,
      relearnsAhead: replay.relearnsAhead, speak: HeadlessSession.speaks(display),
      figuresEvery: display.figuresInterval, stop: stop)
    replay.stop()
    if let failure = replay.source.failure {
      throw CommandFailure(failure.description)
    }
    if summary.pointsIn == 0 { printError("strider: warning: session \(id) has no fixes") }
  }

  /// On the dashboard (headless replays are streamed), and how to replay it again after.
  private func show(
    _ source: ReplaySource<SystemClock>, configuration: SessionConfiguration, label: String,
    kept: QuitSummary.Kept, coach: WorkoutCoach?, replayingLaps: [LapMark] = [],
    stop: StopSignal
  ) throws {
    let summary = try TerminalSession.run(
      kind: .replay, source: source, configuration: configuration, sourceLabel: label,
      display: display, coach: coach, recordsToBeat: recordsToBeat(configuration),
      replayingLaps: replayingLaps, stop: stop)
    let again = "strider replay \(QuitSummary.shellWord(self.file)) --speed \(speed.argument)"
    try QuitSummary.print(summary, kept: kept, again: again)
  }

  /// The coach for `plan` in a session of `configuration` (a recorded session's own units
  /// and activity), with the config file's heart-rate zones.
  private func coach(_ plan: Workout?, _ configuration: SessionConfiguration) throws
    -> WorkoutCoach?
  {
    guard plan != nil else { return nil }
    return workout.coach(plan, configuration: configuration, settings: try session.settings())
  }
}
