import GRDB
import StriderCore

/// Which of a session's kept points to read.
public enum StoredPoints: Hashable, Sendable, CaseIterable {
  /// Every fix as it arrived, with its verdict.
  case fixes
  /// The fixes the gate accepted.
  case acceptedFixes
  /// The finished track (the live track for a session finished without one).
  case finishedTrack
  /// The finished track reduced for drawing.
  case displayTrack
}

/// One point read back: a fix as it arrived, or a point of a filtered track.
public enum StoredPoint: Hashable, Sendable {
  /// A fix, with its verdict (nil while the session is unfinished).
  case fix(Fix, verdict: Verdict?)
  case track(TrackPoint)
}

/// Reading a session for an export a row at a time, so a session of any length is written
/// in the memory of one row (`sessions export` of a 1M-fix session held all of it, twice).
extension SessionStore {
  /// The session with its name, activity, state and summary but none of its points: what
  /// an export's header needs.
  public func recordWithoutPoints(_ id: Int64) throws(StoreError) -> SessionRecord {
    try guarded {
      try pool.read { db in
        let row = try SessionRow.visible(id, db)
        let listing = try row.listing()
        return SessionRecord(
          id: id, name: listing.name, activity: listing.activity, origin: listing.origin,
          state: listing.state, summary: try row.decodedSummary())
      }
    }
  }

  /// Calls `body` with each of the session's fixes that carries a sensor's value (heart
  /// rate, cadence, power or temperature), in order, with its verdict.
  public func forEachFixWithSensors(
    of id: Int64, _ body: (Fix, Verdict?) -> Void
  ) throws(StoreError) {
    try guarded {
      try pool.read { db in
        try FixRow.forEach(of: id, sensorsOnly: true, db) { body($0.fix, $0.verdict) }
      }
    }
  }

  /// Calls `body` with each of the session's `points`, in order, read from a cursor.
  public func forEachStoredPoint(
    of id: Int64, _ points: StoredPoints, _ body: (StoredPoint) -> Void
  ) throws(StoreError) {
    try guarded {
      try pool.read { db in
        switch points {
        case .fixes, .acceptedFixes:
          try FixRow.forEach(of: id, acceptedOnly: points == .acceptedFixes, db) { row in
            body(.fix(row.fix, verdict: row.verdict))
          }
        case .finishedTrack:
          guard try FinishedPointRow.exists(of: id, db) else {
            return try Self.forEach(LiveTrackPointRow.self, id, db, body)
          }
          try FinishedPointRow.forEach(of: id, db) { p in
            body(
              .track(
                TrackPoint(
                  time: p.time, coordinate: p.coordinate, altitude: p.altitude, speed: p.speed,
                  segment: p.segment)))
          }
        case .displayTrack:
          try Self.forEach(DisplayPointRow.self, id, db, body)
        }
      }
    }
  }

  private static func forEach<Row: TrackPointRecord>(
    _ table: Row.Type, _ id: Int64, _ db: Database, _ body: (StoredPoint) -> Void
  ) throws {
    let cursor = try Row.of(id).fetchCursor(db)
    while let row = try cursor.next() { body(.track(row.point)) }
  }
}

/// What a streamed TCX, CSV or JSON export reads besides the rows: the events, the times
/// the export's head names, the finished track as an odometer or as the stops and moves
/// read it, and the ends a privacy zone is drawn around. Each takes the zone an export
/// hides (nil for none) and reads only what it leaves.
extension SessionStore {
  /// The session's events, in order (a few per kilometre: held whole).
  public func events(of id: Int64) throws(StoreError) -> [SessionEvent] {
    try guarded { try pool.read { db in try EventRow.of(id).fetchAll(db).map { try $0.event() } } }
  }

  /// The first and last positions a privacy zone is drawn around, as
  /// `PrivacyZone(radius:around:)` finds them: the finished track's ends, else the live
  /// track's, else the first and last accepted fixes with a position.
  public func ends(of id: Int64) throws(StoreError) -> (first: Coordinate?, last: Coordinate?) {
    try guarded {
      try pool.read { db in
        if let first = try FinishedPointRow.of(id).fetchOne(db),
          let last = try FinishedPointRow.of(id).reversed().fetchOne(db)
        {
          return (first.point.coordinate, last.point.coordinate)
        }
        if let first = try LiveTrackPointRow.of(id).fetchOne(db),
          let last = try LiveTrackPointRow.of(id).reversed().fetchOne(db)
        {
          return (first.point.coordinate, last.point.coordinate)
        }
        func position(_ request: QueryInterfaceRequest<FixRow>) throws -> Coordinate? {
          let cursor = try request.fetchCursor(db)
          while let row = try cursor.next() {
            if let c = row.fix.coordinate { return c }
          }
          return nil
        }
        let accepted = FixRow.accepted(of: id)
        return (try position(accepted), try position(accepted.reversed()))
      }
    }
  }

