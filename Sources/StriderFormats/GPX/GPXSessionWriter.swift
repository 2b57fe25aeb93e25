import StriderCore

extension GPXWriter: SessionWriter {
  public static let format = ExportFormat.gpx

  /// GPX 1.1: one track of the chosen points, with the session's name, activity and a note
  /// on the track's length in `<metadata>`; the raw fixes carry the gate's verdicts.
  public static func write(
    _ export: SessionExport, points: ExportPoints, to stream: inout some ExportStream
  ) {
    let (fixes, verdicts) = export.selectedFixes(points)
    let header = export.gpxHeader(points)
    write(fixes, verdicts: verdicts, metadata: header.metadata, time: header.time, to: &stream)
  }

  /// Where a privacy zone hides the whole finished track, the export draws the live track
  /// instead, from the whole record.
  public static func canWrite(_ rows: some SessionRows) -> Bool {
    !(rows.hidesEnds && rows.points == .track && rows.odometer().isEmpty)
  }

  public static func write(_ rows: some SessionRows, to stream: inout some ExportStream) {
    let (metadata, _) = SessionExport(record: rows.record, displayTrack: []).gpxHeader(
      rows.points)
    var track = Track(metadata: metadata, time: rows.startTime, to: &stream)
    rows.forEachPoint { fix, verdict in track.write(fix, verdict: verdict, to: &stream) }
    track.end(to: &stream)
  }
}

extension ExportFormat {
  /// GPX 1.1 with Strider's extensions.
  public static let gpx = ExportFormat(name: "gpx")
}

extension SessionExport {
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
}
