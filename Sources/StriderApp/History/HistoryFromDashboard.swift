import StriderCore
import StriderRender
import StriderSources
import StriderStore

/// The history opened from a finished session's dashboard (`H`): the history screen on the
/// dashboard's own backend, and a session chosen there (`r`) replayed on the dashboard and
/// back to the history, until the user leaves it.
public enum HistoryFromDashboard {
  /// Runs the history on `backend` and returns what the dashboard's status line says when
  /// the user comes back (nil: nothing); throws where the history cannot be read.
  ///
  /// - Parameter dashboard: the dashboard's model for a stored session replayed from
  ///   `source` (its kind, its configuration and its name), as the command builds one.
  public static func show<Backend: TerminalBackend, Clock: PacingClock>(
    on backend: inout Backend, store: SessionStore, settings: UserSettings, glyphs: Glyphs,
    colour: Bool, speed: ReplaySpeed, clock: Clock,
    dashboard: (ReplaySource<Clock>, SessionConfiguration, String) -> DashboardModel,
    isStopped: () -> Bool
  ) throws -> String? {
    let data = try HistoryLoader.data(store, units: settings.units, includingSimulated: true)
    let loader = try HistoryLoader(store: store, units: settings.units, settings: settings)
    var model = HistoryModel(data: data, glyphs: glyphs, colour: colour)
    while !isStopped() {
      let outcome = HistoryLoop.run(
        &model, backend: &backend, load: { loader.detail($0, data: data) },
        isStopped: isStopped)
      backend.invalidate()
      guard case .replay(let id) = outcome else { return nil }
      model.show(
        replay(
          id, store: store, on: &backend, speed: speed, clock: clock, dashboard: dashboard,
          isStopped: isStopped))
    }
    return nil
  }

  /// Replays stored session `id` on the dashboard, and says how it went.
  static func replay<Backend: TerminalBackend, Clock: PacingClock>(
    _ id: Int64, store: SessionStore, on backend: inout Backend, speed: ReplaySpeed,
    clock: Clock, dashboard: (ReplaySource<Clock>, SessionConfiguration, String) -> DashboardModel,
    isStopped: () -> Bool
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
    var source = ReplaySource(fixes: fixes, name: name, speed: speed, clock: clock)
    var model = dashboard(source, configuration, name)
    backend.invalidate()
    let summary = DashboardLoop.run(
      &model, source: &source, backend: &backend, clock: clock, isStopped: isStopped)
    backend.invalidate()
    return "Replayed session \(id): "
      + DisplayFormat.distance(summary.distance, units: configuration.units)
      + " in " + DisplayFormat.clock(summary.elapsed)
  }
}