  /// The first fix time that is a representable instant, as `SessionRecord.startTime`
  /// falls back on, and the latest time of any fix, of the fixes `zone` leaves.
  public func fixTimes(of id: Int64, hiding zone: PrivacyZone? = nil) throws(StoreError)
    -> (first: GNSSTime?, latest: GNSSTime?)
  {
    try guarded {
      try pool.read { db in
        var first: GNSSTime?
        var latest: GNSSTime?
        let cursor = try FixRow.of(id).fetchCursor(db)
        while let row = try cursor.next() {
          let fix = row.fix
          if let zone, let c = fix.coordinate, zone.hides(c) { continue }
          if first == nil, let t = fix.time, t.isRepresentable { first = t }
          guard zone != nil else {
            if first != nil { break }
            continue
          }
          // As `max()`: the first of equal times is kept.
          if let t = fix.time, latest.map({ $0 < t }) ?? true { latest = t }
        }
        if zone == nil {
          let max = try Double.fetchOne(
            db,
            FixRow.filter(SessionChildColumns.sessionId == id).select(max(FixRow.Columns.time)))
          latest = max.map(GNSSTime.init(secondsSince1970:))
        }
        return (first, latest)
      }
    }
  }

  /// The finished track's times, distances and segments (`FinishedTrack.Odometer`), of the
  /// points `zone` leaves: empty when the session has no finished track.
  public func odometer(of id: Int64, hiding zone: PrivacyZone? = nil) throws(StoreError)
    -> FinishedTrack.Odometer
  {
    try guarded {
      try pool.read { db in
        let count = try FinishedPointRow.filter(SessionChildColumns.sessionId == id).fetchCount(db)
        var odometer = FinishedTrack.Odometer(capacity: zone == nil ? count : 0)
        typealias C = FinishedPointRow.Columns
        let request = FinishedPointRow.of(id).select(
          C.time, C.distance, C.segment, C.latitude, C.longitude)
        let rows = try Row.fetchCursor(db, request)
        while let row = try rows.next() {
          if try zone.hides(row, latitudeAt: 3) { continue }
          odometer.append(
            time: GNSSTime(secondsSince1970: try row.decode(atIndex: 0)),
            distance: Meters(try row.decode(atIndex: 1)), segment: try row.decode(atIndex: 2))
        }
        return odometer
      }
    }
  }

  /// The finished track as the stops and moves read it (`Timeline`), of the points `zone`
  /// leaves: their times held (8 bytes a point), and their row numbers where those are not
  /// simply their places (where the zone hides some), the points of a run read when asked
  /// for.
  public func timelineTrack(of id: Int64, hiding zone: PrivacyZone? = nil) throws(StoreError)
    -> StoredTimelineTrack
  {
    try guarded {
      try pool.read { db in
        var times: [Double] = []
        // Nil while every row's number is its place.
        var seqs: [Int]?
        if zone == nil {
          times.reserveCapacity(
            try FinishedPointRow.filter(SessionChildColumns.sessionId == id).fetchCount(db))
        }
        typealias C = FinishedPointRow.Columns
        let request = FinishedPointRow.of(id).select(C.seq, C.time, C.latitude, C.longitude)
        let rows = try Row.fetchCursor(db, request)
        while let row = try rows.next() {
          if try zone.hides(row, latitudeAt: 2) { continue }
          let seq: Int = try row.decode(atIndex: 0)
          if seqs == nil, seq != times.count { seqs = Array(0..<times.count) }
          seqs?.append(seq)
          times.append(try row.decode(atIndex: 1))
        }
        return StoredTimelineTrack(store: self, id: id, zone: zone, times: times, seqs: seqs)
      }
    }
  }

  /// Calls `body` with each point of the finished track that `zone` leaves, in order (none
  /// without a finished track).
  public func forEachFinishedPoint(
    of id: Int64, hiding zone: PrivacyZone? = nil, _ body: (FinishedTrack.Point) -> Void
  ) throws(StoreError) {
    try guarded {
      try pool.read { db in
        try FinishedPointRow.forEach(of: id, db) { point in
          if zone?.hides(point.coordinate) != true { body(point) }
        }
      }
    }
  }
}

/// A session's finished track in the database, as `Timeline` reads it: the times and row
/// numbers of the points a privacy zone leaves in memory, the points of a run read when
/// asked for.
public struct StoredTimelineTrack: TimelineTrack {
  let store: SessionStore
  let id: Int64
  let zone: PrivacyZone?
  let times: [Double]
  /// The row number of each point; nil when it is its place.
  let seqs: [Int]?

  public var count: Int { times.count }

  public func time(at index: Int) -> GNSSTime { GNSSTime(secondsSince1970: times[index]) }

