/// Runs the engine over recorded fixes with the settings they were recorded with: the same
/// numbers the live session showed, or, for an interrupted one, the numbers of what was
/// recorded; and the same record for a file imported. The laps pressed while recording
/// (`laps`) are measured on the finished track into the summary's laps. A session someone
/// watched or heard as it went (`keepsToldSplits`) keeps its splits as they were told, as
/// its live engine did (`SessionEngine.keepsToldSplits`).
public enum SessionRecorder {
  public static func record(
    fixes: [Fix], configuration: SessionConfiguration, laps: [LapMark] = [],
    keepsToldSplits: Bool = false, parallelism: any Parallelism = OneAtATime()
  ) -> SessionRecord {
    var pipeline = SessionPipeline(
      configuration: configuration,
      options: SessionPipeline.Options(keepsFinishedTrack: true, keepsToldSplits: keepsToldSplits),
      parallelism: parallelism)
    // The gate releases verdicts in time order, not arrival order: each fix goes in
    // stamped with its place so its verdict finds its way back (the engine ignores origins).
    var verdicts = [Verdict](repeating: .accepted, count: fixes.count)
    var track: [TrackPoint] = []
    var events: [SessionEvent] = []
    func take(_ event: SessionEvent) {
      switch event {
      case .judged(let j):
        if verdicts.indices.contains(j.fix.origin.index) {
          verdicts[j.fix.origin.index] = j.verdict
        }
      case .point(let p, _): track.append(p)
      default: events.append(event)
      }
    }
    for (seq, fix) in fixes.enumerated() {
      var stamped = fix
      stamped.origin = FixOrigin(index: seq)
      pipeline.ingest(stamped).forEach(take)
    }
    // A recording keeps a mark at its end with the last lap's intensity; without one
    // (interrupted), the last lap is active.
    let (tail, summary) = pipeline.finish(laps: RecordedLaps(marks: laps, last: .active))
    tail.forEach(take)
    let judged = zip(fixes, verdicts).map { JudgedFix(fix: $0, verdict: $1) }
    return SessionRecord(
      activity: configuration.activity, origin: .imported, fixes: judged, track: track,
      events: events, summary: summary, finishedTrack: pipeline.engine.finishedTrack)
  }
}
