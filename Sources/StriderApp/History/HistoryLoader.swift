import Foundation
import StriderCore
import StriderRender
import StriderStore

/// Reads what the history screen shows from the store: the list, the days and the records
/// at the start, a session's details on Enter.
public struct HistoryLoader {
  public let store: SessionStore
  public let units: UnitSystem
  /// The heart-rate zones in force, read once.
  public let zones: HeartRateText.Profile?

  /// - Parameter settings: the settings in force, for the heart-rate zones.
  public init(store: SessionStore, units: UnitSystem, settings: UserSettings) throws {
    self.store = store
    self.units = units
    zones = try HeartRateText.profile(store, settings: settings, now: Date())
  }

  /// The list, the daily distances and the records, from the figures kept per session.
  public static func data(_ store: SessionStore, units: UnitSystem, includingSimulated: Bool) throws
    -> HistoryData
  {
    let (rows, records) = (
      try store.historyRows(includingSimulated: includingSimulated),
      try store.personalRecords(includingSimulated: includingSimulated)
    )
    let entries = rows.map { row in
      HistoryEntry(
        id: row.id, name: row.name, activity: row.activity, start: row.localStart ?? "",
        distance: row.distance, moving: row.moving, elevationGain: row.elevationGain,
        source: row.source)
    }
    // The days' distances from the same rows: the finished sessions by their local start
    // (as `stats` places them), every exercise together; a drive's kilometres are no
    // training (its own line in `stats` says them).
    var daily: [CivilDate: Meters] = [:]
    for row in rows where row.isFinished && row.activity.isExercise {
      guard let start = row.localStart, let day = CivilDate(start.prefix(10)),
        let distance = row.distance
      else { continue }
      daily[day, default: .zero] = Meters(daily[day, default: .zero].value + distance.value)
    }
    let lines = records.map { record in
      let (value, rate) = HistoryText.value(record, units: units)
      return RecordLine(
        activity: record.activity, label: HistoryText.label(record.kind), value: value,
        rate: rate,
        date: String(LocalDate.text(record.effort?.start ?? record.sessionStart).prefix(10)),
        sessionId: record.sessionId)
    }
    return HistoryData(
      entries: entries, dailyDistance: daily, records: lines, today: Self.today(), units: units)
  }

  /// Today in the user's time zone.
  public static func today() -> CivilDate {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
      ?? CivilDate(dayNumber: 0)
  }

  /// A session's summary, route, best efforts and zones, from what was kept with it.
  public func detail(_ id: Int64, data: HistoryData) -> Result<
    HistorySessionDetail, HistoryLoadError
  > {
    guard let entry = data.entries.first(where: { $0.id == id }) else {
      return .failure(HistoryLoadError("No session \(id)"))
    }
    do {
      let summary = try store.storedSummary(of: id)
      let route = try store.displayTrack(of: id)
      let efforts = HistoryText.effortsRow(store, session: id, units: units)
      let sensors = try store.sensorFigures(of: id)
      var profiles: [ProfileChart] = []
      if let summary {
        profiles = SessionProfiles.charts(
          route: route, heartRates: try store.heartRates(of: id), summary: summary,
          glyphs: .unicode)
      }
      var zoneLines: [String] = []
      if let time = try store.heartRateTime(of: id), !time.isEmpty {
        if let zones {
          let spent = zones.zones.time(in: time)
          let ranges = zones.zones.ranges()
          let percents = spent.percentages
          zoneLines = (0..<HeartRateZones.count).map { k in
            "Z\(k + 1) " + TextLayout.padRight(ranges[k], to: 8)
              + TextLayout.padLeft(DisplayFormat.clock(spent.zones[k]), to: 8)
              + TextLayout.padLeft("\(Int(saturating: percents[k].rounded())) %", to: 6)
          }
          zoneLines.append(zones.label)
        } else {
          zoneLines = ["no maximum heart rate: profile.max_heart_rate"]
        }
      }
      return .success(
        HistorySessionDetail(
          entry: entry, summary: summary, route: route,
          efforts: efforts.map { $0.components(separatedBy: ", ") } ?? [], zones: zoneLines,
          sensors: sensors, profiles: profiles))
    } catch {
      return .failure(HistoryLoadError("Session \(id): \(error.description)"))
    }
  }
}
