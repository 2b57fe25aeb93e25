/// The figures of one session from the gate's decisions: smoother, auto-pause, metrics
/// and cues.
///
/// The same engine runs live, replayed, simulated and in batch analysis, so all four give
/// the same numbers for the same fixes. It is a value: fed the gate's decisions in arrival
/// order with `take`, its one way in, read through `snapshot` for the live figures, and finished once at the end for
/// the summary of the finished track (smoothed forward and backward, stops cut out from
/// where they began rather than from when auto-pause noticed them). Only `SessionPipeline`
/// builds and feeds one: outside this module the engine is read, never driven.
public struct SessionEngine: Sendable {
  public let configuration: SessionConfiguration
  /// What the use case asked of it, as built (`SessionPipeline.Options`).
  private let options: SessionPipeline.Options
  private var filter: LiveDriftFilter?
  /// What each fix the live filter has not settled yet will count for once it is settled:
  /// the live distance is measured along settled positions (`LiveDriftFilter.settled`).
  private var settling: [SettlingStep] = []
  private var settlingHead = 0
  /// The time of the last settled fix: the live distance's own clock, a few fixes behind
  /// the newest (`settledDistance`).
  private var settledTime: GNSSTime?
  /// The moving time shown (`leadingSnapshot`): the settled clock followed without ever
  /// running back (`followLeadingFigures`), and the clock it followed when last moved on.
  private var shownMoving: (shown: Double, target: Double)?
  /// The split under way as shown: the split marks the distance shown has passed, the
  /// moving time shown when it passed the last, and the distance and moving time shown
  /// after the last step (`followLeadingFigures`).
  private var shownSplit = ShownSplit()
  private var autoPause: AutoPause
  private var metrics: MetricsAccumulator
  private var cueScheduler: CueScheduler

  public private(set) var pointsIn = 0
  public private(set) var fixesWithPosition = 0
  public private(set) var pointsAccepted = 0
  public private(set) var rejected: [RejectionReason: Int] = [:]
  /// Verdicts that accepted a fix (one with no position counts here, not in
  /// `pointsAccepted`), and the newest time among those fixes: what a caller that asked
  /// for no `.judged` events tallies instead (`reportsEachFix`).
  public private(set) var verdictsAccepted = 0
  public private(set) var newestAcceptedFixTime: GNSSTime?
  public private(set) var cues: [Cue] = []
  /// The live filtered track so far (the fix as it came, in an engine that does not
  /// follow live).
  public private(set) var lastPoint: TrackPoint?

  private var lastAcceptedTime: GNSSTime?
  private var signalLostAnnounced = false
  /// When a signal loss still open was announced from no-fix records: the session ends no
  /// earlier than that.
  private var signalLostAt: GNSSTime?
  /// The pauses announced live.
  private var livePauses: [PauseInterval] = []
  /// Every stop the live figures counted, announced or not (`pauseAnnouncementHold`).
  private var liveStops: [PauseInterval] = []
  /// A ride's power meter's work, which stands in for its speed's calories where it
  /// covered the ride (`PowerEnergy`); the same sum live and finished.
  private var powerEnergy = PowerEnergy()
  /// The heart rate's energy, where the configuration knows the person (`HeartRateEnergy`).
  private var heartRateEnergy: HeartRateEnergy?
  private var pausedSince: GNSSTime?
  /// From when the stop in force may be announced, while it is not yet: when it was found,
  /// or `pauseAnnouncementHold` later.
  private var pauseAnnouncedFrom: GNSSTime?
  /// When the last announced pause ended: a stop found soon after waits to be announced.
  private var lastResumedAt: GNSSTime?
  /// Whether the stop in force was announced (its `paused` event and cue are out).
  private var pauseAnnounced = false
  private var untimedDistance = 0.0
  /// Every step passed to metrics, moving or not: the raw length for `--no-filter`.
  private var rawDistance = 0.0
  private var firstAccepted: TrackEndpoint?
  private var lastAccepted: TrackEndpoint?
  /// False while fixes are taken for a caller that reads no events
  /// (`SessionPipeline.Options.readsEvents`); the finish builds its events always.
  private var collectsEvents: Bool
  /// Whether each fix's `.judged` and `.point` events are built (see `init`).
  private let reportsEachFix: Bool
  /// Accepted fixes for the finishing pass; kept only when that pass smooths the track.
  private var track: ChunkedArray<FinishingPass.Entry>
  private let keepsTrack: Bool
  private var firstTimedTime: GNSSTime?
  private var finished: SessionSummary?
  /// Whether `finish` hands out the finished track (a recording keeps it; `analyze` does
  /// not need it and saves the memory).
  private var keepsFinishedTrack: Bool
  /// Smooths and measures the whole track at the finish, and the recent track live.
  private var finishingPass: FinishingPass
  /// The finished track as the live figures make it, when nothing smooths it afterwards.
  private var liveFinishedTrack: FinishedTrack.Builder?
  /// The track the summary was computed from, once finished (empty unless asked for).
  public private(set) var finishedTrack = FinishedTrack()
  /// Whether the live distance is re-measured as the finished track will be, as it goes.
  private let correctsLiveDistance: Bool
  /// Whether the live pipeline runs (see `init`'s `followsLive`).
  public let followsLive: Bool
  /// Whether an engine that does not follow live met a step it cannot measure as a
  /// following one would (see `init`): its summary must then come from one that does.
  public private(set) var needsLivePass = false
  /// The records the finish compares the session's best efforts with (none: no search).
  public let recordsToBeat: RecordsToBeat
  private var liveCorrection = LiveCorrection()
  /// Relearns worked out ahead of this engine (a replay at full speed: a thread fed the
  /// decisions the engine is fed); the engine takes each result it finds ready.
  package var relearnsAhead: (any RelearnSupply)?
  /// How the finish's independent pieces run (`Parallelism`).
  private let parallelism: any Parallelism
  /// The fixes accepted while the gate may still find them a false start
  /// (`Gate.headProbation`): judged again, as rejected, if it does.
  private var headFixes: [Fix] = []
  private var headFixesClosed = false

  /// Where the live distance stands against the track re-measured as the summary measures
  /// it: the track up to `frozenIndex` has been measured for good (`frozenDistance`);
  /// `debt` is a decrease the current split could not take, taken from the next steps.
  private struct LiveCorrection: Sendable {
    var frozenIndex = 0
    var frozenDistance = 0.0
    /// The moving time the re-measure counts up to `frozenIndex`, as `frozenDistance`.
    var frozenMoving = 0.0
    var debt = 0.0
    /// The moving time the splits have counted so far on the settled clock, corrections
    /// included.
    var splitClock = 0.0
    /// Where the split under way began: the track's fix whose step completed the split
    /// before (0 for the first), `splitClock` there, and the moving time the re-measure
    /// counts up to it (nil until one has measured it). A re-measure times the split from
    /// that fix, so that what it changes before it stays out of this split.
    var splitStartIndex = 0
    var splitStartClock = 0.0
    var splitStartMoving: Double? = 0
    /// The live distance counted up to `splitStartIndex`.
    var splitStartDistance = 0.0
    /// The moving time the last re-measure counted up to its last fix.
    var lastEndMoving: Double?
    /// The split that was re-measured before it is told (`count`), once.
    var remeasuredSplit = 0
    var schedule = RemeasureSchedule()
    /// The model the track so far is re-measured with (`RemeasureSchedule`).
    var model: NoiseModel?
  }

