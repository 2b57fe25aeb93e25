import StriderConcurrency
import StriderCore

/// What a running session reports, for the headless printer and the dashboard.
public enum RunnerEvent: Sendable, Equatable {
  case session(SessionEvent)
  case status(SourceStatus)
  /// The session started over (a replay sought backwards).
  case restarted
  /// What the disk does with a recording's writes (`SourceEvent.storage`).
  case storage(StorageStatus)
  /// Verdicts since the last tally: how many fixes were accepted and rejected by reason.
  case verdicts(time: GNSSTime?, accepted: Int, rejected: [RejectionReason: Int])
  /// What the workout coach did or said (only with a workout).
  case coach(CoachEvent)
  /// Lap was pressed: the lap it closed, with the live figures (the summary's laps are
  /// measured again on the finished track), and the mark to keep with the recording.
  case lap(Lap, mark: LapMark)
  /// The live figures the dashboard shows, every `SessionRunner.figuresInterval` of fix
  /// time (only when one is set: headless `--figures`).
  case figures(time: GNSSTime, MetricsSnapshot, isPaused: Bool)
}

/// Feeds a source's events through the engine. The same runner serves `run`, `replay` and
/// `demo`, headless or on screen (the dashboard model in `StriderApp` holds one), so they
/// all give the numbers `analyze` gives.
public struct SessionRunner: Sendable {
  public let configuration: SessionConfiguration
  /// Whether every verdict is also passed on as `.session(.judged)`: the dashboard's map
  /// draws each rejected fix with its reason, while the headless printer wants tallies only.
  public let reportsVerdicts: Bool
  /// Whether each point of the live filtered track is passed on as `.session(.point)`: the
  /// dashboard's map draws them, the headless printer prints none, and a replay of a
  /// million fixes spent a tenth of its loop handing them over.
  public let reportsPoints: Bool
  /// The engine's driver (`SessionPipeline`).
  private var pipeline: SessionPipeline
  /// The engine, for its figures.
  public var engine: SessionEngine { pipeline.engine }
  /// The workout coach, when the session follows a workout; fed after every fix that moves
  /// the session's clock on, with the engine's figures at that time.
  public private(set) var coach: WorkoutCoach?
  /// The coach as it started, for a session that starts over.
  private let initialCoach: WorkoutCoach?
  public private(set) var status: SourceStatus?
  /// Whether the recording's fixes wait in memory for the disk (its cue was said).
  public private(set) var isHoldingFixes = false
  /// Fix time covered by one verdict tally.
  public static let tallyInterval = Seconds(60)

  /// The engine's verdict counts when the last tally was taken: a tally is what they grew by.
  private var talliedAccepted = 0
  private var talliedRejected: [RejectionReason: Int] = [:]
  private var tallyStart: GNSSTime?
  /// Fix time between two `.figures` events; nil prints none.
  public var figuresInterval: Seconds?
  private var figuresStart: GNSSTime?
  /// The newest time the session's events have reached: accepted fixes, cues, pauses,
  /// signal changes. Tallies are stamped with it, never with a raw fix's time, which may be
  /// a clock fault an hour ahead or a fix still held in the gate's reorder window.
  private var newestTime: GNSSTime?
  /// The engine's events for the fix being handled, one buffer for the session.
  private var sessionEvents: [SessionEvent] = []
  /// The lap presses so far, and the live figures at the last one.
  public private(set) var lapMarks: [LapMark] = []
  /// The laps pressed, with their live figures: the summary's when there is no finished
  /// track to measure them on (an unsmoothed session).
  private var liveLaps: [Lap] = []
  private var lapStart: (time: GNSSTime, distance: Meters, moving: Seconds)?
  /// A recorded session's lap presses, pressed again by a replay when the session's clock
  /// reaches each, at the very fix the live session had reached; and those still to come.
  private let replayedLaps: [LapMark]
  private var lapsToReplay: ArraySlice<LapMark>
  /// Once finished with laps pressed: a mark at the session's end with the last lap's
  /// intensity, for a recording to keep (the store cannot tell which step the session ended
  /// in); a mark there closes no lap of its own.
  public private(set) var closingLap: LapMark?

