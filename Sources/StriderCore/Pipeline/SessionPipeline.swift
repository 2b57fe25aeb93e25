/// The one driver of the engine: every use case (recording, replay, the demo, import,
/// analyze, a stored session measured again, `run --auto`, the accuracy tool, the workout
/// simulation) builds its `SessionEngine` here, with what it asks of it said once in
/// `Options`, feeds it fixes through the gate (`GateStage`) and the gate's decisions into
/// the engine's one way in (`SessionEngine.take`), and finishes it here, where the laps a
/// session recorded are measured on its finished track by the one rule (`Lap.laps`),
/// whether the track is kept or handed out as it is made.
///
/// The pipeline holds no thread: a caller that judges fixes elsewhere (a `GateStage` on a
/// thread of its own) hands in the judged batches and gives the stage back, and the
/// finish's pieces run on the `Parallelism` it is given.
public struct SessionPipeline: Sendable {
  /// What a use case asks of the engine (`SessionEngine.init` says what each does).
  public struct Options: Sendable {
    /// Keep the finished track (exports, stops and moves, the history derive from it).
    public var keepsFinishedTrack = false
    /// Re-measure the live distance as the finish will, so what is shown live is what the
    /// summary says; off where nobody watches the live figures.
    public var correctsLiveDistance = true
    /// Run the live pipeline (filter, auto-pause, live figures, cues) where the finish
    /// smooths the track anyway; off for a caller that reads only the finished figures.
    public var followsLive = true
    /// Build a `.judged` and a `.point` event for every fix (the dashboard's map draws
    /// them).
    public var reportsEachFix = true
    /// Build the events of each fix at all: off for a caller that reads only the figures
    /// and the summary (cues still reach it); the finish's events are built either way.
    public var readsEvents = true
    /// Keep each whole split as it was told (a session someone watched or heard).
    public var keepsToldSplits = false
    /// The session follows a workout: its finish cue says "Workout complete."
    public var followsWorkout = false
    /// The history's records, for the finish's new-best cues.
    public var recordsToBeat = RecordsToBeat()
    /// Relearns worked out ahead of the engine, on a thread an edge owns.
    package var relearnsAhead: (any RelearnSupply)?
    /// Where a long session's accepted fixes may leave memory (`TrackStorage`); in memory
    /// where none is given.
    public var trackStorage: (any TrackStorage)?

    public init(
      keepsFinishedTrack: Bool = false, correctsLiveDistance: Bool = true,
      followsLive: Bool = true, reportsEachFix: Bool = true, readsEvents: Bool = true,
      keepsToldSplits: Bool = false, followsWorkout: Bool = false,
      recordsToBeat: RecordsToBeat = RecordsToBeat(), trackStorage: (any TrackStorage)? = nil
    ) {
      self.keepsFinishedTrack = keepsFinishedTrack
      self.correctsLiveDistance = correctsLiveDistance
      self.followsLive = followsLive
      self.reportsEachFix = reportsEachFix
      self.readsEvents = readsEvents
      self.keepsToldSplits = keepsToldSplits
      self.followsWorkout = followsWorkout
      self.recordsToBeat = recordsToBeat
      self.trackStorage = trackStorage
    }

    /// A file or a list of fixes summed up, with no one watching: no live correction, no
    /// events built.
    public static let analysis = Options(
      correctsLiveDistance: false, reportsEachFix: false, readsEvents: false)
  }

  public let options: Options
  /// The engine, for its figures; only the pipeline feeds it.
  public private(set) var engine: SessionEngine
  /// The gate the fixes pass first, unless a caller judged them ahead (`takeBackGate`).
  private var gate: GateStage
  /// Reused from fix to fix, so that feeding one allocates nothing.
  private var decisions: [GateDecision] = []
  private var events: [SessionEvent] = []
  private let parallelism: any Parallelism

  public init(
    configuration: SessionConfiguration, options: Options = Options(),
    parallelism: any Parallelism = OneAtATime()
  ) {
    self.options = options
    self.parallelism = parallelism
    engine = SessionEngine(configuration: configuration, options: options, parallelism: parallelism)
    gate = GateStage(configuration: configuration)
  }

  /// The pipeline as it was built, with nothing fed: a session that starts over.
  public func restarted(relearnsAhead: Bool = false) -> SessionPipeline {
    var options = options
    if !relearnsAhead { options.relearnsAhead = nil }
    return SessionPipeline(
      configuration: engine.configuration, options: options, parallelism: parallelism)
  }

  public var configuration: SessionConfiguration { engine.configuration }

