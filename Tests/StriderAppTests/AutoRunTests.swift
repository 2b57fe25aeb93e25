import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderSimulator
import StriderSources
import StriderStore
import Testing

/// `run --auto`'s watch in process: a simulated day replayed into the model and its loop on
/// the in-memory backend, what the gpsfake and tmux tests check of the binary without a
/// daemon or a terminal.
@Suite struct AutoRunTests {
  static let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))

  /// The lines the watch says, as JSON objects and as text.
  final class Lines {
    var events: [[String: Any]] = []
    var text: [String] = []

    func kinds() -> [String] { events.compactMap { $0["event"] as? String } }
    func ends() -> [[String: Any]] { events.filter { $0["event"] as? String == "session_end" } }
  }

  static func model(store: SessionStore?, panel: AutoRunPanel?, lines: Lines) -> AutoRunModel {
    AutoRunModel(
      sourceName: "day.nmea", sourceLabel: "gpsd test", store: store, activity: nil,
      detector: .standard, panel: panel,
      configuration: { SessionConfiguration(activity: $0) },
      say: { json, text in
        let data = Data(json.serialized.utf8)
        lines.events.append(try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:])
        lines.text.append(text)
      })
  }

  /// Seconds into a replay at `speed` times that `time` of the day comes.
  static func replayTime(_ time: GNSSTime, speed: Double) -> Double {
    let first = day.fixes.lazy.compactMap(\.time).first ?? time
    return (time - first).value / speed
  }

  @Test func aDayGivesOneSessionPerMoveEachKept() throws {
    let directory = NSTemporaryDirectory() + "strider-auto-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SessionStore(location: StoreLocation(directory: directory))
    let lines = Lines()
    var model = Self.model(store: store, panel: nil, lines: lines)
    let backend = TestBackend()
    var screen = backend
    var source = ReplaySource(
      fixes: Self.day.fixes, name: "day.nmea", speed: .asFastAsPossible, clock: backend.clock)
    try AutoRunLoop.run(
      &model, source: &source, backend: &screen, clock: backend.clock, isStopped: { false })

    let kinds = lines.kinds()
    #expect(kinds.first == "auto_start" && kinds.last == "auto_stop", "\(kinds)")
    let ends = lines.ends()
    #expect(ends.count == Self.day.story.moves.count, "\(kinds)")
    #expect(kinds.filter { $0 == "session_start" }.count == ends.count)
    let kept = ends.compactMap { ($0["session"] as? NSNumber)?.int64Value }
    #expect(kept.count == ends.count, "every session is kept: \(ends)")
    for (end, move) in zip(ends, Self.day.story.moves) {
      #expect(end["activity"] as? String == move.mode.activity.rawValue, "\(move.mode)")
    }
    #expect(try store.sessions().count == ends.count)
    #expect(backend.draws == 0, "without a panel nothing is drawn")
    #expect(lines.text.contains { $0.hasSuffix("kept as session \(kept.first ?? 0)") })
  }

  @Test func qDuringASessionAsksAndQAgainEndsItAndQuits() throws {
    let lines = Lines()
    var model = Self.model(
      store: nil, panel: AutoRunPanel(source: "day.nmea", glyphs: .ascii, takesKeys: true),
      lines: lines)
    let backend = TestBackend(columns: 80, rows: 24)
    var screen = backend
    let speed = 100.0
    let move = Self.day.story.moves[0]
    let middle = move.start + Seconds((move.end - move.start).value / 2)
    let asked = Self.replayTime(middle, speed: speed)
    backend.type("q", at: asked)
    var shownAsked = ""
    var source = ReplaySource(
      fixes: Self.day.fixes, name: "day.nmea", speed: .times(speed), clock: backend.clock)
    try AutoRunLoop.run(
      &model, source: &source, backend: &screen, clock: backend.clock,
      isStopped: {
        // Looks at the screen after the question, then answers it.
        if backend.now >= asked + 0.5, shownAsked.isEmpty {
          shownAsked = backend.text
          backend.type("q")
        }
        return false
      })
    #expect(shownAsked.contains("q again ends it"), "\(shownAsked)")
    #expect(shownAsked.contains("q quit"))
    let kinds = lines.kinds()
    #expect(kinds.filter { $0 == "session_end" }.count == 1, "\(kinds)")
    #expect(lines.ends().first?["kept"] as? Bool == false)
    #expect(kinds.last == "auto_stop")
    #expect(backend.now < Self.replayTime(move.end, speed: speed), "quit before the move ended")
    #expect(!backend.text.contains("q again"), "the question goes with the session")
  }

  @Test func anyOtherKeyGoesOnAndQWithoutASessionQuitsAtOnce() throws {
    let lines = Lines()
    var model = Self.model(
      store: nil, panel: AutoRunPanel(source: "day.nmea", glyphs: .ascii, takesKeys: true),
      lines: lines)
    var fixes = Self.day.fixes.makeIterator()
    while !model.isRecording, let fix = fixes.next() {
      _ = try model.handle(.event(.fix(fix)))
    }
    #expect(model.isRecording)
    let asked = model.press(.character("q"))
    #expect(!asked)
    #expect(model.currentPanel()?.view.message == AutoRunModel.quitQuestion)
    let wentOn = model.press(.character("x"))
    #expect(!wentOn)
    #expect(model.currentPanel()?.view.message == nil)
    #expect(!model.confirmingQuit)

    var waiting = Self.model(store: nil, panel: nil, lines: Lines())
    let quits = waiting.press(.character("q"))
    #expect(quits, "nothing is being recorded")
  }
}
