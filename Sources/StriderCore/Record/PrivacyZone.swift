/// Hides where a session starts and ends (usually home) from an export: every position
/// within `radius` of the first or the last accepted position is left out.
public struct PrivacyZone: Hashable, Sendable {
  public var radius: Meters
  public var centres: [Coordinate]

  public init(radius: Meters, around record: SessionRecord) {
    self.radius = radius
    let accepted = record.fixes.lazy.filter(\.verdict.isAccepted).compactMap(\.fix.coordinate)
    let first =
      record.finishedTrack.points.first?.coordinate ?? record.track.first?.coordinate
      ?? accepted.first
    let last =
      record.finishedTrack.points.last?.coordinate ?? record.track.last?.coordinate
      ?? accepted.reversed().first
    centres = [first, last].compactMap { $0 }
  }

  /// The zone around a session's first and last positions found as `init(radius:around:)`
  /// finds them, for an export that reads the session a row at a time.
  public init(radius: Meters, first: Coordinate?, last: Coordinate?) {
    self.radius = radius
    centres = [first, last].compactMap { $0 }
  }

  /// Whether a position must be hidden.
  public func hides(_ coordinate: Coordinate) -> Bool {
    centres.contains { Geodesy.distanceMeters($0, coordinate) <= radius.value }
  }

  /// The record with every hidden position left out: fixes, track, events that carry a
  /// position, and the summary's end points.
  public func apply(to record: SessionRecord) -> SessionRecord {
    guard radius.value > 0 else { return record }
    var out = record
    out.fixes = record.fixes.filter { $0.fix.coordinate.map { !hides($0) } ?? true }
    out.track = record.track.filter { !hides($0.coordinate) }
    out.finishedTrack.points = record.finishedTrack.points.filter { !hides($0.coordinate) }
    out.events = record.events.filter {
      if case .started(let point) = $0 { return !hides(point.coordinate) }
      return true
    }
    if var summary = out.summary {
      if let start = summary.start, hides(start.coordinate) { summary.start = nil }
      if let end = summary.end, hides(end.coordinate) { summary.end = nil }
      out.summary = summary
    }
    return out
  }
}
