import GRDB
import StriderCore

/// The calendar periods `stats` adds sessions up by, in the user's time zone.
public enum StatsPeriod: String, CaseIterable, Sendable {
  /// Monday to Sunday (ISO 8601 weeks).
  case week
  case month
  case year

  /// SQLite's date modifiers that take a local date to the first day of its period.
  var startModifiers: String {
    switch self {
    // Six days back, then forward to the next Monday: the Monday on or before the day.
    case .week: "'-6 days', 'weekday 1'"
    case .month: "'start of month'"
    case .year: "'start of year'"
    }
  }
}

/// What one activity added up to in one period (or any stretch of time).
public struct PeriodTotal: Hashable, Sendable {
  /// The period's first day, `YYYY-MM-DD` in local time; empty for a stretch that is not a
  /// period.
  public var start: String
  public var activity: Activity
  public var count: Int
  public var distance: Meters
  public var moving: Seconds
  public var elapsed: Seconds
  /// Summed over the sessions whose elevation is trusted; nil when none is.
  public var elevationGain: Meters?
  /// Time in each heart-rate zone, summed over the sessions; nil when no zones were asked
  /// for or none of the sessions had a heart rate.
  public var zoneTime: ZoneTime?

  /// Moving time over distance, seconds per kilometre; nil without distance.
  public var averagePace: Double? {
    distance.value > 1 && moving.value > 0 ? moving.value / distance.kilometres : nil
  }

  /// Distance over moving time; nil without moving time.
  public var averageSpeed: MetersPerSecond? {
    moving.value > 0 ? distance / moving : nil
  }
}

extension SessionStore {
  /// Totals per period and activity, newest period first: SQL aggregates over the figures
  /// kept per session (the session row and `sessionFigures`), never the fixes. Sessions
  /// are placed by their start, in the local time zone (SQLite's `localtime`, which reads
  /// the same `TZ` as the rest of the program). Only finished sessions count.
  ///
  /// - Parameters:
  ///   - activities: only these (all when empty).
  ///   - from: only sessions started at or after it.
  ///   - until: only sessions started before it.
  ///   - zones: with time in these heart-rate zones, summed in SQL from the time kept per
  ///     session at each rate (the rule of `HeartRateZones.zone(of:)`).
  public func periodTotals(
    _ period: StatsPeriod, activities: [Activity] = [], from: GNSSTime? = nil,
    until: GNSSTime? = nil, includingSimulated: Bool = true, zones: HeartRateZones? = nil
  ) throws(StoreError) -> [PeriodTotal] {
    try totals(
      period: "date(s.startTime, 'unixepoch', 'localtime', \(period.startModifiers))",
      activities: activities, from: from, until: until, includingSimulated: includingSimulated,
      zones: zones)
  }

  /// Totals per activity of the sessions started in `[from, until)`; `start` is empty.
  public func totals(
    from: GNSSTime, until: GNSSTime, activities: [Activity] = [], includingSimulated: Bool = true,
    zones: HeartRateZones? = nil
  ) throws(StoreError) -> [PeriodTotal] {
    try totals(
      period: "''", activities: activities, from: from, until: until,
      includingSimulated: includingSimulated, zones: zones)
  }

  /// Totals per period and activity, newest period first, of the sessions the arguments
  /// leave: `period` is the SQL that places a session `s` in its period, `''` for one
  /// period of all.
  private func totals(
    period: String, activities: [Activity], from: GNSSTime?, until: GNSSTime?,
    includingSimulated: Bool, zones: HeartRateZones?
  ) throws(StoreError) -> [PeriodTotal] {
    let (filter, arguments) = Self.totalsFilter(
      activities: activities, from: from, until: until, includingSimulated: includingSimulated)
    return try guarded {
      try pool.read { db in
        try self.requireHistoryFigures(db)
        let totals = try Self.totals(
          db,
          sql: """
            SELECT \(period) AS period, \(Self.aggregates)
            WHERE \(filter)
            GROUP BY period, s.activity
            ORDER BY period DESC, s.activity
            """, arguments: arguments)
        return try Self.adding(zones, to: totals, period: period, filter, arguments, db)
      }
    }
  }