  /// When the live distance is re-measured, and when its noise model is learnt anew, as
  /// the track grows. The finish of an engine that did not re-measure (`analyze`) walks the
  /// same schedule over the finished track to find where the last model was learnt.
  struct RemeasureSchedule: Sendable {
    private var nextAt = SessionEngine.correctionEvery
    private var nextLearnAt = SessionEngine.correctionEvery
    private var learnt = false

    /// What a fix the live filter settled calls for, the track being `count` fixes long:
    /// a re-measure after `correctionEvery` fixes, then whenever the track has grown by a
    /// thirty-second; a model learnt anew at the first and whenever the track has grown by
    /// a quarter since (after doubling, the last model could have seen half the track: the
    /// live distance ended up to 8 % from the finished one on noisy walks).
    mutating func step(count: Int) -> (remeasures: Bool, relearns: Bool) {
      guard count >= nextAt, count <= SessionEngine.correctionLimit else { return (false, false) }
      nextAt = count + max(SessionEngine.correctionEvery, count / 32)
      let relearns = !learnt || count >= nextLearnAt
      if relearns {
        learnt = true
        nextLearnAt = count + count / 4
      }
      return (true, relearns)
    }
  }

  /// The live distance is re-measured after this many fixes, then whenever the track has
  /// grown by a thirty-second: the work stays proportional to the track, and what the last
  /// re-measure did not see is a thirty-second of it at most.
  static let correctionEvery = 30
  /// Fixes before the frozen part that a re-measure reads again, so that its filter and
  /// stop detector start warm.
  static let correctionOverlap = 300
  /// The newest fixes are re-measured each time rather than frozen: their smoothing and
  /// stops still depend on what comes next.
  static let correctionHold = 60
  /// Beyond this many fixes (14 hours at 1 Hz, longer than any activity) the live distance
  /// is no longer re-measured: replaying or importing an archive of a million fixes would
  /// pay twice for its finishing pass, and copy the track while it does.
  static let correctionLimit = 50_000

  /// Whether a settled step adds distance (not across a break, not while paused), and its
  /// fix's time and whether the user was moving then: the splits run on the clock of the
  /// settled fixes, so that a split's time is the time its distance took.
  private struct SettlingStep: Sendable {
    var startsStretch: Bool
    var counts: Bool
    var time: GNSSTime
    var isMoving: Bool
    /// Auto-paused at this fix (the stop dated back where it began): standing, unless the
    /// settled speed says the user was still moving (`settledDistance`).
    var paused = false
    /// A step too slow for its length to be moving (`SessionConfiguration.isIdleStep`).
    var idle = false
  }

  /// An engine doing what `options` asks (`SessionPipeline.Options` says what each does).
  ///
  /// - `reportsEachFix`: a caller that prints neither a `.judged` nor a `.point` event, as a
  ///   headless replay, reads `verdictsAccepted`, `rejected` and `newestAcceptedFixTime`
  ///   instead: two events holding a fix each, copied on through every layer, were 3 % of
  ///   the instructions of a headless replay of a million fixes.
  /// - `followsLive` false: where the finishing pass smooths the track, the live filter,
  ///   auto-pause, live figures and cues are skipped, which were two thirds of the engine's
  ///   work on a long file. The summary's figures are the same, since the finishing pass
  ///   reads the accepted fixes only; its `cues` are empty and `finishing` nil. An untimed
  ///   step measured from a live-filtered position (a stream whose times begin late, or a
  ///   gate that lets times run backwards) sets `needsLivePass` instead: the caller then
  ///   asks an engine that follows. Ignored (it follows) where nothing is smoothed at the
  ///   finish, since the live figures are then the summary's.
  /// - Parameter parallelism: how the finish's independent pieces run: an edge with threads
  ///   hands them in; the figures are the same either way.
  init(
    configuration: SessionConfiguration, options: SessionPipeline.Options,
    parallelism: any Parallelism = OneAtATime()
  ) {
    self.configuration = configuration
    self.options = options
    self.parallelism = parallelism
    reportsEachFix = options.reportsEachFix
    collectsEvents = options.readsEvents
    let recordsToBeat = options.recordsToBeat
    self.recordsToBeat = recordsToBeat
    relearnsAhead = options.relearnsAhead
    keepsToldSplits = options.keepsToldSplits
    track = ChunkedArray(storage: options.trackStorage)
    let keepsTrack =
      configuration.smoothFinishedTrack && configuration.smoother != nil && !configuration.isRaw
    // The search for records beaten reads the finished track's times and distances only:
    // a smoothed session keeps just those (a replay of a million fixes held 140 MB more
    // for the whole track); an unsmoothed one builds its track as it goes, and keeps it.
    let keepsFinishedTrack =
      options.keepsFinishedTrack || (!recordsToBeat.isEmpty && !keepsTrack)
    self.keepsFinishedTrack = keepsFinishedTrack
    finishingPass = FinishingPass(
      configuration: configuration, keepsFinishedTrack: keepsFinishedTrack,
      parallelism: parallelism)
    finishingPass.keepsDistanceSeries = !recordsToBeat.isEmpty
    followsLive = options.followsLive || !keepsTrack
    correctsLiveDistance = options.correctsLiveDistance && followsLive
    filter = configuration.smoother.map {
      LiveDriftFilter(
        prior: .prior(processNoise: $0.processNoise), alongCurve: $0.alongCurve,
        readsSpeedWithoutCourse: configuration.activity.readsSpeedWithoutCourse
          && $0.liveReadsSpeedWithoutCourse == true)
    }
    autoPause = AutoPause(configuration: configuration.autoPause)
    metrics = MetricsAccumulator(configuration: configuration.metrics)
    cueScheduler = CueScheduler(
      configuration: configuration.cues, activity: configuration.activity,
      units: configuration.units)
    self.keepsTrack = keepsTrack
    if keepsFinishedTrack && !keepsTrack { liveFinishedTrack = FinishedTrack.Builder() }
    cueScheduler.followsWorkout = options.followsWorkout
  }

  /// Whether the session follows a workout, so that its finish cue says "Workout
  /// complete." (`CueScheduler.followsWorkout`).
  public var followsWorkout: Bool { cueScheduler.followsWorkout }

  /// Whether the summary keeps each whole split as it was told, where the finished track
  /// times it within `FinishingReport.toldSplitTolerance` (`keepingToldSplits`): set for a
  /// session someone watched or heard (a run, a replay, the demo), not for a file analysed
  /// or imported, whose splits are the finished track's.
  public let keepsToldSplits: Bool

  /// The live figures.
  public var snapshot: MetricsSnapshot { figures(metrics.snapshot) }

  /// The live figures as the distance, time and split cues say them: the moving time on
  /// the clock of the settled distance they count (`MetricsAccumulator.settledMoving`), so
  /// that "Distance 3 kilometres. Time 16 minutes 57 seconds." is the splits' sum, not the
  /// newest fix's clock a few fixes later (11 s more on the demo).
  private var spokenSnapshot: MetricsSnapshot {
    var spoken = snapshot
    if filter != nil { spoken.moving = metrics.settledMoving }
    return spoken
  }

