import StriderApp
import StriderCore
import StriderRender
import StriderSimulator
import StriderSources
import Testing

/// The dashboard loop on the in-memory backend, with the sources paced on the backend's
/// clock: what the tmux tests check of the loop, in milliseconds and without a terminal.
@Suite struct DashboardLoopTests {
  static let configuration = SessionConfiguration(activity: .run)
  static let simulated = DashboardModelTests.simulated
  /// A run without faults: its fixes come once a second from the start (the faults'
  /// stale head would hold a paced replay for a minute).
  static let clean = Simulator.run(SimulationConfiguration(activity: .run, seed: 5))

  /// Whether the screen shows a state word, as the wide banner spells it ("R U N N I N G")
  /// or the compact one.
  static func shows(_ text: String, state word: String) -> Bool {
    text.contains(word) || text.contains(word.map(String.init).joined(separator: " "))
  }

  static func replay(_ backend: TestBackend, speed: ReplaySpeed, fixes: [Fix] = clean.fixes)
    -> (DashboardModel, ReplaySource<TestBackend.Clock>)
  {
    let source = ReplaySource(
      fixes: fixes, name: "run.gpx", speed: speed, clock: backend.clock)
    let model = DashboardModel(
      kind: .replay, configuration: configuration, sourceLabel: "run.gpx",
      controls: source.controls)
    return (model, source)
  }

  static func demo(_ backend: TestBackend, faults: FaultConfiguration)
    -> (DashboardModel, SimulatorSource<TestBackend.Clock>)
  {
    let source = SimulatorSource(
      configuration: SimulationConfiguration(activity: .run, seed: 12, faults: faults),
      speed: .times(50), clock: backend.clock)
    let model = DashboardModel(
      kind: .demo, configuration: configuration, sourceLabel: "simulator",
      controls: source.controls, truth: source.truthLookup)
    return (model, source)
  }

  /// Runs the loop until the backend's clock reaches `time`; true when it quit first.
  @discardableResult
  static func drive<Source: DashboardSource>(
    _ model: inout DashboardModel, _ source: inout Source, _ backend: TestBackend,
    until time: Double
  ) -> Bool {
    var screen = backend
    return DashboardLoop.drive(
      &model, source: &source, backend: &screen, clock: backend.clock,
      isStopped: { backend.now >= time })
  }

  @Test func aReplayAtFullSpeedFinishesWithTheSummaryOfTheHeadlessRunner() {
    let backend = TestBackend()
    var (model, source) = Self.replay(
      backend, speed: .asFastAsPossible, fixes: Self.simulated.fixes)
    backend.type("q", at: 5)
    var screen = backend
    let summary = DashboardLoop.run(
      &model, source: &source, backend: &screen, clock: backend.clock, isStopped: { false })
    #expect(backend.now >= 5, "the loop ended on q")

    var headless = ReplaySource(
      fixes: Self.simulated.fixes, name: "run.gpx", speed: .asFastAsPossible,
      clock: ManualClock())
    let printed = HeadlessLoop.run(
      source: &headless, configuration: Self.configuration, isStopped: { false }, emit: { _ in })
    #expect(summary == printed, "one runner: the dashboard gives the headless numbers")
    #expect(Self.shows(backend.text, state: "FINISHED"), "\(backend.text)")
    #expect(backend.text.contains("100%"), "the progress bar is full")
    #expect(backend.text.contains(DisplayFormat.distance(summary.distance, units: .metric)))
  }

  /// A note from outside the session (stderr was logged) shows on the status line.
  @Test func aNoticeShowsOnTheStatusLine() {
    let backend = TestBackend()
    var (model, source) = Self.replay(backend, speed: .times(10))
    var screen = backend
    var asked = 0
    _ = DashboardLoop.drive(
      &model, source: &source, backend: &screen, clock: backend.clock,
      notice: {
        asked += 1
        return asked == 3 ? "Messages logged to dashboard.log" : nil
      }, isStopped: { backend.now >= 2 })
    #expect(backend.text.contains("Messages logged to dashboard.log"), "\(backend.text)")
  }

  /// A lap pressed from outside (SIGUSR1, as `lapPresses` counts it) is the lap key's
  /// press: the lap is noted, kept and, at the end, in the summary.
  @Test func aLapFromOutsideIsTheLapKeysPress() {
    let backend = TestBackend()
    var (model, source) = Self.replay(backend, speed: .times(20))
    var screen = backend
    var pressed = false
    _ = DashboardLoop.drive(
      &model, source: &source, backend: &screen, clock: backend.clock,
      lapPresses: {
        guard !pressed, backend.now >= 10 else { return 0 }
        pressed = true
        return 1
      }, isStopped: { backend.now >= 12 })
    #expect(pressed)
    #expect(model.laps.count == 1, "\(backend.text)")
    #expect(backend.text.contains("Lap 1"), "\(backend.text)")
    let summary = model.finishedSummary()
    #expect(summary.laps?.count == 2, "the press and the end close two laps")
  }

