import StriderCore

/// One session as the history screen lists it, from the figures kept per session.
public struct HistoryEntry: Sendable, Hashable {
  public var id: Int64
  public var name: String?
  public var activity: Activity
  /// The start in local time, "YYYY-MM-DD HH:MM"; empty when the session has no time.
  public var start: String
  public var distance: Meters?
  public var moving: Seconds?
  public var elevationGain: Meters?
  /// Where the fixes came from (a file, gpsd, "simulator"), for the search.
  public var source: String?

  public init(
    id: Int64, name: String? = nil, activity: Activity, start: String, distance: Meters?,
    moving: Seconds?, elevationGain: Meters? = nil, source: String? = nil
  ) {
    self.id = id
    self.name = name
    self.activity = activity
    self.start = start
    self.distance = distance
    self.moving = moving
    self.elevationGain = elevationGain
    self.source = source
  }

  /// The day it started, when known.
  public var day: CivilDate? { CivilDate(start.prefix(10)) }

  /// Whether `query` (already lowercased) is in its date, activity, name, source or ID.
  public func matches(_ query: String) -> Bool {
    guard !query.isEmpty else { return true }
    let fields = [start, activity.rawValue, activity.noun, name ?? "", source ?? "", "\(id)"]
    return fields.contains { $0.lowercased().contains(query) }
  }
}

/// One row of the records table, written as `strider records` writes it.
public struct RecordLine: Sendable, Hashable {
  public var activity: Activity
  /// "5 km", "longest", "20 min".
  public var label: String
  /// The figure: a time, a distance, an elevation.
  public var value: String
  /// Its pace or speed, or empty.
  public var rate: String
  /// "YYYY-MM-DD".
  public var date: String
  public var sessionId: Int64

  public init(
    activity: Activity, label: String, value: String, rate: String, date: String,
    sessionId: Int64
  ) {
    self.activity = activity
    self.label = label
    self.value = value
    self.rate = rate
    self.date = date
    self.sessionId = sessionId
  }
}

/// Everything the history screen shows before a session is opened: read once from the
/// figures kept per session (never from the fixes), so a long history opens at once.
public struct HistoryData: Sendable {
  /// Newest first.
  public var entries: [HistoryEntry]
  /// The distance of every day with a finished session (all activities).
  public var dailyDistance: [CivilDate: Meters]
  public var records: [RecordLine]
  /// The last day the chart and the calendar show (today, in local time).
  public var today: CivilDate
  public var units: UnitSystem

  public init(
    entries: [HistoryEntry], dailyDistance: [CivilDate: Meters], records: [RecordLine],
    today: CivilDate, units: UnitSystem = .metric
  ) {
    self.entries = entries
    self.dailyDistance = dailyDistance
    self.records = records
    self.today = today
    self.units = units
  }

  /// The distance of each of the `count` weeks (Monday to Sunday) up to today's, oldest
  /// first, with each week's Monday.
  public func weeklyDistance(weeks count: Int) -> [(start: CivilDate, distance: Meters)] {
    guard count > 0 else { return [] }
    let last = today.weekStart
    var totals = Array(repeating: 0.0, count: count)
    let first = last.adding(days: -7 * (count - 1))
    for (day, distance) in dailyDistance where day >= first && day <= today {
      totals[(day.dayNumber - first.dayNumber) / 7] += distance.value
    }
    return totals.enumerated().map { (first.adding(days: 7 * $0.offset), Meters($0.element)) }
  }
}

/// An opened session: its summary, splits, zones and route, read from the store when the
/// user presses Enter.
public struct HistorySessionDetail: Sendable {
  public var entry: HistoryEntry
  /// Nil for a session that was never finished.
  public var summary: SessionSummary?
  /// The reduced track kept for drawing.
  public var route: [TrackPoint]
  /// "5 km 24:13 (record)", one an effort.
  public var efforts: [String]
  /// The time in each heart-rate zone, one line a zone ("Z3 70% 133-151  35:33  20 %"), or
  /// a line saying why there are none; empty without a heart rate.
  public var zones: [String]
  /// The heart rate, cadence and power over the session's fixes, as `sessions show` gives
  /// them (none: the fixes carried no sensor, or they were not read).
  public var sensors: SensorFigures
  /// Elevation, pace or speed and heart rate over the distance (`SessionProfiles`), the
  /// ones the session has data for; `p` shows each in place of the map in turn.
  public var profiles: [ProfileChart]

  public init(
    entry: HistoryEntry, summary: SessionSummary?, route: [TrackPoint], efforts: [String] = [],
    zones: [String] = [], sensors: SensorFigures = SensorFigures(), profiles: [ProfileChart] = []
  ) {
    self.profiles = profiles
    self.entry = entry
    self.summary = summary
    self.route = route
    self.efforts = efforts
    self.zones = zones
    self.sensors = sensors
  }
}
