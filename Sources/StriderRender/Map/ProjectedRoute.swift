import StriderCore

/// A route projected once into a local tangent plane, ready to be drawn frame after frame.
///
/// Projecting a coordinate costs trigonometry; a 100,000-point route redrawn every frame
/// cannot afford that, so the map keeps the plane coordinates in this value and only scales
/// them per frame. A live session appends points as they come (`appendTrack`), which
/// projects each once. The plane's origin is the first track point (or the given origin):
/// `LocalTangentPlane` is exact across the antimeridian and near the poles, where a
/// longitude-scaled flat projection would tear the route apart. Raw and rejected fixes that
/// arrive before the first track point wait, unprojected, until the origin is known, so a
/// stale fix 400 km away cannot become the centre of the plane.
public struct ProjectedRoute: Sendable {
  /// A rejected fix on the map.
  public struct RejectedPoint: Sendable, Hashable {
    public var point: PlanePoint
    public var reason: RejectionReason
  }

  /// The plane, once an origin is known.
  public private(set) var plane: LocalTangentPlane?
  /// The filtered track, east-north metres from the plane's origin.
  public private(set) var track: [PlanePoint] = []
  /// Indices into `track` where a new segment starts, ascending: no line is drawn into them
  /// (a gap is a gap, never a straight line).
  public private(set) var segmentStarts: [Int] = []
  /// Raw fixes as the receiver gave them (accepted or not).
  public private(set) var raw: [PlanePoint] = []
  /// Rejected fixes with their reasons.
  public private(set) var rejected: [RejectedPoint] = []
  /// The smallest rectangle around the track (or, without a track, the raw fixes).
  public private(set) var bounds: PlaneBounds?

  private var rawBounds: PlaneBounds?
  private var pendingRaw: [Coordinate] = []
  private var pendingRejected: [(Coordinate, RejectionReason)] = []

  /// An empty route; the plane is placed at `origin`, or at the first track point.
  public init(origin: Coordinate? = nil) {
    plane = origin.map { LocalTangentPlane(origin: $0) }
  }

  /// A route from whole arrays at once.
  ///
  /// - Parameters:
  ///   - track: the filtered positions in order.
  ///   - segmentStarts: indices into `track` that begin a new segment.
  ///   - raw: raw fixes to draw under the route.
  ///   - rejected: rejected fixes and why.
  public init(
    track: [Coordinate], segmentStarts: Set<Int> = [], raw: [Coordinate] = [],
    rejected: [(Coordinate, RejectionReason)] = [], origin: Coordinate? = nil
  ) {
    self.init(origin: origin)
    self.track.reserveCapacity(track.count)
    for (index, coordinate) in track.enumerated() {
      appendTrack(coordinate, startsSegment: segmentStarts.contains(index))
    }
    for coordinate in raw { appendRaw(coordinate) }
    for (coordinate, reason) in rejected { appendRejected(coordinate, reason: reason) }
  }

  /// A route from the engine's track points; a change of `segment` starts a new segment.
  public init(points: [TrackPoint], origin: Coordinate? = nil) {
    self.init(origin: origin)
    track.reserveCapacity(points.count)
    var previous: Int?
    for point in points {
      appendTrack(point.coordinate, startsSegment: previous.map { $0 != point.segment } ?? false)
      previous = point.segment
    }
  }

  /// The newest track point: where the user is.
  public var current: PlanePoint? { track.last }
  /// The first track point: where the session started.
  public var start: PlanePoint? { track.first }

  /// Adds a filtered position at the end of the track.
  public mutating func appendTrack(_ coordinate: Coordinate, startsSegment: Bool = false) {
    guard coordinate.isValid else { return }
    if plane == nil {
      plane = LocalTangentPlane(origin: coordinate)
      flushPending()
    }
    guard let plane else { return }
    let point = plane.project(coordinate)
    if startsSegment, !track.isEmpty { segmentStarts.append(track.count) }
    track.append(point)
    bounds = (bounds ?? PlaneBounds(point)).including(point)
  }

  /// Adds a raw fix.
  public mutating func appendRaw(_ coordinate: Coordinate) {
    guard coordinate.isValid else { return }
    guard let plane else {
      pendingRaw.append(coordinate)
      return
    }
    let point = plane.project(coordinate)
    raw.append(point)
    rawBounds = (rawBounds ?? PlaneBounds(point)).including(point)
  }

  /// Adds a rejected fix with the gate's reason.
  public mutating func appendRejected(_ coordinate: Coordinate, reason: RejectionReason) {
    guard coordinate.isValid else { return }
    guard let plane else {
      pendingRejected.append((coordinate, reason))
      return
    }
    rejected.append(RejectedPoint(point: plane.project(coordinate), reason: reason))
  }

  /// The rectangle the map fits to: the track's, or the raw fixes' before there is a track.
  public var fitBounds: PlaneBounds? { bounds ?? rawBounds }

  /// Projects what waited for the origin.
  private mutating func flushPending() {
    let raws = pendingRaw
    let rejects = pendingRejected
    pendingRaw = []
    pendingRejected = []
    for coordinate in raws { appendRaw(coordinate) }
    for (coordinate, reason) in rejects { appendRejected(coordinate, reason: reason) }
  }
}
