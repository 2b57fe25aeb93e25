import Foundation
import StriderCore

/// Which points a GPX or TCX export holds.
///
/// `track` (the default) is the finished track the summary was computed from: its length
/// is the summary's distance. `raw` and `accepted` are the fixes as the receiver gave them,
/// noise, jumps and all: summed point to point they are longer than the session (a GPX
/// says so in its `<desc>`), though a TCX still gives each point the session's distance at
/// its time. `display` is the finished track reduced for drawing, a little shorter.
public enum ExportPoints: String, Hashable, Sendable, CaseIterable {
  /// Every fix with a position, as it arrived, with the gate's verdict (GPX): what was
  /// recorded, read back to the same numbers.
  case raw
  /// Only the fixes the gate accepted, unsmoothed.
  case accepted
  /// The finished track: smoothed forward and backward, held still inside stops; its
  /// length is the summary's distance.
  case track
  /// The reduced display track: the finished track's shape within 2 m in a fraction of the
  /// points.
  case display

  /// Whether the points are the fixes as received rather than the finished track.
  public var isRawFixes: Bool { self == .raw || self == .accepted }
}

/// A recorded session written for other tools: GPX 1.1, TCX, CSV of fixes, or the whole
/// session as JSON (documented in docs/json-export.md).
public struct SessionExport: Sendable {
  public var record: SessionRecord
  public var configuration: SessionConfiguration?
  /// Where the fixes came from (a file, gpsd, the simulator).
  public var source: String?
  /// The reduced track; computed from the record's finished track when not given.
  public var displayTrack: [TrackPoint]
  /// The session's heart rate and zones for the JSON export; nil: it had no heart rate.
  public var heartRate: HeartRateExport?
  /// What the recording device counted (an imported FIT or TCX file), for the JSON export.
  public var device: DeviceTotals?
  /// A multisport file's parts, each measured on its own (JSON only), as `sessions show`
  /// and `analyze` list them.
  public var parts: [SessionPart] = []

  public init(
    record: SessionRecord, configuration: SessionConfiguration? = nil, source: String? = nil,
    displayTrack: [TrackPoint]? = nil
  ) {
    self.record = record
    self.configuration = configuration
    self.source = source
    self.displayTrack = displayTrack ?? DisplayTrack.reduce(record.drawnTrack)
  }

  /// The export with every position within `radius` of the start and the end left out.
  public func hidingEnds(within radius: Meters) -> SessionExport {
    guard radius.value > 0 else { return self }
    let zone = PrivacyZone(radius: radius, around: record)
    var out = self
    out.record = zone.apply(to: record)
    out.displayTrack = displayTrack.filter { !zone.hides($0.coordinate) }
    return out
  }

  /// Writes the export in `format`, by the writer `FormatRegistry` holds for it.
  public func write(
    _ format: ExportFormat, points: ExportPoints = .track, to stream: inout some ExportStream
  ) {
    guard let writer = FormatRegistry.writer(for: format) else {
      preconditionFailure("export format \(format) has no writer in FormatRegistry.writers")
    }
    writer.write(self, points: points, to: &stream)
  }

  /// The fixes a GPX or TCX export holds, with verdicts where they are the raw fixes.
  func selectedFixes(_ points: ExportPoints) -> (fixes: [Fix], verdicts: [Verdict]?) {
    switch points {
    case .raw: return (record.fixes.map(\.fix), record.fixes.map(\.verdict))
    case .accepted: return (record.fixes.filter(\.verdict.isAccepted).map(\.fix), nil)
    case .track: return (record.drawnTrack.map(Self.fix), nil)
    case .display: return (displayTrack.map(Self.fix), nil)
    }
  }

  public static func fix(_ point: TrackPoint) -> Fix {
    Fix(
      time: point.time, coordinate: point.coordinate, altitude: point.altitude,
      horizontalAccuracy: point.accuracy, speed: point.speed, segment: point.segment)
  }

  var title: String {
    record.name ?? "\(record.activity.rawValue) \(record.startTime?.iso8601 ?? "")"
  }
}
