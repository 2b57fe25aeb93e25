import Foundation

/// The live engine's relearns (`SessionEngine.RemeasureSchedule`), worked out ahead of it
/// on a thread of its own, from the gate's decisions as a judging thread makes them.
///
/// In its first 50,000 fixes the live engine learns the track's noise anew 28 times and
/// measures the whole track again with each model: a seventh of a replay of a million
/// fixes at full speed, all on the engine's thread while the second core waited for it.
/// The track the engine keeps is a function of the gate's decisions alone (`KeptTrack`),
/// so a thread fed the decisions can do that work before the engine gets there. The
/// engine takes a result that is ready, waits for one being worked out, and works out
/// itself one the thread has not begun (`take`): the numbers are the same to the bit
/// whoever works them out; only the time differs.
public final class RelearnsAhead: @unchecked Sendable {
  /// What a relearn gives: the model, and the distance the re-measure counts up to each
  /// fix of the track measured again with it from its start.
  struct Relearn: Sendable {
    var model: NoiseModel?
    var counted: [Double]
    /// The track's last fix, as the thread kept it: the engine checks it against its own.
    var last: FinishingPass.Entry
  }

  /// What the thread and the engine share; the thread holds it, not the `RelearnsAhead`,
  /// so that letting go of the latter stops the thread.
  private let shared = Shared()

  /// Nil where the engine never relearns: no smoothing, or a raw session.
  public init?(configuration: SessionConfiguration) {
    guard let track = KeptTrack(configuration: configuration) else { return nil }
    let pass = FinishingPass(configuration: configuration, keepsFinishedTrack: false)
    let shared = shared
    let thread = Thread { shared.work(track: track, pass: pass) }
    thread.name = "strider-relearn"
    thread.start()
  }

  deinit { stop() }

  /// Hands the thread the decisions a gate made, in the order it made them; false once
  /// the thread wants no more (past the last relearn, or stopped).
  @discardableResult
  public func feed(_ decisions: [GateDecision]) -> Bool { shared.feed(decisions) }

  /// Stops the thread after what it is working out; results not taken are let go.
  public func stop() { shared.stop() }

  /// How many relearns the engine took ready from the thread, and how many did not match
  /// its own track (none, unless the two ways of keeping the track part).
  public var counts: (taken: Int, mismatched: Int) { shared.counts }

  /// Waits until the thread has taken in all it was fed and worked out every relearn the
  /// engine has not reached (for tests, which then know what the engine will find ready).
  func waitUntilIdle() { shared.waitUntilIdle() }

  /// The relearn at `count` fixes, when the thread has worked it out or is working it out
  /// (it is waited for) and its track ends in `last`; nil where the engine must work it
  /// out itself. Relearns before `count` are let go.
  func take(count: Int, last: FinishingPass.Entry) -> Relearn? {
    shared.take(count: count, last: last)
  }

  private final class Shared: @unchecked Sendable {
    private let condition = NSCondition()
    /// Decisions fed and not yet taken in by the thread.
    private var fed: [[GateDecision]] = []
    private var results: [Int: Relearn] = [:]
    /// The relearn the thread is working out.
    private var working: Int?
    /// The latest relearn the engine has reached: the thread skips those up to it.
    private var engineReached = 0
    private var closed = false
    /// Whether the thread has gone past the last relearn and wants no more decisions.
    private var wantsNoMore = false
    private var taken = 0
    private var mismatched = 0
    /// Whether the thread waits with nothing it could work out.
    private var idle = false

    func feed(_ decisions: [GateDecision]) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      guard !wantsNoMore, !closed else { return false }
      fed.append(decisions)
      condition.broadcast()
      return true
    }

    func stop() {
      condition.lock()
      closed = true
      fed = []
      results = [:]
      condition.broadcast()
      condition.unlock()
    }

    var counts: (taken: Int, mismatched: Int) {
      condition.lock()
      defer { condition.unlock() }
      return (taken, mismatched)
    }

    func waitUntilIdle() {
      condition.lock()
      while !(idle && fed.isEmpty) && !closed { condition.wait() }
      condition.unlock()
    }

    func take(count: Int, last: FinishingPass.Entry) -> Relearn? {
      condition.lock()
      defer { condition.unlock() }
      engineReached = max(engineReached, count)
      while working == count && !closed { condition.wait() }
      let relearn = results.removeValue(forKey: count)
      if !results.isEmpty { results = results.filter { $0.key > count } }
      guard let relearn else { return nil }
      guard relearn.last.isSame(as: last) else {
        mismatched += 1
        return nil
      }
      taken += 1
      return relearn
    }

