import StriderConcurrency
import StriderCore
import StriderSources

/// The loop behind `--headless`: poll the source, hand each runner event to `emit` (the
/// command line prints it as a JSON line), and finish the session when the source ends or
/// `isStopped` says so. `lapPresses` is asked once a turn how many laps were pressed since
/// (a "lap" line on stdin, SIGUSR1); each closes a lap on the fix clock. `eachTurn` runs
/// once a turn (the speaker starts its next sentence there). `relearnsAhead` goes to the
/// runner (`SessionRunner.init`). `flush` runs at the start of each turn and once the last
/// event is emitted: a caller that holds a turn's lines back writes them there, before the
/// loop can wait on the source. `figuresEvery` asks the runner for the live figures at that
/// interval of fix time (`RunnerEvent.figures`).
///
/// It feeds the same `SessionRunner` as the dashboard's model, so a session printed
/// headless and one shown on screen give the same numbers. When `emit` throws (standard
/// output refused a line), the session ends there as if stopped: it is finished, so a
/// recording keeps its summary, and the error is thrown once the summary exists.
public enum HeadlessLoop {
  /// How long one poll of the source may wait before the stop flag is looked at again.
  static var pollTimeout: Double { 0.2 }

  public static func run<Source: FixSource, Failure: Error>(
    source: inout Source, configuration: SessionConfiguration, coach: WorkoutCoach? = nil,
    recordsToBeat: RecordsToBeat = RecordsToBeat(), replayingLaps: [LapMark] = [],
    isStopped: () -> Bool, lapPresses: () -> Int = { 0 }, eachTurn: () -> Void = {},
    emit: (RunnerEvent) throws(Failure) -> Void
  ) throws(Failure) -> SessionSummary {
    // Not a default argument: a typed-throws closure defaulted there crashes the compiler
    // (6.3) where `Failure` is `Never`.
    try run(
      source: &source, configuration: configuration, coach: coach,
      recordsToBeat: recordsToBeat, replayingLaps: replayingLaps, isStopped: isStopped,
      lapPresses: lapPresses, eachTurn: eachTurn, flush: { () throws(Failure) in }, emit: emit)
  }

  public static func run<Source: FixSource, Failure: Error>(
    source: inout Source, configuration: SessionConfiguration, coach: WorkoutCoach? = nil,
    recordsToBeat: RecordsToBeat = RecordsToBeat(), replayingLaps: [LapMark] = [],
    relearnsAhead: RelearnsAhead? = nil, figuresEvery: Seconds? = nil, isStopped: () -> Bool,
    lapPresses: () -> Int = { 0 }, eachTurn: () -> Void = {},
    flush: () throws(Failure) -> Void, emit: (RunnerEvent) throws(Failure) -> Void
  ) throws(Failure) -> SessionSummary {
    // The printer prints no track points (`HeadlessEvents`): the runner keeps them back.
    var runner = SessionRunner(
      configuration: configuration, reportsPoints: false, coach: coach,
      recordsToBeat: recordsToBeat, replayingLaps: replayingLaps, relearnsAhead: relearnsAhead)
    runner.figuresInterval = figuresEvery
    var failure: Failure?
    // One buffer for the runner's events of each turn, not an array per fix.
    var turnEvents: [RunnerEvent] = []
    /// Emits what the runner said; a lap it closed (a press, a workout step's end) is kept
    /// with the source (a replayed one is a no-op).
    func pass(_ events: [RunnerEvent]) throws(Failure) {
      for e in events {
        if case .lap(_, let mark) = e { source.keep(lap: mark) }
        try emit(e)
      }
    }
    // The batch of judged fixes being taken, and how many of them the runner has taken:
    // a session stopped partway through it takes the gate back as it stood there.
    var judged: (batch: JudgedBatch, taken: Int)?
    loop: while !isStopped() {
      eachTurn()
      do {
        try flush()
        for _ in 0..<max(0, lapPresses()) { try pass(runner.lap()) }
        // At full speed, fixes judged on another thread, in one go.
        if let batch = source.takeDueJudged() {
          judged = (batch, 0)
          // How many the runner has taken, kept in a local and stored once the batch is
          // over or left: written into `judged` at each fix, it cost a retain and release.
          var taken = 0
          defer { judged?.taken = taken }
          for i in batch.fixes.indices {
            if isStopped() { break loop }
            turnEvents.removeAll(keepingCapacity: true)
            runner.handle(fix: batch.fixes[i], judged: batch.decisions(of: i), into: &turnEvents)
            taken = i + 1
            if !turnEvents.isEmpty { try pass(turnEvents) }
          }
          continue
        }
        // At full speed, every fix read so far in one go.
        if let fixes = source.takeDueFixes() {
          for fix in fixes {
            if isStopped() { break loop }
            turnEvents.removeAll(keepingCapacity: true)
            runner.handle(fix: fix, into: &turnEvents)
            try pass(turnEvents)
          }
          continue
        }
        switch source.poll(timeout: pollTimeout) {
        case .event(let event):
          turnEvents.removeAll(keepingCapacity: true)
          runner.handle(event, into: &turnEvents)
          try pass(turnEvents)
        case .idle:
          continue
        case .ended:
          break loop
        }
      } catch {
        failure = error
        break loop
      }
    }
    if let stage = source.takeGate() {
      runner.takeBackGate(stage)
    } else if let (batch, taken) = judged, let stage = batch.stageBefore {
      runner.takeBackGate(stage, after: batch.fixes.prefix(taken))
    }
    let (events, summary) = runner.finish()
    if let closing = runner.closingLap { source.keep(lap: closing) }
    if let failure { throw failure }
    for e in events { try emit(e) }
    try flush()
    return summary
  }
}
