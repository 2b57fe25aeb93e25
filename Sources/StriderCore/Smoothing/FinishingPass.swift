import Foundation

/// The finishing pass: the whole track smoothed forward and backward with a noise model
/// learnt from the track itself, its stops found again on the smoothed positions, and the
/// figures summed up from it (`FinishedTrack`). The engine runs it at the finish, and on
/// the recent track as it goes so that the live distance is what the summary will say.
struct FinishingPass: Sendable {
  /// What the finishing pass needs of each accepted fix, packed into 48 bytes because a
  /// finished track is held whole (a million points for an archive). NaN marks a missing
  /// value, which every consumer treats as absent. After smoothing, `latitude`,
  /// `longitude` and `speed` hold the smoothed position and speed.
  struct Entry: Sendable {
    var timeValue: Double
    var latitude: Double
    var longitude: Double
    var altitudeValue: Double
    // Single precision: the smoother reads these to a few centimetres and degrees at best.
    var accuracy: Float
    var speed: Float
    var course: Float
    /// The per-axis σ of the smoothed velocity (`SmoothedFix.speedSigma`); NaN before
    /// smoothing. Half precision keeps the entry at 48 bytes.
    var speedSigma: Float16 = .nan
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

    /// Holds the smoothed position and speed (and course, when distance is measured along
    /// the curve) in place of the fix's.
    mutating func take(_ smoothed: SmoothedFix, course keepsCourse: Bool) {
      latitude = smoothed.coordinate.latitude
      longitude = smoothed.coordinate.longitude
      speed = Float(smoothed.speed)
      speedSigma = Float16(smoothed.speedSigma)
      if keepsCourse { course = Float(smoothed.course) }
    }

    /// Whether the smoothed speed is one a user standing still may read: at most
    /// `stillSpeed`, or within the 95 % point of the smoothed velocity's own noise
    /// (2.45 σ, the Rayleigh distribution's), which sparse or noisy fixes make larger than
    /// any still speed: a few noisy fixes during a stop are not a walk.
    func readsStill(_ stillSpeed: Double) -> Bool {
      let sigma = speedSigma.isNaN ? 0 : Double(speedSigma)
      return Double(speed) <= max(stillSpeed, FinishingPass.standingSpeedSpread * sigma)
    }

    /// The point as the track smoother reads it.
    var smoothingInput: SmoothingInput {
      SmoothingInput(
        time: timeValue, coordinate: coordinate, accuracy: Double(accuracy),
        speed: Double(speed), course: Double(course), newStretch: newStretch)
    }

    /// The fix as the smoother reads it.
    var fix: Fix {
      Fix(
        time: time, coordinate: coordinate,
        horizontalAccuracy: accuracy.isNaN ? nil : Meters(Double(accuracy)),
        speed: speed.isNaN ? nil : MetersPerSecond(Double(speed)),
        course: course.isNaN ? nil : Degrees(Double(course)))
    }
  }

  /// What the pass makes of a track.
  struct Figures {
    var snapshot: MetricsSnapshot
    /// The stops, trimmed to where the smoothed speed says the user stood.
    var pauses: [PauseInterval]
    /// The stops as auto-pause found them on the smoothed track, before trimming.
    var detected: [PauseInterval]
    var track: FinishedTrack?
    /// The finished track's times (seconds since 1970) and distances, point for point, when
    /// `keepsDistanceSeries`: what a best-effort search reads of it.
    var series: (times: [Double], distances: [Double])?
    /// The distance and the moving time counted up to each index asked for in
    /// `measuringAt`.
    var measured: Measured
    /// How far the distance may be from the truth (`DistanceUncertainty`).
    var uncertainty = DistanceUncertainty()
  }

  let configuration: SessionConfiguration
  /// Whether `figures` builds the finished track (a recording keeps it).
  var keepsFinishedTrack: Bool
  /// Whether `figures` keeps the finished track's times and distances (`Figures.series`):
  /// the search for records beaten needs only those, a sixth of the track's memory.
  var keepsDistanceSeries = false
  /// How the finish's independent pieces run: the fit's, and the smoother beside the figures.
  var parallelism: any Parallelism = OneAtATime()
  /// Whether steps are measured along the smoothed curve (`KalmanConfiguration`).
  var alongCurve: Bool { configuration.smoother?.alongCurve ?? false }

  /// Smooths the finished track with a noise model learnt from the track itself
  /// (`DriftTrackSmoother`): the reported accuracy is a relative weight, not the truth, so
  /// a clean watch track stays near its raw length and a noisy stream is smoothed.
  /// `alsoFrom`, the live figures' last model, is kept instead where it explains the
  /// track better (`NoiseFit.fit`).
  @discardableResult
  func smooth<Track: MutableCollection & RandomAccessCollection>(
    _ points: inout Track, model: NoiseModel? = nil, alsoFrom other: RivalModel? = nil
  ) -> NoiseModel? where Track.Element == Entry, Track.Index == Int {
    defer {
      for i in points.indices where !points[i].smoothed {
        points[i].speed = 0
        if alongCurve { points[i].course = .nan }
      }
    }
    guard let smoother, let items = SmoothedItems(points) else { return nil }
    return smoother.smooth(
      count: items.count, model: model, alsoFrom: other.map(items.rival),
      input: { k in points[items.index(k)].smoothingInput },
      output: { k, smoothed in
        points[items.index(k)].take(smoothed, course: alongCurve)
      })
  }

