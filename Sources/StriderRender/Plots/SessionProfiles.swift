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
      let samples = track.points.compactMap { point in
        point.altitude.map {
          ProfileChart.Sample(distance: point.distance.value, value: $0.value)
        }
      }
      charts.append(
        ProfileChart(title: "elevation", samples: samples, glyphs: glyphs) {
          DisplayFormat.shortLength(Meters($0), units: units)
        })
    }
    // Pace over the moving stretches only: a stop is no pace, and drawn blank.
    let activity = summary.activity
    let moving = track.points.filter { !$0.isStopped && $0.speed.value > 0.3 }.map {
      ProfileChart.Sample(distance: $0.distance.value, value: $0.speed.value)
    }
    charts.append(
      ProfileChart(
        title: activity.prefersSpeed ? "speed" : "pace", samples: moving, glyphs: glyphs
      ) { speed in
        DisplayFormat.paceOrSpeed(
          pace: Pace(1000 / max(speed, 1e-3)), speed: MetersPerSecond(speed), activity: activity,
          units: units)
      })
    let heart = record.fixes.compactMap { judged -> ProfileChart.Sample? in
      guard let rate = judged.fix.heartRate?.value, rate > 0, let time = judged.fix.time,
        !track.isEmpty
      else { return nil }
      return ProfileChart.Sample(distance: track.distance(at: time).value, value: rate)
    }
    charts.append(
      ProfileChart(title: "heart rate", samples: heart, glyphs: glyphs) {
        "\(Int(saturating: $0.rounded())) bpm"
      })
    return charts.filter { !$0.samples.isEmpty }
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
