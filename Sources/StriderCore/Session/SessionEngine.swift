/// The whole pipeline for one session: gate, smoother, auto-pause, metrics and cues.
///
/// The same engine runs live, replayed, simulated and in batch analysis, so all four give
/// the same numbers for the same fixes. It is a value: feed it fixes in arrival order with
/// `ingest`, read `snapshot` for the live figures, and call `finish` once at the end for the
/// summary of the finished track (smoothed forward and backward, stops cut out from where
/// they began rather than from when auto-pause noticed them).
public struct SessionEngine: Sendable {
  public let configuration: SessionConfiguration
  private var gate: Gate
  private var filter: KalmanFilter?
  private var autoPause: AutoPause
  private var metrics: MetricsAccumulator
  private var cueScheduler: CueScheduler

  public private(set) var pointsIn = 0
  public private(set) var fixesWithPosition = 0
  public private(set) var pointsAccepted = 0
  public private(set) var rejected: [RejectionReason: Int] = [:]
  public private(set) var cues: [Cue] = []
  /// The live filtered track so far.
  public private(set) var lastPoint: TrackPoint?

  private var lastAcceptedTime: GNSSTime?
  private var signalLostAnnounced = false
  /// When a signal loss still open was announced from no-fix records: the session ends no
  /// earlier than that.
  private var signalLostAt: GNSSTime?
  private var livePauses: [PauseInterval] = []
  private var pausedSince: GNSSTime?
  private var untimedDistance = 0.0
  /// Every step passed to metrics, moving or not: the raw length for `--no-filter`.
  private var rawDistance = 0.0
  private var firstAccepted: TrackEndpoint?
  private var lastAccepted: TrackEndpoint?
  /// False while `absorb` runs: the same pipeline, without building events nobody reads.
  private var collectsEvents = true
  /// Accepted fixes for the finishing pass; kept only when that pass smooths the track.
  private var track: [TrackEntry] = []
  private let keepsTrack: Bool
  private var firstTimedTime: GNSSTime?
  private var finished: SessionSummary?
  /// The array the last events were returned in: reused (no allocation per fix) once the
  /// caller has let go of it.
  private var eventBuffer: [SessionEvent] = []

  /// What the finishing pass needs of each accepted fix, packed into 48 bytes because a
  /// finished track is held whole (a million points for an archive). NaN marks a missing
  /// value, which every consumer treats as absent. After smoothing, `latitude`,
  /// `longitude` and `speed` hold the smoothed position and speed.
  private struct TrackEntry: Sendable {
    var timeValue: Double
    var latitude: Double
    var longitude: Double
    var altitudeValue: Double
    // Single precision: the smoother reads these to a few centimetres and degrees at best.
    var accuracy: Float
    var speed: Float
    var course: Float
    var newStretch: Bool
    var smoothed: Bool

    init(fix: Fix, coordinate: Coordinate, newStretch: Bool, smoothed: Bool) {
      timeValue = fix.time?.secondsSince1970 ?? .nan
      latitude = coordinate.latitude
      longitude = coordinate.longitude
      altitudeValue = fix.altitude?.value ?? .nan
      accuracy = Float(fix.horizontalAccuracy?.value ?? .nan)
      speed = Float(fix.speed?.value ?? .nan)
      course = Float(fix.course?.value ?? .nan)
      self.newStretch = newStretch
      self.smoothed = smoothed
    }

    var time: GNSSTime? { timeValue.isNaN ? nil : GNSSTime(secondsSince1970: timeValue) }
    var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    var altitude: Meters? { altitudeValue.isNaN ? nil : Meters(altitudeValue) }

    /// The fix as the smoother reads it.
    var fix: Fix {
      Fix(
        time: time, coordinate: coordinate,
        horizontalAccuracy: accuracy.isNaN ? nil : Meters(Double(accuracy)),
        speed: speed.isNaN ? nil : MetersPerSecond(Double(speed)),
        course: course.isNaN ? nil : Degrees(Double(course)))
    }
  }

