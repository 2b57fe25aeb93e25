/// The live engine's relearns (`SessionEngine.RemeasureSchedule`) worked out ahead of it,
/// elsewhere: an edge that owns threads (`StriderConcurrency.RelearnsAhead`) feeds a
/// `RelearnWorker` the gate's decisions as a judging thread makes them, and hands the
/// engine what it works out.
///
/// The track the engine keeps is a function of the gate's decisions alone (`KeptTrack`),
/// so the work can be done before the engine gets there. The engine takes a result that is
/// ready (`take`), and works out itself one that is not: the numbers are the same to the
/// bit whoever works them out; only the time differs.
package protocol RelearnSupply: AnyObject, Sendable {
  /// The relearn at `count` fixes, when it was or is being worked out and its track ends
  /// in `last`; nil where the engine must work it out itself.
  func take(count: Int, endingIn last: TrackEnd) -> Relearn?
}

/// The last point of a track a relearn was worked out on, to be compared with the engine's.
package struct TrackEnd: Sendable {
  let entry: FinishingPass.Entry

  /// Bit for bit the same point.
  package func isSame(as other: TrackEnd) -> Bool { entry.isSame(as: other.entry) }
}

/// What a relearn gives: the model, and the distance and the moving time the re-measure
/// counts up to each fix of the track measured again with it from its start.
package struct Relearn: Sendable {
  var model: NoiseModel?
  var counted: FinishingPass.Measured
  /// The track's last fix, as the worker kept it: the engine checks it against its own.
  package var end: TrackEnd
}

/// The relearns' work without a thread: the track a live engine keeps, built from the
/// gate's decisions, and each relearn its schedule calls for.
package struct RelearnWorker: Sendable {
  private var track: KeptTrack
  private let pass: FinishingPass

  /// Nil where the engine never relearns: no smoothing, or a raw session.
  package init?(configuration: SessionConfiguration, parallelism: any Parallelism) {
    guard let track = KeptTrack(configuration: configuration) else { return nil }
    self.track = track
    pass = FinishingPass(
      configuration: configuration, keepsFinishedTrack: false, parallelism: parallelism)
  }

  /// Takes one decision; the track's length when it calls for a relearn.
  package mutating func take(_ decision: GateDecision) -> Int? { track.take(decision) }

  /// Past the schedule's limit no relearn comes.
  package var isPastLastRelearn: Bool { track.isPastLastRelearn }

  /// The relearn at `count` fixes of the track taken in so far.
  package func relearn(at count: Int) -> Relearn {
    Relearn.make(track.entries[..<count], pass: pass)
  }
}

extension Relearn {
  /// What `SessionEngine.correctLiveDistance` works out at a relearn: the model learnt on
  /// the whole track, and the track measured again with it from its start.
  static func make(_ track: ArraySlice<FinishingPass.Entry>, pass: FinishingPass) -> Relearn {
    let model = pass.learn(track)
    var counted = FinishingPass.Measured()
    if let model, !track.isEmpty {
      var points = Array(track)
      points[0].newStretch = true
      pass.smooth(&points, model: model)
      counted = pass.distances(of: points, measuringAt: Array(points.indices), noise: model)
    }
    return Relearn(model: model, counted: counted, end: TrackEnd(entry: track[track.endIndex - 1]))
  }
}

/// The track a live engine keeps for its finishing pass, as `SessionEngine.accept` builds
/// it from the decisions, and where its schedule relearns.
struct KeptTrack: Sendable {
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