  /// `smooth`, then `figures`: the same figures, with the figures following the smoother
  /// on a second core where `parallelism` has one. The smoother settles the track in windows from
  /// the start; the figures read each point once it is settled, and sum it up a stop's
  /// length behind (`StopFinder.isSettled`), so the finish takes about the longer of the
  /// two instead of both.
  ///
  /// `handOut` may be called on the other thread: one point at a time, in order, and all
  /// before this returns.
  func finish(
    _ points: inout ChunkedArray<Entry>, alsoFrom other: RivalModel?,
    handingOut handOut: ((FinishedTrack.Point) -> Void)?,
    besideFrom pointsBeside: Int = FinishingPass.pointsBeside
  ) -> Figures {
    guard points.count >= pointsBeside, let smoother, parallelism.width > 1 else {
      let model = smooth(&points, alsoFrom: other)
      return figures(of: points, handingOut: handOut, noise: model)
    }
    let alongCurve = alongCurve
    let count = points.count
    // Every piece reads the track through a pass of its own, which lets the chunks it has
    // gone by leave memory where the track's storage can (`ChunkedArray.Pass`).
    let finished: Figures? = points.withPasses { newPass in
      let learning = newPass()
      guard let items = SmoothedItems(learning) else { return nil }
      var timesAscend = true
      var latest = -Double.infinity
      for p in learning where !p.timeValue.isNaN {
        if p.timeValue < latest {
          timesAscend = false
          break
        }
        latest = p.timeValue
      }
      let model = smoother.smooth(
        count: items.count, alsoFrom: other.map(items.rival), learnOnly: true,
        input: { k in learning[items.index(k)].smoothingInput }, output: { _, _ in })
      let entries = newPass()
      let progress = parallelism.makeProgress()
      var figures: Figures?
      // The smoother writes the points below what it publishes no more; the figures read
      // only those.
      parallelism.run(
        {
          // Points the live filter did not see stand still (as `smooth` leaves them).
          var settled = 0
          func settle(upTo end: Int) {
            for i in settled..<end where !entries[i].smoothed {
              entries[i].speed = 0
              if alongCurve { entries[i].course = .nan }
            }
            settled = end
          }
          smoother.smooth(
            count: items.count, model: model,
            input: { k in entries[items.index(k)].smoothingInput },
            output: { k, smoothed in
              let i = items.index(k)
              entries[i].take(smoothed, course: alongCurve)
              if i + 1 - settled >= FinishingPass.settledBatch {
                settle(upTo: i + 1)
                progress.publish(i + 1)
              }
            })
          settle(upTo: count)
          progress.publish(count)
        },
        beside: {
          figures = self.figures(
            of: AwaitedEntries(entries: newPass(), progress: progress),
            handingOut: handOut, timesAscend: timesAscend, noise: model)
        })
      // Both are done when `run` returns, so the figures are made.
      guard let figures else { preconditionFailure("the figures were not made") }
      return figures
    }
    // No point the live filter saw: nothing to smooth.
    return finished
      ?? figures(of: points, handingOut: handOut, noise: smooth(&points, alsoFrom: other))
  }

  /// Tracks shorter than this are finished on one thread: a second costs more to start.
  static let pointsBeside = 20_000
  /// How many settled points the smoother hands over at a time.
  static let settledBatch = 4096

  /// The noise model `smooth` would learn from `points`, without smoothing them: the live
  /// engine learns anew as the track grows, then re-measures only what it must.
  func learn<Track: RandomAccessCollection>(_ points: Track) -> NoiseModel?
  where Track.Element == Entry, Track.Index == Int {
    guard let smoother, let items = SmoothedItems(points) else { return nil }
    return smoother.smooth(
      count: items.count, learnOnly: true,
      input: { k in points[items.index(k)].smoothingInput }, output: { _, _ in })
  }

  /// The track smoother for this configuration; nil when smoothing is off.
  private var smoother: DriftTrackSmoother? {
    configuration.smoother.map {
      DriftTrackSmoother(
        prior: .prior(processNoise: $0.processNoise),
        readsSpeedWithoutCourse: configuration.activity.readsSpeedWithoutCourse,
        parallelism: parallelism)
    }
  }

  /// The points the live filter saw (`smoothed`), by their index in the track: none are
  /// listed when it saw them all (nearly always), which spares a million-point track a
  /// 4 MB list at its peak.
  struct SmoothedItems {
    let count: Int
    private let first: Int
    private var listed: [Int32] = []

