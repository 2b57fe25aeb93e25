import Foundation
import StriderCore
import StriderRender
import StriderStore

/// The storyline of `sessions show`: the stops and the moves between them.
public enum SessionTimelineText {
  public static func text(_ record: SessionRecord, display: [TrackPoint], units: UnitSystem)
    -> String
  {
    let segments = Timeline.segments(
      finished: record.finishedTrack, display: display, pauses: record.summary?.pauses ?? [],
      activity: record.activity)
    guard !segments.isEmpty else { return "" }
    var text = "stops and moves\n"
    for segment in segments {
      switch segment {
      case .stop(let stop):
        text +=
          "  \(LocalDate.text(stop.arrival).suffix(5))  stop  "
          + "\(DisplayFormat.clock(stop.duration)) at "
          + "\(String(format: "%.5f, %.5f", stop.coordinate.latitude, stop.coordinate.longitude))\n"
      case .move(let move):
        text +=
          "  \(LocalDate.text(move.start).suffix(5))  \(move.kind.word)  "
          + "\(DisplayFormat.clock(move.end - move.start)), "
          + "\(DisplayFormat.distance(move.distance, units: units))\n"
      }
    }
    return text
  }
}