  public init(configuration: SessionConfiguration) {
    self.configuration = configuration
    gate = Gate(configuration: configuration.gate)
    filter = configuration.smoother.map { KalmanFilter(configuration: $0) }
    autoPause = AutoPause(configuration: configuration.autoPause)
    metrics = MetricsAccumulator(configuration: configuration.metrics)
    cueScheduler = CueScheduler(
      configuration: configuration.cues, activity: configuration.activity,
      units: configuration.units)
    keepsTrack =
      configuration.smoothFinishedTrack && configuration.smoother != nil && !configuration.isRaw
  }

  /// The live figures.
  public var snapshot: MetricsSnapshot { metrics.snapshot }

  /// Whether auto-pause holds the session paused now.
  public var isPaused: Bool { autoPause.isPaused }

  /// Feeds one fix as it arrived; returns what happened because of it.
  public mutating func ingest(_ fix: Fix) -> [SessionEvent] {
    pointsIn += 1
    if fix.coordinate?.isValid == true { fixesWithPosition += 1 }
    var events = eventBuffer
    eventBuffer = []
    events.removeAll(keepingCapacity: true)
    for decision in gate.ingest(fix) { handle(decision, into: &events) }
    eventBuffer = events
    return events
  }

  /// Feeds one fix like `ingest` but builds no events: for batch analysis, which reads
  /// only the summary (cues still reach it).
  public mutating func absorb(_ fix: Fix) {
    collectsEvents = false
    defer { collectsEvents = true }
    _ = ingest(fix)
  }

  @inline(__always)
  private func emit(_ event: @autoclosure () -> SessionEvent, into events: inout [SessionEvent]) {
    if collectsEvents { events.append(event()) }
  }

  /// Ends the session: flushes the gate, smooths the finished track and sums it up.
  /// Calling it again returns the same summary and no events.
  public mutating func finish() -> (events: [SessionEvent], summary: SessionSummary) {
    if let finished { return ([], finished) }
    var events: [SessionEvent] = []
    for decision in gate.finish() { handle(decision, into: &events) }
    if let since = pausedSince, let last = lastAcceptedTime {
      livePauses.append(PauseInterval(start: since, end: last))
    }
    let liveSnapshot = metrics.finish()
    let finalSnapshot: MetricsSnapshot
    let pauses: [PauseInterval]
    if keepsTrack {
      // The track is smoothed in place; the engine lets go of it so no copy is made.
      var points = track
      track = []
      resmoothWithLocalNoise(&points)
      (finalSnapshot, pauses) = finishedTrackFigures(points)
    } else {
      finalSnapshot = liveSnapshot
      pauses = livePauses
    }
    if let time = lastAcceptedTime.map({ max($0, signalLostAt ?? $0) }),
      let cue = cueScheduler.announce(.finish, snapshot: finalSnapshot, at: time)
    {
      cues.append(cue)
      emit(.cue(cue), into: &events)
    }
    var elapsed = Seconds.zero
    if let a = firstTimedTime, let b = lastAcceptedTime, b > a { elapsed = b - a }
    let summary = SessionSummary(
      activity: configuration.activity, units: configuration.units, isRaw: configuration.isRaw,
      start: firstAccepted, end: lastAccepted,
      distance: Meters(
        (configuration.isRaw ? rawDistance : finalSnapshot.distance.value) + untimedDistance),
      elapsed: elapsed,
      moving: finalSnapshot.moving, calories: finalSnapshot.calories,
      elevationGain: finalSnapshot.elevationGain, pointsIn: pointsIn,
      fixesWithPosition: fixesWithPosition, pointsAccepted: pointsAccepted, rejected: rejected,
      pauses: pauses, splits: finalSnapshot.splits, cues: cues)
    finished = summary
    return (events, summary)
  }

