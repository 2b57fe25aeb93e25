import StriderCore

/// A session's elevation, pace (speed for rides) and heart rate over its distance, as the
/// profiles `sessions show --plot` prints under the summary and the history's opened
/// session cycles through with `p`.
public enum SessionProfiles {
  /// Rows each profile of `sessions show --plot` is high.
  public static let height = 6

  /// The profiles the session has data for: elevation only where the session trusted it,
  /// pace or speed, heart rate; each empty chart draws nothing.
  public static func charts(_ record: SessionRecord, summary: SessionSummary, glyphs: Glyphs)
    -> [ProfileChart]
  {
    let track = record.finishedTrack
    let units = summary.units
    var charts: [ProfileChart] = []
    // Elevation only where the session trusted it (a receiver's altitude noise is no hill).
    if summary.elevationGain != nil {
      charts.append(
        elevation(
          track.points.compactMap { point in
            point.altitude.map {
              ProfileChart.Sample(distance: point.distance.value, value: $0.value)
            }
          }, units: units, glyphs: glyphs))
    }
    // Pace over the moving stretches only: a stop is no pace, and drawn blank.
    charts.append(
      pace(
        track.points.filter { !$0.isStopped && $0.speed.value > movingSpeed }.map {
          ProfileChart.Sample(distance: $0.distance.value, value: $0.speed.value)
        }, activity: summary.activity, units: units, glyphs: glyphs))
    charts.append(
      heartRate(
        record.fixes.compactMap { judged -> ProfileChart.Sample? in
          guard let rate = judged.fix.heartRate?.value, rate > 0, let time = judged.fix.time,
            !track.isEmpty
          else { return nil }
          return ProfileChart.Sample(distance: track.distance(at: time).value, value: rate)
        }, glyphs: glyphs))
    return charts.filter { !$0.samples.isEmpty }
  }

  /// The same profiles from what the history keeps light: the drawn track (a few thousand
  /// points, its distance scaled to the session's) and the heart rates, where reading the
  /// whole record of a million-fix session would take seconds and hundreds of megabytes.
  /// A point inside one of the summary's pauses is no pace; a point takes the newest heart
  /// rate at most `heartRateHold` before it.
  public static func charts(
    route: [TrackPoint], heartRates: [(time: GNSSTime, rate: Double)],
    summary: SessionSummary, glyphs: Glyphs
  ) -> [ProfileChart] {
    var recorder = ProfileRecorder()
    var rate = 0
    var pause = 0
    let pauses = summary.pauses
    for point in route {
      var heartRate: BeatsPerMinute?
      var isPaused = false
      if let time = point.time {
        while rate + 1 < heartRates.count, heartRates[rate + 1].time <= time { rate += 1 }
        if rate < heartRates.count, heartRates[rate].time <= time,
          time - heartRates[rate].time <= heartRateHold
        {
          heartRate = BeatsPerMinute(heartRates[rate].rate)
        }
        while pause < pauses.count, pauses[pause].end < time { pause += 1 }
        isPaused = pause < pauses.count && pauses[pause].start <= time
      }
      recorder.add(point, isPaused: isPaused, heartRate: heartRate)
    }
    return recorder.charts(
      distance: summary.distance, activity: summary.activity, units: summary.units, glyphs: glyphs
    ).filter { $0.title != "elevation" || summary.elevationGain != nil }
  }

  /// How long a heart rate stands for the drawn track's points after it.
  static let heartRateHold = Seconds(30)

  /// Slower than this a point is no pace (standing, shuffling at a crossing).
  public static let movingSpeed = 0.3

  /// The elevation profile, its axis in metres or feet.
  public static func elevation(_ samples: [ProfileChart.Sample], units: UnitSystem, glyphs: Glyphs)
    -> ProfileChart
  {
    ProfileChart(title: "elevation", samples: samples, glyphs: glyphs) {
      DisplayFormat.shortLength(Meters($0), units: units)
    }
  }

  /// The pace profile (speed for an activity shown as speed), from speeds in m/s.
  public static func pace(
    _ samples: [ProfileChart.Sample], activity: Activity, units: UnitSystem, glyphs: Glyphs
  ) -> ProfileChart {
    ProfileChart(
      title: activity.prefersSpeed ? "speed" : "pace", samples: samples, glyphs: glyphs
    ) { speed in
      DisplayFormat.paceOrSpeed(
        pace: Pace(1000 / max(speed, 1e-3)), speed: MetersPerSecond(speed), activity: activity,
        units: units)
    }
  }

  /// The heart-rate profile, in beats per minute.
  public static func heartRate(_ samples: [ProfileChart.Sample], glyphs: Glyphs) -> ProfileChart {
    ProfileChart(title: "heart rate", samples: samples, glyphs: glyphs) {
      "\(Int(saturating: $0.rounded())) bpm"
    }
  }

  /// The profiles as text, `height` rows each within `width` columns, each followed by a
  /// blank line's worth of separation (`sessions show --plot`).
  public static func text(
    _ record: SessionRecord, summary: SessionSummary, width: Int, glyphs: Glyphs
  ) -> String {
    let units = summary.units
    let blocks = charts(record, summary: summary, glyphs: glyphs).map { chart in
      chart.lines(width: width, height: height) { distance in
        DisplayFormat.distance(Meters(distance), units: units)
      }
    }.filter { !$0.isEmpty }
    return blocks.map { $0.joined(separator: "\n") + "\n" }.joined()
  }
}
