import ArgumentParser
import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderStore

extension StatsPeriod: EnumerableFlag {}

/// `strider stats`: totals per week, month or year, from the figures kept per session.
struct Stats: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Totals per week, month or year: distance, moving time, sessions, climbing, pace.",
    discussion:
      "Newest period first, one line per activity, in local time (weeks from Monday). The "
      + "current period so far is shown beside the last one to the same point (and whole). "
      + "Computed from the figures kept per session, never the fixes.")

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, csv }

  @Flag(help: "The period to add up by.")
  var period: StatsPeriod = .week

  @Option(help: ArgumentHelp("Only this activity (\(Activity.choiceList)); repeat for more."))
  var activity: [Activity] = []

  @Option(help: "Only sessions started on or after this day (YYYY-MM-DD, local time).")
  var since: String?

  @Option(
    name: .customLong("as-of"),
    help: "Count as if now were this day's end (YYYY-MM-DD) or time (YYYY-MM-DDTHH:MM).")
  var asOf: String?

  @Option(help: "text, json or csv.")
  var format: Format = .text

  @OptionGroup var shown: HistoryShownOptions

  func validate() throws {
    if let since, LocalDate.startOfDay(since) == nil {
      throw ValidationError(
        "--since \(since) is not a day: give it as YYYY-MM-DD, e.g. 2026-11-01.")
    }
    if let asOf, Self.moment(asOf) == nil {
      throw ValidationError(
        "--as-of \(asOf) is not a day or a time: give it as YYYY-MM-DD or YYYY-MM-DDTHH:MM.")
    }
  }

  /// A day's end (the next midnight) or a local time.
  static func moment(_ text: String) -> GNSSTime? {
    if let day = LocalDate.startOfDay(text) {
      let next = calendar.date(
        byAdding: .day, value: 1, to: Date(timeIntervalSince1970: day.secondsSince1970))
      return next.map { GNSSTime(secondsSince1970: $0.timeIntervalSince1970) }
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
    formatter.isLenient = false
    guard text.count == 16, let date = formatter.date(from: text) else { return nil }
    return GNSSTime(secondsSince1970: date.timeIntervalSince1970)
  }

  /// ISO weeks (from Monday) in the user's time zone, as SQLite's `localtime` reads it.
  static var calendar: Calendar {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = .current
    return calendar
  }

  /// The current period so far, the last one to the same point, and the last one whole.
  struct Comparison {
    var now: Date
    var currentStart: Date
    var previousStart: Date
    var samePoint: Date
    var current: [PeriodTotal]
    var previousToDate: [PeriodTotal]
    var previous: [PeriodTotal]
    /// The heart-rate zones the totals' time in zone is summed by; nil when no maximum
    /// heart rate is known.
    var heartRate: HeartRateText.Profile?
  }

  mutating func run() throws {
    shown.units = try HistoryUnits.resolve(shown.units)
    let store = try HistoryAccess.open()
    let until = asOf.flatMap(Self.moment)
    let now = until.map { Date(timeIntervalSince1970: $0.secondsSince1970) } ?? Date()
    let from = since.flatMap(LocalDate.startOfDay)
    let demos = !shown.noDemos
    let profile = try HeartRateText.profile(store, settings: try ConfigFile.settings(), now: now)
    let zones = profile?.zones
    let periods = try store.periodTotals(
      period, activities: activity, from: from, until: until, includingSimulated: demos,
      zones: zones)
    let comparison = try compare(store, now: now, heartRate: profile)
    switch format {
    case .text: try Output.standard(text(periods, comparison))
    case .json: try Output.standard(json(periods, comparison).serialized + "\n")
    case .csv: try Output.standard(csv(periods, comparison))
    }
  }

  private func compare(_ store: SessionStore, now: Date, heartRate: HeartRateText.Profile?)
    throws -> Comparison
  {
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
    let (activities, demos) = (activity, !shown.noDemos)
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
      DisplayFormat.distance(total.distance, units: shown.units ?? .metric),
      DisplayFormat.clock(total.moving),
      total.elevationGain.map { "\(Int(saturating: $0.value.rounded())) m" } ?? "-",
      total.activity.prefersSpeed
        ? total.averageSpeed.map { DisplayFormat.speed($0, units: shown.units ?? .metric) } ?? "-"
        : total.averagePace.map {
          DisplayFormat.pace(Pace($0), activity: total.activity, units: shown.units ?? .metric)
        } ?? "-",
    ]
  }

  private static let header = ["activity", "sessions", "distance", "moving", "climb", "avg"]

  func text(_ periods: [PeriodTotal], _ c: Comparison) -> String {
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
  func zonesText(_ periods: [PeriodTotal], _ c: Comparison) -> String {
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
        JSONMember("distance_m", .rounded(t.distance.value, 2)),
        JSONMember("moving_s", .rounded(t.moving.value, 3)),
        JSONMember("elapsed_s", .rounded(t.elapsed.value, 3)),
        JSONMember("elevation_gain_m", .rounded(t.elevationGain?.value, 1)),
        JSONMember("avg_pace_s_per_km", .rounded(t.averagePace, 2)),
        JSONMember("avg_speed_m_s", .rounded(t.averageSpeed?.value, 3)),
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

  func json(_ periods: [PeriodTotal], _ c: Comparison) -> JSONValue {
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

  func csv(_ periods: [PeriodTotal], _ c: Comparison) -> String {
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