  /// The columns every totals query selects after its period, and what they come from.
  private static let aggregates = """
    s.activity, count(*), total(s.distance), total(s.moving), total(s.elapsed),
      sum(f.elevationGain)
    FROM session s LEFT JOIN sessionFigures f ON f.sessionId = s.id
    """

  private static func totals(_ db: Database, sql: String, arguments: StatementArguments) throws
    -> [PeriodTotal]
  {
    try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
      PeriodTotal(
        start: row[0], activity: row[1], count: row[2], distance: Meters(row[3]),
        moving: Seconds(row[4]), elapsed: Seconds(row[5]),
        elevationGain: (row[6] as Double?).map(Meters.init))
    }
  }

  /// `totals` with their time in `zones`, in SQL from the time kept per session at each
  /// rate (a rate below zone 1 counts as `below`). Each rate's row carries the session's
  /// time at all lower rates, so the time below a boundary is the `below` of the first rate
  /// at or above it (`HeartRateZones.zone(of:)`'s rule): one index lookup per session and
  /// boundary, and a zone is the difference of its two boundaries'.
  private static func adding(
    _ zones: HeartRateZones?, to totals: [PeriodTotal], period: String, _ filter: String,
    _ arguments: StatementArguments, _ db: Database
  ) throws -> [PeriodTotal] {
    guard let zones, !totals.isEmpty, try HeartRateFigures.isPresent(db) else { return totals }
    let bounds = zones.lowerBounds
    let cuts = bounds.indices.map { k in
      """
      (SELECT h.below FROM heartRateTime h WHERE h.sessionId = picked.id AND h.bpm >= ?
        ORDER BY h.bpm LIMIT 1) AS c\(k)
      """
    }.joined(separator: ",\n")
    // The time below boundary k (all the time when no rate reaches it).
    func below(_ k: Int) -> String { "coalesce(c\(k), t)" }
    let sums =
      ["total(\(below(0)))"]
      + (0..<bounds.count).map { k in
        "total(\(k + 1 < bounds.count ? below(k + 1) : "t") - \(below(k)))"
      }
    let rows = try Row.fetchAll(
      db,
      sql: """
        WITH picked AS (
          SELECT \(period) AS period, s.activity, s.id FROM session s WHERE \(filter)
        ),
        cut AS (
          SELECT period, activity,
            (SELECT h.below + h.seconds FROM heartRateTime h WHERE h.sessionId = picked.id
              ORDER BY h.bpm DESC LIMIT 1) AS t,
            \(cuts)
          FROM picked
        )
        SELECT period, activity, \(sums.joined(separator: ", "))
        FROM cut WHERE t IS NOT NULL
        GROUP BY period, activity
        """, arguments: arguments + StatementArguments(bounds))
    var found: [String: ZoneTime] = [:]
    for row in rows {
      let key = (row[0] as String) + "\u{0}" + (row[1] as String)
      let below: Double = row[2]
      let inZones = (0..<bounds.count).map { Seconds(max(0, row[3 + $0] as Double)) }
      found[key] = ZoneTime(zones: inZones, below: Seconds(max(0, below)))
    }
    return totals.map { total in
      var total = total
      total.zoneTime = found[total.start + "\u{0}" + total.activity.rawValue]
      return total
    }
  }

  private static func totalsFilter(
    activities: [Activity], from: GNSSTime?, until: GNSSTime?, includingSimulated: Bool
  ) -> (String, StatementArguments) {
    var conditions = [
      "s.state = 'finished'", "s.startTime IS NOT NULL", "s.distance IS NOT NULL",
    ]
    var arguments: [any DatabaseValueConvertible] = []
    if !activities.isEmpty {
      conditions.append(
        "s.activity IN (\(Array(repeating: "?", count: activities.count).joined(separator: ", ")))"
      )
      arguments += activities.map(\.rawValue)
    }
    if let from {
      conditions.append("s.startTime >= ?")
      arguments.append(from.secondsSince1970)
    }
    if let until {
      conditions.append("s.startTime < ?")
      arguments.append(until.secondsSince1970)
    }
    if !includingSimulated { conditions.append("s.origin <> 'simulated'") }
    return (conditions.joined(separator: " AND "), StatementArguments(arguments))
  }
}
