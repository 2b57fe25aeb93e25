import Foundation
import StriderCore
import StriderFormats
import StriderStore

/// `sessions export` written a row at a time: a finished session of any length in the
/// memory of one row, plus, for TCX and CSV, the finished track's odometer (20 bytes a
/// point) that gives each point its distance, and for JSON the finished track's times (8
/// bytes a point), with which its stops and moves are drawn a run of points at a time. The bytes are
/// those the whole record gives (`SessionExport`): the writers are the same, fed a row at
/// a time. (A 1M-fix session held everything at once: 620 MB for TCX, 440 MB for CSV and
/// 2 GB for JSON.)
extension ExportSession {
  /// Whether the export can be written from cursors: a finished session with its
  /// finished track, without a privacy radius (which needs both ends first).
  func canStream(_ store: SessionStore) throws -> Bool {
    guard [.gpx, .tcx, .csv, .json].contains(format), privacyRadius == 0 else { return false }
    return try storeCall { () throws(StoreError) in
      guard try store.listing(id).state == .finished else { return false }
      return try !store.needsFinishedTrack(id)
    }
  }

  func writeStreamed(_ store: SessionStore) throws {
    let header = try storeCall { () throws(StoreError) in try store.recordWithoutPoints(id) }
    var storeFailure: StoreError?
    let body = try streamedBody(store, header: header)
    func write(_ stream: inout FileOutput) {
      do {
        try body(&stream)
      } catch {
        storeFailure = error
        stream.abandon()
      }
    }
    guard let output else {
      var stream = FileOutput(fd: STDOUT_FILENO, destination: "standard output")
      write(&stream)
      if let storeFailure { _ = try storeCall { () throws(StoreError) in throw storeFailure } }
      try stream.finish()
      return
    }
    let destination = force ? URL(fileURLWithPath: output).resolvingSymlinksInPath().path : output
    try AtomicFile.write(to: destination, write)
    if let storeFailure { _ = try storeCall { () throws(StoreError) in throw storeFailure } }
    printError("strider: session \(id) written to \(output) (\(format.rawValue))")
  }

  /// What writes the export, with what it needs read first (so that a failure to read it
  /// is reported before anything is written).
  private func streamedBody(_ store: SessionStore, header: SessionRecord) throws
    -> (inout FileOutput) throws(StoreError) -> Void
  {
    let (id, points) = (id, points)
    switch format {
    case .gpx:
      let (metadata, time) = SessionExport(record: header, displayTrack: []).gpxHeader(points)
      return { (stream) throws(StoreError) in
        var track = GPXWriter.Track(metadata: metadata, time: time, to: &stream)
        try store.forEachStoredPoint(of: id, points.stored) { point in
          let (fix, verdict) = points.exported(point)
          track.write(fix, verdict: verdict, to: &stream)
        }
        track.end(to: &stream)
      }
    case .tcx:
      let (odometer, startTime) = try storeCall { () throws(StoreError) in
        (try store.odometer(of: id), try Self.startTime(of: header, store))
      }
      return { (stream) throws(StoreError) in
        var lap = TCXWriter.Lap(record: header, startTime: startTime)
        let distance = odometer.isEmpty ? nil : { odometer.distance(at: $0) }
        try store.forEachStoredPoint(of: id, points.stored) { point in
          lap.write(points.exported(point).fix, distance: distance, to: &stream)
        }
        lap.end(to: &stream)
      }
    case .csv:
      let odometer = try storeCall { () throws(StoreError) in try store.odometer(of: id) }
      return { (stream) throws(StoreError) in
        let rows = SessionCSVWriter.Rows(sessionName: header.name)
        rows.writeHeader(to: &stream)
        var seq = 0
        try store.forEachStoredPoint(of: id, .fixes) { point in
          guard case .fix(let fix, let verdict) = point else { return }
          let distance = odometer.isEmpty ? nil : fix.time.map { odometer.distance(at: $0) }
          rows.write(
            seq: seq, JudgedFix(fix: fix, verdict: verdict ?? .accepted), distance: distance,
            to: &stream)
          seq += 1
        }
      }
    default:
      let head = try storeCall { () throws(StoreError) in try jsonHead(store, header: header) }
      return { (stream) throws(StoreError) in
        var document = SessionJSONWriter.Document(head: head, to: &stream)
        try store.forEachFinishedPoint(of: id) { document.write($0, to: &stream) }
        document.write(events: try store.events(of: id), to: &stream)
        try store.forEachStoredPoint(of: id, .fixes) { point in
          guard case .fix(let fix, let verdict) = point else { return }
          document.write(JudgedFix(fix: fix, verdict: verdict ?? .accepted), to: &stream)
        }
        document.end(to: &stream)
      }
    }
  }

  /// The JSON export's head; the stops and moves are drawn from the finished track read a
  /// run of points at a time.
  private func jsonHead(_ store: SessionStore, header: SessionRecord) throws(StoreError)
    -> [JSONMember]
  {
    let times = try store.fixTimes(of: id)
    let export = SessionExport(
      record: header, configuration: try store.configuration(of: id),
      source: try store.listing(id).source, displayTrack: try store.displayTrack(of: id))
    let startTime = header.summary?.start?.time ?? times.first
    guard let track = try store.timelineTrack(of: id) else {
      let finished = try store.record(id).finishedTrack
      return export.jsonHead(startTime: startTime, endTime: times.latest, finished: finished)
    }
    return try export.jsonHead(startTime: startTime, endTime: times.latest, finished: track)
  }

  /// `SessionRecord.startTime` without the fixes in memory: the summary's start, else the
  /// first representable fix time.
  private static func startTime(of header: SessionRecord, _ store: SessionStore)
    throws(StoreError) -> GNSSTime?
  {
    if let start = header.summary?.start?.time { return start }
    return try store.fixTimes(of: header.id ?? 0).first
  }
}