  /// What the calories are read from, and what they are when not the speed's: a ride's
  /// power meter first, then a heart rate read for a known person, else the speed.
  private var calorieSource: (source: CalorieSource, calories: Kilocalories?) {
    guard configuration.activity.isExercise else { return (.speed, nil) }
    if configuration.activity == .ride, let energy = powerEnergy.kilocalories {
      return (.power, energy)
    }
    if let energy = heartRateEnergy?.kilocalories { return (.heartRate, energy) }
    return (.speed, nil)
  }

  /// `snapshot` with the calories of a power meter or a heart rate where they stand in.
  private func figures(_ snapshot: MetricsSnapshot) -> MetricsSnapshot {
    guard let energy = calorieSource.calories else { return snapshot }
    var snapshot = snapshot
    snapshot.calories = energy
    return snapshot
  }

  /// Asks for the finished track after all (a lap was pressed: the summary's laps are
  /// measured on it), so a session without laps never holds a second copy of its track.
  /// Only a smoothed session can still build it; a raw one keeps none.
  mutating func keepFinishedTrack() {
    guard !keepsFinishedTrack, keepsTrack, finished == nil else { return }
    keepsFinishedTrack = true
    finishingPass.keepsFinishedTrack = true
  }

  /// The live figures with the distance the runner has reached: the live distance counts
  /// along settled positions, `LiveDriftFilter.settleLag` fixes behind; this adds the steps
  /// not settled yet as the filter estimates them now, and works the average pace out again
  /// from it. The moving time is the splits' settled clock plus those steps' own time, so
  /// the time shown, the splits and the spoken time are one clock, with the stops the
  /// settled positions trim (the newest fix's clock kept a stop's late-noticed edges as
  /// moving: 3 minutes over a 2.5-hour drive). The split under way starts where the
  /// distance shown passed its mark, at the moving time shown then. What the dashboard
  /// shows, and what a workout's steps and the laps end on, so "Interval 2 of 6 … Go."
  /// comes where the distance is crossed.
  public var leadingSnapshot: MetricsSnapshot {
    var snapshot = figures(metrics.snapshot)
    guard filter != nil else { return snapshot }
    if let shown = shownMoving?.shown {
      snapshot.moving = Seconds(min(shown, snapshot.elapsed.value))
    }
    snapshot.distance = snapshot.distance + Meters(unsettledAhead.distance)
    let measured = snapshot.distance >= Pace.shortestMeasured
    snapshot.averagePace =
      measured ? Pace(distance: snapshot.distance, duration: snapshot.moving) : nil
    snapshot.averageSpeed =
      measured && snapshot.moving.value > 0 ? snapshot.distance / snapshot.moving : nil
    // Past a mark, the split shown is the next one, from where the distance shown passed
    // it (the split completed is told once the settled distance completes it).
    let splitLength = configuration.units.splitLength.value
    let marks = shownSplit.marks
    snapshot.splitsAhead = max(0, marks - metrics.completedSplits)
    snapshot.currentSplitDistance = Meters(
      max(0, snapshot.distance.value - snapshot.splitMarkOffset.value - Double(marks) * splitLength)
    )
    snapshot.currentSplitDuration = Seconds(
      max(0, snapshot.moving.value - shownSplit.startMoving))
    return snapshot
  }

  /// The steps the live filter has not settled yet, as they will count once settled: their
  /// distance (less what a re-measure left owing) and their moving time, each on the clock
  /// of its own fixes.
  private var unsettledAhead: (distance: Double, time: Double) {
    guard let filter else { return (0, 0) }
    var ahead = 0.0
    var aheadTime = 0.0
    var before = settledTime
    var index = settlingHead
    filter.forEachUnsettledStep { step in
      guard index < settling.count else { return }
      let entry = settling[index]
      index += 1
      if !entry.startsStretch {
        if entry.counts { ahead += step }
        if entry.isMoving, let from = before, entry.time > from {
          aheadTime += (entry.time - from).value
        }
      }
      if before.map({ entry.time > $0 }) ?? true { before = entry.time }
    }
    ahead += min(0, liveCorrection.debt)
    return (ahead > 0 && ahead.isFinite ? ahead : 0, aheadTime.isFinite ? aheadTime : 0)
  }

  /// The settled clock the moving time shown follows: the splits' settled moving time plus
  /// the time of the moving steps not settled yet.
  var leadingMoving: Double {
    guard filter != nil else { return metrics.snapshot.moving.value }
    return metrics.settledMoving.value + unsettledAhead.time
  }

  /// Moves the figures shown on after a step. The settled clock is the splits' and the
  /// spoken time's, but a re-measured split or a stop noticed late takes seconds off it (up
  /// to a minute and a half on a drive with many stops), and a clock on a screen must not
  /// run back: the time shown advances as the settled clock does, up to half as fast again
  /// or half as slow while they differ, until they meet. A split mark the distance shown
  /// passes starts the split shown at the moving time shown there.
  private mutating func followLeadingFigures() {
    guard filter != nil else { return }
    let ahead = unsettledAhead
    let target = metrics.settledMoving.value + ahead.time
    guard target.isFinite else { return }
    let shown: Double
    if let (before, last) = shownMoving {
      let advance = max(0, target - last)
      let gap = target - before
      let rate = min(1.5, max(0.5, 1 + gap / Self.shownMovingCatchUp))
      var next = before + advance * rate
      if gap >= 0 { next = min(next, target) }
      shown = max(before, next)
    } else {
      shown = target
    }
    shownMoving = (shown, target)
    // As `leadingSnapshot` shows them.
    shownSplit.follow(
      distance: metrics.distanceSoFar.value - metrics.markOffset + ahead.distance,
      moving: min(shown, metrics.elapsedSoFar.value),
      splitLength: configuration.units.splitLength.value,
      maximumMarks: configuration.maximumSplits)
  }

  /// The difference between the moving time shown and the settled clock at which the time
  /// shown runs half as fast again (or half as slow), seconds.
  static let shownMovingCatchUp = 30.0

  /// The split under way as the dashboard shows it.
  struct ShownSplit {
    /// Split marks the distance shown has passed (never fewer: the distance shown can run
    /// back a few metres when re-measured).
    var marks = 0
    /// The moving time shown when the distance shown passed the last mark.
    var startMoving = 0.0
    var lastDistance = 0.0
    var lastMoving = 0.0

    /// Takes the distance and the moving time shown after a step: a mark passed in it
    /// starts the next split where the step crossed it, the time shown interpolated.
    mutating func follow(
      distance: Double, moving: Double, splitLength: Double, maximumMarks: Int
    ) {
      guard distance.isFinite, moving.isFinite, splitLength > 0 else { return }
      let passed = min((distance / splitLength).rounded(.down), Double(maximumMarks))
      if passed > Double(marks) {
        let mark = passed * splitLength
        let fraction =
          distance > lastDistance
          ? min(1, max(0, (mark - lastDistance) / (distance - lastDistance))) : 1
        marks = Int(passed)
        startMoving = lastMoving + fraction * max(0, moving - lastMoving)
      }
      lastDistance = distance
      lastMoving = moving
    }
  }

  /// Lap was pressed, closing `lap` at `time`: the lap's cue (`CueConfiguration.lapSays`),
  /// kept with the session's cues, unless `speaks` is false (a workout step's result says
  /// the same); the cues' lap figures (`lap_pace`) count from the figures now.
  mutating func noteLap(_ lap: Lap, at time: GNSSTime, speaks: Bool = true) -> Cue? {
    let cue = cueScheduler.lap(lap, snapshot: snapshot, at: time, speaks: speaks)
    if let cue { cues.append(cue) }
    return cue
  }