  /// - Parameter recordsToBeat: the history's records, for the finish's new-best cues.
  /// - Parameter relearnsAhead: a thread working out the engine's relearns ahead of it,
  ///   fed the decisions the engine is fed (`SessionEngine.relearnsAhead`); not after a
  ///   restart, whose fixes it was not fed.
  public init(
    configuration: SessionConfiguration, reportsVerdicts: Bool = false,
    reportsPoints: Bool = true, coach: WorkoutCoach? = nil,
    recordsToBeat: RecordsToBeat = RecordsToBeat(), replayingLaps: [LapMark] = [],
    relearnsAhead: RelearnsAhead? = nil
  ) {
    replayedLaps = replayingLaps.sorted { $0.time < $1.time }
    lapsToReplay = replayedLaps[...]
    self.configuration = configuration
    self.reportsVerdicts = reportsVerdicts
    self.reportsPoints = reportsPoints
    var options = SessionPipeline.Options(
      reportsEachFix: reportsVerdicts || reportsPoints, keepsToldSplits: true,
      followsWorkout: coach != nil, recordsToBeat: recordsToBeat,
      trackStorage: ScratchFile.shared)
    options.relearnsAhead = relearnsAhead
    pipeline = SessionPipeline(
      configuration: configuration, options: options, parallelism: Threads())
    self.coach = coach
    initialCoach = coach
  }

  public mutating func handle(_ event: SourceEvent) -> [RunnerEvent] {
    var out: [RunnerEvent] = []
    handle(event, into: &out)
    return out
  }

  /// Handles `event` like `handle(_:)`, appending what happened to `out`: the headless
  /// loop keeps one buffer for the session instead of an array per fix.
  public mutating func handle(_ event: SourceEvent, into out: inout [RunnerEvent]) {
    switch event {
    case .status(let s):
      guard s != status else { return }
      status = s
      out.append(.status(s))
      switch s {
      case .disconnected, .silent:
        // Said when it happens, not when fixes come back.
        pipeline.noteSourceLost(into: &sessionEvents)
        relay(sessionEvents, into: &out)
        sessionEvents.removeAll(keepingCapacity: true)
      default: break
      }
    case .restart:
      pipeline = pipeline.restarted()
      coach = initialCoach
      lapMarks = []
      liveLaps = []
      lapStart = nil
      lapsToReplay = replayedLaps[...]
      talliedAccepted = 0
      talliedRejected = [:]
      tallyStart = nil
      figuresStart = nil
      newestTime = nil
      out.append(.restarted)
    case .fix(let fix):
      handle(fix: fix, into: &out)
    case .storage(let storage):
      out.append(.storage(storage))
      noteStorage(storage, into: &out)
    }
  }

  /// A cue when the disk first refuses the recording's writes and when it takes them
  /// again, on the session's clock (none before the session has a time).
  private mutating func noteStorage(_ storage: StorageStatus, into out: inout [RunnerEvent]) {
    let text: String
    switch storage {
    case .holding:
      guard !isHoldingFixes else { return }
      isHoldingFixes = true
      text = CueText.storageHeld
    case .written:
      guard isHoldingFixes else { return }
      isHoldingFixes = false
      text = CueText.storageWritten
    }
    guard let time = newestTime ?? pipeline.engine.lastPoint?.time else { return }
    out.append(.session(.cue(Cue(time: time, trigger: .storage, text: text))))
  }

  /// Handles one fix as `handle(.fix(fix), into:)` does.
  public mutating func handle(fix: Fix, into out: inout [RunnerEvent]) {
    handle(fix: fix, judged: nil, into: &out)
  }

  /// Handles a fix a `GateStage` has judged already, with the decisions judging it made
  /// (`JudgedBatch.decisions(of:)`): what `handle(fix:into:)` does with the pipeline's own
  /// gate. The runner takes the stage back before its finish (`takeBackGate`).
  public mutating func handle(
    fix: Fix, judged decisions: ArraySlice<GateDecision>, into out: inout [RunnerEvent]
  ) {
    handle(fix: fix, judged: .some(decisions), into: &out)
  }

  /// The stage that judged the fixes comes back before the finish (see
  /// `SessionPipeline.takeBackGate`); `after`, the fixes of a batch the runner took from a
  /// stage as it was before it judged them.
  public mutating func takeBackGate(_ stage: GateStage, after fixes: ArraySlice<Fix> = []) {
    pipeline.takeBackGate(stage, after: fixes)
  }

