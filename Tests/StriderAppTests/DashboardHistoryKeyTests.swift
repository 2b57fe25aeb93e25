import StriderApp
import StriderCore
import StriderRender
import StriderSources
import Testing

/// `H` on the dashboard: the history opens only once no session is running (the session
/// has ended), on the same backend, and leaving it brings the dashboard back as it was.
@Suite struct DashboardHistoryKeyTests {
  @Test func whileTheSessionRunsHOnlySaysWhen() {
    let backend = TestBackend()
    var (model, source) = DashboardLoopTests.replay(backend, speed: .times(1))
    DashboardLoopTests.drive(&model, &source, backend, until: 3)
    #expect(model.summary == nil, "three seconds into a replay at 1x, it still runs")
    #expect(model.press(.character("H"), now: 3).isEmpty)
    #expect(model.tick(now: 3).message == "H works once the session has ended")
  }

  @Test func onceTheSessionHasEndedHOpensTheHistory() {
    let backend = TestBackend()
    var (model, source) = DashboardLoopTests.replay(backend, speed: .asFastAsPossible)
    DashboardLoopTests.drive(&model, &source, backend, until: 5)
    #expect(model.summary != nil)
    #expect(model.press(.character("H"), now: 5) == [.openHistory])
  }

  @Test func theStatusLineOffersHOnlyOnceTheSessionHasEnded() {
    let backend = TestBackend()
    var (model, source) = DashboardLoopTests.replay(backend, speed: .times(1))
    DashboardLoopTests.drive(&model, &source, backend, until: 3)
    #expect(!backend.text.contains("H history"), "\(backend.text)")
    var (ended, endedSource) = DashboardLoopTests.replay(backend, speed: .asFastAsPossible)
    DashboardLoopTests.drive(&ended, &endedSource, backend, until: 8)
    #expect(backend.text.contains("H history"), "\(backend.text)")
  }

  /// The loop hands its backend to the history, which draws on it until `q`; the
  /// dashboard is drawn again with the note the history left.
  @Test func theHistoryDrawsOnTheSameBackendAndQComesBack() {
    let backend = TestBackend()
    var (model, source) = DashboardLoopTests.replay(backend, speed: .asFastAsPossible)
    backend.type("H", at: 5)
    backend.type("j", at: 6)
    backend.type("q", at: 7)
    var screen = backend
    var seen: [String] = []
    var selected: Int64?
    _ = DashboardLoop.drive(
      &model, source: &source, backend: &screen, clock: backend.clock,
      history: { (inner: inout TestBackend) -> String? in
        var history = HistoryModel(data: HistoryModelTests.data)
        let outcome = HistoryLoop.run(
          &history, backend: &inner, load: { .success(HistoryModelTests.detail($0)) },
          isStopped: { backend.now >= 20 })
        seen.append(inner.text)
        selected = history.state.selected?.id
        return outcome == .quit ? "Back from the history" : nil
      }, isStopped: { backend.now >= 9 })
    #expect(seen.count == 1, "H opened the history once")
    #expect(seen.first?.contains("Sessions · 6") == true, "\(seen.first ?? "")")
    #expect(selected == 5, "j moved the history's selection, not the dashboard's map")
    #expect(backend.text.contains("Back from the history"), "\(backend.text)")
    #expect(DashboardLoopTests.shows(backend.text, state: "FINISHED"), "\(backend.text)")
    #expect(backend.invalidations >= 1, "the dashboard is repainted whole after the history")
  }

  @Test func withoutAHistoryHSaysSo() {
    let backend = TestBackend()
    var (model, source) = DashboardLoopTests.replay(backend, speed: .asFastAsPossible)
    backend.type("H", at: 5)
    DashboardLoopTests.drive(&model, &source, backend, until: 6)
    #expect(backend.text.contains("The history is not available here"), "\(backend.text)")
  }

  @Test func theHelpListsTheKeyAndWhenItWorks() {
    let help = KeyMap.bindings(glyphs: .unicode).first { $0.keys == "H" }
    #expect(help?.description == "the history, once ended" && help?.group == .replay)
    #expect(KeyMap.action(for: "H") == .openHistory)
  }
}
