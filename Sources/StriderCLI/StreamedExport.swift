import Foundation
import StriderCore
import StriderFormats
import StriderStore

/// `sessions export` written a row at a time: a finished session of any length in the
/// memory of one row, plus, for TCX and CSV, the finished track's odometer (20 bytes a
/// point) that gives each point its distance, and for JSON the finished track's times and
/// row numbers (16 bytes a point), with which its stops and moves are drawn a run of
/// points at a time. A privacy radius is a zone read from the session's ends first, and
/// every row it hides is skipped as it is read. The bytes are those the whole record
/// gives (`SessionExport`): the writers are the same, fed a row at a time. (A 1M-fix
/// session held everything at once: 620 MB for TCX, 440 MB for CSV and 2 GB for JSON.)
extension ExportSession {
  /// Whether the export can be written from cursors: a finished session with its
  /// finished track.
  func canStream(_ store: SessionStore) throws -> Bool {
    guard [.gpx, .tcx, .csv, .json].contains(format) else { return false }
    return try storeCall { () throws(StoreError) in
      guard try store.listing(id).state == .finished else { return false }
      return try !store.needsFinishedTrack(id)
    }
  }

  /// Writes the export from cursors; false, having written nothing, when the privacy zone
  /// hides the whole finished track (the export then draws the live track instead, read
  /// whole).
  func writeStreamed(_ store: SessionStore, progress: ProgressLine) throws -> Bool {
    let radius = Meters(privacyRadius)
    let (header, zone) = try storeCall { () throws(StoreError) in
      let header = try store.recordWithoutPoints(id)
      guard radius.value > 0 else { return (header, nil as PrivacyZone?) }
      let ends = try store.ends(of: id)
      let zone = PrivacyZone(radius: radius, first: ends.first, last: ends.last)
      return (zone.apply(to: header), zone)
    }
    guard let body = try streamedBody(store, header: header, zone: zone) else { return false }
    var storeFailure: StoreError?
    func write(_ stream: inout FileOutput) {
      do {
        try body(&stream)
      } catch {
        storeFailure = error
        stream.abandon()
      }
    }
    guard let output else {
      var stream = FileOutput(
        fd: STDOUT_FILENO, destination: "standard output", progress: progress)
      write(&stream)
      if let storeFailure { _ = try storeCall { () throws(StoreError) in throw storeFailure } }
      try stream.finish()
      return true
    }
    let destination = force ? URL(fileURLWithPath: output).resolvingSymlinksInPath().path : output
    try AtomicFile.write(to: destination, progress: progress, write)
    progress.finish()
    if let storeFailure { _ = try storeCall { () throws(StoreError) in throw storeFailure } }
    printError("strider: session \(id) written to \(output) (\(format.rawValue))")
    return true
  }

  /// What writes the export, with what it needs read first (so that a failure to read it
  /// is reported before anything is written); nil when it cannot be streamed.
  private func streamedBody(_ store: SessionStore, header: SessionRecord, zone: PrivacyZone?)
    throws -> ((inout FileOutput) throws(StoreError) -> Void)?
  {
    let (id, points) = (id, points)
    /// Whether a row read is outside the zone.
    func kept(_ point: StoredPoint) -> Bool {
      guard let zone else { return true }
      switch point {
      case .fix(let fix, _): return fix.coordinate.map { !zone.hides($0) } ?? true
      case .track(let p): return !zone.hides(p.coordinate)
      }
    }
    // GPX and TCX of the track draw the live track where the zone hides the whole
    // finished track, which the odometer tells.
    let drawsTrack = [.gpx, .tcx].contains(format) && points == .track
    let needsOdometer = [.tcx, .csv].contains(format) || (zone != nil && drawsTrack)
    let (odometer, times) = try storeCall { () throws(StoreError) in
      (
        needsOdometer ? try store.odometer(of: id, hiding: zone) : FinishedTrack.Odometer(),
        try store.fixTimes(of: id, hiding: zone)
      )
    }
    if zone != nil, drawsTrack, odometer.isEmpty { return nil }
    let startTime = header.summary?.start?.time ?? times.first
    let distance = odometer.isEmpty ? nil : { odometer.distance(at: $0) }
    switch format {
    case .gpx:
      let (metadata, _) = SessionExport(record: header, displayTrack: []).gpxHeader(points)
      return { (stream) throws(StoreError) in
        var track = GPXWriter.Track(metadata: metadata, time: startTime, to: &stream)
        try store.forEachStoredPoint(of: id, points.stored) { point in
          guard kept(point) else { return }
          let (fix, verdict) = points.exported(point)
          track.write(fix, verdict: verdict, to: &stream)
        }
        track.end(to: &stream)
      }
    case .tcx:
      let sensors = try storeCall { () throws(StoreError) in
        try store.sensorFigures(of: id, lapEnds: header.summary?.laps?.map(\.end) ?? [])
      }
      return { (stream) throws(StoreError) in
        var lap = TCXWriter.Lap(record: header, startTime: startTime, lapSensors: sensors.laps)
        try store.forEachStoredPoint(of: id, points.stored) { point in
          guard kept(point) else { return }
          lap.write(points.exported(point).fix, distance: distance, to: &stream)
        }
        lap.end(to: &stream)
      }
    case .csv:
      return { (stream) throws(StoreError) in
        let rows = SessionCSVWriter.Rows(sessionName: header.name)
        rows.writeHeader(to: &stream)
        var seq = 0
        try store.forEachStoredPoint(of: id, .fixes) { point in
          guard kept(point), case .fix(let fix, let verdict) = point else { return }
          rows.write(
            seq: seq, JudgedFix(fix: fix, verdict: verdict ?? .accepted),
            distance: fix.time.flatMap { time in distance.map { $0(time) } }, to: &stream)
          seq += 1
        }
      }
    default:
      let heartRate = try heartRateExport(store, record: nil)
      let head = try storeCall { () throws(StoreError) in
        try jsonHead(
          store, header: header, zone: zone, startTime: startTime, endTime: times.latest,
          heartRate: heartRate)
      }
      let events = try storeCall { () throws(StoreError) in
        try store.events(of: id).filter { event in
          if case .started(let p) = event { return zone?.hides(p.coordinate) != true }
          return true
        }
      }
      return { (stream) throws(StoreError) in
        var document = SessionJSONWriter.Document(head: head, to: &stream)
        try store.forEachFinishedPoint(of: id, hiding: zone) { document.write($0, to: &stream) }
        document.write(events: events, to: &stream)
        try store.forEachStoredPoint(of: id, .fixes) { point in
          guard kept(point), case .fix(let fix, let verdict) = point else { return }
          document.write(JudgedFix(fix: fix, verdict: verdict ?? .accepted), to: &stream)
        }
        document.end(to: &stream)
      }
    }
  }

  /// The JSON export's head; the stops and moves are drawn from the finished track read a
  /// run of points at a time.
  private func jsonHead(
    _ store: SessionStore, header: SessionRecord, zone: PrivacyZone?, startTime: GNSSTime?,
    endTime: GNSSTime?, heartRate: HeartRateExport?
  ) throws(StoreError) -> [JSONMember] {
    let display = try store.displayTrack(of: id).filter { zone?.hides($0.coordinate) != true }
    var export = SessionExport(
      record: header, configuration: try store.configuration(of: id),
      source: try store.listing(id).source, displayTrack: display)
    export.heartRate = heartRate
    export.device = try store.deviceTotals(of: id)
    export.parts = try store.parts(of: id)
    let track = try store.timelineTrack(of: id, hiding: zone)
    return try export.jsonHead(startTime: startTime, endTime: endTime, finished: track)
  }
}
