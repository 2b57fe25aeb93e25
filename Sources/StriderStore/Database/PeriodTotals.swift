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
    let (filter, arguments) = Self.totalsFilter(
      activities: activities, from: from, until: until, includingSimulated: includingSimulated)
    let day = "date(s.startTime, 'unixepoch', 'localtime', \(period.startModifiers))"
    return try guarded {
      try pool.read { db in
        try self.requireHistoryFigures(db)
        let totals = try Self.totals(
          db,
          sql: """
            SELECT \(day) AS period, \(Self.aggregates)
            WHERE \(filter)
            GROUP BY period, s.activity
            ORDER BY period DESC, s.activity
            """, arguments: arguments)
        return try Self.adding(zones, to: totals, period: day, filter, arguments, db)
      }
    }
  }

  /// Totals per activity of the sessions started in `[from, until)`; `start` is empty.
  public func totals(
    from: GNSSTime, until: GNSSTime, activities: [Activity] = [], includingSimulated: Bool = true,
    zones: HeartRateZones? = nil
  ) throws(StoreError) -> [PeriodTotal] {
    let (filter, arguments) = Self.totalsFilter(
      activities: activities, from: from, until: until, includingSimulated: includingSimulated)
    return try guarded {
      try pool.read { db in
        try self.requireHistoryFigures(db)
        let totals = try Self.totals(
          db,
          sql: """
            SELECT '' AS period, \(Self.aggregates)
            WHERE \(filter)
            GROUP BY s.activity
            ORDER BY s.activity
            """, arguments: arguments)
        return try Self.adding(zones, to: totals, period: "''", filter, arguments, db)
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

  /// `totals` with their time in `zones`: the time kept per session at each rate, summed
  /// per period, activity and zone (a rate below zone 1 counts as `below`).
  private static func adding(
    _ zones: HeartRateZones?, to totals: [PeriodTotal], period: String, _ filter: String,
    _ arguments: StatementArguments, _ db: Database
  ) throws -> [PeriodTotal] {
    guard let zones, !totals.isEmpty, try HeartRateFigures.isPresent(db) else { return totals }
    // The zone of a rate: the highest zone whose lower boundary it reaches, else 0.
    let bounds = zones.lowerBounds
    let zone =
      "CASE "
      + (1...bounds.count).reversed().map { "WHEN h.bpm >= ? THEN \($0) " }.joined()
      + "ELSE 0 END"
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT \(period) AS period, s.activity, \(zone) AS zone, total(h.seconds)
        FROM session s JOIN heartRateTime h ON h.sessionId = s.id
        WHERE \(filter)
        GROUP BY period, s.activity, zone
        """, arguments: StatementArguments(Array(bounds.reversed())) + arguments)
    var found: [String: ZoneTime] = [:]
    for row in rows {
      let key = (row[0] as String) + "\u{0}" + (row[1] as String)
      var time = found[key] ?? ZoneTime(zones: Array(repeating: .zero, count: bounds.count))
      let (k, seconds): (Int, Double) = (row[2], row[3])
      if k == 0 { time.below = Seconds(seconds) } else { time.zones[k - 1] = Seconds(seconds) }
      found[key] = time
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
