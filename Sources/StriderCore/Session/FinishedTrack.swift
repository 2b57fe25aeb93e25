/// The finished track: where the summary says the user was, second by second, and how far
/// they had come.
///
/// The engine's finishing pass smooths the whole track forward and backward
/// (Rauch–Tung–Striebel), finds the stops again on it and sums it up. This is that track,
/// handed out with the summary so that everything else — the stops and moves, every export,
/// the history — derives from the same points instead of from the live filtered track or
/// the raw fixes. Inside a stop the user is held at the place they stopped, so summing the
/// geodesic steps between the points (within a segment) gives the summary's distance, which
/// is what any other tool reading an export will do.
public struct FinishedTrack: Hashable, Sendable {
  /// One point of the finished track.
  public struct Point: Hashable, Sendable, Codable {
    public var time: GNSSTime
    /// The smoothed position (inside a stop, the place of the stop).
    public var coordinate: Coordinate
    public var altitude: Meters?
    /// The smoothed speed; zero inside a stop.
    public var speed: MetersPerSecond
    /// Inside a stop (an auto-pause of the finished track): no distance, no moving time.
    public var isStopped: Bool
    /// The session's distance up to this point.
    public var distance: Meters
    /// A change of segment is a gap: no distance is counted across it.
    public var segment: Int

    public init(
      time: GNSSTime, coordinate: Coordinate, altitude: Meters? = nil,
      speed: MetersPerSecond = .zero, isStopped: Bool = false, distance: Meters = .zero,
      segment: Int = 0
    ) {
      self.time = time
      self.coordinate = coordinate
      self.altitude = altitude
      self.speed = speed
      self.isStopped = isStopped
      self.distance = distance
      self.segment = segment
    }

    /// The point as the map and the display track draw it.
    public var trackPoint: TrackPoint {
      TrackPoint(
        time: time, coordinate: coordinate, altitude: altitude, speed: speed, segment: segment)
    }
  }

  public var points: [Point]

  public init(points: [Point] = []) {
    self.points = points
  }

  public var isEmpty: Bool { points.isEmpty }

  /// The distance at the last point.
  public var distance: Meters { points.last?.distance ?? .zero }

  /// The session's distance at `time`: interpolated between the points around it, zero
  /// before the first and the whole distance after the last. What a device's odometer
  /// (TCX `DistanceMeters`) would have shown at that moment.
  public func distance(at time: GNSSTime) -> Meters {
    Self.distance(
      at: time, count: points.count, time: { points[$0].time }, distance: { points[$0].distance },
      segment: { points[$0].segment })
  }

  /// `distance(at:)` over any storage of the points' times, distances and segments, so
  /// that the whole track and an `Odometer` answer alike to the last bit.
  @inline(__always)
  static func distance(
    at time: GNSSTime, count: Int, time timeAt: (Int) -> GNSSTime,
    distance distanceAt: (Int) -> Meters, segment segmentAt: (Int) -> Int
  ) -> Meters {
    guard count > 0 else { return .zero }
    if time <= timeAt(0) { return distanceAt(0) }
    if time >= timeAt(count - 1) { return distanceAt(count - 1) }
    // The first point later than `time`.
    var low = 0
    var high = count - 1
    while low < high {
      let mid = (low + high) / 2
      if timeAt(mid) <= time { low = mid + 1 } else { high = mid }
    }
    let (aTime, bTime) = (timeAt(low - 1), timeAt(low))
    let span = (bTime - aTime).value
    guard span > 0, segmentAt(low - 1) == segmentAt(low) else { return distanceAt(low - 1) }
    let w = (time - aTime).value / span
    return distanceAt(low - 1) + (distanceAt(low) - distanceAt(low - 1)) * w
  }

  /// The session's distance at any time, from the finished track's times, distances and
  /// segments alone (20 bytes a point rather than the point's 72): what an export written
  /// a row at a time needs of the finished track to give each fix its distance.
  public struct Odometer: Sendable {
    private var times: [Double] = []
    private var distances: [Double] = []
    private var segments: [Int32] = []

    public init(capacity: Int = 0) {
      times.reserveCapacity(capacity)
      distances.reserveCapacity(capacity)
      segments.reserveCapacity(capacity)
    }

    /// Adds the next point of the track, in its order.
    public mutating func append(time: GNSSTime, distance: Meters, segment: Int) {
      times.append(time.secondsSince1970)
      distances.append(distance.value)
      // Segments count the gaps of one session: far below 2^31.
      segments.append(Int32(clamping: segment))
    }

    public var isEmpty: Bool { times.isEmpty }

    /// As `FinishedTrack.distance(at:)`.
    public func distance(at time: GNSSTime) -> Meters {
      FinishedTrack.distance(
        at: time, count: times.count, time: { GNSSTime(secondsSince1970: times[$0]) },
        distance: { Meters(distances[$0]) }, segment: { Int(segments[$0]) })
    }
  }

  /// The points from `start` to `end`, both included.
  public func points(from start: GNSSTime, to end: GNSSTime) -> ArraySlice<Point> {
    let lower = points.partitioningIndex { $0.time >= start }
    let upper = points.partitioningIndex { $0.time > end }
    return points[lower..<max(lower, upper)]
  }

  /// The track as track points (for drawing and the display track).
  public var trackPoints: [TrackPoint] { points.map(\.trackPoint) }

  /// Builds the track point by point, in time order, from the steps the summary counted.
  public struct Builder: Sendable {
    private(set) var points: [Point] = []
    private var distance = 0.0
    private var segment = -1

    public init() {}

    /// A builder with room for `expectedCount` points made at once: a finished track of a
    /// million points grown by doubling held up to half as much again while it copied.
    public init(expectedCount: Int) { points.reserveCapacity(max(0, expectedCount)) }

    /// Adds a point; `step` is the distance the summary counted from the previous point,
    /// `continues` false when a gap lies before it.
    public mutating func append(
      time: GNSSTime, coordinate: Coordinate, altitude: Meters?, speed: MetersPerSecond,
      isStopped: Bool, step: Double, continues: Bool
    ) {
      points.append(
        next(
          time: time, coordinate: coordinate, altitude: altitude, speed: speed,
          isStopped: isStopped, step: step, continues: continues))
    }

    /// The next point, counted as `append` counts it but not kept: for a track handed out
    /// point by point rather than held.
    mutating func next(
      time: GNSSTime, coordinate: Coordinate, altitude: Meters?, speed: MetersPerSecond,
      isStopped: Bool, step: Double, continues: Bool
    ) -> Point {
      if !continues || segment < 0 { segment += 1 }
      distance += step
      return Point(
        time: time, coordinate: coordinate, altitude: altitude,
        speed: isStopped ? .zero : speed, isStopped: isStopped, distance: Meters(distance),
        segment: segment)
    }

    public var track: FinishedTrack { FinishedTrack(points: points) }
  }
}

extension Array {
  /// The first index whose element satisfies `predicate`, for a predicate that is false
  /// and then true along the array (a binary search).
  func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if predicate(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