  /// The time of the first accepted fix: where the session, and its first lap, begin.
  public var firstAcceptedTime: GNSSTime? { firstAccepted?.time }

  /// Whether the session is paused now, as announced: auto-pause holds it, and has for
  /// `pauseAnnouncementHold`.
  public var isPaused: Bool { autoPause.isPaused && pauseAnnounced }

  /// How long of fix time a stop must hold before it is announced when it was found late
  /// or right after the last one ended; other stops are announced when found. A logger
  /// that writes nothing while its rider stands (smart recording), or a signal gap, shows
  /// the stop only at the next point, when the rider is often moving again: announced at
  /// once, "Auto-paused." was followed by "Resumed." 3-5 s later (11 times in one urban
  /// ride); and a stop found just after a resume made "Resumed." and "Auto-paused." a few
  /// seconds apart. The stop counts from where it began, announced or not.
  public static let pauseAnnouncementHold = Seconds(5)
  /// A stop found this much later than its window after it began was found late.
  static let lateStop = Seconds(2)
  /// A stop found this soon after the last announced pause ended waits to be announced.
  static let flickerSpan = Seconds(10)
  /// Whether the signal was announced lost and no fix has come back since.
  public var isSignalLost: Bool { signalLostAnnounced }

  /// Whether a source lost now is announced (`noteSourceLost`): in a session that follows
  /// live, before its finish, once.
  var announcesSourceLoss: Bool { followsLive && finished == nil && !signalLostAnnounced }

  /// The one way in: the gate's decisions on the next `fixes` fixes as they arrived,
  /// `withPosition` of them with a valid position; what happened is appended to `events`
  /// (nothing, for a caller that reads none). A fix held in the gate's reorder window is
  /// decided with a later one, or at the finish.
  mutating func take(
    _ decisions: ArraySlice<GateDecision>, fixes: Int, withPosition: Int,
    into events: inout [SessionEvent]
  ) {
    pointsIn += fixes
    fixesWithPosition += withPosition
    for decision in decisions { handle(decision, into: &events) }
  }

  @inline(__always)
  private func emit(_ event: @autoclosure () -> SessionEvent, into events: inout [SessionEvent]) {
    if collectsEvents { events.append(event()) }
  }

  /// Ends the session: takes the gate's last decisions (`Gate.finish`), smooths the
  /// finished track and sums it up. Calling it again returns the same summary and no events.
  mutating func finish(after last: [GateDecision]) -> (
    events: [SessionEvent], summary: SessionSummary
  ) {
    finish(after: last, handingOut: nil)
  }

  /// Ends the session as `finish()` does, handing each point of the finished track to
  /// `handOut` in order instead of keeping it in `finishedTrack`: an import of a million
  /// fixes writes the track as it is made rather than holding it whole. The points may be
  /// handed out on another thread (the finishing pass sums a long track up beside its
  /// smoother), one at a time and all before this returns.
  mutating func finish(
    after last: [GateDecision], handingOut handOut: (FinishedTrack.Point) -> Void
  ) -> (events: [SessionEvent], summary: SessionSummary) {
    withoutActuallyEscaping(handOut) { finish(after: last, handingOut: .some($0)) }
  }

  private mutating func finish(
    after last: [GateDecision], handingOut handOut: ((FinishedTrack.Point) -> Void)?
  ) -> (events: [SessionEvent], summary: SessionSummary) {
    if let finished { return ([], finished) }
    collectsEvents = true
    var events: [SessionEvent] = []
    for decision in last { handle(decision, into: &events) }
    if !followsLive { return finishFiguresOnly(handingOut: handOut) }
    if let since = pausedSince, let last = lastAcceptedTime {
      liveStops.append(PauseInterval(start: since, end: last))
      if pauseAnnounced { livePauses.append(PauseInterval(start: since, end: last)) }
    }
    // The fixes the live filter had not settled yet settle now, and count at the last time.
    if let time = lastAcceptedTime, let point = lastPoint,
      case let tail = settledDistance(final: true, at: time),
      tail.distance > 0 || (tail.span?.moving.value ?? 0) > 0
    {
      for split in metrics.add(
        MetricsSample(
          time: time, coordinate: point.coordinate, altitude: nil, step: Meters(tail.distance),
          isMoving: false, startsSegment: false, settledSpan: tail.span))
      {
        emitSplit(split, toldAt: time, into: &events)
      }
    }
    let liveSnapshot = metrics.finish()
    var finalSnapshot: MetricsSnapshot
    let pauses: [PauseInterval]
    var finishing: FinishingReport?
    var uncertainty: DistanceUncertainty?
    // The finished track's times and distances, for the search for records beaten.
    var effortSeries: (times: [Double], distances: [Double])?
    if keepsTrack {
      // The track is smoothed in place; the engine lets go of it so no copy is made.
      var points = track
      track = ChunkedArray(storage: options.trackStorage)
      // The live figures' model competes with the finish's own, so that both land in the
      // same likelihood basin when the live one explains the whole track as well.
      let liveModel =
        correctsLiveDistance
        ? liveCorrection.model.map(RivalModel.learnt) : lastLiveModel(of: points)
      let figures = finishingPass.finish(&points, alsoFrom: liveModel, handingOut: handOut)
      (finalSnapshot, pauses) = (figures.snapshot, figures.pauses)
      finishedTrack = figures.track ?? FinishedTrack()
      effortSeries = figures.series
      uncertainty = figures.uncertainty
      finishing = FinishingReport(
        liveDistance: liveSnapshot.distance + Meters(untimedDistance),
        liveMoving: liveSnapshot.moving, livePauses: livePauses,
        liveSplits: liveSnapshot.splits, detectedStops: figures.detected, liveStops: liveStops)
      if keepsToldSplits, correctsLiveDistance, let finishing {
        finalSnapshot.splits = finishing.keepingToldSplits(
          finalSnapshot.splits, moving: finalSnapshot.moving)
      }
    } else {
      finalSnapshot = liveSnapshot
      pauses = liveStops
      finishedTrack = liveFinishedTrack?.track ?? FinishedTrack()
      liveFinishedTrack = nil
      if let handOut {
        finishedTrack.points.forEach(handOut)
        finishedTrack = FinishedTrack()
      }
    }
    if let time = lastAcceptedTime.map({ max($0, signalLostAt ?? $0) }),
      let cue = cueScheduler.announce(.finish, snapshot: figures(finalSnapshot), at: time)
    {
      cues.append(cue)
      emit(.cue(cue), into: &events)
    }
    if !recordsToBeat.isEmpty, let time = lastAcceptedTime {
      let efforts: [BestEffort]
      if let series = effortSeries.take() {
        efforts = BestEfforts.of(
          times: series.times, distances: series.distances,
          targets: BestEffortTarget.targets(for: configuration.activity))
      } else {
        efforts = BestEfforts.of(finishedTrack, activity: configuration.activity)
      }
      for effort in recordsToBeat.beaten(by: efforts, activity: configuration.activity) {
        let cue = Cue(
          time: time, trigger: .record,
          text: RecordsToBeat.sentence(effort, units: configuration.units))
        cues.append(cue)
        emit(.cue(cue), into: &events)
      }
    }
    let summary = summary(
      of: finalSnapshot, pauses: pauses, finishing: finishing, uncertainty: uncertainty)
    finished = summary
    return (events, summary)
  }

