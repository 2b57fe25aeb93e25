import StriderCore
import StriderFormats
import StriderStore

/// A stored session read a row at a time for a writer (`SessionRows`), each part read when
/// first asked for; the first failure is kept, and nothing is read after it.
public final class StoredSessionRows: SessionRows {
  public let store: SessionStore
  public let id: Int64
  public let points: ExportPoints
  public let record: SessionRecord
  /// The privacy zone drawn around the session's ends; nil without a radius.
  public let zone: PrivacyZone?
  /// The session's heart rate with the zones in force (`SessionExportPlan`),
  /// which the JSON head reads.
  public let heartRate: () throws -> HeartRateExport?
  public private(set) var failure: (any Error)?
  private var times: (first: GNSSTime?, latest: GNSSTime?)?
  private var odometerRead: FinishedTrack.Odometer?
  private var lapSensorsRead: [SensorFigures]?
  private var eventsRead: [SessionEvent]?
  private var headRead: [JSONMember]?

  public init(
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

  public var hidesEnds: Bool { zone != nil }
  public var failed: Bool { failure != nil }

  /// Throws the first failure.
  public func rethrow() throws {
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

  public var startTime: GNSSTime? { record.summary?.start?.time ?? fixTimes.first }
  public var endTime: GNSSTime? { fixTimes.latest }

  /// Whether a stored point is outside the zone.
  private func kept(_ point: StoredPoint) -> Bool {
    guard let zone else { return true }
    switch point {
    case .fix(let fix, _): return fix.coordinate.map { !zone.hides($0) } ?? true
    case .track(let p): return !zone.hides(p.coordinate)
    }
  }

  public func forEachPoint(_ body: (Fix, Verdict?) -> Void) {
    reading(()) {
      try store.forEachStoredPoint(of: id, points.stored) { point in
        guard kept(point) else { return }
        let (fix, verdict) = points.exported(point)
        body(fix, verdict)
      }
    }
  }

  public func forEachFix(_ body: (JudgedFix) -> Void) {
    reading(()) {
      try store.forEachStoredPoint(of: id, .fixes) { point in
        guard kept(point), case .fix(let fix, let verdict) = point else { return }
        body(JudgedFix(fix: fix, verdict: verdict ?? .accepted))
      }
    }
  }

  public func forEachFixWithSensors(_ body: (JudgedFix) -> Void) {
    reading(()) {
      try store.forEachFixWithSensors(of: id) { fix, verdict in
        guard kept(.fix(fix, verdict: verdict)) else { return }
        body(JudgedFix(fix: fix, verdict: verdict ?? .accepted))
      }
    }
  }

  public func forEachFinishedPoint(_ body: (FinishedTrack.Point) -> Void) {
    reading(()) { try store.forEachFinishedPoint(of: id, hiding: zone, body) }
  }

  public func odometer() -> FinishedTrack.Odometer {
    once(\.odometerRead, FinishedTrack.Odometer()) {
      try store.odometer(of: id, hiding: zone)
    }
  }

  public func lapSensors() -> [SensorFigures] {
    once(\.lapSensorsRead, []) {
      try store.sensorFigures(of: id, lapEnds: record.summary?.laps?.map(\.end) ?? []).laps
    }
  }

  public func events() -> [SessionEvent] {
    once(\.eventsRead, []) {
      try store.events(of: id).filter { event in
        if case .started(let p) = event { return zone?.hides(p.coordinate) != true }
        return true
      }
    }
  }

  /// The JSON export's head; the stops and moves are drawn from the finished track read a
  /// run of points at a time.
  public func jsonHead() -> [JSONMember] {
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