  // MARK: The ways in

  /// One fix as it arrived, judged by the pipeline's gate; what happened is appended to
  /// `events` (nothing, where `Options.readsEvents` is off).
  public mutating func ingest(_ fix: Fix, into events: inout [SessionEvent]) {
    decisions.removeAll(keepingCapacity: true)
    gate.judge(fix, into: &decisions)
    engine.take(
      decisions[...], fixes: 1, withPosition: fix.coordinate?.isValid == true ? 1 : 0,
      into: &events)
  }

  /// One fix as it arrived; returns what happened because of it.
  public mutating func ingest(_ fix: Fix) -> [SessionEvent] {
    var taken = events
    events = []
    taken.removeAll(keepingCapacity: true)
    ingest(fix, into: &taken)
    events = taken
    return taken
  }

  /// One fix a `GateStage` judged ahead, with the decisions judging it made
  /// (`JudgedBatch.decisions(of:)`); what happened is appended to `events`.
  public mutating func ingest(
    judged decisions: ArraySlice<GateDecision>, of fix: Fix, into events: inout [SessionEvent]
  ) {
    engine.take(
      decisions, fixes: 1, withPosition: fix.coordinate?.isValid == true ? 1 : 0,
      into: &events)
  }

  /// A whole batch a `GateStage` judged ahead; what happened is appended to `events`.
  public mutating func ingest(judged batch: JudgedBatch, into events: inout [SessionEvent]) {
    engine.take(
      batch.decisions[...], fixes: batch.fixes.count, withPosition: batch.withPosition,
      into: &events)
  }

  /// The stage that judged the fixes ahead comes back before the finish, and judges what
  /// comes after; `after`, the fixes of a batch taken from a stage as it was before it
  /// judged them, which it then judges again to be where the pipeline is.
  public mutating func takeBackGate(_ stage: GateStage, after fixes: ArraySlice<Fix> = []) {
    gate = stage
    for fix in fixes {
      decisions.removeAll(keepingCapacity: true)
      gate.judge(fix, into: &decisions)
    }
  }

  // MARK: What a live session does beside its fixes

  /// Lap was pressed (`SessionEngine.noteLap`); the finished track is kept from now on, to
  /// measure the summary's laps.
  public mutating func noteLap(_ lap: Lap, at time: GNSSTime, speaks: Bool = true) -> Cue? {
    engine.keepFinishedTrack()
    return engine.noteLap(lap, at: time, speaks: speaks)
  }

  /// The source was lost (`SessionEngine.noteSourceLost`).
  public mutating func noteSourceLost(into events: inout [SessionEvent]) {
    guard engine.announcesSourceLoss else { return }
    engine.noteSourceLost(after: gate.judgeHeld(), into: &events)
  }

  // MARK: The finish

  /// Ends the session: the last events and the summary, its laps (`laps`: the presses or
  /// the file's laps) measured on the finished track. Without a finished track (a raw
  /// session) or a mark, the summary has no laps.
  public mutating func finish(laps: RecordedLaps? = nil) -> (
    events: [SessionEvent], summary: SessionSummary
  ) {
    var (events, summary) = engine.finish(after: gate.judgeHeld())
    if let laps {
      let track = engine.finishedTrack
      summary.laps = Lap.laps(
        of: summary, marks: laps.marks, last: laps.last,
        distance: track.isEmpty ? nil : { track.distance(at: $0) })
    }
    return (events, summary)
  }

  /// Ends the session as `finish(laps:)` does, handing each point of the finished track to
  /// `handOut` as it is made instead of keeping it (an import writes the track as it
  /// comes); the laps are measured on the times and distances handed out (20 bytes a
  /// point, kept only where there are laps to measure).
  public mutating func finish(
    laps: RecordedLaps? = nil, handingOut handOut: (FinishedTrack.Point) -> Void
  ) -> (events: [SessionEvent], summary: SessionSummary) {
    var odometer = FinishedTrack.Odometer()
    // Without a mark there is one lap, which the summary does not list (`Lap.laps`).
    let measures = !(laps?.marks.isEmpty ?? true)
    var (events, summary) = engine.finish(after: gate.judgeHeld()) { point in
      if measures {
        odometer.append(time: point.time, distance: point.distance, segment: point.segment)
      }
      handOut(point)
    }
    if let laps {
      summary.laps = Lap.laps(
        of: summary, marks: laps.marks, last: laps.last,
        distance: odometer.isEmpty ? nil : { odometer.distance(at: $0) })
    }
    return (events, summary)
  }
}
