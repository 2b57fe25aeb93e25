import StriderCore
import StriderRender
import StriderSimulator

/// A fixed history for the history screen's golden tests: 400 days up to 2026-11-25 with a
/// session most days (runs, a ride on Sundays), distances from a formula, so the pictures
/// change only when the drawing does.
enum HistoryFixtures {
  static let today = CivilDate(year: 2026, month: 11, day: 25) ?? CivilDate(dayNumber: 0)

  static let entries: [HistoryEntry] = {
    var out: [HistoryEntry] = []
    var id: Int64 = 1
    for back in stride(from: 399, through: 0, by: -1) {
      let day = today.adding(days: -back)
      guard day.dayNumber % 5 != 0 else { continue }  // a rest day in five
      let ride = day.weekday == 6
      let metres =
        ride
        ? 30_000 + Double(day.dayNumber % 7) * 2_000
        : 4_000 + Double((day.dayNumber * 37) % 9) * 800
      let speed = ride ? 7.5 : 2.9 + Double(day.dayNumber % 4) * 0.1
      out.append(
        HistoryEntry(
          id: id, name: day.dayNumber % 11 == 0 ? "Park loop" : nil,
          activity: ride ? .ride : .run, start: "\(day) 07:\(day.dayNumber % 5)0",
          distance: Meters(metres), moving: Seconds(metres / speed),
          elevationGain: Meters(Double(day.dayNumber % 60)), source: "watch-\(id).fit"))
      id += 1
    }
    return out.reversed()
  }()

  static let records: [RecordLine] = [
    RecordLine(
      activity: .ride, label: "5 min", value: "2.71 km", rate: "32.5 km/h", date: "2026-06-14",
      sessionId: 201),
    RecordLine(
      activity: .ride, label: "longest", value: "42.00 km", rate: "", date: "2026-03-01",
      sessionId: 96),
    RecordLine(
      activity: .run, label: "400 m", value: "1:31", rate: "3:48 /km", date: "2026-09-02",
      sessionId: 250),
    RecordLine(
      activity: .run, label: "1 km", value: "4:02", rate: "4:02 /km", date: "2026-09-02",
      sessionId: 250),
    RecordLine(
      activity: .run, label: "5 km", value: "24:13", rate: "4:51 /km", date: "2026-10-11",
      sessionId: 280),
    RecordLine(
      activity: .run, label: "10 km", value: "52:40", rate: "5:16 /km", date: "2025-12-30",
      sessionId: 12),
    RecordLine(
      activity: .run, label: "longest", value: "10.40 km", rate: "", date: "2025-12-30",
      sessionId: 12),
    RecordLine(
      activity: .run, label: "most climbing", value: "59 m", rate: "", date: "2026-04-04",
      sessionId: 120),
  ]

  static let data: HistoryData = {
    var daily: [CivilDate: Meters] = [:]
    for entry in entries {
      if let day = entry.day, let distance = entry.distance {
        daily[day, default: .zero] = Meters(daily[day, default: .zero].value + distance.value)
      }
    }
    return HistoryData(entries: entries, dailyDistance: daily, records: records, today: today)
  }()

  /// An opened session: the golden screens' simulated run, its efforts and zones.
  static let detail: HistorySessionDetail = {
    let record = SessionRecorder.record(
      fixes: Fixtures.session.fixes, configuration: SessionConfiguration(activity: .run))
    return HistorySessionDetail(
      entry: entries[3], summary: record.summary, route: record.drawnTrack,
      efforts: ["400 m 1:52", "1 km 4:58 (record)", "5 km 25:40"],
      zones: [
        "Z1 95-113      0:00   0 %", "Z2 114-132     4:10  12 %", "Z3 133-151    20:02  58 %",
        "Z4 152-170    10:30  30 %", "Z5 171+        0:00   0 %", "max HR 190 (profile)",
      ],
      sensors: SensorFigures.of(
        Fixtures.session.fixes.indices.map { i in
          var fix = Fixtures.session.fixes[i]
          fix.heartRate = BeatsPerMinute(Double(140 + i % 30))
          fix.cadence = RevolutionsPerMinute(Double(85 + i % 4))
          return fix
        }),
      profiles: record.summary.map {
        SessionProfiles.charts(
          route: record.drawnTrack,
          heartRates: Fixtures.session.fixes.indices.compactMap { i in
            Fixtures.session.fixes[i].time.map { ($0, Double(140 + i % 30)) }
          }, summary: $0, glyphs: .unicode)
      } ?? [])
  }()
}
