import Foundation
import StriderApp
import StriderCore
import StriderSources

/// `--headless`: `HeadlessLoop` with each event printed as a JSON line, and the summary
/// line at the end; with `--speak` (or `speak = true` in config.toml) the cues and the
/// coach's words are also spoken, through the dashboard's queue (`CueSpeaker`), and the
/// last of them (the finish) is waited for, at most `drainLimit`.
///
/// When standard output refuses a line (a full disk, a reader that closed the pipe) the
/// session ends there as if stopped: it is finished, so a recording keeps its summary, and
/// the error is thrown for the command to report once the recording is committed.
enum HeadlessSession {
  static func run(
    source: inout some FixSource, configuration: SessionConfiguration, file: String?,
    format: String?, coach: WorkoutCoach? = nil, replayingLaps: [LapMark] = [],
    speak: Bool = false, stop: StopSignal
  ) throws(OutputError) -> SessionSummary {
    let name = source.name
    let laps = LapSignal(readsStandardInput: true)
    let speaker = speak ? CueSpeaker(path: ProcessInfo.processInfo.environment["PATH"]) : nil
    if speak, speaker == nil { printError("strider: warning: " + CueSpeaker.unavailableMessage) }
    let summary = try HeadlessLoop.run(
      source: &source, configuration: configuration, coach: coach,
      recordsToBeat: StoreAccess.recordsToBeat(activity: configuration.activity),
      replayingLaps: replayingLaps, isStopped: { stop.isRaised }, lapPresses: { laps.take() },
      eachTurn: { speaker?.tick() }
    ) { (event) throws(OutputError) in
      if let speaker { say(event, with: speaker) }
      try emit(event, source: name)
    }
    try writeLine(HeadlessEvents.summary(summary, file: file, format: format).serialized)
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

  static func emit(_ event: RunnerEvent, source: String) throws(OutputError) {
    if let json = HeadlessEvents.json(event, source: source) { try writeLine(json.serialized) }
  }

  /// One line straight to stdout, unbuffered, so a reader sees each event as it happens.
  static func writeLine(_ line: String) throws(OutputError) {
    try Output.standard(line + "\n")
  }
}
