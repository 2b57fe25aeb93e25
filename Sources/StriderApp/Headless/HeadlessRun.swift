import StriderConcurrency
import StriderCore
import StriderSources

/// `--headless`: `HeadlessLoop` with each event printed as a JSON line on standard output
/// (a turn's lines written together, `TurnLines`) and the summary line at the end; the cues
/// and the coach's words also go to `announcer`, where one speaks them.
///
/// When standard output refuses a line (a full disk, a reader that closed the pipe) the
/// session ends there as if stopped: it is finished, so a recording keeps its summary, and
/// the error is thrown for the command to report once the recording is committed.
public enum HeadlessRun {
  /// - Parameters:
  ///   - file: the file replayed, as the summary line names it; nil for a live source.
  ///   - format: the source's format, as the summary line names it.
  ///   - lapPresses: asked once a turn how many laps were pressed from outside.
  public static func run(
    source: inout some FixSource, configuration: SessionConfiguration, file: String?,
    format: String?, coach: WorkoutCoach? = nil, recordsToBeat: RecordsToBeat = RecordsToBeat(),
    replayingLaps: [LapMark] = [], relearnsAhead: RelearnsAhead? = nil,
    announcer: (any CueAnnouncer)? = nil, figuresEvery: Seconds? = nil,
    lapPresses: () -> Int = { 0 }, isStopped: () -> Bool
  ) throws(OutputError) -> SessionSummary {
    let name = source.name
    var announcer = announcer
    var lines = TurnLines()
    let summary = try HeadlessLoop.run(
      source: &source, configuration: configuration, coach: coach,
      recordsToBeat: recordsToBeat,
      replayingLaps: replayingLaps, relearnsAhead: relearnsAhead, figuresEvery: figuresEvery,
      isStopped: isStopped, lapPresses: lapPresses,
      eachTurn: { announcer?.tick() }, flush: { () throws(OutputError) in try lines.write() }
    ) { (event) throws(OutputError) in
      if let cue = spoken(event) { announcer?.say(cue) }
      try lines.add(event, source: name)
    }
    try lines.add(HeadlessEvents.summary(summary, file: file, format: format))
    try lines.write()
    return summary
  }

  /// What an event says aloud: a session's cue or the coach's words.
  static func spoken(_ event: RunnerEvent) -> SpokenCue? {
    switch event {
    case .session(.cue(let cue)): SpokenCue(cue)
    case .coach(.cue(let cue)): SpokenCue(cue)
    default: nil
    }
  }
}
