import Foundation
import StriderCore
import StriderRender
import StriderStore

/// `stats`: the history's totals per week, month or year, and the period under way beside
/// the last one, as text, JSON or CSV.
public struct StatsReport: Sendable {
  public struct Comparison: Sendable {
    public var now: Date
    public var currentStart: Date
    public var previousStart: Date
    public var samePoint: Date
    public var current: [PeriodTotal]
    public var previousToDate: [PeriodTotal]
    public var previous: [PeriodTotal]
    /// The heart-rate zones the totals' time in zone is summed by; nil when no maximum
    /// heart rate is known.
    public var heartRate: HeartRateText.Profile?
  }

  public var period: StatsPeriod
  /// The units of the text (the JSON and CSV are in metres and seconds).
  public var units: UnitSystem
  public var periods: [PeriodTotal]
  public var comparison: Comparison

  /// The totals of `activities` (none: all) from `from` until `until` (nil: no bound) per
  /// `period`, and the period under way at `now` beside the last one; time in zone summed
  /// by `heartRate`'s zones.
  public init(
    _ store: SessionStore, period: StatsPeriod, activities: [Activity], from: GNSSTime?,
    until: GNSSTime?, now: Date, includingSimulated: Bool, heartRate: HeartRateText.Profile?,
    units: UnitSystem
  ) throws {
    self.period = period
    self.units = units
    periods = try store.periodTotals(
      period, activities: activities, from: from, until: until,
      includingSimulated: includingSimulated, zones: heartRate?.zones)
    comparison = try Self.compare(
      store, period: period, activities: activities, includingSimulated: includingSimulated,
      now: now, heartRate: heartRate)
  }

  /// The totals of the period under way so far, beside the last one to the same point and
  /// whole; `now` is the end of what is counted.
  static func compare(
    _ store: SessionStore, period: StatsPeriod, activities: [Activity],
    includingSimulated demos: Bool,
    now: Date, heartRate: HeartRateText.Profile?
  ) throws -> Comparison {
    let calendar = Self.calendar
    let component: Calendar.Component =
      switch period {
      case .week: .weekOfYear
      case .month: .month
      case .year: .year
      }
    // A day's end (`--as-of DAY`) is the next midnight: the moment before it is still in
    // the day's period.
    let currentStart =
      calendar.dateInterval(of: component, for: now.addingTimeInterval(-0.001))?.start ?? now
    let previousStart =
      calendar.date(byAdding: component, value: -1, to: currentStart) ?? currentStart
    let samePoint = min(
      calendar.date(byAdding: component, value: -1, to: now) ?? currentStart, currentStart)
    func time(_ date: Date) -> GNSSTime { GNSSTime(secondsSince1970: date.timeIntervalSince1970) }
    func totals(_ a: Date, _ b: Date) throws -> [PeriodTotal] {
      try store.totals(
        from: time(a), until: time(b), activities: activities, includingSimulated: demos,
        zones: heartRate?.zones)
    }
    return Comparison(
      now: now, currentStart: currentStart, previousStart: previousStart, samePoint: samePoint,
      current: try totals(currentStart, now), previousToDate: try totals(previousStart, samePoint),
      previous: try totals(previousStart, currentStart), heartRate: heartRate)
  }

  // MARK: Text

  private func cells(_ total: PeriodTotal) -> [String] {
    [
      total.activity.noun, "\(total.count)",
      DisplayFormat.distance(total.distance, units: units),
      DisplayFormat.clock(total.moving),
      total.elevationGain.map { "\(Int(saturating: $0.value.rounded())) m" } ?? "-",
      total.activity.prefersSpeed
        ? total.averageSpeed.map { DisplayFormat.speed($0, units: units) } ?? "-"
        : total.averagePace.map {
          DisplayFormat.pace(Pace($0), activity: total.activity, units: units)
        } ?? "-",
    ]
  }

  private static let header = ["activity", "sessions", "distance", "moving", "climb", "avg"]

  public var text: String {
    let c = comparison
    let name = period.rawValue
    var rows = [[""] + Self.header]
    let groups: [(String, [PeriodTotal])] = [
      ("this \(name) so far", c.current), ("last \(name), same point", c.previousToDate),
      ("last \(name), whole", c.previous),
    ]
    for (label, totals) in groups {
      if totals.isEmpty { rows.append([label, "-", "0", "-", "-", "-", "-"]) }
      for (i, total) in totals.enumerated() { rows.append([i == 0 ? label : ""] + cells(total)) }
    }
    var text =
      "\(name) of \(Self.day(c.currentStart)), to \(LocalDate.text(Self.time(c.now))); "
      + "last \(name) to \(LocalDate.text(Self.time(c.samePoint)))\n"
    text += HistoryText.columns(rows) + "\n"
    guard !periods.isEmpty else { return text + "no finished sessions in these \(name)s\n" }
    var table = [["\(name) of"] + Self.header]
    var last = ""
    for total in periods {
      table.append([total.start == last ? "" : total.start] + cells(total))
      last = total.start
    }
    return text + HistoryText.columns(table) + zonesText(periods, c)
  }

