/// How a stretch of moving was made, told from its speed.
public enum MoveKind: String, Hashable, Sendable, Codable, CaseIterable {
  case walk, run, ride, vehicle

  /// The word the day's storyline and `run --auto` show and write: the activity's own name
  /// (a vehicle's move is a `drive`, as its session is), so one vocabulary runs through
  /// `sessions`, `day`, `places` and the panel.
  public var word: String { self == .vehicle ? Activity.drive.rawValue : rawValue }

  /// Thresholds on the typical (median) moving speed, with the 90th percentile guarding
  /// against a vehicle that crawls in traffic: up to 7 km/h is a walk, up to 16 km/h a run,
  /// up to 40 km/h a ride; beyond, or a 90th percentile over 55 km/h, a vehicle.
  public static func classify(medianSpeed: Double, fastSpeed: Double) -> MoveKind {
    if fastSpeed > 55 / 3.6 || medianSpeed > 40 / 3.6 { return .vehicle }
    if medianSpeed > 16 / 3.6 { return .ride }
    if medianSpeed > 7 / 3.6 { return .run }
    return .walk
  }

  /// What every move of a session of `activity` is: the activity the person declared or
  /// confirmed, not the speed's guess (a ride up a hill at 12 km/h is still a ride). Nil
  /// where the activity has no kind of move of its own (a swim): the speed then guesses.
  public init?(activity: Activity) {
    switch activity {
    case .walk, .hike: self = .walk
    case .run: self = .run
    case .ride: self = .ride
    case .drive: self = .vehicle
    case .swim: return nil
    }
  }
}

/// A place where the user stayed: arrival, departure and where.
public struct Stop: Hashable, Sendable {
  public var arrival: GNSSTime
  public var departure: GNSSTime
  /// The mean position while stopped.
  public var coordinate: Coordinate
  public var duration: Seconds { departure - arrival }
}

/// A stretch of moving between stops, with its (display) track.
public struct Move: Hashable, Sendable {
  public var kind: MoveKind
  public var start: GNSSTime
  public var end: GNSSTime
  public var distance: Meters
  public var track: [TrackPoint]
}

/// The session as the places it stopped at and the moves between them, in the spirit of
/// the Moves app's storyline export.
public enum TimelineSegment: Hashable, Sendable {
  case stop(Stop)
  case move(Move)
}

/// What the timeline reads of a finished track: how many points, each one's time, and the
/// points of a run of places in order. A track in memory is one (`FinishedTrack`); an
/// export reading a session of a million points from its database is another, holding
/// only the times.
public protocol TimelineTrack {
  associatedtype Failure: Error
  var count: Int { get }
  func time(at index: Int) -> GNSSTime
  /// Calls `body` with the points at `range`, in order.
  func forEachPoint(
    in range: Range<Int>, _ body: (FinishedTrack.Point) -> Void
  ) throws(Failure)
}

extension FinishedTrack: TimelineTrack {
  public typealias Failure = Never
  public var count: Int { points.count }
  public func time(at index: Int) -> GNSSTime { points[index].time }
  public func forEachPoint(in range: Range<Int>, _ body: (Point) -> Void) {
    for point in points[range] { body(point) }
  }
}

public enum Timeline {
  /// Splits the finished track at its pauses of at least `minimumStop`; shorter pauses (a
  /// red light) stay inside their move. Each move's distance is the finished track's
  /// distance between its ends, so the moves add up to the summary's distance; its track is
  /// `display` (the reduced track for drawing) between the same times. Each move is of the
  /// session's `activity` (`MoveKind(activity:)`), or guessed from its speed without one.
  public static func segments(
    finished: FinishedTrack, display: [TrackPoint], pauses: [PauseInterval],
    activity: Activity?, minimumStop: Seconds = Seconds(120)
  ) -> [TimelineSegment] {
    segments(
      track: finished, display: display, pauses: pauses, activity: activity,
      minimumStop: minimumStop)
  }

