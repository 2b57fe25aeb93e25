import Foundation
import StriderCore
import StriderRender
import StriderStore

/// `sessions show`'s page of a stored session: its summary, splits, pauses, heart-rate
/// zones, how the finish measured it, its stops and moves, and the profiles when asked.
public enum SessionPage {
  /// How the profiles are drawn (`--plot`): the width of the terminal and its glyphs.
  public struct Plot: Sendable {
    public var width: Int
    public var glyphs: Glyphs

    public init(width: Int, glyphs: Glyphs) {
      self.width = width
      self.glyphs = glyphs
    }
  }

  /// The page of session `id`; `settings` (read only for a session with a heart rate) give
  /// the heart-rate zones, `plot` the profiles.
  public static func text(
    _ store: SessionStore, id: Int64, settings: () throws -> UserSettings, plot: Plot? = nil
  ) throws -> String {
    let listing = try store.listing(id)
    var rows: [(String, String)] = [
      ("session", "\(listing.id)" + (listing.name.map { " (\($0))" } ?? "")),
      ("kind", listing.origin.rawValue + (listing.wasInterrupted ? ", was interrupted" : "")),
      ("state", listing.state.rawValue),
      ("source", listing.source ?? "-"),
      ("start", LocalDate.text(listing.startTime)),
      ("fixes", "\(listing.fixCount)"),
    ]
    guard listing.state == .finished else {
      return SummaryTable.text(rows)
        + "\nnot finished: `strider sessions finish \(id)` computes its summary\n"
    }
    let record = try store.record(id)
    guard let summary = record.summary else { return "" }
    rows += SummaryTable.rows(summary)
    rows += SensorFigures.of(record.fixes.lazy.map(\.fix)).rows(onFoot: summary.activity.isOnFoot)
    if let device = try store.deviceTotals(of: id) {
      rows.append(("device", DeviceComparison(device: device, summary: summary).line))
    }
    // A multisport file's parts, each measured on its own, as `analyze` lists them.
    let parts = try store.parts(of: id)
    for (index, part) in parts.enumerated() {
      rows.append(("leg \(index + 1)", part.line(units: summary.units)))
    }
    // A multisport session's track is no one activity's: its best efforts would time a
    // swim, a ride and a run as one ride (the records leave it out for the same reason).
    if parts.isEmpty,
      let efforts = HistoryText.effortsRow(store, session: id, units: summary.units)
    {
      rows.append(("best efforts", efforts))
    }
    if try store.isLeftOutOfRecords(id) {
      rows.append(
        ("records", "left out (`strider sessions edit \(id) --include-in-records` counts it)"))
    }
    var text = SummaryTable.text(rows) + SummaryTable.splits(summary)
    if !summary.pauses.isEmpty {
      text += "pauses\n"
      for pause in summary.pauses {
        text +=
          "  \(LocalDate.text(pause.start).suffix(5))  \(DisplayFormat.clock(pause.duration))"
          + FinishingText.pauseMarker(pause, summary: summary) + "\n"
      }
    }
    text += try zonesText(store, record: record, summary: summary, settings: settings)
    text += FinishingText.text(summary)
    let display = try store.displayTrack(of: id)
    text += SessionTimelineText.text(record, display: display, units: summary.units)
    if let plot {
      text += SessionProfiles.text(record, summary: summary, width: plot.width, glyphs: plot.glyphs)
    }
    return text
  }

  /// The zones block, or the hint how to have one; nothing for a session without a heart
  /// rate. The time at each rate is computed from the record as finishing keeps it.
  static func zonesText(
    _ store: SessionStore, record: SessionRecord, summary: SessionSummary,
    settings: () throws -> UserSettings
  ) throws -> String {
    let time = HeartRateTime.of(record.fixes.lazy.map(\.fix), excluding: summary.pauses)
    guard !time.isEmpty else { return "" }
    guard
      let profile = try HeartRateText.profile(store, settings: try settings(), now: Date())
    else { return "heart-rate zones: \(HeartRateText.hint)\n" }
    return HeartRateText.block(profile.zones.time(in: time), profile)
  }
}
