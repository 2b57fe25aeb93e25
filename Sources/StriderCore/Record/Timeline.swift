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

public enum Timeline {
  /// Splits the finished track at its pauses of at least `minimumStop`; shorter pauses (a
  /// red light) stay inside their move. Each move's distance is the finished track's
  /// distance between its ends, so the moves add up to the summary's distance; its track is
  /// `display` (the reduced track for drawing) between the same times.
  public static func segments(
    finished: FinishedTrack, display: [TrackPoint], pauses: [PauseInterval],
    minimumStop: Seconds = Seconds(120)
  ) -> [TimelineSegment] {
    guard let first = finished.points.first, let last = finished.points.last else { return [] }
    let stops = pauses.filter { $0.duration >= minimumStop && $0.end > $0.start }
      .sorted { $0.start < $1.start }
    var segments: [TimelineSegment] = []
    var moveStart = first.time
    for pause in stops where pause.start >= moveStart {
      if let move = move(finished, display: display, from: moveStart, to: pause.start) {
        segments.append(.move(move))
      }
      let stopped = finished.points(from: pause.start, to: pause.end)
      let nearest = stopped.first ?? finished.points(from: moveStart, to: pause.start).last ?? first
      segments.append(
        .stop(
          Stop(
            arrival: pause.start, departure: pause.end,
            coordinate: mean(stopped.map(\.coordinate)) ?? nearest.coordinate)))
      moveStart = pause.end
    }
    if let move = move(finished, display: display, from: moveStart, to: last.time) {
      segments.append(.move(move))
    }
    return segments
  }

  static func move(
    _ finished: FinishedTrack, display: [TrackPoint], from start: GNSSTime, to end: GNSSTime
  ) -> Move? {
    let points = finished.points(from: start, to: end)
    guard points.count >= 2, let a = points.first, let b = points.last else { return nil }
    let speeds = points.map(\.speed.value).filter { $0 > 0.3 }.sorted()
    let median = speeds.isEmpty ? 0 : speeds[speeds.count / 2]
    let fast = speeds.isEmpty ? 0 : speeds[min(speeds.count - 1, speeds.count * 9 / 10)]
    return Move(
      kind: MoveKind.classify(medianSpeed: median, fastSpeed: fast),
      start: a.time, end: b.time, distance: b.distance - a.distance,
      track: display.filter { p in p.time.map { $0 >= a.time && $0 <= b.time } ?? false })
  }

  static func mean(_ coordinates: [Coordinate]) -> Coordinate? {
    guard !coordinates.isEmpty else { return nil }
    let n = Double(coordinates.count)
    return Coordinate(
      latitude: coordinates.map(\.latitude).reduce(0, +) / n,
      longitude: coordinates.map(\.longitude).reduce(0, +) / n)
  }
}