    /// Nil when the filter saw none of them.
    init?<Track: RandomAccessCollection>(_ points: Track)
    where Track.Element == Entry, Track.Index == Int {
      count = points.reduce(0) { $0 + ($1.smoothed ? 1 : 0) }
      guard count > 0 else { return nil }
      first = points.startIndex
      if count < points.count {
        listed.reserveCapacity(count)
        for i in points.indices where points[i].smoothed { listed.append(Int32(i)) }
      }
    }

    /// The track index of the k-th point the filter saw.
    @inline(__always)
    func index(_ k: Int) -> Int { listed.isEmpty ? first + k : Int(listed[k]) }

    /// `rival` with a count of the track's first points (`RivalModel.fromFirst`) made a
    /// count of the points the filter saw among them, as the smoother reads them.
    func rival(_ rival: RivalModel) -> RivalModel {
      guard case .fromFirst(let points) = rival, !listed.isEmpty else { return rival }
      let end = first + points
      var low = 0
      var high = listed.count
      while low < high {
        let middle = (low + high) / 2
        if Int(listed[middle]) < end { low = middle + 1 } else { high = middle }
      }
      return .fromFirst(low)
    }
  }

  /// Speeds at or below this on the smoothed track may be standing still: the speed at
  /// which auto-pause stops pausing (`AutoPauseConfiguration.standardMovingSpeed`), and
  /// slower in the water, where a swimmer's whole pace is 0.6-0.9 m/s; 0.4 m/s for a
  /// session stored before stops were looked for in the wander (`wanderRadius` nil).
  static func stillSpeed(_ autoPause: AutoPauseConfiguration, activity: Activity) -> Double {
    autoPause.wanderRadius == nil || activity == .swim
      ? 0.4 : AutoPauseConfiguration.standardMovingSpeed.value
  }

  /// Stillness inside a stop ends where the smoothed speed stays above `stillSpeed` for
  /// more than this long and at least `movingPoints` fixes: a person who walked on, not a
  /// wander of the receiver's error lifting the speed for a moment.
  static let movingStretch = Seconds(15)
  static let movingPoints = 3
  /// A step at least this long between two fixes is silent: longer than any watch leaves
  /// between fixes while its wearer moves (smart recording writes every 1-10 s on the move),
  /// so one that covers no more than the still speed does is a stop.
  static let silentStep = Seconds(12)

  /// The 95 % point of the speed a user standing still reads, in σ of the smoothed
  /// velocity per axis: the Rayleigh distribution's √(−2 ln 0.05).
  static let standingSpeedSpread = 2.45

  /// The speed a person must keep, in a straight line, to leave the wander's region
  /// within its window: slower than any walk.
  static let wanderEscapeSpeed = 0.5

  /// The regions in which stops are looked for on the smoothed track: the activity's own
  /// (a few metres for a few seconds), and where the error's wander learnt from this track
  /// is larger than that region, one scaled to the wander (`wanderRadius` times its σ),
  /// held for as long as a person at `wanderEscapeSpeed` would need to leave it (at most
  /// `AutoPause.memory` less half a minute). Without Doppler a standing user's smoothed
  /// position wanders with the error: in the activity's region alone stops were missed or
  /// broken into pieces.
  static func stopRegions(_ base: AutoPauseConfiguration, noise: NoiseModel?)
    -> [AutoPauseConfiguration]
  {
    guard base.enabled, let factor = base.wanderRadius, let noise else { return [base] }
    let radius = factor * noise.driftSigma
    guard radius.isFinite, radius > base.radius.value else { return [base] }
    var wide = base
    wide.radius = Meters(radius)
    let longest = (AutoPause.memory - Seconds(30)).value
    wide.window = Seconds(min(longest, max(base.window.value, radius / wanderEscapeSpeed)))
    return [base, wide]
  }

  /// The distance and the moving time counted up to points of a track, as `figures`
  /// counts them, one of each per point asked for.
  struct Measured: Sendable {
    var distances: [Double] = []
    var movingTimes: [Double] = []
  }

  /// The distance and the moving time counted up to each of `marks` (indexes of `points`,
  /// ascending), as `figures` counts them: what the live engine's re-measure reads, a
  /// hundred times in a long session, so neither the figures nor the finished track are
  /// made.
  func distances<Track: RandomAccessCollection>(
    of points: Track, measuringAt marks: [Int], noise: NoiseModel? = nil
  ) -> Measured where Track.Element == Entry, Track.Index == Int {
    figures(of: points, measuringAt: marks, measuresOnly: true, noise: noise).measured
  }

