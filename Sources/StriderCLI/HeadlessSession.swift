import Foundation
import StriderApp
import StriderConcurrency
import StriderCore
import StriderSources

/// `--headless` in this process: `HeadlessRun` with the laps pressed from outside (a line
/// `lap` on standard input, SIGUSR1) and, with `--speak` (or `speak = true` in config.toml),
/// the cues and the coach's words spoken through the dashboard's queue (`CueSpeaker`), the
/// last of them (the finish) waited for, at most `drainLimit`.
enum HeadlessSession {
  static func run(
    source: inout some FixSource, configuration: SessionConfiguration, file: String?,
    format: String?, coach: WorkoutCoach? = nil, recordsToBeat: RecordsToBeat = RecordsToBeat(),
    replayingLaps: [LapMark] = [], relearnsAhead: RelearnsAhead? = nil, speak: Bool = false,
    figuresEvery: Seconds? = nil, stop: StopSignal
  ) throws(OutputError) -> SessionSummary {
    // Lap lines come on standard input, unless standard input is the file replayed.
    let laps = LapSignal(readsStandardInput: !(file.map(LapSignal.isStandardInput) ?? false))
    let speaker = speak ? CueSpeaker(path: ProcessEnvironment.variables["PATH"]) : nil
    if speak, speaker == nil { printError("strider: warning: " + CueSpeaker.unavailableMessage) }
    let summary = try HeadlessRun.run(
      source: &source, configuration: configuration, file: file, format: format, coach: coach,
      recordsToBeat: recordsToBeat, replayingLaps: replayingLaps, relearnsAhead: relearnsAhead,
      announcer: speaker, figuresEvery: figuresEvery, lapPresses: { laps.take() },
      isStopped: { stop.isRaised })
    speaker?.drain(within: drainLimit, isStopped: { stop.isRaised })
    return summary
  }

  /// How long the end waits for the last sentences (the finish, new records) to be said.
  static let drainLimit = 20.0

  /// Whether `--speak` or config.toml's `speak` asks for speech.
  static func speaks(_ display: DisplayOptions) -> Bool {
    display.speak || ((try? ConfigFile.settings())?.speak ?? false)
  }
}
