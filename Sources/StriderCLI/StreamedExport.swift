import Foundation
import StriderApp
import StriderCore
import StriderFormats
import StriderStore

/// `sessions export` written a row at a time: a finished session of any length in the
/// memory of one row, plus what its format's writer keeps whole (for TCX and CSV the
/// finished track's odometer, 20 bytes a point; for JSON the finished track's times and
/// row numbers, 16 bytes a point, with which its stops and moves are drawn a run of points
/// at a time; for FIT its distance table and the sensor values of the track's points). A
/// privacy radius is a zone read from the session's ends first, and every row it hides is
/// skipped as it is read. The bytes are those the whole record gives (`SessionExport`): each
/// writer says whether it writes from rows (`SessionWriter.canWrite`), and nothing here
/// names a format. (A 1M-fix session held everything at once: 620 MB for TCX, 440 MB for
/// CSV and 2 GB for JSON.)
extension ExportSession {
  /// Writes the export from the store's cursors where the session is finished with its
  /// finished track and its format's writer takes rows; false, having written nothing,
  /// where not (the export then reads the whole record).
  func writeStreamed(_ store: SessionStore, progress: ProgressLine) throws -> Bool {
    let finished = try store.listing(id).state == .finished
    guard finished, try !store.needsFinishedTrack(id),
      let writer = FormatRegistry.writer(for: format)
    else { return false }
    let rows = try StoredSessionRows(
      store, id: id, points: points, privacyRadius: Meters(privacyRadius),
      heartRate: { try heartRateExport(store, record: nil) })
    let streams = writer.canWrite(rows)
    // What the writer read first failed: told before anything is written.
    try rows.rethrow()
    guard streams else { return false }
    func write(_ stream: inout FileOutput) {
      writer.write(rows, to: &stream)
      if rows.failed { stream.abandon() }
    }
    guard let output else {
      var stream = FileOutput(
        fd: STDOUT_FILENO, destination: "standard output", progress: progress)
      write(&stream)
      try rows.rethrow()
      try stream.finish()
      return true
    }
    let destination = force ? URL(fileURLWithPath: output).resolvingSymlinksInPath().path : output
    try AtomicFile.write(to: destination, progress: progress, write)
    progress.finish()
    try rows.rethrow()
    printError("strider: session \(id) written to \(output) (\(format.rawValue))")
    return true
  }
}

/// A stored session read a row at a time for a writer (`SessionRows`), each part read when
/// first asked for; the first failure is kept, and nothing is read after it.
final class StoredSessionRows: SessionRows {
  let store: SessionStore
  let id: Int64
  let points: ExportPoints
  let record: SessionRecord
  /// The privacy zone drawn around the session's ends; nil without a radius.
  let zone: PrivacyZone?
  /// The session's heart rate with the zones in force (`ExportSession.heartRateExport`),
  /// which the JSON head reads.
  let heartRate: () throws -> HeartRateExport?
  private(set) var failure: (any Error)?
  private var times: (first: GNSSTime?, latest: GNSSTime?)?
  private var odometerRead: FinishedTrack.Odometer?
  private var lapSensorsRead: [SensorFigures]?
  private var eventsRead: [SessionEvent]?
  private var headRead: [JSONMember]?

  init(
    _ store: SessionStore, id: Int64, points: ExportPoints, privacyRadius: Meters,
    heartRate: @escaping () throws -> HeartRateExport? = { nil }
  ) throws(StoreError) {
    self.store = store
    self.id = id
    self.points = points
    self.heartRate = heartRate
    let header = try store.recordWithoutPoints(id)
    if privacyRadius.value > 0 {
      let ends = try store.ends(of: id)
      let zone = PrivacyZone(radius: privacyRadius, first: ends.first, last: ends.last)
      record = zone.apply(to: header)
      self.zone = zone
    } else {
      record = header
      zone = nil
    }
  }

  var hidesEnds: Bool { zone != nil }
  var failed: Bool { failure != nil }

  /// Throws the first failure.
  func rethrow() throws {
    if let failure { throw failure }
  }

  /// Runs `read` unless a read failed before, keeping its failure.
  private func reading<T>(_ fallback: T, _ read: () throws -> T) -> T {
    guard failure == nil else { return fallback }
    do {
      return try read()
    } catch {
      failure = error
      return fallback
    }
  }

  /// The part `slot` keeps, read the first time it is asked for.
  private func once<T>(
    _ slot: ReferenceWritableKeyPath<StoredSessionRows, T?>, _ fallback: T,
    _ read: () throws -> T
  ) -> T {
    if let kept = self[keyPath: slot] { return kept }
    let value = reading(fallback, read)
    self[keyPath: slot] = value
    return value
  }

  private var fixTimes: (first: GNSSTime?, latest: GNSSTime?) {
    once(\.times, (nil, nil)) { try store.fixTimes(of: id, hiding: zone) }
  }

  var startTime: GNSSTime? { record.summary?.start?.time ?? fixTimes.first }
  var endTime: GNSSTime? { fixTimes.latest }

  /// Whether a stored point is outside the zone.
  private func kept(_ point: StoredPoint) -> Bool {
    guard let zone else { return true }
    switch point {
    case .fix(let fix, _): return fix.coordinate.map { !zone.hides($0) } ?? true
    case .track(let p): return !zone.hides(p.coordinate)
    }
  }

  func forEachPoint(_ body: (Fix, Verdict?) -> Void) {
    reading(()) {
      try store.forEachStoredPoint(of: id, points.stored) { point in
        guard kept(point) else { return }
        let (fix, verdict) = points.exported(point)
        body(fix, verdict)
      }
    }
  }

  func forEachFix(_ body: (JudgedFix) -> Void) {
    reading(()) {
      try store.forEachStoredPoint(of: id, .fixes) { point in
        guard kept(point), case .fix(let fix, let verdict) = point else { return }
        body(JudgedFix(fix: fix, verdict: verdict ?? .accepted))
      }
    }
  }

  func forEachFinishedPoint(_ body: (FinishedTrack.Point) -> Void) {
    reading(()) { try store.forEachFinishedPoint(of: id, hiding: zone, body) }
  }

  func odometer() -> FinishedTrack.Odometer {
    once(\.odometerRead, FinishedTrack.Odometer()) {
      try store.odometer(of: id, hiding: zone)
    }
  }

  func lapSensors() -> [SensorFigures] {
    once(\.lapSensorsRead, []) {
      try store.sensorFigures(of: id, lapEnds: record.summary?.laps?.map(\.end) ?? []).laps
    }
  }

  func events() -> [SessionEvent] {
    once(\.eventsRead, []) {
      try store.events(of: id).filter { event in
        if case .started(let p) = event { return zone?.hides(p.coordinate) != true }
        return true
      }
    }
  }

  /// The JSON export's head; the stops and moves are drawn from the finished track read a
  /// run of points at a time.
  func jsonHead() -> [JSONMember] {
    once(\.headRead, []) {
      let heartRate = try heartRate()
      let display = try store.displayTrack(of: id).filter { zone?.hides($0.coordinate) != true }
      var export = SessionExport(
        record: record, configuration: try store.configuration(of: id),
        source: try store.listing(id).source, displayTrack: display)
      export.heartRate = heartRate
      export.device = try store.deviceTotals(of: id)
      export.parts = try store.parts(of: id)
      let track = try store.timelineTrack(of: id, hiding: zone)
      return try export.jsonHead(startTime: startTime, endTime: endTime, finished: track)
    }
  }
}