  /// - Parameter measuringAt: indexes of `points` (ascending) at which to read the distance
  ///   counted so far, into `measured`.
  /// - Parameter handOut: when given, each point of the finished track goes to it as it is
  ///   made and `Figures.track` stays nil, so a long track is never held twice.
  /// - Parameter measuresOnly: only `measured` is wanted (`distances`): no finished track,
  ///   series or figures are made, and the snapshot is empty.
  /// - Parameter timesAscend: the points' times never go back, so the figures may be summed
  ///   a stop's length behind the search for stops (`finish` runs the smoother meanwhile).
  func figures<Track: RandomAccessCollection>(
    of points: Track, measuringAt marks: [Int] = [],
    handingOut handOut: ((FinishedTrack.Point) -> Void)? = nil, measuresOnly: Bool = false,
    timesAscend: Bool = false, noise: NoiseModel? = nil
  ) -> Figures where Track.Element == Entry, Track.Index == Int {
    let keepsDistanceSeries = keepsDistanceSeries && !measuresOnly
    // Stops, found again on the smoothed track, trimmed to where it was really still. The
    // figures follow the search a stop's length behind (`StopFinder.isSettled`), so that
    // they can be summed while the smoother is still at work further on.
    let stillSpeed = FinishingPass.stillSpeed(
      configuration.autoPause, activity: configuration.activity)
    let datesStopEdges = configuration.autoPause.datesStopEdges ?? false
    let readsLoneSilentSteps = configuration.autoPause.timesSilentSteps ?? false
    var finder = StopFinder(
      configuration.autoPause, activity: configuration.activity, noise: noise, points: points,
      streams: timesAscend)
    // Stops are sorted and apart, so two moving indexes answer "inside a stop?" in one
    // sweep: closed at both ends for this point, half-open for the one before.
    var accumulator = MetricsAccumulator(configuration: configuration.metrics)
    var closedIndex = 0
    var halfOpenIndex = 0
    var previous:
      (
        time: GNSSTime, coordinate: Coordinate, inStop: Bool, inPause: Bool, entry: Entry,
        velocity: (east: Double, north: Double)?
      )?
    var builder =
      keepsFinishedTrack && !measuresOnly
      ? FinishedTrack.Builder(expectedCount: handOut == nil ? points.count : 0) : nil
    // The series sums the steps as the builder does, so its distances are the track's.
    var seriesTimes: [Double] = []
    var seriesDistances: [Double] = []
    var seriesDistance = 0.0
    if keepsDistanceSeries {
      // Room for the curve's points too (a few per cent): grown by doubling from exactly
      // `points.count`, each array would hold twice what it needs.
      seriesTimes.reserveCapacity(points.count + points.count / 16)
      seriesDistances.reserveCapacity(points.count + points.count / 16)
    }
    // Inside a stop the user is held where it began, so the steps between the finished
    // track's points add up to the distance counted here (see `FinishedTrack`).
    var stopPlace: (pause: Int, coordinate: Coordinate)?
    var measured = Measured()
    measured.distances.reserveCapacity(marks.count)
    measured.movingTimes.reserveCapacity(marks.count)
    var counted = 0.0
    /// The moving time counted so far, as the accumulator counts it.
    var countedMoving = 0.0
    /// The distance the finished track's points add up to so far, as its builder sums it.
    var trackDistance = 0.0
    var uncertainty = DistanceUncertainty()
    var observed = 0
    for index in points.indices {
      // The search for stops goes ahead until this point's stops are final.
      while index >= observed || !finder.isSettled(index) {
        finder.observe(observed)
        observed += 1
        if observed == points.count { finder.finish() }
      }
      let p = points[index]
      defer {
        while measured.distances.count < marks.count, marks[measured.distances.count] <= index {
          measured.distances.append(counted)
          measured.movingTimes.append(countedMoving)
        }
      }
      guard let time = p.time else {
        previous = nil
        continue
      }
      let pauses = finder.pauses
      while closedIndex < pauses.count, pauses[closedIndex].end < time { closedIndex += 1 }
      while halfOpenIndex < pauses.count, pauses[halfOpenIndex].end <= time { halfOpenIndex += 1 }
      let inPause = closedIndex < pauses.count && pauses[closedIndex].start <= time
      let inStop = halfOpenIndex < pauses.count && pauses[halfOpenIndex].start <= time
      let standing = inPause && (previous?.inStop ?? false)
      let continues = !p.newStretch && previous != nil && (previous?.time ?? time) <= time
      var coordinate = p.coordinate
      if inPause {
        if stopPlace?.pause != closedIndex { stopPlace = (closedIndex, coordinate) }
        coordinate = stopPlace?.coordinate ?? coordinate
      }
      var step = 0.0
      var isMoving = !standing
      var movingDuration: Seconds?
      let velocity = inPause || !alongCurve ? nil : FinishingPass.velocity(p)
      // Points of the smoothed curve between the previous point and this one, where the
      // chord would cut a turn (`HermiteArc`): the finished track holds them, so that its
      // steps, summed point to point as any reader of an export sums them, are the
      // distance counted.
      var between: [FinishedTrack.Point] = []
      if continues, let prev = previous, !standing {
        step = Geodesy.distanceMeters(prev.coordinate, coordinate)
        if let start = prev.velocity, let end = velocity {
          let curve = FinishingPass.curve(
            from: prev.entry, prev.coordinate, start, to: p, coordinate, end,
            duration: (time - prev.time).value)
          if !curve.isEmpty {
            var last = prev.coordinate
            step = 0
            for var point in curve {
              let piece = Geodesy.distanceMeters(last, point.coordinate)
              point.distance = Meters(piece)
              between.append(point)
              step += piece
              last = point.coordinate
            }
            step += Geodesy.distanceMeters(last, coordinate)
          }
        }
        if configuration.isIdleStep(distance: step, duration: time - prev.time) { isMoving = false }
        // A step into or out of a stop, between fixes seconds apart, was covered braking
        // from (or pulling away to) the user's pace and stood the rest: only the time its
        // length takes so is moving (the arrival forward-dated, the departure back-dated).
        let duration = (time - prev.time).value
        let enters = inPause && !prev.inStop
        let leaves = prev.inPause && !inPause
        if isMoving, enters != leaves, datesStopEdges, duration >= FinishingPass.splitStepsFrom,
          let pace = FinishingPass.pace(
            beside: enters ? index - 1 : index, of: points, forward: leaves,
            stillSpeed: stillSpeed)
        {
          let travel = FinishingPass.travelTime(step, pace: pace)
          if travel < duration { movingDuration = Seconds(travel) }
        }
        if isMoving, movingDuration == nil, readsLoneSilentSteps, !inPause, !prev.inPause,
          let travel = FinishingPass.loneSilentTravel(
            step, duration: duration, at: index, of: points, stillSpeed: stillSpeed)
        {
          movingDuration = Seconds(travel)
        }
        if isMoving { countedMoving += min(duration, movingDuration?.value ?? duration) }
        if isMoving, !measuresOnly {
          uncertainty.add(
            length: step, duration: (time - prev.time).value,
            sigma: p.speedSigma.isNaN ? .nan : Double(p.speedSigma), noise: noise)
        }
      }
      // The points along the curve first, each with its own piece of the step.
      for point in between {
        trackDistance += point.distance.value
        if keepsDistanceSeries {
          seriesDistance += point.distance.value
          seriesTimes.append(point.time.secondsSince1970)
          seriesDistances.append(seriesDistance)
        }
        if let handOut {
          if let made = builder?.next(
            time: point.time, coordinate: point.coordinate, altitude: point.altitude,
            speed: point.speed, isStopped: false, step: point.distance.value, continues: true)
          {
            handOut(made)
          }
        } else {
          builder?.append(
            time: point.time, coordinate: point.coordinate, altitude: point.altitude,
            speed: point.speed, isStopped: false, step: point.distance.value, continues: true)
        }
      }
      counted += step
      // The rest of the step, so that the track's points add up to `counted` exactly, not
      // merely to within rounding (the summary's distance is the track's last point's).
      let lastPiece = between.isEmpty ? step : counted - trackDistance
      trackDistance += lastPiece
      if keepsDistanceSeries {
        seriesDistance += lastPiece
        seriesTimes.append(time.secondsSince1970)
        seriesDistances.append(seriesDistance)
      }
      if !measuresOnly {
        _ = accumulator.add(
          MetricsSample(
            time: time, coordinate: coordinate, altitude: p.altitude, step: Meters(step),
            isMoving: isMoving, startsSegment: !continues, movingDuration: movingDuration))
      }
      if let handOut {
        if let point = builder?.next(
          time: time, coordinate: coordinate, altitude: p.altitude,
          speed: MetersPerSecond(Double(p.speed)), isStopped: inPause, step: lastPiece,
          continues: continues)
        {
          handOut(point)
        }
      } else {
        builder?.append(
          time: time, coordinate: coordinate, altitude: p.altitude,
          speed: MetersPerSecond(Double(p.speed)), isStopped: inPause, step: lastPiece,
          continues: continues)
      }
      previous = (time, coordinate, inStop, inPause, p, velocity)
    }
    while measured.distances.count < marks.count {
      measured.distances.append(counted)
      measured.movingTimes.append(countedMoving)
    }
    return Figures(
      snapshot: accumulator.finish(), pauses: finder.pauses, detected: finder.detected,
      track: handOut == nil ? builder?.track : nil,
      series: keepsDistanceSeries ? (seriesTimes, seriesDistances) : nil,
      measured: measured, uncertainty: uncertainty)
  }

