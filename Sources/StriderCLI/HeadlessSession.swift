import StriderApp
import StriderCore
import StriderSources

/// `--headless`: `HeadlessLoop` with each event printed as a JSON line, and the summary
/// line at the end.
///
/// When standard output refuses a line (a full disk, a reader that closed the pipe) the
/// session ends there as if stopped: it is finished, so a recording keeps its summary, and
/// the error is thrown for the command to report once the recording is committed.
enum HeadlessSession {
  static func run(
    source: inout some FixSource, configuration: SessionConfiguration, file: String?,
    format: String?, coach: WorkoutCoach? = nil, replayingLaps: [LapMark] = [],
    stop: StopSignal
  ) throws(OutputError) -> SessionSummary {
    let name = source.name
    let laps = LapSignal(readsStandardInput: true)
    let summary = try HeadlessLoop.run(
      source: &source, configuration: configuration, coach: coach,
      recordsToBeat: StoreAccess.recordsToBeat(activity: configuration.activity),
      replayingLaps: replayingLaps, isStopped: { stop.isRaised }, lapPresses: { laps.take() }
    ) { (event) throws(OutputError) in try emit(event, source: name) }
    try writeLine(HeadlessEvents.summary(summary, file: file, format: format).serialized)
    return summary
  }

  static func emit(_ event: RunnerEvent, source: String) throws(OutputError) {
    if let json = HeadlessEvents.json(event, source: source) { try writeLine(json.serialized) }
  }

  /// One line straight to stdout, unbuffered, so a reader sees each event as it happens.
  static func writeLine(_ line: String) throws(OutputError) {
    try Output.standard(line + "\n")
  }
}