  /// A replay played to its end, replayed with space, ends again with the same numbers.
  @Test func spaceAtTheEndReplaysWithTheSameSummary() {
    let backend = TestBackend()
    var (model, source) = Self.replay(backend, speed: .asFastAsPossible)
    Self.drive(&model, &source, backend, until: 5)
    let first = model.summary
    #expect(first != nil && backend.text.contains("space replays again"))
    backend.type(" ", at: 6)
    Self.drive(&model, &source, backend, until: 7)
    #expect(backend.text.contains("Replaying from the start"))
    Self.drive(&model, &source, backend, until: 12)
    #expect(model.summary == first, "the second play gives the numbers of the first")
  }

  struct Refused: Error, Equatable {}

  @Test func aRefusedHeadlessLineEndsTheSessionAndIsThrown() {
    var source = ReplaySource(
      fixes: Self.clean.fixes, name: "run.gpx", speed: .asFastAsPossible, clock: ManualClock())
    var emitted = 0
    #expect(throws: Refused()) {
      try HeadlessLoop.run(
        source: &source, configuration: Self.configuration, isStopped: { false }
      ) { (_) throws(Refused) in
        emitted += 1
        if emitted == 3 { throw Refused() }
      }
    }
    #expect(emitted == 3, "nothing is emitted after the refusal")
  }

  @Test func resizingDownToTooSmallAndBackRedraws() {
    let backend = TestBackend()
    var (model, source) = Self.demo(backend, faults: .all)
    Self.drive(&model, &source, backend, until: 2)
    #expect(backend.text.contains("Filter lab"))
    backend.resize(columns: 40, rows: 12)
    Self.drive(&model, &source, backend, until: 3)
    #expect(backend.grid.width == 40 && backend.grid.height == 12)
    #expect(backend.text.contains("Map") && !backend.text.contains("Filter lab"))
    backend.resize(columns: 39, rows: 11)
    Self.drive(&model, &source, backend, until: 4)
    #expect(backend.text.contains("Terminal too small"))
    backend.resize(columns: 120, rows: 40)
    Self.drive(&model, &source, backend, until: 5)
    #expect(backend.text.contains("Filter lab") && !backend.text.contains("too small"))
  }

  @Test func anInjectedJumpIsRejectedAndItsToggleJudgesAgain() throws {
    let backend = TestBackend()
    var (model, source) = Self.demo(backend, faults: .none)
    Self.drive(&model, &source, backend, until: 3)
    let before = model.tick(now: backend.now).lab?.rejectedCounts[.implausibleSpeed] ?? 0
    backend.type("J")
    Self.drive(&model, &source, backend, until: 5)
    let lab = try #require(model.tick(now: backend.now).lab)
    #expect(lab.lastInjected == .jump)
    let rejected = lab.rejectedCounts[.implausibleSpeed] ?? 0
    #expect(rejected > before, "the jump reached the simulator and the gate")
    backend.type(String(KeyMap.key(for: .implausibleSpeed)))
    Self.drive(&model, &source, backend, until: 5.5)
    #expect((model.tick(now: backend.now).lab?.rejectedCounts[.implausibleSpeed] ?? 0) == 0)
    #expect(backend.text.contains("implausible_speed off"))
  }

  @Test func spacePausesTheReplayOnItsClock() throws {
    let backend = TestBackend()
    var (model, source) = Self.replay(backend, speed: .times(1))
    Self.drive(&model, &source, backend, until: 10)
    backend.type(" ")
    Self.drive(&model, &source, backend, until: 10.5)
    let paused = try #require(model.tick(now: backend.now).replay?.position)
    Self.drive(&model, &source, backend, until: 20)
    let state = model.tick(now: backend.now)
    #expect(state.sessionState == .paused)
    #expect(state.replay?.position == paused, "a paused replay stands still")
    #expect(Self.shows(backend.text, state: "PAUSED"))
    backend.type(" ")
    Self.drive(&model, &source, backend, until: 25)
    let position = try #require(model.tick(now: backend.now).replay?.position)
    #expect(position > paused)
  }

  @Test func arrowsSeekTheReplay() throws {
    let backend = TestBackend()
    var (model, source) = Self.replay(backend, speed: .times(1))
    Self.drive(&model, &source, backend, until: 10)
    let start = try #require(model.tick(now: backend.now).replay?.position)
    backend.press(.right)
    Self.drive(&model, &source, backend, until: 10.5)
    let ahead = try #require(model.tick(now: backend.now).replay?.position)
    #expect(ahead.value >= start.value + 29, "30 s on: \(start) → \(ahead)")
    for _ in 0..<10 { backend.press(.right) }
    Self.drive(&model, &source, backend, until: 11)
    let distanceAhead = model.engine.snapshot.distance
    #expect(distanceAhead.value > 0, "running by now")
    for _ in 0..<12 { backend.press(.left) }
    Self.drive(&model, &source, backend, until: 11.5)
    let back = try #require(model.tick(now: backend.now).replay?.position)
    #expect(back < start, "360 s back: \(ahead) → \(back)")
    #expect(model.engine.snapshot.distance < distanceAhead, "the session started over")
  }

  @Test func ctrlLRepaintsEverything() {
    let backend = TestBackend()
    var (model, source) = Self.replay(backend, speed: .times(1))
    backend.type("\u{0C}", at: 1)
    Self.drive(&model, &source, backend, until: 2)
    #expect(backend.invalidations == 1)
    #expect(backend.draws > 0)
  }
}