  /// Steps into or out of a stop this long or longer are split into moving and standing
  /// (`pace(beside:)`): at 1 Hz the fix already dates the stop to within its second.
  static let splitStepsFrom = 2.0
  /// How far beside a stop the user's pace is read.
  static let paceSpan = 30.0

  /// How hard people brake into a stop and pull away from it, m/s²: in traffic, on foot
  /// and on a bicycle, 0.5-1.5 (hard braking reaches 3).
  static let speedChange = 1.0

  /// How long a step of `length` metres into or out of a stop takes, braking from (or
  /// pulling away to) `pace` at `speedChange`: √(2s/a) while the speed changes all along
  /// it, else s/v + v/2a.
  static func travelTime(_ length: Double, pace: Double) -> Double {
    let changing = pace * pace / (2 * speedChange)
    return length < changing
      ? (2 * length / speedChange).squareRoot() : length / pace + pace / (2 * speedChange)
  }

  /// The user's pace beside a stop: the median smoothed speed of the moving points within
  /// `paceSpan` of the point at `index` (it included), before it or, `forward`, after it;
  /// nil where none moved.
  static func pace<Track: RandomAccessCollection>(
    beside index: Int, of points: Track, forward: Bool, stillSpeed: Double
  ) -> Double? where Track.Element == Entry, Track.Index == Int {
    guard points.indices.contains(index), let origin = points[index].time else { return nil }
    var speeds: [Double] = []
    var k = index
    while points.indices.contains(k), speeds.count < 64 {
      let p = points[k]
      if let t = p.time {
        if abs((t - origin).value) > paceSpan { break }
        if p.smoothed, Double(p.speed) > stillSpeed { speeds.append(Double(p.speed)) }
      }
      k += forward ? 1 : -1
    }
    guard !speeds.isEmpty else { return nil }
    speeds.sort()
    return speeds[speeds.count / 2]
  }

