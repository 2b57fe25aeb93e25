import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderSources
import StriderStore

/// `strider run --auto` on gpsd: the watch (`AutoRunModel`) saying a line per event on
/// standard output, or drawing its status panel in place on a terminal.
struct AutoRun {
  let endpoint: GPSDEndpoint
  let headless: Bool
  let record: Bool
  let activity: Activity?
  let detector: MotionDetectorConfiguration
  /// The engine configuration for an activity (the config file and flags applied).
  let configuration: (Activity) -> SessionConfiguration
  /// Draw the status panel instead of printing a line per event: set when standard output
  /// is a terminal and `--headless` was not given.
  var showsPanel = false

  func run(stop: StopSignal) throws {
    var source = GPSDSource(endpoint: endpoint, clock: SystemClock())
    let store = record ? try StoreAccess.open() : nil
    let drawsPanel = showsPanel && !headless
    // While the panel is redrawn in place, a line on stderr would be drawn over (or break
    // the redrawing): it goes to the log, its newest line shows on the panel, and all of
    // it is written again under the panel when the command ends.
    let log =
      drawsPanel
      ? StderrLog(environment: ProcessEnvironment.variables, command: "run --auto") : nil
    // Keys only with the panel: headless, standard input may be a pipe or a service's.
    let keys = drawsPanel ? KeyInput() : nil
    defer { keys?.restore() }
    defer {
      if let log {
        log.restore()
        let text = log.loggedText()
        if !text.isEmpty { Output.error(text + "\n") }
      }
    }
    let panel = InlinePanel(
      colour: TerminalPanel.colour, width: { TerminalPanel.width }, keys: keys.map { $0.take })
    let headless = headless
    var model = AutoRunModel(
      sourceName: source.name, sourceLabel: "gpsd \(endpoint)", store: store,
      activity: activity, detector: detector,
      panel: drawsPanel
        ? AutoRunPanel(source: source.name, glyphs: TerminalPanel.glyphs, takesKeys: keys != nil)
        : nil,
      configuration: configuration,
      dayLines: { time in store.flatMap { DayText.lines(of: $0, at: time) } },
      say: { json, text in
        if drawsPanel { return }
        try Output.standard((headless ? json.serialized : text) + "\n")
      })
    var messageBytes: Int64 = 0
    var backend = panel
    try AutoRunLoop.run(
      &model, source: &source, backend: &backend, clock: SystemClock(),
      notice: {
        guard let log, log.bytesLogged != messageBytes else { return nil }
        messageBytes = log.bytesLogged
        return log.lastLine.map { $0 + " (\(StderrLog.fileName))" }
      }, isStopped: { stop.isRaised || panel.failure != nil })
    if let failure = panel.failure { throw failure }
  }
}