    /// Takes in what was fed, then works out the furthest relearn the engine has not
    /// reached: the engine works out the nearer ones itself meanwhile, so the two share
    /// the work rather than the engine waiting on the thread for each in turn.
    func work(track: KeptTrack, pass: FinishingPass) {
      var track = track
      var due: [Int] = []
      while true {
        condition.lock()
        while fed.isEmpty && !closed && !due.contains(where: { $0 > engineReached }) {
          idle = true
          condition.broadcast()
          condition.wait()
        }
        idle = false
        if closed {
          condition.unlock()
          return
        }
        let batches = fed
        fed = []
        condition.unlock()
        for decisions in batches {
          for decision in decisions {
            if let count = track.take(decision) { due.append(count) }
          }
        }
        condition.lock()
        due.removeAll { $0 <= engineReached }
        if track.isPastLastRelearn {
          // No relearn comes after these: the judging thread may stop feeding.
          wantsNoMore = true
          fed = []
        }
        guard let count = due.popLast(), !closed else {
          let finished = wantsNoMore
          if finished {
            idle = true
            condition.broadcast()
          }
          condition.unlock()
          if finished { return }
          continue
        }
        working = count
        condition.unlock()
        let relearn = RelearnsAhead.relearn(track.entries[..<count], pass: pass)
        condition.lock()
        working = nil
        if !closed { results[count] = relearn }
        condition.broadcast()
        condition.unlock()
      }
    }
  }

  /// What `SessionEngine.correctLiveDistance` works out at a relearn: the model learnt on
  /// the whole track, and the track measured again with it from its start.
  static func relearn(_ track: ArraySlice<FinishingPass.Entry>, pass: FinishingPass) -> Relearn {
    let model = pass.learn(track)
    var counted: [Double] = []
    if let model, !track.isEmpty {
      var points = Array(track)
      points[0].newStretch = true
      pass.smooth(&points, model: model)
      counted = pass.distances(of: points, measuringAt: Array(points.indices), noise: model)
    }
    return Relearn(
      model: model, counted: counted, last: track[track.endIndex - 1])
  }

  /// The track a live engine keeps for its finishing pass, as `SessionEngine.accept`
  /// builds it from the decisions, and where its schedule relearns.
  struct KeptTrack {
    private(set) var entries: [FinishingPass.Entry] = []
    private var previousSegment: Int?
    private var schedule = SessionEngine.RemeasureSchedule()
    /// Nil where the engine keeps no track (nothing smoothed at the finish, or raw).
    init?(configuration: SessionConfiguration) {
      guard configuration.smoothFinishedTrack, configuration.smoother != nil,
        !configuration.isRaw
      else { return nil }
    }

    /// Takes one decision; the track's length when it calls for a relearn.
    mutating func take(_ decision: GateDecision) -> Int? {
      guard case .accepted = decision.verdict, !isPastLastRelearn else { return nil }
      if decision.dropsHead {
        // The engine starts again here (`SessionEngine.dropHead`).
        entries.removeAll()
        previousSegment = nil
        schedule = SessionEngine.RemeasureSchedule()
      }
      let fix = decision.fix
      guard let coordinate = fix.coordinate else { return nil }
      let newStretch =
        decision.breaksTrack || previousSegment == nil || previousSegment != fix.segment
      previousSegment = fix.segment
      // The live filter estimates every timed fix (`LiveDriftFilter.update`).
      let smoothed = fix.time != nil
      entries.append(
        FinishingPass.Entry(
          fix: fix, coordinate: coordinate, newStretch: newStretch, smoothed: smoothed))
      guard smoothed else { return nil }
      return schedule.step(count: entries.count).relearns ? entries.count : nil
    }

    /// Past the schedule's limit no relearn comes.
    var isPastLastRelearn: Bool { entries.count > SessionEngine.correctionLimit }
  }
}

extension FinishingPass.Entry {
  /// Bit for bit the same point.
  func isSame(as other: FinishingPass.Entry) -> Bool {
    timeValue.bitPattern == other.timeValue.bitPattern
      && latitude.bitPattern == other.latitude.bitPattern
      && longitude.bitPattern == other.longitude.bitPattern
      && altitudeValue.bitPattern == other.altitudeValue.bitPattern
      && accuracy.bitPattern == other.accuracy.bitPattern
      && speed.bitPattern == other.speed.bitPattern && course.bitPattern == other.course.bitPattern
      && speedSigma.bitPattern == other.speedSigma.bitPattern
      && newStretch == other.newStretch && smoothed == other.smoothed
  }
}