  /// The moving time of a silent step outside any stop found (`silentStep` or longer,
  /// no faster than `stillSpeed`) that is much slower than the user's pace either side of
  /// it: the time its length takes at the slower of the two paces (`travelTime`), the rest
  /// of it standing. A receiver that logs by distance, or writes nothing while its wearer
  /// stands, leaves a stop as one long step between two fixes, in which no stop can be
  /// found; a person who crawls (a steep climb, a pushed bike) crawls for several steps,
  /// so the pace beside the step is as slow as the step and it stays moving. Nil: moving.
  static func loneSilentTravel<Track: RandomAccessCollection>(
    _ length: Double, duration: Double, at index: Int, of points: Track, stillSpeed: Double
  ) -> Double? where Track.Element == Entry, Track.Index == Int {
    guard duration >= silentStep.value, length <= stillSpeed * duration, index > 0,
      let before = pace(beside: index - 1, of: points, forward: false, stillSpeed: stillSpeed),
      let after = pace(beside: index, of: points, forward: true, stillSpeed: stillSpeed)
    else { return nil }
    let pace = min(before, after)
    guard length / duration * loneStepSlowdown <= pace else { return nil }
    let travel = travelTime(length, pace: pace)
    return travel < duration ? travel : nil
  }

  /// How many times slower than the pace beside it a silent step must be to hold a stop.
  static let loneStepSlowdown = 3.0

  /// A smoothed point's velocity (east, north), m/s, from the speed and course it holds;
  /// nil where it was not smoothed.
  static func velocity(_ e: Entry) -> (east: Double, north: Double)? {
    guard e.smoothed, e.course.isFinite else { return nil }
    let course = Double(e.course) * .pi / 180
    return (Double(e.speed) * sin(course), Double(e.speed) * cos(course))
  }

  /// The points of the smoothed curve strictly between two smoothed points (`HermiteArc`),
  /// as many as make the chords through them within a centimetre of the curve's length;
  /// none where the chord already is. Their `distance` is left for the caller to count.
  static func curve(
    from a: Entry, _ from: Coordinate, _ start: (east: Double, north: Double), to b: Entry,
    _ to: Coordinate, _ end: (east: Double, north: Double), duration: Double
  ) -> [FinishedTrack.Point] {
    let metresPerDegree = 111_319.490_793_273_6
    let metresPerDegreeEast = cos(from.latitude * .pi / 180) * metresPerDegree
    let east = (to.longitude - from.longitude) * metresPerDegreeEast
    let north = (to.latitude - from.latitude) * metresPerDegree
    let pieces = HermiteArc.pieces(
      east: east, north: north, start: start, end: end, duration: duration)
    guard pieces > 1, let startTime = a.time else { return [] }
    var points: [FinishedTrack.Point] = []
    points.reserveCapacity(pieces - 1)
    for i in 1..<pieces {
      let s = Double(i) / Double(pieces)
      let offset = HermiteArc.position(
        at: s, east: east, north: north, start: start, end: end, duration: duration)
      let altitude: Meters? =
        a.altitude.flatMap { x in b.altitude.map { y in Meters(x.value + s * (y.value - x.value)) }
        }
      points.append(
        FinishedTrack.Point(
          time: startTime + Seconds(s * duration),
          coordinate: Coordinate(
            latitude: from.latitude + offset.north / metresPerDegree,
            longitude: from.longitude + offset.east / metresPerDegreeEast),
          altitude: altitude,
          speed: MetersPerSecond(Double(a.speed) + s * Double(b.speed - a.speed)),
          isStopped: false, distance: Meters(0), segment: 0))
    }
    return points
  }

