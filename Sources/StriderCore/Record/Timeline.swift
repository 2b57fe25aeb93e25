/// How a stretch of moving was made, told from its speed.
public enum MoveKind: String, Hashable, Sendable, Codable, CaseIterable {
  case walk, run, ride, vehicle

  /// Thresholds on the typical (median) moving speed, with the 90th percentile guarding
  /// against a vehicle that crawls in traffic: up to 7 km/h is a walk, up to 16 km/h a run,
  /// up to 40 km/h a ride; beyond, or a 90th percentile over 55 km/h, a vehicle.
  public static func classify(medianSpeed: Double, fastSpeed: Double) -> MoveKind {
    if fastSpeed > 55 / 3.6 || medianSpeed > 40 / 3.6 { return .vehicle }
    if medianSpeed > 16 / 3.6 { return .ride }
    if medianSpeed > 7 / 3.6 { return .run }
    return .walk
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

/// A stretch of moving between stops, with its track.
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

public enum Timeline {
  /// Splits a track at its pauses of at least `minimumStop`; shorter pauses (a red light)
  /// stay inside their move. Points from fixes without a time before the first timed one
  /// (the engine stamps them with the epoch) have no place in a storyline and are left out.
  public static func segments(
    track: [TrackPoint], pauses: [PauseInterval], minimumStop: Seconds = Seconds(120)
  ) -> [TimelineSegment] {
    let track = track.filter { $0.time.secondsSince1970 > 0 }
    guard let first = track.first, let last = track.last else { return [] }
    let stops = pauses.filter { $0.duration >= minimumStop && $0.end > $0.start }
      .sorted { $0.start < $1.start }
    func points(from start: GNSSTime, to end: GNSSTime) -> [TrackPoint] {
      track.filter { $0.time >= start && $0.time <= end }
    }
    var segments: [TimelineSegment] = []
    var moveStart = first.time
    for pause in stops where pause.start >= moveStart {
      let moving = points(from: moveStart, to: pause.start)
      if moving.count >= 2 { segments.append(.move(move(moving))) }
      let stopped = points(from: pause.start, to: pause.end)
      let nearest = moving.last ?? stopped.first ?? first
      segments.append(
        .stop(
          Stop(
            arrival: pause.start, departure: pause.end,
            coordinate: mean(stopped.map(\.coordinate)) ?? nearest.coordinate)))
      moveStart = pause.end
    }
    let moving = points(from: moveStart, to: last.time)
    if moving.count >= 2 { segments.append(.move(move(moving))) }
    return segments
  }

  static func move(_ points: [TrackPoint]) -> Move {
    var distance = 0.0
    for (a, b) in zip(points, points.dropFirst()) where a.segment == b.segment {
      distance += Geodesy.distanceMeters(a.coordinate, b.coordinate)
    }
    let speeds = points.map(\.speed.value).filter { $0 > 0.3 }.sorted()
    let median = speeds.isEmpty ? 0 : speeds[speeds.count / 2]
    let fast = speeds.isEmpty ? 0 : speeds[min(speeds.count - 1, speeds.count * 9 / 10)]
    return Move(
      kind: MoveKind.classify(medianSpeed: median, fastSpeed: fast),
      start: points[0].time, end: points[points.count - 1].time, distance: Meters(distance),
      track: points)
  }

  static func mean(_ coordinates: [Coordinate]) -> Coordinate? {
    guard !coordinates.isEmpty else { return nil }
    let n = Double(coordinates.count)
    return Coordinate(
      latitude: coordinates.map(\.latitude).reduce(0, +) / n,
      longitude: coordinates.map(\.longitude).reduce(0, +) / n)
  }
}
