import Foundation
import StriderCore

/// The file formats a session exports to.
public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
  case gpx, tcx, json, csv
}

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

  public func write(
    _ format: ExportFormat, points: ExportPoints = .track, to stream: inout some TextOutputStream
  ) {
    switch format {
    case .gpx: writeGPX(points: points, to: &stream)
    case .tcx: writeTCX(points: points, to: &stream)
    case .csv: writeCSV(to: &stream)
    case .json: writeJSON(to: &stream)
    }
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

  // MARK: GPX

  func writeGPX(points: ExportPoints, to stream: inout some TextOutputStream) {
    let (fixes, verdicts) = selectedFixes(points)
    let header = gpxHeader(points)
    GPXWriter.write(
      fixes, verdicts: verdicts, metadata: header.metadata, time: header.time, to: &stream)
  }

  /// What a GPX export says before its points: name, activity, the note on its length and
  /// the start time. Read from the record's name, activity, summary and (without a
  /// summary) first fix only, so a streamed export can pass a record without its points.
  public func gpxHeader(_ points: ExportPoints) -> (metadata: TrackMetadata, time: GNSSTime?) {
    var metadata = TrackMetadata(name: title)
    metadata.declaredActivity = record.activity
    metadata.creator = "Strider"
    metadata.note = note(points)
    return (metadata, record.startTime)
  }

  /// What a reader of the export should know about its length.
  func note(_ points: ExportPoints) -> String? {
    guard let summary = record.summary, !summary.isRaw else { return nil }
    let distance = GPXWriter.decimal((summary.distance.value * 10).rounded() / 10)
    switch points {
    case .raw, .accepted:
      return "The fixes as the receiver gave them (\(points.rawValue)), not smoothed: summed "
        + "point to point they are longer than the session's distance of \(distance) m. "
        + "Export with --points track for the finished track."
    case .track:
      return "The finished track (smoothed forward and backward, held still in stops): "
        + "\(distance) m."
    case .display:
      return "The finished track reduced for drawing (within 2 m): a little shorter than the "
        + "session's distance of \(distance) m."
    }
  }

  // MARK: TCX

  /// Garmin's activity extension: speed (m/s) per track point.
  static let activityExtension = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

  /// Garmin Training Center Database v2: one activity, one lap holding the whole track, in
  /// the schema's element order.
  ///
  /// Each point's `DistanceMeters` is the session's distance at its time, read from the
  /// finished track (as a device writes its odometer, not the sum of noisy steps), so the
  /// last point's is the lap's whatever points were chosen.
  func writeTCX(points: ExportPoints, to stream: inout some TextOutputStream) {
    let fixes = selectedFixes(points).fixes.filter { $0.time != nil }
    let finished = record.finishedTrack
    let sport =
      switch record.activity {
      case .run: "Running"
      case .ride: "Biking"
      case .walk: "Other"
      }
    // <Id> and StartTime are xsd:dateTime: never "nan" nor a seven-digit year, whatever a
    // hostile file said.
    let start =
      [record.startTime, fixes.first?.time].compactMap { $0 }.first(where: \.fitsRFC3339)
      ?? GNSSTime(secondsSince1970: 0)
    let summary = record.summary
    stream.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    stream.write(
      "<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\""
        + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        + " xsi:schemaLocation=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
        + " http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd\">\n")
    stream.write("  <Activities>\n    <Activity Sport=\"\(sport)\">\n")
    stream.write("      <Id>\(start.iso8601)</Id>\n")
    stream.write("      <Lap StartTime=\"\(start.iso8601)\">\n")
    let elapsed = summary?.elapsed.value ?? 0
    stream.write("        <TotalTimeSeconds>\(GPXWriter.decimal(elapsed))</TotalTimeSeconds>\n")
    let distance = summary?.distance.value ?? 0
    stream.write("        <DistanceMeters>\(GPXWriter.decimal(distance))</DistanceMeters>\n")
    let calories = Int(max(0, min(65_535, (summary?.calories.value ?? 0).rounded())))
    stream.write("        <Calories>\(calories)</Calories>\n")
    stream.write("        <Intensity>Active</Intensity>\n")
    stream.write("        <TriggerMethod>Manual</TriggerMethod>\n")
    // A new <Track> for each segment: readers take a gap between tracks as no distance.
    var cumulative = 0.0
    var previous: Fix?
    var currentSegment: Int?
    for fix in fixes {
      guard let time = fix.time, time.fitsRFC3339 else { continue }
      if fix.segment != currentSegment {
        if currentSegment != nil { stream.write("        </Track>\n") }
        stream.write("        <Track>\n")
        currentSegment = fix.segment
      }
      stream.write("          <Trackpoint>\n            <Time>\(time.iso8601)</Time>\n")
      if let c = fix.coordinate, c.isValid {
        if !finished.isEmpty {
          cumulative = finished.distance(at: time).value
        } else if let p = previous?.coordinate, previous?.segment == fix.segment {
          cumulative += Geodesy.distanceMeters(p, c)
        }
        previous = fix
        let longitude = GPXWriter.decimal(GPXWriter.longitude(c.longitude))
        stream.write(
          "            <Position>\n"
            + "              <LatitudeDegrees>\(GPXWriter.decimal(c.latitude))</LatitudeDegrees>\n"
            + "              <LongitudeDegrees>\(longitude)</LongitudeDegrees>\n"
            + "            </Position>\n")
      }
      if let altitude = fix.altitude, altitude.value.isFinite {
        stream.write(
          "            <AltitudeMeters>\(GPXWriter.decimal(altitude.value))</AltitudeMeters>\n")
      }
      if fix.coordinate != nil {
        stream.write(
          "            <DistanceMeters>\(GPXWriter.decimal(cumulative))</DistanceMeters>\n")
      }
      if let hr = fix.heartRate.flatMap({ GPXWriter.wholeNumber($0.value, in: 1...255) }) {
        stream.write("            <HeartRateBpm><Value>\(hr)</Value></HeartRateBpm>\n")
      }
      if let cadence = fix.cadence.flatMap({ GPXWriter.wholeNumber($0.value, in: 0...254) }) {
        stream.write("            <Cadence>\(cadence)</Cadence>\n")
      }
      if let speed = fix.speed, speed.value.isFinite, speed.value >= 0 {
        stream.write(
          "            <Extensions>\n              <TPX xmlns=\"\(Self.activityExtension)\">\n"
            + "                <Speed>\(GPXWriter.decimal(speed.value))</Speed>\n"
            + "              </TPX>\n            </Extensions>\n")
      }
      stream.write("          </Trackpoint>\n")
    }
    if currentSegment != nil { stream.write("        </Track>\n") }
    stream.write("      </Lap>\n")
    stream.write(
      "      <Creator xsi:type=\"Device_t\">\n        <Name>Strider</Name>\n"
        + "        <UnitId>0</UnitId>\n        <ProductID>0</ProductID>\n"
        + "        <Version>\n          <VersionMajor>0</VersionMajor>\n"
        + "          <VersionMinor>1</VersionMinor>\n        </Version>\n      </Creator>\n")
    stream.write("    </Activity>\n  </Activities>\n</TrainingCenterDatabase>\n")
  }

  // MARK: CSV

  static let csvHeader = [
    "session", "seq", "time", "latitude", "longitude", "altitude_m", "horizontal_accuracy_m",
    "vertical_accuracy_m", "speed_m_s", "course_deg", "mode", "provider", "satellites", "hdop",
    "heart_rate_bpm", "cadence_rpm", "segment", "verdict", "distance_m",
  ]

  /// One row per fix as it arrived (RFC 4180: CRLF line ends, fields quoted when needed),
  /// with the session's distance at its time from the finished track (`distance_m`, empty
  /// without a time or a finished track): the last row's is the summary's distance.
  func writeCSV(to stream: inout some TextOutputStream) {
    stream.write(Self.csvHeader.joined(separator: ",") + "\r\n")
    let name = Self.csvField(record.name ?? "")
    func number(_ value: Double?) -> String {
      guard let value, value.isFinite else { return "" }
      return GPXWriter.decimal(value)
    }
    for (seq, judged) in record.fixes.enumerated() {
      let f = judged.fix
      let fields = [
        name, String(seq), f.time?.iso8601 ?? "", number(f.coordinate?.latitude),
        number(f.coordinate?.longitude), number(f.altitude?.value),
        number(f.horizontalAccuracy?.value), number(f.verticalAccuracy?.value),
        number(f.speed?.value), number(f.course?.value), f.mode.rawValue, f.provider.rawValue,
        f.satellites.map(String.init) ?? "", number(f.hdop), number(f.heartRate?.value),
        number(f.cadence?.value), String(f.segment),
        judged.verdict.reason?.rawValue ?? "accepted",
        record.finishedTrack.isEmpty
          ? "" : number(f.time.map { record.finishedTrack.distance(at: $0).value }),
      ]
      stream.write(fields.joined(separator: ",") + "\r\n")
    }
  }

  /// A CSV field, quoted (with quotes doubled) when it holds a comma, a quote, a line end
  /// or any other control character; a leading `=`, `+`, `-` or `@` is prefixed with `'` so
  /// a spreadsheet never runs it as a formula.
  public static func csvField(_ text: String) -> String {
    var text = text
    if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first) {
      text = "'" + text
    }
    let needsQuotes = text.unicodeScalars.contains {
      $0 == "," || $0 == "\"" || $0.value < 0x20 || $0.value == 0x7F
    }
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