  // MARK: Live pipeline

  private mutating func handle(_ decision: GateDecision, into events: inout [SessionEvent]) {
    emit(.judged(decision.judged), into: &events)
    guard case .accepted = decision.verdict else {
      if let reason = decision.verdict.reason { rejected[reason, default: 0] += 1 }
      noteMissingSignal(decision, into: &events)
      return
    }
    accept(decision.fix, breaksTrack: decision.breaksTrack, into: &events)
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

  private mutating func accept(_ fix: Fix, breaksTrack: Bool, into events: inout [SessionEvent]) {
    guard let rawCoordinate = fix.coordinate else { return }
    pointsAccepted += 1
    let endpoint = TrackEndpoint(time: fix.time, coordinate: rawCoordinate)
    if firstAccepted == nil { firstAccepted = endpoint }
    lastAccepted = endpoint
    let previous = lastPoint
    let newStretch = breaksTrack || previous == nil || previous?.segment != fix.segment

    var endsSignalLoss = false
    if let t = fix.time, let last = lastAcceptedTime, t > last {
      if !signalLostAnnounced, t - last > configuration.signalLossAfter {
        signalLostAnnounced = true
        emit(.signalLost(at: last + configuration.signalLossAfter), into: &events)
        announce(.signalLost, at: last + configuration.signalLossAfter, into: &events)
      }
      if signalLostAnnounced {
        endsSignalLoss = true
        signalLostAnnounced = false
        signalLostAt = nil
        emit(.signalRegained(at: t), into: &events)
        announce(.signalRegained, at: t, into: &events)
      }
    }

    var coordinate = rawCoordinate
    var speed = fix.speed ?? .zero
    var smoothed = false
    if var f = filter, fix.time != nil {
      if newStretch { f.reset() }
      if let estimate = f.update(with: fix) {
        coordinate = estimate.coordinate
        speed = estimate.speed
        smoothed = true
      }
      filter = f
    }
    let point = TrackPoint(
      time: fix.time ?? lastAcceptedTime ?? GNSSTime(secondsSince1970: 0),
      coordinate: coordinate, altitude: fix.altitude, speed: speed,
      accuracy: fix.horizontalAccuracy, segment: fix.segment)
    if keepsTrack {
      track.append(
        TrackEntry(fix: fix, coordinate: rawCoordinate, newStretch: newStretch, smoothed: smoothed))
    }
    if firstTimedTime == nil, let t = fix.time { firstTimedTime = t }
    if previous == nil { emit(.started(point), into: &events) }
    lastPoint = point

    guard let time = fix.time else {
      if let p = previous, !newStretch {
        untimedDistance += Geodesy.distanceMeters(p.coordinate, coordinate)
      }
      emit(.point(point, isPaused: autoPause.isPaused), into: &events)
      return
    }
    let previousTimed = previous.flatMap { p in lastAcceptedTime.map { _ in p } }
    let continues = !newStretch && previousTimed != nil && (previous?.time ?? time) <= time
    let wasPaused = autoPause.isPaused
    if newStretch { autoPause.reset() }
    if let transition = autoPause.observe(time: time, coordinate: coordinate) {
      switch transition {
      case .paused(let at, let since):
        pausedSince = since
        emit(.paused(at: at, since: since), into: &events)
        announce(.pause, at: at, into: &events)
      case .resumed(let at, _):
        if let since = pausedSince { livePauses.append(PauseInterval(start: since, end: at)) }
        pausedSince = nil
        emit(.resumed(at: at), into: &events)
        announce(.resume, at: at, into: &events)
      }
    }
    var step = 0.0
    if continues, let p = previous {
      step = Geodesy.distanceMeters(p.coordinate, coordinate)
    } else if let p = previous, !newStretch {
      untimedDistance += Geodesy.distanceMeters(p.coordinate, coordinate)
    }
    rawDistance += step
    var isMoving = !autoPause.isPaused
    if continues, let p = previous, isIdleStep(distance: step, duration: time - p.time) {
      isMoving = false
    }
    if wasPaused && autoPause.isPaused { step = 0 }
    if configuration.isRaw, let p = previous {
      let dt = (time - p.time).value
      isMoving = dt > 0 && step / dt >= SessionConfiguration.rawStoppedSpeed
    }
    lastAcceptedTime = time
    let sample = MetricsSample(
      time: time, coordinate: coordinate, altitude: fix.altitude, step: Meters(step),
      isMoving: isMoving, startsSegment: !continues)
    for var split in metrics.add(sample) {
      // A split reached across a signal loss is interpolated into the silence, before the
      // "signal regained" just said: live, it is told when it is known.
      if endsSignalLoss, split.endTime < time { split.endTime = time }
      emit(.split(split), into: &events)
    }
    for cue in cueScheduler.observe(metrics.snapshot, at: time) {
      cues.append(cue)
      emit(.cue(cue), into: &events)
    }
    emit(.point(point, isPaused: autoPause.isPaused), into: &events)
  }

  private mutating func announce(
    _ trigger: CueTrigger, at time: GNSSTime, into events: inout [SessionEvent]
  ) {
    if let cue = cueScheduler.announce(trigger, snapshot: metrics.snapshot, at: time) {
      cues.append(cue)
      emit(.cue(cue), into: &events)
    }
  }

  /// A step longer than the auto-pause window that covers almost no ground is a stop that
  /// sparse sampling hid from auto-pause (a logger that records only when something
  /// changes): it adds its ground to the distance but no moving time.
  func isIdleStep(distance: Double, duration: Seconds) -> Bool {
    guard configuration.autoPause.enabled, duration > configuration.autoPause.window else {
      return false
    }
    return distance / duration.value < SessionConfiguration.rawStoppedSpeed
  }

  // MARK: Finished track

  /// Smooths the finished track with each fix's noise estimated from the data.
  ///
  /// Reported accuracy only loosely follows the real error, and many files report none; a
  /// street canyon then looks as trustworthy as open sky and its scatter becomes distance.
  /// The scatter is measured where motion cannot hide it: each fix's deviation from the
  /// straight line between its two neighbours (in time), whose median over the nearby fixes
  /// ignores the few a bend or a switchback moves. The smoother then uses the larger of that
  /// estimate, scaled up for the slow wander it cannot see, and the reported accuracy (an
  /// adaptive measurement noise in the spirit of Mehra, "On the identification of variances
  /// and adaptive Kalman filtering", IEEE TAC 15(2), 1970).
  private func resmoothWithLocalNoise(_ points: inout [TrackEntry]) {
    defer {
      for i in points.indices where !points[i].smoothed { points[i].speed = 0 }
    }
    guard let smootherConfiguration = configuration.smoother else { return }
    // The fixes the live filter saw, by their place in `points`.
    var items: [Int32] = []
    for (i, entry) in points.enumerated() where entry.smoothed { items.append(Int32(i)) }
    let n = items.count
    guard n > 0 else { return }
    func item(_ k: Int) -> TrackEntry { points[Int(items[k])] }
    // Squared deviation from the neighbours' interpolation, in m², or NaN at stretch ends.
    var deviation = [Double](repeating: .nan, count: n)
    // The planes at k - 1, k and k + 1, each made once as the sweep passes.
    var planes: [(index: Int, plane: LocalTangentPlane)?] = [nil, nil, nil]
    func plane(_ i: Int) -> LocalTangentPlane {
      if let slot = planes[i % 3], slot.index == i { return slot.plane }
      let made = LocalTangentPlane(origin: item(i).coordinate)
      planes[i % 3] = (i, made)
      return made
    }
    for k in 1..<max(1, n - 1) where !item(k).newStretch && !item(k + 1).newStretch {
      let a = item(k - 1)
      let b = item(k)
      let c = item(k + 1)
      guard !a.timeValue.isNaN, !b.timeValue.isNaN, !c.timeValue.isNaN else { continue }
      // Far-apart neighbours measure the path's curvature, not the receiver's scatter.
      let span = c.timeValue - a.timeValue
      guard span > 0, span <= SessionEngine.maxScatterSpan else { continue }
      let here = plane(k)
      let pa = here.project(originOf: plane(k - 1))
      let pc = here.project(originOf: plane(k + 1))
      let w = (b.timeValue - a.timeValue) / span
      let east = pa.east + (pc.east - pa.east) * w
      let north = pa.north + (pc.north - pa.north) * w
      deviation[k] = east * east + north * north
    }
    var second = KalmanFilter(configuration: smootherConfiguration, keepsHistory: true)
    var smoother = WindowedRauchTungStriebel()
    var written = 0
    func write(_ states: [SmoothedState], into points: inout [TrackEntry]) {
      for state in states {
        let index = Int(items[written])
        points[index].latitude = state.coordinate.latitude
        points[index].longitude = state.coordinate.longitude
        points[index].speed = Float(state.speed.value)
        written += 1
      }
    }
    // The deviations within noiseWindow of k in its stretch, kept sorted as k slides.
    var window = SortedWindow()
    var low = 0
    var high = -1
    var stretchEnd = 0
    for k in 0..<n {
      let entry = item(k)
      if entry.newStretch || k >= stretchEnd {
        window.removeAll()
        low = k
        high = k - 1
        stretchEnd = k + 1
        while stretchEnd < n, !item(stretchEnd).newStretch { stretchEnd += 1 }
      }
      let wantedLow = max(low, k - SessionEngine.noiseWindow)
      while low < wantedLow {
        window.remove(deviation[low])
        low += 1
      }
      let wantedHigh = min(stretchEnd - 1, k + SessionEngine.noiseWindow)
      while high < wantedHigh {
        high += 1
        window.insert(deviation[high])
      }
      var minimumSigma = 0.0
      if window.count >= 5 {
        // For white noise of σ per axis the squared deviation is exponential with mean
        // 3σ², so its median is 3σ²·ln 2.
        let variance = window.median / (3 * 0.693_147)
        minimumSigma = variance.squareRoot() * SessionEngine.scatterToNoise
      }
      if entry.newStretch { second.reset() }
      second.absorb(entry.fix, minimumSigma: minimumSigma)
      smoother.append(second.history)
      second.clearHistory()
      write(smoother.settled(), into: &points)
    }
    write(smoother.finish(), into: &points)
    // Fixes the second pass could not place keep their position and count as standing.
    while written < n {
      points[Int(items[written])].speed = 0
      written += 1
    }
  }

  /// A few numbers kept in order, for a median over a sliding window; NaN is left out.
  private struct SortedWindow {
    private var values: [Double] = []
    var count: Int { values.count }
    var median: Double { values[values.count / 2] }

    mutating func removeAll() { values.removeAll(keepingCapacity: true) }

    mutating func insert(_ value: Double) {
      guard !value.isNaN else { return }
      var i = values.count
      values.append(value)
      while i > 0, values[i - 1] > value {
        values[i] = values[i - 1]
        i -= 1
      }
      values[i] = value
    }

    mutating func remove(_ value: Double) {
      guard !value.isNaN, let i = values.firstIndex(of: value) else { return }
      values.remove(at: i)
    }
  }

  /// The longest time between a fix's two neighbours for measuring scatter (a 5 s logger).
  static let maxScatterSpan = 10.0
  /// Neighbours on each side used to estimate a fix's scatter.
  static let noiseWindow = 10
  /// How much larger the noise the smoother should assume is than the second-by-second
  /// scatter: GNSS error also wanders slowly, which the scatter does not show. Chosen on the
  /// simulator (2 to 6 tried); open-sky tracks barely change, street canyons get the heavy
  /// smoothing their scatter calls for.
  static let scatterToNoise = 4.0

  /// Speeds below this on the smoothed track are standing still.
  static let stoppedSpeed = 0.4

  private func finishedTrackFigures(_ points: [TrackEntry]) -> (MetricsSnapshot, [PauseInterval]) {
    // Stops, found again on the smoothed track, trimmed to where it was really still.
    var pauses: [PauseInterval] = []
    var detector = AutoPause(configuration: configuration.autoPause)
    var openSince: GNSSTime?
    for (i, p) in points.enumerated() {
      guard let time = p.time else { continue }
      if p.newStretch {
        if let since = openSince, i > 0, let end = points[i - 1].time {
          pauses.append(PauseInterval(start: since, end: end))
          openSince = nil
        }
        detector = AutoPause(configuration: configuration.autoPause)
      }
      switch detector.observe(time: time, coordinate: p.coordinate) {
      case .paused(_, let since): openSince = since
      case .resumed(_, let departed):
        if let since = openSince { pauses.append(PauseInterval(start: since, end: departed)) }
        openSince = nil
      case nil: break
      }
    }
    if let since = openSince, let end = points.last?.time {
      pauses.append(PauseInterval(start: since, end: end))
    }
    pauses = trimmed(pauses, points: points)

    // Stops are sorted and apart, so two moving indexes answer "inside a stop?" in one
    // sweep: closed at both ends for this point, half-open for the one before.
    var accumulator = MetricsAccumulator(configuration: configuration.metrics)
    var closedIndex = 0
    var halfOpenIndex = 0
    var previous: (time: GNSSTime, coordinate: Coordinate, inStop: Bool)?
    for p in points {
      guard let time = p.time else {
        previous = nil
        continue
      }
      while closedIndex < pauses.count, pauses[closedIndex].end < time { closedIndex += 1 }
      while halfOpenIndex < pauses.count, pauses[halfOpenIndex].end <= time { halfOpenIndex += 1 }
      let inPause = closedIndex < pauses.count && pauses[closedIndex].start <= time
      let inStop = halfOpenIndex < pauses.count && pauses[halfOpenIndex].start <= time
      let standing = inPause && (previous?.inStop ?? false)
      let continues = !p.newStretch && previous != nil && (previous?.time ?? time) <= time
      var step = 0.0
      var isMoving = !standing
      if continues, let prev = previous, !standing {
        step = Geodesy.distanceMeters(prev.coordinate, p.coordinate)
        if isIdleStep(distance: step, duration: time - prev.time) { isMoving = false }
      }
      _ = accumulator.add(
        MetricsSample(
          time: time, coordinate: p.coordinate, altitude: p.altitude, step: Meters(step),
          isMoving: isMoving, startsSegment: !continues))
      previous = (time, p.coordinate, inStop)
    }
    return (accumulator.finish(), pauses)
  }

  /// Shrinks each detected stop to the part where the smoothed speed says the user stood,
  /// in one sweep over the time-ordered points; stops with no still part are dropped.
  private func trimmed(
    _ pauses: [PauseInterval],
    points: [TrackEntry]
  ) -> [PauseInterval] {
    var result: [PauseInterval] = []
    var index = 0
    for pause in pauses {
      while index < points.count, (points[index].time.map { $0 < pause.start } ?? true) {
        index += 1
      }
      var firstStill: GNSSTime?
      var lastStill: GNSSTime?
      var k = index
      while k < points.count {
        guard let t = points[k].time else {
          k += 1
          continue
        }
        if t > pause.end { break }
        if Double(points[k].speed) <= SessionEngine.stoppedSpeed {
          if firstStill == nil { firstStill = t }
          lastStill = t
        }
        k += 1
      }
      if let start = firstStill, let end = lastStill, end > start {
        result.append(PauseInterval(start: start, end: end))
      }
    }
    return result
  }
}
