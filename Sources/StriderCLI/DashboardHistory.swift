import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderSources
import StriderStore
import StriderTerminal

/// The history screen opened with `H` from a dashboard whose session has ended (issue 19):
/// `strider history` drawn on the dashboard's own screen. `q` comes back to the dashboard
/// as it was; `r` replays a session on the same screen and comes back to the history, as
/// `strider history` does (a dashboard opened from there has no `H` of its own, so the
/// screens never stack deeper than dashboard, history, replay).
enum DashboardHistory {
  /// Shows the history until the user leaves it; the note the dashboard shows on its status
  /// line after, when there is one (no history yet, or why it could not be read).
  static func show(
    on screen: inout TerminalScreen, speed: ReplaySpeed,
    stop: StopSignal
  ) -> String? {
    // A demo on a machine that never recorded anything has no database: opening one
    // here would create it.
    guard let location = StoreLocation.resolve(environment: ProcessEnvironment.variables),
      FileManager.default.fileExists(atPath: location.path)
    else { return "No history yet: nothing has been recorded" }
    do {
      // Errors are written to stderr, which is the dashboard's log while it is up.
      let store = try StoreAccess.openForHistory()
      let glyphs = screen.glyphs
      let colour = screen.hasColour
      return try HistoryFromDashboard.show(
        on: &screen, store: store, settings: try ConfigFile.settings(), glyphs: glyphs,
        colour: colour, speed: speed, clock: SystemClock(),
        dashboard: { source, configuration, name in
          TerminalSession.makeModel(
            kind: .replay, source: source, configuration: configuration, sourceLabel: name,
            glyphs: glyphs, colour: colour)
        }, isStopped: { stop.isRaised })
    } catch {
      printError("strider: error: \(error)")
      return "The history could not be read (see \(StderrLog.fileName))"
    }
  }
}