  /// The finish of an engine that does not follow live: the finishing pass alone.
  private mutating func finishFiguresOnly(
    handingOut handOut: ((FinishedTrack.Point) -> Void)?
  ) -> (events: [SessionEvent], summary: SessionSummary) {
    var points = track
    track = ChunkedArray(storage: options.trackStorage)
    let figures = finishingPass.finish(
      &points, alsoFrom: lastLiveModel(of: points), handingOut: handOut)
    finishedTrack = figures.track ?? FinishedTrack()
    let summary = summary(
      of: figures.snapshot, pauses: figures.pauses, finishing: nil,
      uncertainty: figures.uncertainty)
    finished = summary
    return ([], summary)
  }

  private func summary(
    of snapshot: MetricsSnapshot, pauses: [PauseInterval], finishing: FinishingReport?,
    uncertainty: DistanceUncertainty?
  ) -> SessionSummary {
    var elapsed = Seconds.zero
    if let a = firstTimedTime, let b = lastAcceptedTime, b > a { elapsed = b - a }
    return SessionSummary(
      activity: configuration.activity, units: configuration.units, isRaw: configuration.isRaw,
      start: firstAccepted, end: lastAccepted,
      distance: Meters(
        (configuration.isRaw ? rawDistance : snapshot.distance.value) + untimedDistance),
      elapsed: elapsed,
      moving: snapshot.moving, calories: figures(snapshot).calories,
      elevationGain: snapshot.elevationGain, pointsIn: pointsIn,
      fixesWithPosition: fixesWithPosition, pointsAccepted: pointsAccepted, rejected: rejected,
      pauses: pauses, splits: snapshot.splits, cues: cues, finishing: finishing,
      distanceUncertainty: configuration.isRaw ? nil : uncertainty,
      untimedDistance: untimedDistance > 0 ? Meters(untimedDistance) : nil,
      caloriesSource: calorieSource.source)
  }

  // MARK: Live pipeline

  private mutating func handle(_ decision: GateDecision, into events: inout [SessionEvent]) {
    if reportsEachFix { emit(.judged(decision.judged), into: &events) }
    // A power meter measures whatever the receiver made of the position.
    powerEnergy.add(time: decision.fix.time, power: decision.fix.power)
    if let person = configuration.person {
      if heartRateEnergy == nil {
        heartRateEnergy = HeartRateEnergy(person: person, weight: configuration.weight)
      }
      heartRateEnergy?.add(time: decision.fix.time, heartRate: decision.fix.heartRate)
    }
    guard case .accepted = decision.verdict else {
      if let reason = decision.verdict.reason { rejected[reason, default: 0] += 1 }
      noteMissingSignal(decision, into: &events)
      return
    }
    if decision.dropsHead { dropHead(into: &events) }
    keepWhileOnProbation(decision.fix)
    verdictsAccepted += 1
    if let t = decision.fix.time, newestAcceptedFixTime.map({ t > $0 }) ?? true {
      newestAcceptedFixTime = t
    }
    accept(decision.fix, breaksTrack: decision.breaksTrack, into: &events)
  }

  /// The gate found that every fix accepted so far was a false start, far from where the
  /// session really is (`GateDecision.dropsHead`): they are rejected after all, and the
  /// session starts again at the fix that decided it, as if they had never come. Their
  /// few seconds stay in what was shown and said; the finished figures never see them.
  private mutating func dropHead(into events: inout [SessionEvent]) {
    if reportsEachFix {
      for fix in headFixes {
        emit(.judged(JudgedFix(fix: fix, verdict: .rejected(.implausibleSpeed))), into: &events)
      }
    }
    var asked = options
    asked.keepsFinishedTrack = keepsFinishedTrack
    var fresh = SessionEngine(
      configuration: configuration, options: asked, parallelism: parallelism)
    fresh.pointsIn = pointsIn
    fresh.fixesWithPosition = fixesWithPosition
    fresh.rejected = rejected
    fresh.rejected[.implausibleSpeed, default: 0] += pointsAccepted
    fresh.verdictsAccepted = verdictsAccepted - pointsAccepted
    fresh.newestAcceptedFixTime = newestAcceptedFixTime
    fresh.cues = cues
    fresh.collectsEvents = collectsEvents
    fresh.needsLivePass = needsLivePass
    fresh.relearnsAhead = relearnsAhead
    self = fresh
  }

  /// Keeps an accepted fix while the gate may still drop the head it belongs to, so that
  /// its verdict can be told again (`dropHead`); lets go of them once it no longer can.
  private mutating func keepWhileOnProbation(_ fix: Fix) {
    guard !headFixesClosed else { return }
    if let first = headFixes.first?.time, let t = fix.time,
      t - first > Gate.headProbation + configuration.gate.reorderWindow
    {
      headFixesClosed = true
      headFixes = []
      return
    }
    headFixes.append(fix)
  }

  /// A no-fix record long after the last good fix shows the signal is gone now.
  ///
  /// Only once the gate has judged every fix up to a time that far on (`judgedUpTo`): a
  /// good fix still held in its reorder window, or a rejected fix whose clock jumped, once
  /// made "signal lost" come after the fixes that followed it.
  private mutating func noteMissingSignal(
    _ decision: GateDecision, into events: inout [SessionEvent]
  ) {
    guard !signalLostAnnounced, let last = lastAcceptedTime, let now = decision.judgedUpTo,
      now - last >= configuration.signalLossAfter
    else { return }
    signalLostAnnounced = true
    let lost = last + configuration.signalLossAfter
    signalLostAt = lost
    emit(.signalLost(at: lost), into: &events)
    announce(.signalLost, at: lost, into: &events)
  }

  /// The source says no fix is coming (gpsd went away, or its receiver fell silent): the
  /// loss is announced now, at the last accepted fix, rather than when fixes return. The
  /// next accepted fix announces it regained. Nothing before the first fix, nothing twice.
  ///
  /// The fixes the gate held for reordering (`last`) are taken first: none of them can come
  /// after the loss and be taken for the signal coming back.
  mutating func noteSourceLost(after last: [GateDecision], into events: inout [SessionEvent]) {
    for decision in last { handle(decision, into: &events) }
    guard !signalLostAnnounced, let last = lastAcceptedTime else { return }
    signalLostAnnounced = true
    signalLostAt = last
    emit(.signalLost(at: last), into: &events)
    announce(.signalLost, at: last, into: &events)
  }