  /// Time in each heart-rate zone per period and activity, for those with a heart rate;
  /// the hint how to set a maximum when there is none.
  private func zonesText(_ periods: [PeriodTotal], _ c: Comparison) -> String {
    guard let profile = c.heartRate else { return "\nheart-rate zones: \(HeartRateText.hint)\n" }
    let withZones = periods.filter { $0.zoneTime != nil }
    guard !withZones.isEmpty else { return "" }
    let ranges = profile.zones.ranges()
    var table = [
      ["\(period.rawValue) of", "activity"]
        + (0..<HeartRateZones.count).map { "zone \($0 + 1) \(ranges[$0])" }
    ]
    var last = ""
    for total in withZones {
      guard let time = total.zoneTime else { continue }
      table.append(
        [total.start == last ? "" : total.start, total.activity.noun]
          + time.zones.map(DisplayFormat.clock))
      last = total.start
    }
    return "\ntime in heart-rate zones, \(profile.label)\n" + HistoryText.columns(table)
  }

  static func time(_ date: Date) -> GNSSTime {
    GNSSTime(secondsSince1970: date.timeIntervalSince1970)
  }

  /// `YYYY-MM-DD` of a local date.
  static func day(_ date: Date) -> String {
    String(LocalDate.text(time(date)).prefix(10))
  }

  // MARK: JSON and CSV

  private static func json(_ t: PeriodTotal, start: Bool) -> JSONValue {
    .object(
      (start ? [JSONMember("start", .string(t.start))] : []) + [
        JSONMember("activity", .string(t.activity.rawValue)),
        JSONMember("sessions", .int(t.count)),
        JSONMember(JSONKey.distance, .rounded(t.distance.value, 2)),
        JSONMember(JSONKey.moving, .rounded(t.moving.value, 3)),
        JSONMember(JSONKey.elapsed, .rounded(t.elapsed.value, 3)),
        JSONMember(JSONKey.elevationGain, .rounded(t.elevationGain?.value, 1)),
        JSONMember(JSONKey.averagePace, .rounded(t.averagePace, 2)),
        JSONMember(JSONKey.averageSpeed, .rounded(t.averageSpeed?.value, 3)),
        JSONMember(
          "time_in_zone_s",
          t.zoneTime.map { .array($0.zones.map { .rounded($0.value, 1) }) } ?? .null),
        JSONMember("time_below_zones_s", .rounded(t.zoneTime?.below.value, 1)),
      ])
  }

  /// The zones the totals' time in zone is summed by, or null.
  static func json(_ profile: HeartRateText.Profile?) -> JSONValue {
    guard let profile else { return .null }
    return .object([
      JSONMember("max_bpm", .rounded(profile.zones.maximum.value, 0)),
      JSONMember("max_source", .string(profile.source)),
      JSONMember("zone_percents", .array(profile.zones.percents.map { .rounded($0, 1) })),
      JSONMember("zone_lower_bpm", .array(profile.zones.lowerBounds.map { .rounded($0, 1) })),
    ])
  }

  public var json: JSONValue {
    let c = comparison
    func stretch(_ from: Date, _ to: Date, _ totals: [PeriodTotal]) -> JSONValue {
      .object([
        JSONMember("from", .string(Self.time(from).iso8601)),
        JSONMember("until", .string(Self.time(to).iso8601)),
        JSONMember("totals", .array(totals.map { Self.json($0, start: false) })),
      ])
    }
    return .object([
      JSONMember("period", .string(period.rawValue)),
      JSONMember("as_of", .string(Self.time(c.now).iso8601)),
      JSONMember("heart_rate_zones", Self.json(c.heartRate)),
      JSONMember("current", stretch(c.currentStart, c.now, c.current)),
      JSONMember("previous_to_same_point", stretch(c.previousStart, c.samePoint, c.previousToDate)),
      JSONMember("previous", stretch(c.previousStart, c.currentStart, c.previous)),
      JSONMember("periods", .array(periods.map { Self.json($0, start: true) })),
    ])
  }

  public var csv: String {
    let c = comparison
    func number(_ value: Double?, _ decimals: Int) -> String {
      value.map { CueText.fixed($0, decimals: decimals) } ?? ""
    }
    func row(_ kind: String, _ start: String, _ t: PeriodTotal) -> String {
      let zones = (0..<HeartRateZones.count).map { number(t.zoneTime?.zones[$0].value, 1) }
      return
        ([
          kind, start, t.activity.rawValue, "\(t.count)", number(t.distance.value, 2),
          number(t.moving.value, 3), number(t.elapsed.value, 3), number(t.elevationGain?.value, 1),
          number(t.averagePace, 2), number(t.averageSpeed?.value, 3),
        ] + zones).joined(separator: ",")
    }
    var lines = [
      "row,start,activity,sessions,distance_m,moving_s,elapsed_s,elevation_gain_m,"
        + "avg_pace_s_per_km,avg_speed_m_s,zone1_s,zone2_s,zone3_s,zone4_s,zone5_s"
    ]
    lines += periods.map { row(period.rawValue, $0.start, $0) }
    lines += c.current.map { row("current_to_date", Self.day(c.currentStart), $0) }
    lines += c.previousToDate.map { row("previous_to_same_point", Self.day(c.previousStart), $0) }
    lines += c.previous.map { row("previous", Self.day(c.previousStart), $0) }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension StatsReport {
  /// ISO weeks (from Monday) in the user's time zone, as SQLite's `localtime` reads it.
  public static var calendar: Calendar {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = .current
    return calendar
  }
}