  public func forEachPoint(
    in range: Range<Int>, _ body: (FinishedTrack.Point) -> Void
  ) throws(StoreError) {
    guard !range.isEmpty else { return }
    let (id, zone) = (id, zone)
    let (first, last) = (
      seqs?[range.lowerBound] ?? range.lowerBound,
      seqs?[range.upperBound - 1] ?? range.upperBound - 1
    )
    try store.guarded {
      try store.pool.read { db in
        let seq = FinishedPointRow.Columns.seq
        let cursor = try FinishedPointRow.of(id).filter(seq >= first && seq <= last)
          .fetchCursor(db)
        while let row = try cursor.next() {
          if zone?.hides(row.point.coordinate) != true { body(row.point) }
        }
      }
    }
  }
}

extension SessionStore {
  /// Up to `limit` of the session's fixes as they arrived, after the one numbered `seq`
  /// (from the first when nil), each with its number: a replay reads a session a page at a
  /// time, each page its own short read, so it never holds a session of any length nor a
  /// read transaction for the length of a real-time replay.
  public func fixes(of id: Int64, after seq: Int?, limit: Int) throws(StoreError)
    -> [(seq: Int, fix: Fix)]
  {
    try guarded {
      try pool.read { db in
        var page: [(seq: Int, fix: Fix)] = []
        page.reserveCapacity(max(0, min(limit, 100_000)))
        try FixRow.forEach(of: id, after: seq, limit: limit, db) { page.append(($0.seq, $0.fix)) }
        return page
      }
    }
  }
}

extension SessionStore {
  /// The heart rate of session `id`'s fixes that carry one (above zero), in the order kept:
  /// what a profile draws, without reading the fixes whole.
  public func heartRates(of id: Int64) throws(StoreError) -> [(time: GNSSTime, rate: Double)] {
    try guarded {
      try pool.read { db in
        let cursor = try Row.fetchCursor(
          db,
          sql: "SELECT time, heartRate FROM fix WHERE sessionId = ? AND heartRate > 0 "
            + "AND time IS NOT NULL ORDER BY seq", arguments: [id])
        var rates: [(time: GNSSTime, rate: Double)] = []
        while let row = try cursor.next() {
          let time: Double = try row.decode(Double.self, atIndex: 0)
          let rate: Double = try row.decode(Double.self, atIndex: 1)
          if time.isFinite, rate.isFinite { rates.append((GNSSTime(secondsSince1970: time), rate)) }
        }
        return rates
      }
    }
  }

  /// The heart rate, cadence, power and temperature over a session's fixes: what `sessions
  /// show` sums over every fix, read from the rows that carry one of them only, and only
  /// their time and sensor columns, so a long session without a sensor costs a scan of its
  /// key (a 214,580-fix ride opened its history detail in 0.5–1.0 s reading every fix).
  public func sensorFigures(of id: Int64) throws(StoreError) -> SensorFigures {
    try sensorFigures(of: id, lapEnds: []).laps[0]
  }

  /// `sensorFigures(of:)` lap by lap (`SensorFigures.ByLap`): the TCX export's laps.
  public func sensorFigures(of id: Int64, lapEnds: [GNSSTime]) throws(StoreError)
    -> SensorFigures.ByLap
  {
    try guarded {
      try pool.read { db in
        // A database read before "v10: fix power and temperature" ran has neither column.
        let names = Set(try db.columns(in: FixRow.databaseTableName).map(\.name))
        let extra = ["power", "temperature"].filter(names.contains)
        let sensors = ["heartRate", "cadence"] + extra
        let sql =
          "SELECT time, \(sensors.joined(separator: ", ")) FROM fix "
          + "WHERE sessionId = ? AND (\(sensors.map { "\($0) IS NOT NULL" }.joined(separator: " OR "))) "
          + "ORDER BY seq"
        var figures = SensorFigures.ByLap(lapEnds: lapEnds)
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: [id])
        while let row = try cursor.next() {
          func number(_ index: Int) throws -> Double? {
            try row.decode(Double?.self, atIndex: index)
          }
          let hasPower = extra.contains("power")
          let temperatureIndex = hasPower ? 4 : 3
          figures.add(
            Fix(
              time: try number(0).map(GNSSTime.init(secondsSince1970:)), coordinate: nil,
              heartRate: try number(1).map(BeatsPerMinute.init),
              cadence: try number(2).map(RevolutionsPerMinute.init),
              power: hasPower ? try number(3).map(Watts.init) : nil,
              temperature: extra.contains("temperature")
                ? try number(temperatureIndex).map(Celsius.init) : nil))
        }
        return figures
      }
    }
  }
}

extension PrivacyZone? {
  /// Whether there is a zone and it hides the point of a selected row whose latitude stands
  /// at `index` and longitude after it: without a zone the row is not decoded at all.
  fileprivate func hides(_ row: Row, latitudeAt index: Int) throws -> Bool {
    guard let zone = self else { return false }
    return zone.hides(
      Coordinate(
        latitude: try row.decode(atIndex: index), longitude: try row.decode(atIndex: index + 1)))
  }
}