  private mutating func handle(
    fix: Fix, judged decisions: ArraySlice<GateDecision>?, into out: inout [RunnerEvent]
  ) {
    let before = newestTime
    if let decisions {
      pipeline.ingest(judged: decisions, of: fix, into: &sessionEvents)
    } else {
      pipeline.ingest(fix, into: &sessionEvents)
    }
    relay(sessionEvents, into: &out)
    sessionEvents.removeAll(keepingCapacity: true)
    if let t = newestTime, t != before, coach != nil {
      // Steps end on the distance reached, not on the settled distance ten fixes behind.
      for e in coach?.observe(
        pipeline.engine.leadingSnapshot, heartRate: fix.heartRate,
        isPaused: pipeline.engine.isPaused, at: t) ?? []
      {
        out.append(.coach(e))
        // A step that ends by itself closes a lap, as a watch does, so the exports' laps
        // are the workout's steps with their intensity (its result says it: no lap cue).
        if case .stepEnded(let result) = e, result.ending == .completed,
          pipeline.engine.pointsAccepted > 0, lapMarks.last.map({ t > $0.time }) ?? true
        {
          out += closeLap(at: t, intensity: LapIntensity(result.step.step.kind), speaks: false)
        }
      }
    }
    while let next = lapsToReplay.first, let t = newestTime, t >= next.time {
      lapsToReplay.removeFirst()
      out += lap(intensity: next.intensity)
    }
    if let t = newestTime, t != before {
      if tallyStart == nil, pipeline.engine.pointsAccepted > 0 { tallyStart = t }
      if let start = tallyStart, t - start >= SessionRunner.tallyInterval,
        let tally = takeTally()
      {
        out.append(tally)
        tallyStart = t
      }
      if let every = figuresInterval, pipeline.engine.pointsAccepted > 0 {
        if figuresStart.map({ t - $0 >= every }) ?? true {
          out.append(
            .figures(time: t, pipeline.engine.leadingSnapshot, isPaused: pipeline.engine.isPaused))
          figuresStart = t
        }
      }
    }
  }

  /// Passes the engine's events on (verdicts and points only when asked; the engine builds
  /// them only then) and moves `newestTime` on to the newest accepted fix.
  private mutating func relay(_ events: [SessionEvent], into out: inout [RunnerEvent]) {
    if let t = pipeline.engine.newestAcceptedFixTime, newestTime.map({ t > $0 }) ?? true {
      newestTime = t
    }
    for e in events {
      switch e {
      case .judged:
        if reportsVerdicts { out.append(.session(e)) }
      case .point:
        // A point moves no time on (`note`).
        if reportsPoints { out.append(.session(e)) }
        continue
      default:
        out.append(.session(e))
      }
      note(e)
    }
  }

  /// The runner pressed lap: the lap closes at the newest time the session has reached (the
  /// fix clock, so a replay closes it where the live session did), and an open workout step
  /// ends there. Nothing happens before the first accepted fix or after the session ended.
  ///
  /// - Parameter intensity: a replayed press's own (the recording's), else the step's.
  public mutating func lap(intensity given: LapIntensity? = nil) -> [RunnerEvent] {
    guard let time = newestTime, pipeline.engine.pointsAccepted > 0 else { return [] }
    if let last = lapMarks.last, time <= last.time { return [] }
    let intensity = given ?? LapIntensity(coach?.currentStep?.step.kind)
    let coached = coach?.lap(pipeline.engine.leadingSnapshot, at: time) ?? []
    // A lap that ends a workout step is said by the step's result.
    let endsStep = coached.contains {
      if case .stepEnded = $0 { true } else { false }
    }
    var out = closeLap(at: time, intensity: intensity, speaks: !endsStep)
    for e in coached { out.append(.coach(e)) }
    return out
  }