  /// `segments(finished:...)` reading the track through `TimelineTrack`: a run of its
  /// points at a time, never the whole track at once.
  public static func segments<Track: TimelineTrack>(
    track: Track, display: [TrackPoint], pauses: [PauseInterval], activity: Activity?,
    minimumStop: Seconds = Seconds(120)
  ) throws(Track.Failure) -> [TimelineSegment] {
    let declared = activity.flatMap(MoveKind.init(activity:))
    guard track.count > 0 else { return [] }
    let first = try point(track, at: 0)
    let last = try point(track, at: track.count - 1)
    let stops = pauses.filter { $0.duration >= minimumStop && $0.end > $0.start }
      .sorted { $0.start < $1.start }
    var segments: [TimelineSegment] = []
    var moveStart = first.time
    for pause in stops where pause.start >= moveStart {
      if let move = try move(
        track, display: display, kind: declared, from: moveStart, to: pause.start)
      {
        segments.append(.move(move))
      }
      // The mean of the stopped points' positions, summed in their order.
      let stopped = range(track, from: pause.start, to: pause.end)
      var sum = (latitude: 0.0, longitude: 0.0)
      var nearest: FinishedTrack.Point?
      try track.forEachPoint(in: stopped) { p in
        if nearest == nil { nearest = p }
        sum.latitude += p.coordinate.latitude
        sum.longitude += p.coordinate.longitude
      }
      if nearest == nil {
        let before = range(track, from: moveStart, to: pause.start)
        nearest = before.isEmpty ? first : try point(track, at: before.upperBound - 1)
      }
      let n = Double(stopped.count)
      let mean =
        stopped.isEmpty
        ? nil : Coordinate(latitude: sum.latitude / n, longitude: sum.longitude / n)
      segments.append(
        .stop(
          Stop(
            arrival: pause.start, departure: pause.end,
            coordinate: mean ?? (nearest ?? first).coordinate)))
      moveStart = pause.end
    }
    if let move = try move(track, display: display, kind: declared, from: moveStart, to: last.time)
    {
      segments.append(.move(move))
    }
    return segments
  }

  /// The places of the points from `start` to `end`, both included, as
  /// `FinishedTrack.points(from:to:)` finds them.
  static func range(_ track: some TimelineTrack, from start: GNSSTime, to end: GNSSTime)
    -> Range<Int>
  {
    func partitioningIndex(_ predicate: (GNSSTime) -> Bool) -> Int {
      var low = 0
      var high = track.count
      while low < high {
        let mid = (low + high) / 2
        if predicate(track.time(at: mid)) { high = mid } else { low = mid + 1 }
      }
      return low
    }
    let lower = partitioningIndex { $0 >= start }
    let upper = partitioningIndex { $0 > end }
    return lower..<max(lower, upper)
  }

  static func point<Track: TimelineTrack>(_ track: Track, at index: Int) throws(Track.Failure)
    -> FinishedTrack.Point
  {
    var found: FinishedTrack.Point?
    try track.forEachPoint(in: index..<(index + 1)) { found = $0 }
    guard let found else { preconditionFailure("a track of \(track.count) has no point \(index)") }
    return found
  }

  static func move<Track: TimelineTrack>(
    _ track: Track, display: [TrackPoint], kind: MoveKind?, from start: GNSSTime,
    to end: GNSSTime
  ) throws(Track.Failure) -> Move? {
    let places = range(track, from: start, to: end)
    guard places.count >= 2 else { return nil }
    var a: FinishedTrack.Point?
    var b: FinishedTrack.Point?
    var speeds: [Double] = []
    try track.forEachPoint(in: places) { p in
      if a == nil { a = p }
      b = p
      if p.speed.value > 0.3 { speeds.append(p.speed.value) }
    }
    guard let a, let b else { return nil }
    speeds.sort()
    let median = speeds.isEmpty ? 0 : speeds[speeds.count / 2]
    let fast = speeds.isEmpty ? 0 : speeds[min(speeds.count - 1, speeds.count * 9 / 10)]
    return Move(
      kind: kind ?? MoveKind.classify(medianSpeed: median, fastSpeed: fast),
      start: a.time, end: b.time, distance: b.distance - a.distance,
      track: display.filter { p in p.time.map { $0 >= a.time && $0 <= b.time } ?? false })
  }
}
