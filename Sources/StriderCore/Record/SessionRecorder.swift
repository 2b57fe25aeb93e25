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
    var taken = RecordedEvents(fixCount: fixes.count)
    for (seq, fix) in fixes.enumerated() {
      var stamped = fix
      stamped.origin = FixOrigin(index: seq)
      for event in pipeline.ingest(stamped) { taken.take(event) }
    }
    // A recording keeps a mark at its end with the last lap's intensity; without one
    // (interrupted), the last lap is active.
    let (tail, summary) = pipeline.finish(laps: RecordedLaps(marks: laps, last: .active))
    for event in tail { taken.take(event) }
    let judged = zip(fixes, taken.verdicts).map { JudgedFix(fix: $0, verdict: $1) }
    return SessionRecord(
      activity: configuration.activity, origin: .imported, fixes: judged, track: taken.track,
      events: taken.events, summary: summary, finishedTrack: pipeline.engine.finishedTrack)
  }
}

/// What a pipeline's events make of a session measured from its fixes, each fix stamped
/// with its place (`FixOrigin.index`): every fix's verdict at its place (accepted until the
/// gate says otherwise), the live track's points and the other events, in order.
public struct RecordedEvents: Sendable {
  public private(set) var verdicts: [Verdict]
  /// The live track's points taken so far (a caller writing them in batches empties it).
  public var track: [TrackPoint] = []
  public private(set) var events: [SessionEvent] = []

  public init(fixCount: Int = 0) {
    verdicts = [Verdict](repeating: .accepted, count: fixCount)
  }

  /// One more fix, whose verdict is `.accepted` until the gate judges it.
  public mutating func addFix() { verdicts.append(.accepted) }

  public mutating func take(_ event: SessionEvent) {
    switch event {
    case .judged(let j):
      if verdicts.indices.contains(j.fix.origin.index) { verdicts[j.fix.origin.index] = j.verdict }
    case .point(let p, _): track.append(p)
    default: events.append(event)
    }
  }
}
