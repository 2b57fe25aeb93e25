import Foundation
import StriderApp
import StriderConcurrency
import StriderCore
import StriderRender

/// `run --auto`'s status panel on a terminal (without `--headless`): redrawn in place under
/// whatever was printed before, at each event and once a second while a session runs, and
/// left on screen when the command ends.
///
/// The session's live distance and time come from an engine of their own fed the session's
/// fixes (the recording keeps the fixes; its figures are made when it is finished), with a
/// drive's settings without auto-pause until the session ends: those let every speed up to
/// a car's through, and what is shown live is only a guide; the finished session's figures
/// are the ones kept.
struct AutoRunPanel {
  let source: String
  let glyphs = TerminalPanel.glyphs
  let colour = TerminalPanel.colour
  var link = "connecting"
  var waitingSince: GNSSTime?
  /// The session under way: its start, the pipeline measuring it, its activity so far.
  var session: (start: GNSSTime, pipeline: SessionPipeline, activity: String)?
  /// The day so far, as the panel lists it.
  var day: [String] = []
  /// The newest line written to stderr while the panel was up (`StderrLog`).
  var message: String?
  /// A question to the user (quitting during a session), shown in the message's place.
  var prompt: String?
  /// The keys the panel takes ("q quit"), on its bottom edge; nil when it takes none.
  var keys: String?
  /// Rows the last drawing took, to go back over them.
  private var drawnRows = 0
  private var lastDraw = -Double.infinity

  init(source: String) {
    self.source = source
  }

  /// A session started at `start`.
  mutating func started(_ start: GNSSTime) {
    // Without auto-pause: a car's region (10 m for 5 s) would hold a walker paused half
    // the time, and the panel shows elapsed time anyway.
    var configuration = SessionConfiguration(activity: .drive)
    configuration.autoPause.enabled = false
    session = (
      start, SessionPipeline(configuration: configuration, parallelism: Threads()), "moving"
    )
  }

  /// One of the session's fixes.
  mutating func add(_ fix: Fix) {
    session?.pipeline.absorb(fix)
  }

  /// The session ended at `end`; the watcher waits again.
  mutating func ended(_ end: GNSSTime) {
    session = nil
    waitingSince = end
  }

  /// The panel's state as the renderer takes it.
  var view: AutoStatusPanel {
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

  /// Draws the panel over the last one; at most once a second unless `force`.
  mutating func draw(force: Bool = true) throws {
    let now = ProcessInfo.processInfo.systemUptime
    guard force || now - lastDraw >= 1 else { return }
    lastDraw = now
    let panel = view
    let width = min(TerminalPanel.width, 100)
    let text = TerminalPanel.render(
      width: width, height: panel.preferredHeight, glyphs: glyphs, colour: colour, panel.draw)
    // Back to the first row of the last drawing (CPL), and clear from there down (ED).
    let back = drawnRows > 0 ? "\u{1B}[\(drawnRows)F\u{1B}[J" : ""
    try Output.standard(back + text)
    drawnRows = panel.preferredHeight
  }
}
