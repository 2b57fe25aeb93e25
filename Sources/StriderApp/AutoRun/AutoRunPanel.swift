import Foundation
import StriderConcurrency
import StriderCore
import StriderRender

/// `run --auto`'s status panel (without `--headless`, on a terminal): the receiver's state,
/// the session under way with its live distance and time, the day so far, a message or a
/// question, and the keys.
///
/// The session's live distance and time come from a pipeline of their own fed the
/// session's fixes (the recording keeps the fixes; its figures are made when it is
/// finished), with a drive's settings without auto-pause until the session ends: those let
/// every speed up to a car's through, and what is shown live is only a guide; the finished
/// session's figures are the ones kept.
public struct AutoRunPanel {
  public let source: String
  public let glyphs: Glyphs
  public var link = "connecting"
  public var waitingSince: GNSSTime?
  /// The session under way: its start, the pipeline measuring it, its activity so far.
  public var session: (start: GNSSTime, pipeline: SessionPipeline, activity: String)?
  /// The day so far, as the panel lists it.
  public var day: [String] = []
  /// The newest line written to stderr while the panel was up.
  public var message: String?
  /// A question to the user (quitting during a session), shown in the message's place.
  public var prompt: String?
  /// The keys the panel takes ("q quit"), on its bottom edge; nil when it takes none.
  public var keys: String?

  public init(source: String, glyphs: Glyphs, takesKeys: Bool) {
    self.source = source
    self.glyphs = glyphs
    keys = takesKeys ? "q quit" : nil
  }

  /// A session started at `start`.
  public mutating func started(_ start: GNSSTime) {
    // Without auto-pause: a car's region (10 m for 5 s) would hold a walker paused half
    // the time, and the panel shows elapsed time anyway.
    var configuration = SessionConfiguration(activity: .drive)
    configuration.autoPause.enabled = false
    session = (
      start,
      SessionPipeline(
        configuration: configuration, options: SessionPipeline.Options(readsEvents: false),
        parallelism: Threads()),
      "moving"
    )
  }

  /// One of the session's fixes.
  public mutating func add(_ fix: Fix) {
    var none: [SessionEvent] = []
    session?.pipeline.ingest(fix, into: &none)
  }

  /// The session ended at `end`; the watcher waits again.
  public mutating func ended(_ end: GNSSTime) {
    session = nil
    waitingSince = end
  }

  /// The panel's state as the renderer takes it.
  public var view: AutoStatusPanel {
    let phase: AutoStatusPanel.Phase
    if let session {
      let snapshot = session.pipeline.engine.snapshot
      phase = .moving(
        start: DayText.clock(session.start), activity: session.activity,
        distance: String(format: "%.2f km", snapshot.distance.value / 1000),
        time: HistoryTime.duration(snapshot.elapsed))
    } else {
      phase = .waiting(since: waitingSince.map { DayText.clock($0) })
    }
    return AutoStatusPanel(
      source: source, link: link, phase: phase, day: day.map { TerminalText.safe($0) },
      message: prompt ?? message.map { TerminalText.safe($0) }, keys: keys, glyphs: glyphs)
  }

  /// The panel drawn `columns` wide (at most 100) and as high as it wants to be; with
  /// ASCII glyphs nothing beyond ASCII is left in it (a place's name may hold any text).
  public func render(columns: Int) -> Grid {
    let panel = view
    var grid = Grid(width: min(columns, 100), height: max(1, panel.preferredHeight))
    panel.draw(into: &grid)
    if glyphs.kind == .ascii { grid = grid.asciiOnly() }
    return grid
  }
}