  /// An accepted fix through the live stages, in order: a gap in the signal told, the
  /// position filtered and kept for the finish, auto-pause followed, the step measured as
  /// the finish will, and the figures, splits and cues moved on.
  private mutating func accept(_ fix: Fix, breaksTrack: Bool, into events: inout [SessionEvent]) {
    guard let rawCoordinate = fix.coordinate else { return }
    pointsAccepted += 1
    let endpoint = TrackEndpoint(time: fix.time, coordinate: rawCoordinate)
    if firstAccepted == nil { firstAccepted = endpoint }
    lastAccepted = endpoint
    let previous = lastPoint
    let newStretch = breaksTrack || previous == nil || previous?.segment != fix.segment
    if !followsLive {
      keepForFinish(fix, at: rawCoordinate, after: previous, newStretch: newStretch)
      return
    }
    if let time = fix.time { tellSignalGap(endingAt: time, into: &events) }
    let estimate = filtered(fix, at: rawCoordinate, newStretch: newStretch)
    let point = TrackPoint(
      time: fix.time ?? lastAcceptedTime,
      coordinate: estimate.coordinate, altitude: fix.altitude, speed: estimate.speed,
      accuracy: fix.horizontalAccuracy, segment: fix.segment)
    if keepsTrack {
      track.append(
        FinishingPass.Entry(
          fix: fix, coordinate: rawCoordinate, newStretch: newStretch,
          smoothed: estimate.smoothed))
    }
    if firstTimedTime == nil, let t = fix.time { firstTimedTime = t }
    if previous == nil { emit(.started(point), into: &events) }
    lastPoint = point

    guard let time = fix.time else {
      if let p = previous, !newStretch {
        untimedDistance += Geodesy.distanceMeters(p.coordinate, estimate.coordinate)
      }
      if reportsEachFix { emit(.point(point, isPaused: isPaused), into: &events) }
      return
    }
    let previousTimed = previous.flatMap { p in lastAcceptedTime.map { _ in p } }
    let continues = !newStretch && previousTimed != nil && (previous?.time ?? time) <= time
    let wasPaused = autoPause.isPaused
    if newStretch { autoPause.reset() }
    followAutoPause(at: time, estimate: estimate, into: &events)
    let measured = measureStep(
      to: estimate, at: time, from: previous, continues: continues, newStretch: newStretch,
      wasPaused: wasPaused)
    lastAcceptedTime = time
    cueScheduler.noteHeartRate(fix.heartRate, at: time)
    let trackStep = configuration.isRaw ? measured.rawStep : measured.step
    liveFinishedTrack?.append(
      time: time, coordinate: estimate.coordinate, altitude: fix.altitude, speed: estimate.speed,
      isStopped: !measured.isMoving, step: trackStep, continues: continues)
    let sample = MetricsSample(
      time: time, coordinate: estimate.coordinate, altitude: fix.altitude,
      step: Meters(measured.step), isMoving: measured.isMoving, startsSegment: !continues,
      settledSpan: measured.settledSpan)
    count(sample, smoothed: estimate.smoothed, into: &events)
    if reportsEachFix { emit(.point(point, isPaused: isPaused), into: &events) }
  }

  /// Says the signal was lost when the gap before a fix at `time` is longer than the
  /// configuration allows (dated where it ran out), and regained with this fix.
  private mutating func tellSignalGap(endingAt time: GNSSTime, into events: inout [SessionEvent]) {
    guard let last = lastAcceptedTime, time > last else { return }
    if !signalLostAnnounced, time - last > configuration.signalLossAfter {
      signalLostAnnounced = true
      emit(.signalLost(at: last + configuration.signalLossAfter), into: &events)
      announce(.signalLost, at: last + configuration.signalLossAfter, into: &events)
    }
    if signalLostAnnounced {
      signalLostAnnounced = false
      signalLostAt = nil
      emit(.signalRegained(at: time), into: &events)
      announce(.signalRegained, at: time, into: &events)
    }
  }

  /// Where the live filter puts an accepted fix, and its speed; the fix itself (and its own
  /// speed, or none) where there is no filter or no time.
  private struct LiveEstimate {
    var coordinate: Coordinate
    var speed: MetersPerSecond
    /// Whether the live filter estimated it.
    var smoothed: Bool
  }

  private mutating func filtered(
    _ fix: Fix, at coordinate: Coordinate, newStretch: Bool
  ) -> LiveEstimate {
    var estimate = LiveEstimate(coordinate: coordinate, speed: fix.speed ?? .zero, smoothed: false)
    // The filter is mutated in place (optional chaining): a copy would duplicate its
    // buffers on every fix.
    if filter != nil, fix.time != nil {
      if newStretch { filter?.reset() }
      if let update = filter?.update(with: fix) {
        estimate.coordinate = update.coordinate
        estimate.speed = update.speed
        estimate.smoothed = true
      }
    }
    return estimate
  }

  /// Auto-pause's view of the fix: a stop found (dated back, and announced now or once it
  /// has held), or a departure (the pause ended where the user left).
  private mutating func followAutoPause(
    at time: GNSSTime, estimate: LiveEstimate, into events: inout [SessionEvent]
  ) {
    let speed = estimate.speed
    if let transition = autoPause.observe(
      time: time, coordinate: estimate.coordinate, speed: estimate.smoothed ? speed.value : nil)
    {
      switch transition {
      case .paused(let at, let since):
        pausedSince = since
        redateUnsettledSteps(after: since, moving: false)
        let late = at - since > configuration.autoPause.window + SessionEngine.lateStop
        let soonAfter = lastResumedAt.map { at - $0 < SessionEngine.flickerSpan } ?? false
        pauseAnnouncedFrom = late || soonAfter ? at + SessionEngine.pauseAnnouncementHold : at
      case .resumed(let at, let departed):
        let end = min(at, max(departed, pausedSince ?? departed))
        if let since = pausedSince { liveStops.append(PauseInterval(start: since, end: end)) }
        if pauseAnnounced {
          if let since = pausedSince { livePauses.append(PauseInterval(start: since, end: end)) }
          emit(.resumed(at: at), into: &events)
          announce(.resume, at: at, into: &events)
          lastResumedAt = at
        }
        pausedSince = nil
        pauseAnnouncedFrom = nil
        pauseAnnounced = false
        redateUnsettledSteps(after: end, moving: true)
      }
    }
    // A stop is announced once it may be, unless its user is already pulling away:
    // "Resumed." would follow.
    if let from = pauseAnnouncedFrom, autoPause.isPaused, time >= from,
      !estimate.smoothed || speed.value < configuration.autoPause.resumeSpeed
    {
      pauseAnnouncedFrom = nil
      pauseAnnounced = true
      emit(.paused(at: time, since: pausedSince ?? time), into: &events)
      announce(.pause, at: time, into: &events)
    }
  }

  /// The live step to a fix: the distance from the point before (`rawStep`), and the one
  /// counted: the settled track's where the filter estimated the fix (`settledDistance`),
  /// nothing while paused; and whether the user moved.
  private mutating func measureStep(
    to estimate: LiveEstimate, at time: GNSSTime, from previous: TrackPoint?, continues: Bool,
    newStretch: Bool, wasPaused: Bool
  ) -> (step: Double, rawStep: Double, isMoving: Bool, settledSpan: MetricsSample.Span?) {
    var step = 0.0
    if continues, let p = previous {
      step = Geodesy.distanceMeters(p.coordinate, estimate.coordinate)
    } else if let p = previous, !newStretch {
      untimedDistance += Geodesy.distanceMeters(p.coordinate, estimate.coordinate)
    }
    rawDistance += step
    let rawStep = step
    var isMoving = !autoPause.isPaused
    var settledSpan: MetricsSample.Span?
    var isIdle = false
    if continues, let before = previous?.time,
      configuration.isIdleStep(distance: step, duration: time - before)
    {
      isMoving = false
      isIdle = true
    }
    if wasPaused && autoPause.isPaused { step = 0 }
    if estimate.smoothed {
      settling.append(
        SettlingStep(
          startsStretch: !continues, counts: !(wasPaused && autoPause.isPaused), time: time,
          isMoving: isMoving, paused: autoPause.isPaused, idle: isIdle))
      let settled = settledDistance(final: false, at: time)
      step = settled.distance
      settledSpan = settled.span
      if liveCorrection.debt < 0 {
        let taken = max(liveCorrection.debt, -step)
        step += taken
        liveCorrection.debt -= taken
      }
    }
    if configuration.isRaw, let before = previous?.time {
      let dt = (time - before).value
      isMoving = dt > 0 && step / dt >= SessionConfiguration.rawStoppedSpeed.value
    }
    return (step, rawStep, isMoving, settledSpan)
  }

