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
    let store: SessionStore
    let data: HistoryData
    let loader: HistoryLoader
    do {
      // Errors are written to stderr, which is the dashboard's log while it is up.
      store = try HistoryAccess.open()
      let settings = try ConfigFile.settings()
      data = try HistoryLoader.data(store, units: settings.units, includingSimulated: true)
      loader = try HistoryLoader(store: store, units: settings.units, settings: settings)
    } catch {
      return "The history could not be read (see \(StderrLog.fileName))"
    }
    var model = HistoryModel(data: data, glyphs: screen.glyphs, colour: screen.hasColour)
    while !stop.isRaised {
      let outcome = HistoryLoop.run(
        &model, backend: &screen, load: { loader.detail($0, data: data) },
        isStopped: { stop.isRaised })
      screen.invalidate()
      guard case .replay(let id) = outcome else { return nil }
      model.show(replay(id, store: store, on: &screen, speed: speed, stop: stop))
    }
    return nil
  }

  /// Replays session `id` on `screen` until `q` or its end and a `q`; the note the history
  /// shows when it comes back.
  private static func replay(
    _ id: Int64, store: SessionStore, on screen: inout TerminalScreen, speed: ReplaySpeed,
    stop: StopSignal
  ) -> String {
    let listing: SessionListing
    let configuration: SessionConfiguration
    let fixes: [Fix]
    do throws(StoreError) {
      listing = try store.listing(id)
      configuration = try store.configuration(of: id)
      fixes = try store.fixes(of: id).map(\.fix)
    } catch {
      return "Session \(id) could not be read: \(error.description)"
    }
    guard !fixes.isEmpty else { return "Session \(id) has no fixes to replay" }
    let name = "session \(id)" + (listing.name.map { " (\($0))" } ?? "")
    let clock = SystemClock()
    var source = ReplaySource(fixes: fixes, name: name, speed: speed, clock: clock)
    var model = TerminalSession.makeModel(
      kind: .replay, source: source, configuration: configuration, sourceLabel: name,
      screen: screen)
    screen.invalidate()
    let summary = DashboardLoop.run(
      &model, source: &source, backend: &screen, clock: clock, isStopped: { stop.isRaised })
    screen.invalidate()
    return "Replayed session \(id): "
      + DisplayFormat.distance(summary.distance, units: configuration.units)
      + " in " + DisplayFormat.clock(summary.elapsed)
  }
}