  /// Closes the lap under way at `time`: the lap with its live figures (the distance
  /// reached, not the settled distance ten fixes behind: a lap said "205 metres" that its
  /// finished track measured 243 m), its mark, and its cue unless `speaks` is false.
  private mutating func closeLap(at time: GNSSTime, intensity: LapIntensity, speaks: Bool)
    -> [RunnerEvent]
  {
    let snapshot = pipeline.engine.leadingSnapshot
    let from = lapStart ?? (pipeline.engine.firstAcceptedTime ?? time, Meters.zero, Seconds.zero)
    let lap = Lap(
      number: lapMarks.count + 1, start: from.time, end: time,
      distance: Meters(max(0, (snapshot.distance - from.distance).value)),
      moving: Seconds(max(0, (snapshot.moving - from.moving).value)), intensity: intensity)
    let mark = LapMark(time: time, intensity: intensity)
    // The finished track measures the laps of the summary.
    let cue = pipeline.noteLap(lap, at: time, speaks: speaks)
    lapMarks.append(mark)
    liveLaps.append(lap)
    lapStart = (time, snapshot.distance, snapshot.moving)
    var out: [RunnerEvent] = [.lap(lap, mark: mark)]
    if let cue { out.append(.session(.cue(cue))) }
    return out
  }

  /// Ends the session: the last events and the summary of the finished track.
  public mutating func finish() -> (events: [RunnerEvent], summary: SessionSummary) {
    let lastIntensity = LapIntensity(coach?.currentStep?.step.kind)
    // A replayed press the session's clock never reached (its fix was still held in the
    // gate's reorder window at the end: an imported file's lap that began a second before
    // its last fix) still cuts the laps; one past the end cuts none (`Lap.laps`).
    var (tail, summary) = pipeline.finish(
      laps: RecordedLaps(marks: lapMarks + lapsToReplay, last: lastIntensity))
    if let end = summary.end?.time {
      for mark in lapsToReplay where mark.time <= end { lapMarks.append(mark) }
      lapsToReplay = []
    }
    summary.laps = summary.laps ?? liveLapsClosed(by: summary, last: lastIntensity)
    if !lapMarks.isEmpty, let end = summary.end?.time {
      closingLap = LapMark(time: end, intensity: lastIntensity)
    }
    var out: [RunnerEvent] = []
    relay(tail, into: &out)
    if let t = newestTime {
      for e in coach?.finish(pipeline.engine.snapshot, at: t) ?? [] { out.append(.coach(e)) }
    }
    if let tally = takeTally() { out.append(tally) }
    return (out, summary)
  }

  /// The live laps and the last one, from the last press to the end, with what the
  /// summary's totals leave for it; nil without a press.
  private func liveLapsClosed(by summary: SessionSummary, last: LapIntensity) -> [Lap]? {
    guard let final = liveLaps.last else { return nil }
    var laps = liveLaps
    if let end = summary.end?.time, end > final.end {
      let distance = laps.reduce(0) { $0 + $1.distance.value }
      let moving = laps.reduce(0) { $0 + $1.moving.value }
      laps.append(
        Lap(
          number: laps.count + 1, start: final.end, end: end,
          distance: Meters(max(0, summary.distance.value - distance)),
          moving: Seconds(max(0, summary.moving.value - moving)), intensity: last))
    }
    return laps
  }

  /// Moves `newestTime` on to the time an event happened at.
  private mutating func note(_ event: SessionEvent) {
    let time: GNSSTime?
    switch event {
    case .cue(let cue): time = cue.time
    case .paused(let at, _), .resumed(let at), .signalLost(let at), .signalRegained(let at):
      time = at
    case .split(let split): time = split.endTime
    // An accepted fix's time comes from the engine's count (`relay`).
    case .started, .point, .judged: time = nil
    }
    if let time, newestTime.map({ time > $0 }) ?? true { newestTime = time }
  }

  /// The verdicts since the last tally, from the engine's running counts.
  private mutating func takeTally() -> RunnerEvent? {
    let accepted = pipeline.engine.verdictsAccepted - talliedAccepted
    var rejected: [RejectionReason: Int] = [:]
    for (reason, count) in pipeline.engine.rejected where count > talliedRejected[reason] ?? 0 {
      rejected[reason] = count - (talliedRejected[reason] ?? 0)
    }
    guard accepted > 0 || !rejected.isEmpty else { return nil }
    talliedAccepted = pipeline.engine.verdictsAccepted
    talliedRejected = pipeline.engine.rejected
    return .verdicts(time: newestTime, accepted: accepted, rejected: rejected)
  }
}
