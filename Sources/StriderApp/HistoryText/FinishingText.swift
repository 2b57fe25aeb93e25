import StriderCore
import StriderRender

/// The lines of `sessions show` that compare the finished figures with what was announced
/// live, and say why they differ.
public enum FinishingText {
  public static func text(_ summary: SessionSummary) -> String {
    guard let report = summary.finishing else { return "" }
    let units = summary.units
    let change = 100 * report.distanceChange(finished: summary.distance)
    var text =
      "announced live  \(DisplayFormat.distance(report.liveDistance, units: units)), moving "
      + "\(DisplayFormat.clock(report.liveMoving)); finished "
      + String(format: "%+.2f %%", change) + " distance (smoothed forward and backward)\n"
    for pause in report.livePauses(against: summary.pauses) {
      guard let why = pause.droppedBecause else { continue }
      let reason =
        switch why {
        case .notFoundOnSmoothedTrack:
          "not found again: on the smoothed track the user did not stand still long enough"
        case .trimmedAway: "trimmed away: the smoothed speed never fell to a standstill"
        }
      text +=
        "  live pause \(LocalDate.text(pause.interval.start).suffix(5))  "
        + "\(DisplayFormat.clock(pause.interval.duration)) not kept: \(reason)\n"
    }
    for moved in report.movedSplits(finished: summary.splits, start: summary.start?.time) {
      text +=
        "  split \(moved.index) \(DisplayFormat.clock(moved.finished.duration)), announced live "
        + "as \(DisplayFormat.clock(moved.live.duration)): \(moved.reason)\n"
    }
    return text
  }

  /// The marker after a pause of the summary that auto-pause did not announce live.
  public static func pauseMarker(_ pause: PauseInterval, summary: SessionSummary) -> String {
    guard let report = summary.finishing, !report.wasAnnouncedLive(pause) else { return "" }
    return "  (found on the smoothed track; not announced live)"
  }
}
