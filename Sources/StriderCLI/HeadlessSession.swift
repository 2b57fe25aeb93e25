import Foundation
import StriderApp
import StriderConcurrency
import StriderCore
import StriderSources

/// `--headless`: `HeadlessLoop` with each event printed as a JSON line (a turn's lines
/// written together, `TurnLines`), and the summary line at the end; with `--speak` (or
/// `speak = true` in config.toml) the cues and the coach's words are also spoken, through
/// the dashboard's queue (`CueSpeaker`), and the last of them (the finish) is waited for,
/// at most `drainLimit`.
///
/// When standard output refuses a line (a full disk, a reader that closed the pipe) the
/// session ends there as if stopped: it is finished, so a recording keeps its summary, and
/// the error is thrown for the command to report once the recording is committed.
enum HeadlessSession {
  static func run(
    source: inout some FixSource, configuration: SessionConfiguration, file: String?,
    format: String?, coach: WorkoutCoach? = nil, recordsToBeat: RecordsToBeat = RecordsToBeat(),
    replayingLaps: [LapMark] = [], relearnsAhead: RelearnsAhead? = nil, speak: Bool = false,
    figuresEvery: Seconds? = nil, stop: StopSignal
  ) throws(OutputError) -> SessionSummary {
    let name = source.name
    // Lap lines come on standard input, unless standard input is the file replayed.
    let laps = LapSignal(readsStandardInput: !(file.map(LapSignal.isStandardInput) ?? false))
    let speaker = speak ? CueSpeaker(path: ProcessEnvironment.variables["PATH"]) : nil
    if speak, speaker == nil { printError("strider: warning: " + CueSpeaker.unavailableMessage) }
    var lines = TurnLines()
    let summary = try HeadlessLoop.run(
      source: &source, configuration: configuration, coach: coach,
      recordsToBeat: recordsToBeat,
      replayingLaps: replayingLaps, relearnsAhead: relearnsAhead, figuresEvery: figuresEvery,
      isStopped: { stop.isRaised },
      lapPresses: { laps.take() },
      eachTurn: { speaker?.tick() }, flush: { () throws(OutputError) in try lines.write() }
    ) { (event) throws(OutputError) in
      if let speaker { say(event, with: speaker) }
      try lines.add(event, source: name)
    }
    try lines.add(HeadlessEvents.summary(summary, file: file, format: format))
    try lines.write()
    speaker?.drain(within: drainLimit, isStopped: { stop.isRaised })
    return summary
  }

  /// How long the end waits for the last sentences (the finish, new records) to be said.
  static let drainLimit = 20.0

  /// Whether `--speak` or config.toml's `speak` asks for speech.
  static func speaks(_ display: DisplayOptions) -> Bool {
    display.speak || ((try? ConfigFile.settings())?.speak ?? false)
  }

  /// Queues what an event says: a session's cue or the coach's words.
  private static func say(_ event: RunnerEvent, with speaker: CueSpeaker) {
    switch event {
    case .session(.cue(let cue)): speaker.say(SpokenCue(cue))
    case .coach(.cue(let cue)): speaker.say(SpokenCue(cue))
    default: break
    }
  }

  /// One line straight to stdout, unbuffered, so a reader sees it at once.
  static func writeLine(_ line: String) throws(OutputError) {
    try Output.standard(line + "\n")
  }
}
