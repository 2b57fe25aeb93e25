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
    let panel = InlinePanel(keys: keys, colour: TerminalPanel.colour)
    let headless = headless
    var model = AutoRunModel(
      sourceName: source.name, sourceLabel: "gpsd \(endpoint)", store: store,
      activity: activity, detector: detector,
      panel: drawsPanel
        ? AutoRunPanel(source: source.name, glyphs: TerminalPanel.glyphs, takesKeys: keys != nil)
        : nil,
      configuration: configuration,
      dayLines: { time in
        // The day of the fixes (a receiver's clock, or a replayed day's), else today's.
        guard let store,
          let storyline = try? DayText.storyline(store, from: AutoRunModel.startOfDay(time))
        else { return nil }
        return DayText.text(storyline, date: "").split(separator: "\n").dropFirst().map {
          String($0)
        }
      },
      say: { json, text in
        if drawsPanel { return }
        try HeadlessSession.writeLine(headless ? json.serialized : text)
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

/// A panel printed into the terminal's scrolling output and redrawn in place: each
/// drawing goes back over the last one (CPL) and clears below it (ED); its keys are read
/// from standard input (`KeyInput`), a byte a key. The first refused write is kept, and
/// nothing more is drawn.
final class InlinePanel: TerminalBackend {
  let keys: KeyInput?
  let colour: Bool
  private(set) var failure: OutputError?
  private var drawnRows = 0
  private var typed: [UInt8] = []

  init(keys: KeyInput?, colour: Bool) {
    self.keys = keys
    self.colour = colour
  }

  /// The terminal's width; the panel grows down the scrolling output, so its height is
  /// the panel's own.
  var size: (columns: Int, rows: Int) { (TerminalPanel.width, Int(Int32.max)) }

  func draw(_ grid: Grid) {
    guard failure == nil else { return }
    let back = drawnRows > 0 ? "\u{1B}[\(drawnRows)F\u{1B}[J" : ""
    do {
      try Output.standard(back + grid.styledText(colour: colour))
    } catch {
      failure = error
    }
    drawnRows = grid.height
  }

  func invalidate() {}

  /// The next key typed, without waiting (the source's poll waits).
  func readKey(timeout: Double) -> TerminalKey? {
    if typed.isEmpty, let keys { typed = keys.take() }
    guard !typed.isEmpty else { return nil }
    return .character(Character(UnicodeScalar(typed.removeFirst())))
  }
}