  /// Finds the stops on the smoothed track as auto-pause does live, and shrinks each to
  /// the part where the smoothed speed says the user stood (a stop with no still part is
  /// dropped), one point at a time.
  private struct StopFinder<Track: RandomAccessCollection>
  where Track.Element == Entry, Track.Index == Int {
    /// The regions searched (`FinishingPass.stopRegions`), each by its own detector.
    let configurations: [AutoPauseConfiguration]
    let stillSpeed: Double
    /// Whether stops are looked for in the wander (`wanderRadius` set): broken where the
    /// user moved on inside them (`movingStretch`), and still wherever the smoothed speed
    /// is within its own noise (`Entry.readsStill`).
    let looksForWander: Bool
    /// Whether a stop open when a new stretch begins goes on after the gap, as live
    /// auto-pause's does (`AutoPauseConfiguration.holdsStopsAcrossGaps`).
    let holdsAcrossGaps: Bool
    /// Whether a long step that stays put is still (`FinishingPass.silentStep`).
    let readsSilentSteps: Bool
    let points: Track
    /// The stops as found, in order.
    private(set) var detected: [PauseInterval] = []
    /// The stops trimmed, in order: final up to where `isSettled` says.
    private(set) var pauses: [PauseInterval] = []
    private var detectors: [AutoPause]
    /// Where each detector's open stop began.
    private var openSince: [GNSSTime?]
    /// Stops found but not trimmed yet: their end is not behind the search yet.
    private var untrimmed: [PauseInterval] = []
    private var trimFrom = 0
    /// Whether stops are trimmed and settled as the search goes: only where the track's
    /// times never go back, or a stop found later could begin before a point settled.
    private let streams: Bool
    /// The time of the last point observed.
    private var latest: GNSSTime?
    private var finished = false

    /// The search `autoPause` asks for, in the regions `noise`'s wander needs
    /// (`FinishingPass.stopRegions`).
    init(
      _ autoPause: AutoPauseConfiguration, activity: Activity, noise: NoiseModel?,
      points: Track, streams: Bool
    ) {
      configurations = FinishingPass.stopRegions(autoPause, noise: noise)
      stillSpeed = FinishingPass.stillSpeed(autoPause, activity: activity)
      looksForWander = autoPause.wanderRadius != nil
      holdsAcrossGaps = autoPause.holdsStopsAcrossGaps ?? false
      readsSilentSteps = autoPause.keepsSilentStops ?? false
      self.points = points
      self.streams = streams
      detectors = configurations.map { AutoPause(configuration: $0) }
      openSince = configurations.map { _ in nil }
    }

    mutating func observe(_ i: Int) {
      let p = points[i]
      guard let time = p.time else { return }
      latest = time
      for d in detectors.indices {
        if p.newStretch, holdsAcrossGaps, openSince[d] != nil, detectors[d].holds(p.coordinate) {
          // The user stood when the fixes stopped and stands there when they come back: the
          // stop goes on. One who is elsewhere moved meanwhile: the break ends the stop, or
          // the place it held would be joined to where they are by a straight line.
          detectors[d].reset()
        } else if p.newStretch {
          if let since = openSince[d], i > 0, let end = points[i - 1].time {
            close(PauseInterval(start: since, end: end))
            openSince[d] = nil
          }
          detectors[d] = AutoPause(configuration: configurations[d])
        }
        switch detectors[d].observe(
          time: time, coordinate: p.coordinate, speed: p.smoothed ? Double(p.speed) : nil)
        {
        case .paused(_, let since): openSince[d] = since
        case .resumed(_, let departed):
          if let since = openSince[d] { close(PauseInterval(start: since, end: departed)) }
          openSince[d] = nil
        case nil: break
        }
      }
      // A stop is trimmed once a point after its end is in, so the trim reads only what
      // the search has seen; with a second region, once no stop found later in either can
      // join it (one found at T began no earlier than `AutoPause.memory` before T).
      while streams, let first = untrimmed.first,
        first.end < (configurations.count > 1 ? time - AutoPause.memory : time),
        !openSince.contains(where: { $0.map { $0 <= first.end } ?? false })
      {
        untrimmed.removeFirst()
        trim(first)
      }
    }

    mutating func finish() {
      for since in openSince {
        if let since, let end = points.last?.time {
          close(PauseInterval(start: since, end: end))
        }
      }
      openSince = openSince.map { _ in nil }
      for pause in untrimmed { trim(pause) }
      untrimmed = []
      finished = true
    }

    /// Whether nothing was written for a while and the user is still inside the activity's
    /// stop region: a watch that records nothing while its wearer stands. Read only inside
    /// a stop found already: a late-found stop is never announced live, and a summary
    /// listing every silent step would list pauses nobody heard. (A logger that writes
    /// every 10 m leaves long steps on a slow climb too, each outside a region on foot or
    /// on a bicycle, 5-8 m.)
    private func isSilentStep(
      from a: (time: GNSSTime, coordinate: Coordinate),
      to b: (time: GNSSTime, coordinate: Coordinate)
    ) -> Bool {
      let duration = (b.time - a.time).value
      guard duration >= FinishingPass.silentStep.value else { return false }
      let chord = Geodesy.distanceMeters(a.coordinate, b.coordinate)
      return chord <= stillSpeed * duration && chord <= configurations[0].radius.value
    }

    /// Whether `pauses` is final for the point at `index` (observed already): no stop
    /// found later can hold it. A stop found at time T began no earlier than
    /// `AutoPause.memory` before T, because auto-pause remembers no further back; so where
    /// times ascend, a point that far behind the last one observed, and before every stop
    /// still open or untrimmed, is settled.
    func isSettled(_ index: Int) -> Bool {
      if finished { return true }
      guard let time = points[index].time else { return true }
      guard streams, let latest, time < latest - AutoPause.memory else { return false }
      for since in openSince {
        if let since, time >= since { return false }
      }
      if let first = untrimmed.first, time >= first.start { return false }
      return true
    }

    private mutating func close(_ pause: PauseInterval) {
      // Stops found in both regions overlap: they are one stop.
      detected = Self.merging(pause, into: detected)
      untrimmed = Self.merging(pause, into: untrimmed)
    }

    /// `stops` (in order, apart) with `pause` joined to those it overlaps.
    private static func merging(_ pause: PauseInterval, into stops: [PauseInterval])
      -> [PauseInterval]
    {
      var merged = pause
      var kept: [PauseInterval] = []
      // Only the newest stops can overlap a stop just found.
      var k = stops.count
      while k > 0, stops[k - 1].end >= merged.start - AutoPause.memory { k -= 1 }
      for other in stops[k...] {
        if other.end < merged.start || other.start > merged.end {
          kept.append(other)
        } else {
          merged = PauseInterval(
            start: min(other.start, merged.start), end: max(other.end, merged.end))
        }
      }
      kept.append(merged)
      kept.sort { $0.start < $1.start }
      return Array(stops[..<k]) + kept
    }

    /// Shrinks a stop to the parts where the smoothed speed says the user stood, in one
    /// sweep over the time-ordered points shared by all the stops: from the first still
    /// point to the last, broken where the user moved on for a while inside it.
    private mutating func trim(_ pause: PauseInterval) {
      while trimFrom < points.count,
        (points[trimFrom].time.map { $0 < pause.start } ?? true)
      {
        trimFrom += 1
      }
      var firstStill: GNSSTime?
      var lastStill: GNSSTime?
      var movingPoints = 0
      var stepFrom: (time: GNSSTime, coordinate: Coordinate)?
      var k = trimFrom
      while k < points.count {
        guard let t = points[k].time else {
          k += 1
          continue
        }
        if t > pause.end { break }
        let here = points[k].coordinate
        defer { stepFrom = (t, here) }
        if readsSilentSteps, let from = stepFrom, isSilentStep(from: from, to: (t, here)) {
          // The step is still, whatever the smoothed speed at its ends says of the walk in
          // and out.
          if firstStill == nil { firstStill = from.time }
          lastStill = t
          movingPoints = 0
        } else if looksForWander
          ? points[k].readsStill(stillSpeed) : Double(points[k].speed) <= stillSpeed
        {
          if firstStill == nil { firstStill = t }
          lastStill = t
          movingPoints = 0
        } else {
          movingPoints += 1
          if looksForWander, movingPoints >= FinishingPass.movingPoints, let start = firstStill,
            let end = lastStill, t - end > FinishingPass.movingStretch
          {
            if end > start { pauses.append(PauseInterval(start: start, end: end)) }
            firstStill = nil
            lastStill = nil
          }
        }
        k += 1
      }
      if let start = firstStill, let end = lastStill, end > start {
        pauses.append(PauseInterval(start: start, end: end))
      }
    }
  }
}

/// The settled track, as the figures read it: a point not settled yet is waited for.
private struct AwaitedEntries: RandomAccessCollection {
  let entries: ChunkedArray<FinishingPass.Entry>.Pass
  let progress: any WorkProgress
  /// How many points are known to be settled; only the figures' thread reads it.
  private let known = Known()
  private final class Known { var count = 0 }

  init(entries: ChunkedArray<FinishingPass.Entry>.Pass, progress: any WorkProgress) {
    self.entries = entries
    self.progress = progress
  }

  var startIndex: Int { 0 }
  var endIndex: Int { entries.count }

  subscript(i: Int) -> FinishingPass.Entry {
    if i >= known.count { known.count = progress.wait(for: i) }
    return entries[i]
  }
}