  /// The live figures moved on by a step: the splits it completes, the live distance
  /// re-measured when due (its splits told again), and the cues the figures call for.
  private mutating func count(
    _ sample: MetricsSample, smoothed: Bool, into events: inout [SessionEvent]
  ) {
    let time = sample.time
    // A split is told as the finished track will time it: the track is re-measured as the
    // step that completes it is counted, so its time and distance are the smoothed
    // track's, not the live filter's.
    let splitUnderWay = metrics.completedSplits + 1
    var remeasuredNow = false
    if correctsLiveDistance, keepsTrack, smoothed, sample.settledSpan != nil,
      liveCorrection.model != nil, liveCorrection.remeasuredSplit < splitUnderWay,
      track.count <= SessionEngine.correctionLimit,
      sample.step.value >= metrics.splitRemaining - MetricsAccumulator.boundaryTolerance
    {
      liveCorrection.remeasuredSplit = splitUnderWay
      liveCorrection.lastEndMoving = nil
      remeasuredNow = true
      let counting = (sample.step.value, sample.settledSpan?.moving.value ?? 0)
      for split in correctLiveDistance(at: time, relearning: false, counting: counting) {
        emitSplit(split, toldAt: time, into: &events)
        sayCue(cueScheduler.split(split, snapshot: spokenSnapshot, at: time), into: &events)
      }
    }
    liveCorrection.splitClock += sample.settledSpan?.moving.value ?? 0
    let completed = metrics.add(sample)
    if !completed.isEmpty, smoothed {
      // Re-measured just now (the step was counted in it), its moving time there is known.
      markSplitStart(
        at: settledEndIndex(), clock: liveCorrection.splitClock,
        moving: remeasuredNow ? liveCorrection.lastEndMoving : nil,
        distance: metrics.distanceSoFar.value)
      liveCorrection.lastEndMoving = nil
    }
    for split in completed {
      emitSplit(split, toldAt: time, into: &events)
      sayCue(cueScheduler.split(split, snapshot: spokenSnapshot, at: time), into: &events)
    }
    if correctsLiveDistance, keepsTrack, smoothed {
      let due = liveCorrection.schedule.step(count: track.count)
      if due.remeasures {
        for split in correctLiveDistance(at: time, relearning: due.relearns) {
          emitSplit(split, toldAt: time, into: &events)
          sayCue(cueScheduler.split(split, snapshot: spokenSnapshot, at: time), into: &events)
        }
      }
    }
    for cue in cueScheduler.observe(spokenSnapshot, at: time) {
      cues.append(cue)
      emit(.cue(cue), into: &events)
    }
    followLeadingFigures()
  }

  /// What an engine that does not follow live keeps of an accepted fix: the track for the
  /// finishing pass, and what the summary reads besides (times, the untimed distance).
  private mutating func keepForFinish(
    _ fix: Fix, at coordinate: Coordinate, after previous: TrackPoint?, newStretch: Bool
  ) {
    // The live filter estimates exactly the fixes with a time (`LiveDriftFilter.update`).
    let smoothed = filter != nil && fix.time != nil
    track.append(
      FinishingPass.Entry(
        fix: fix, coordinate: coordinate, newStretch: newStretch, smoothed: smoothed))
    if firstTimedTime == nil, let t = fix.time { firstTimedTime = t }
    lastPoint = TrackPoint(
      time: fix.time ?? lastAcceptedTime, coordinate: coordinate, altitude: fix.altitude,
      speed: fix.speed ?? .zero, accuracy: fix.horizontalAccuracy, segment: fix.segment)
    guard let time = fix.time else {
      if let p = previous, !newStretch {
        // After a timed fix, the previous position may be the live filter's.
        if lastAcceptedTime != nil { needsLivePass = true }
        untimedDistance += Geodesy.distanceMeters(p.coordinate, coordinate)
      }
      return
    }
    let continues = !newStretch && lastAcceptedTime != nil && (previous?.time ?? time) <= time
    // An untimed step to a filtered position: only a following engine knows it.
    if !continues, previous != nil, !newStretch { needsLivePass = true }
    lastAcceptedTime = time
  }

  /// The model a live session would have re-measured the track with last, to be learnt
  /// again on the fixes where `RemeasureSchedule` learns its last one: an engine that does
  /// not re-measure (`analyze`) then finishes a file as a replay or an import of it does.
  private func lastLiveModel<Track: RandomAccessCollection>(of track: Track) -> RivalModel?
  where Track.Element == FinishingPass.Entry, Track.Index == Int {
    var schedule = RemeasureSchedule()
    var learntAt: Int?
    let reach = track.prefix(SessionEngine.correctionLimit)
    for (k, entry) in reach.enumerated() where entry.smoothed {
      if schedule.step(count: k + 1).relearns { learntAt = k + 1 }
    }
    return learntAt.map(RivalModel.fromFirst)
  }

