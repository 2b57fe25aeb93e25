import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderSources
import StriderStore
import StriderTestSupport
import Testing

/// `H` on a finished dashboard: the history on the dashboard's own backend, a session
/// replayed from it on the dashboard and back to the history with how it went, and `q`
/// back to the dashboard.
@Suite struct HistoryFromDashboardTests {
  @Test func aSessionReplayedFromTheHistoryComesBackToItWithItsFigures() throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    let (store, id) = (demo.store, demo.id)

    let backend = TestBackend(columns: 120, rows: 40)
    var screen = backend
    backend.type("r", at: 0.1)
    // The replay at full speed has finished by then: q leaves its dashboard, then the history.
    backend.type("q", at: 5)
    backend.type("q", at: 10)
    var replayed: [String] = []
    var drawnAfterReplay = ""
    let note = try HistoryFromDashboard.show(
      on: &screen, store: store, settings: UserSettings(), glyphs: .ascii, colour: false,
      speed: .asFastAsPossible, clock: backend.clock,
      dashboard: { source, configuration, name in
        replayed.append(name)
        return DashboardModel(
          kind: .replay, configuration: configuration, sourceLabel: name,
          controls: source.controls)
      },
      isStopped: {
        if backend.now > 7, backend.now < 10, drawnAfterReplay.isEmpty {
          drawnAfterReplay = backend.text
        }
        return backend.now > 60
      })
    #expect(note == nil, "left with q")
    #expect(replayed.count == 1 && replayed[0].hasPrefix("session \(id)"), "\(replayed)")
    let figures = try #require(try store.record(id).summary)
    let said =
      "Replayed session \(id): "
      + DisplayFormat.distance(figures.distance, units: figures.units)
    #expect(drawnAfterReplay.contains(said), "\(drawnAfterReplay)")
    #expect(backend.now < 60, "q left the history")
  }
}