  /// Re-measures the live distance as the finished summary will: the fixes since the
  /// frozen part (and `correctionOverlap` before it) are smoothed forward and backward with
  /// the live filter's model, stops are found on the smoothed track, and the distance the
  /// live figures have counted (up to the last settled fix) is set to what that gives.
  /// Without it the live figure drifts from the summary by the filter's lag and the stops
  /// auto-pause noticed late: a few percent on noisy walks.
  ///
  /// - Parameter counting: the distance and the moving time of a step settled but not
  ///   counted yet by the live figures, which it will be after the correction.
  private mutating func correctLiveDistance(
    at time: GNSSTime, relearning: Bool, counting: (distance: Double, moving: Double) = (0, 0)
  ) -> [Split] {
    let n = track.count
    // The distance counted up to each fix, when a thread worked the relearn out ahead.
    var counted: FinishingPass.Measured?
    if relearning {
      // Learnt anew on the whole track so far, which is then measured again from its start.
      if let ahead = relearnsAhead?.take(count: n, endingIn: TrackEnd(entry: track[n - 1])) {
        liveCorrection.model = ahead.model
        counted = ahead.counted
      } else {
        liveCorrection.model = finishingPass.learn(track)
      }
      liveCorrection.frozenIndex = 0
      liveCorrection.frozenDistance = 0
      liveCorrection.frozenMoving = 0
      // Auto-pause searches the region the learnt wander needs, as the finish does.
      autoPause.searchWander(
        FinishingPass.stopRegions(configuration.autoPause, noise: liveCorrection.model)
          .dropFirst().first)
    }
    guard let model = liveCorrection.model else { return [] }
    // The last fix whose step the live distance has counted.
    let settledEnd = settledEndIndex()
    let frozen = liveCorrection.frozenIndex
    guard settledEnd > frozen else { return [] }
    let freeze = min(settledEnd, max(frozen, n - 1 - SessionEngine.correctionHold))
    let start = max(0, frozen - SessionEngine.correctionOverlap)
    // The split under way is timed from its first fix: measured here while it is not
    // frozen, else as it was last measured.
    let splitStart = liveCorrection.splitStartIndex
    let measuresSplitStart = splitStart >= frozen && splitStart <= settledEnd
    let indexes = [frozen, freeze, settledEnd] + (measuresSplitStart ? [splitStart] : [])
    let marks = Array(Set(indexes.map { $0 - start })).sorted()
    let measured: FinishingPass.Measured
    if let counted {
      measured = FinishingPass.Measured(
        distances: marks.map { counted.distances[$0 + start] },
        movingTimes: marks.map { counted.movingTimes[$0 + start] })
    } else {
      var points = Array(track[start..<n])
      points[0].newStretch = true
      finishingPass.smooth(&points, model: model)
      measured = finishingPass.distances(of: points, measuringAt: marks, noise: model)
    }
    func at(_ index: Int) -> (distance: Double, moving: Double) {
      let k = marks.firstIndex(of: index - start) ?? 0
      return (measured.distances[k], measured.movingTimes[k])
    }
    // The moving time counted from the start of the track up to a fix from `frozen` on.
    let frozenMoving = liveCorrection.frozenMoving
    func moving(upTo index: Int) -> Double { frozenMoving + at(index).moving - at(frozen).moving }
    let endMoving = moving(upTo: settledEnd)
    liveCorrection.lastEndMoving = endMoving
    if measuresSplitStart { liveCorrection.splitStartMoving = moving(upTo: splitStart) }
    // A model learnt anew re-measures the whole track: what it changes before the split
    // under way began moves the distance and the split's mark, not the split, which would
    // otherwise be told tens of seconds off for the kilometres before it. A re-measure
    // with the same model refines the newest fixes, and the split under way takes that.
    if measuresSplitStart {
      let before =
        liveCorrection.frozenDistance + at(splitStart).distance - at(frozen).distance
      if relearning {
        metrics.correctDistanceBeforeSplit(by: before - liveCorrection.splitStartDistance)
      }
      liveCorrection.splitStartDistance = before
    }
    liveCorrection.frozenDistance += at(freeze).distance - at(frozen).distance
    liveCorrection.frozenMoving = moving(upTo: freeze)
    liveCorrection.frozenIndex = freeze
    // The split under way takes its re-measured time first, so that a split the distance
    // completes below is timed as re-measured.
    if let startMoving = liveCorrection.splitStartMoving {
      let counted =
        liveCorrection.splitClock + counting.moving - liveCorrection.splitStartClock
      liveCorrection.splitClock += metrics.correctSplitTime(by: endMoving - startMoving - counted)
    }
    let target = liveCorrection.frozenDistance + at(settledEnd).distance - at(freeze).distance
    let (splits, leftover) = metrics.correctDistance(
      by: target - metrics.snapshot.distance.value - counting.distance, at: settledTime ?? time)
    if !splits.isEmpty {
      markSplitStart(
        at: settledEnd, clock: liveCorrection.splitClock + counting.moving, moving: endMoving,
        distance: metrics.distanceSoFar.value + counting.distance)
    }
    liveCorrection.debt = leftover
    return splits
  }

  /// The track's last fix whose step the live figures have settled: the newest entries of
  /// the track the settled steps have not reached are skipped.
  private func settledEndIndex() -> Int {
    var pending = settling.count - settlingHead
    var index = track.count - 1
    while index >= 0, pending > 0 {
      if track[index].smoothed { pending -= 1 }
      index -= 1
    }
    return index
  }

  /// A split was completed at the track's fix `index`, where the split clock read `clock`
  /// and the re-measure counts `moving` (nil: not measured there yet): the next one is
  /// timed from there.
  private mutating func markSplitStart(
    at index: Int, clock: Double, moving: Double?, distance: Double
  ) {
    liveCorrection.splitStartDistance = distance
    liveCorrection.splitStartIndex = max(0, index)
    liveCorrection.splitStartClock = clock
    liveCorrection.splitStartMoving = moving
  }

  /// The distance along the positions the live filter settled since the last call, and the
  /// moving time it took from the fix settled before them (from `time` before any is):
  /// nil without a live filter.
  private mutating func settledDistance(final: Bool, at time: GNSSTime) -> (
    distance: Double, span: MetricsSample.Span?
  ) {
    guard let steps = filter?.settledSteps(final: final) else { return (0, nil) }
    var distance = 0.0
    var moving = 0.0
    let start = settledTime
    for step in steps where settlingHead < settling.count {
      var entry = settling[settlingHead]
      settlingHead += 1
      // A stop auto-pause found is trimmed to where the settled speed reads still, as the
      // finished track's stops are to the smoothed speed (`FinishingPass`): its edges,
      // noticed late and dated back, are not standing where the user still moved.
      if entry.paused,
        step.speed > max(settledStillSpeed, FinishingPass.standingSpeedSpread * step.speedSigma)
      {
        entry.counts = true
        entry.isMoving = !entry.idle
      }
      if !entry.startsStretch, entry.counts { distance += step.length }
      if !entry.startsStretch, entry.isMoving, let before = settledTime, entry.time > before {
        moving += (entry.time - before).value
      }
      if settledTime.map({ entry.time > $0 }) ?? true { settledTime = entry.time }
    }
    if settlingHead > 1024, settlingHead * 2 > settling.count {
      settling.removeFirst(settlingHead)
      settlingHead = 0
    }
    return (
      distance,
      MetricsSample.Span(start: start ?? settledTime ?? time, moving: Seconds(moving))
    )
  }

  /// Auto-pause decides a stop some seconds after the user stood, and a departure some
  /// seconds after they left, and dates each back (`since`, `departed`): the steps since
  /// then that the live filter has not settled yet are counted as the stop says (standing:
  /// no distance, no moving time; moving again: both), so the live splits and moving time
  /// stand for the stop as the finished track does rather than for when it was noticed.
  private mutating func redateUnsettledSteps(after time: GNSSTime, moving: Bool) {
    var k = settling.count - 1
    while k >= settlingHead, settling[k].time > time {
      settling[k].isMoving = moving && !settling[k].idle
      settling[k].counts = moving
      settling[k].paused = !moving
      k -= 1
    }
  }

  /// The settled speed at or below which a paused step is standing (`settledDistance`), or
  /// within the 95 % point of the speed's own noise, as the finished track reads it
  /// (`FinishingPass.Entry.readsStill`).
  private var settledStillSpeed: Double {
    FinishingPass.stillSpeed(configuration.autoPause, activity: configuration.activity)
  }

  /// Emits a split completed live, stamped no earlier than `time`, when it is told: it is
  /// timed on the settled positions' clock (`settledDistance`), a few fixes behind, or was
  /// reached across a signal loss, and the events never go back in time.
  private mutating func emitSplit(
    _ split: Split, toldAt time: GNSSTime, into events: inout [SessionEvent]
  ) {
    var told = split
    if told.endTime < time { told.endTime = time }
    emit(.split(told), into: &events)
  }

  private mutating func announce(
    _ trigger: CueTrigger, at time: GNSSTime, into events: inout [SessionEvent]
  ) {
    guard followsLive else { return }
    sayCue(cueScheduler.announce(trigger, snapshot: snapshot, at: time), into: &events)
  }

  private mutating func sayCue(_ cue: Cue?, into events: inout [SessionEvent]) {
    guard let cue else { return }
    cues.append(cue)
    emit(.cue(cue), into: &events)
  }
}
