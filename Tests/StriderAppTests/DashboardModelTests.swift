import StriderCore
import StriderRender
import StriderSimulator
import StriderSources
import Testing

@testable import StriderApp

/// The dashboard model driven with keys and a hand-moved time, without a terminal: the quit
/// dialog, pausing, seeking, speed, notes expiring, and the filter lab's toggles.
@Suite struct DashboardModelTests {
  static let configuration = SessionConfiguration(activity: .run)
  static let simulated = Simulator.run(
    SimulationConfiguration(activity: .run, seed: 12, faults: .all))

  static func replayControls(position: Double = 0) -> SourceControls {
    SourceControls(
      link: .file, replaySpeed: .times(1),
      position: SourceControls.Position(position: position, total: 600))
  }

  static func model(_ kind: DashboardModel.Kind, controls: SourceControls? = nil)
    -> DashboardModel
  {
    let controls =
      controls
      ?? (kind == .live
        ? SourceControls(link: .gpsd)
        : kind == .demo
          ? SourceControls(link: .simulator, replaySpeed: .times(1), takesFaults: true)
          : replayControls())
    let truth = kind == .demo ? TruthLookup(samples: simulated.truth) : nil
    return DashboardModel(
      kind: kind, configuration: configuration, sourceLabel: "test", controls: controls,
      truth: truth)
  }

  /// Feeds `fixes` one a second from `start`.
  static func feed(_ fixes: [Fix], into model: inout DashboardModel, start: Double = 0) {
    for (index, fix) in fixes.enumerated() {
      _ = model.handle(.fix(fix), now: start + Double(index))
    }
  }

  // MARK: Quit dialog

  @Test func quittingALiveSessionAsksFirstAndNoCancels() {
    var model = Self.model(.live)
    #expect(model.press(.character("q"), now: 1) == [])
    #expect(model.isConfirmingQuit)
    #expect(model.tick(now: 100).message == "End the recording? y/n", "the question stays")
    #expect(model.press(.character("n"), now: 101) == [])
    #expect(!model.isConfirmingQuit)
    let state = model.tick(now: 101)
    #expect(state.message == "Still recording")
    #expect(model.tick(now: 101 + DashboardModel.messageSeconds).message == nil)
  }

  @Test(arguments: ["y", "Y"]) func yesEndsALiveSession(answer: Character) {
    var model = Self.model(.live)
    _ = model.press(.character("q"), now: 0)
    #expect(model.press(.character(answer), now: 1) == [.quit])
  }

  @Test(arguments: [DashboardModel.Kind.replay, .demo])
  func quittingAReplayOrTheDemoEndsAtOnce(kind: DashboardModel.Kind) {
    var model = Self.model(kind)
    #expect(model.press(.character("q"), now: 0) == [.quit])
    #expect(!model.isConfirmingQuit)
  }

  @Test func aFinishedLiveSessionQuitsWithoutAsking() {
    var model = Self.model(.live)
    Self.feed(Array(Self.simulated.fixes.prefix(60)), into: &model)
    _ = model.sourceEnded()
    #expect(model.press(.character("q"), now: 100) == [.quit])
  }

  // MARK: Pause and speed

  @Test func spacePausesAndResumesAReplay() {
    var model = Self.model(.replay)
    Self.feed(Array(Self.simulated.fixes.prefix(30)), into: &model)
    #expect(model.press(.character(" "), now: 30) == [.setPaused(true)])
    #expect(model.tick(now: 30).sessionState == .paused)
    #expect(model.press(.character(" "), now: 31) == [.setPaused(false)])
    #expect(model.tick(now: 31).sessionState != .paused)
  }

  @Test func aLiveSessionDoesNotPauseByHand() {
    var model = Self.model(.live)
    #expect(model.press(.character(" "), now: 0) == [])
    #expect(model.tick(now: 0).message == "A live session pauses itself (auto-pause)")
  }

  /// At the end of a replay, space plays it again from the start (the bar says so).
  @Test func spaceReplaysAFinishedReplayFromTheStart() {
    var model = Self.model(.replay, controls: Self.replayControls(position: 600))
    Self.feed(Array(Self.simulated.fixes.prefix(30)), into: &model)
    _ = model.sourceEnded()
    #expect(model.tick(now: 40).replay?.isFinished == true)
    #expect(model.press(.character(" "), now: 40) == [.seek(by: -601)])
    #expect(model.summary == nil, "the session runs again")
    let state = model.tick(now: 40)
    #expect(state.message == "Replaying from the start")
    #expect(state.replay?.isFinished == false)
  }

  @Test func aFinishedDemoDoesNotPause() {
    var model = Self.model(.demo)
    Self.feed(Array(Self.simulated.fixes.prefix(30)), into: &model)
    _ = model.sourceEnded()
    #expect(model.press(.character(" "), now: 40) == [])
    #expect(model.tick(now: 40).message == "The session has finished")
  }

  @Test func plusAndMinusChangeTheReplaySpeed() {
    var model = Self.model(.replay)
    let faster = ReplaySpeed.times(1).faster
    #expect(model.press(.character("+"), now: 0) == [.setSpeed(faster)])
    #expect(model.tick(now: 0).gps.replaySpeed == faster.factor)
    #expect(model.press(.character("-"), now: 1) == [.setSpeed(faster.slower)])
    var live = Self.model(.live)
    #expect(live.press(.character("+"), now: 0) == [])
  }

  // MARK: Seeking

  @Test func arrowsSeekAReplayByThirtySeconds() {
    var model = Self.model(.replay)
    #expect(model.press(.right, now: 0) == [.seek(by: DashboardModel.seekSeconds)])
    #expect(model.press(.left, now: 1) == [.seek(by: -DashboardModel.seekSeconds)])
  }

  @Test func seekingBackFromTheEndStartsTheSessionOver() {
    var model = Self.model(.replay)
    let fixes = Array(Self.simulated.fixes.prefix(120))
    Self.feed(fixes, into: &model)
    _ = model.sourceEnded()
    #expect(model.tick(now: 200).sessionState == .finished)
    #expect(model.press(.right, now: 200) == [], "nothing lies beyond the end")
    #expect(model.press(.left, now: 201) == [.seek(by: -DashboardModel.seekSeconds)])
    #expect(model.summary == nil, "the session is no longer finished")
    // The source starts over and sends the fixes up to the new position.
    _ = model.handle(.restart, now: 202)
    #expect(model.tick(now: 202).route.track.isEmpty)
    Self.feed(Array(fixes.prefix(90)), into: &model, start: 202)
    #expect(model.tick(now: 300).sessionState != .finished)
    #expect(model.engine.pointsAccepted > 0)
  }

  @Test func aLiveSessionCannotSeek() {
    var model = Self.model(.live)
    #expect(model.press(.left, now: 0) == [])
    #expect(model.tick(now: 0).message == "Seeking works in replays")
  }

  // MARK: Filter lab

  @Test func aLabToggleJudgesTheWholeSessionAgain() throws {
    var model = Self.model(.demo)
    Self.feed(Self.simulated.fixes, into: &model)
    let before = try #require(model.tick(now: 10_000).lab)
    let rejected = before.rejectedCounts[.implausibleSpeed] ?? 0
    #expect(rejected > 0, "the simulated faults include jumps")
    let key = KeyMap.key(for: .implausibleSpeed)

    _ = model.press(.character(key), now: 10_000)
    let off = model.tick(now: 10_000)
    let lab = try #require(off.lab)
    #expect(!lab.isOn(.implausibleSpeed))
    #expect((lab.rejectedCounts[.implausibleSpeed] ?? 0) == 0, "the check is off")
    #expect(off.message?.hasPrefix("implausible_speed off: ") == true)
    #expect(lab.filteredDistance != before.filteredDistance, "the jumps now count")
    #expect(lab.rawDistance == before.rawDistance, "the raw distance takes no notice")

    _ = model.press(.character(key), now: 10_001)
    let on = try #require(model.tick(now: 10_001).lab)
    #expect(on.isOn(.implausibleSpeed))
    #expect(on.rejectedCounts == before.rejectedCounts, "the same fixes, judged the same")
    #expect(on.filteredDistance == before.filteredDistance)
  }

  @Test func theSmootherAndAutoPauseToggle() throws {
    var model = Self.model(.demo)
    Self.feed(Array(Self.simulated.fixes.prefix(300)), into: &model)
    _ = model.press(.character(KeyMap.smootherKey), now: 300)
    #expect(model.tick(now: 300).lab?.smootherOn == false)
    #expect(model.tick(now: 300).message?.hasPrefix("smoother off: ") == true)
    _ = model.press(.character(KeyMap.autoPauseKey), now: 301)
    #expect(model.tick(now: 301).lab?.autoPauseOn == false)
  }

  @Test func aFaultIsInjectedOnlyInTheDemo() {
    var demo = Self.model(.demo)
    #expect(demo.press(.character("J"), now: 0) == [.inject(.jump)])
    #expect(demo.tick(now: 0).lab?.lastInjected == .jump)
    #expect(demo.tick(now: 0).message == "Injected: jump")
    var replay = Self.model(.replay)
    #expect(replay.press(.character("J"), now: 0) == [])
    #expect(replay.tick(now: 0).message == "Faults are injected in strider demo")
    #expect(replay.press(.character("8"), now: 0) == [])
    #expect(replay.tick(now: 0).message == "The filter lab is in strider demo")
  }

  @Test func theTruthIsReadAtTheNewestFixTime() throws {
    var model = Self.model(.demo)
    Self.feed(Array(Self.simulated.fixes.prefix(200)), into: &model)
    let truth = try #require(model.tick(now: 200).lab?.truthDistance)
    #expect(truth.value > 0)
  }

  /// The dashboard shows the distance the runner has reached, not the settled one 10–15 s
  /// behind it: a minute into the demo the settled distance was 24 % short of the truth
  /// and the average pace 24 % slow, because the moving time runs to the newest fix. The
  /// pace shown is the distance shown over the moving time.
  @Test(arguments: [60, 120, 240])
  func theFiguresShownKeepUpWithTheRunner(fixes: Int) throws {
    var model = Self.model(.demo)
    Self.feed(Array(Self.simulated.fixes.prefix(fixes)), into: &model)
    let state = model.tick(now: 200)
    let lab = try #require(state.lab)
    let truth = try #require(lab.truthDistance).value
    let shown = state.snapshot.distance.value
    // The settled distance, as an engine of the same fixes counts it.
    var pipeline = SessionPipeline(configuration: SessionConfiguration(activity: .run))
    for fix in Self.simulated.fixes.prefix(fixes) { _ = pipeline.ingest(fix) }
    let settled = pipeline.engine.snapshot.distance.value
    #expect(shown > settled, "the shown distance is the settled one: \(shown) m")
    #expect(
      abs(shown - truth) < abs(settled - truth), "\(shown) against \(settled), truth \(truth)")
    #expect(lab.filteredDistance == state.snapshot.distance)
    let pace = try #require(state.snapshot.averagePace)
    let moving = state.snapshot.moving.value
    #expect(abs(pace.value - 1000 * moving / shown) < 0.01)
    #expect(state.snapshot.currentSplitDistance.value < 1000)
  }

  // MARK: Screen

  @Test func ctrlLAsksForARepaintAndEscapeClosesTheHelp() {
    var model = Self.model(.replay)
    #expect(model.press(.character("\u{0C}"), now: 0) == [.repaint])
    _ = model.press(.character("?"), now: 0)
    #expect(model.tick(now: 0).helpVisible)
    _ = model.press(.character("\u{1B}"), now: 1)
    #expect(!model.tick(now: 1).helpVisible)
  }

  @Test func theAgeOfTheLastFixCountsUpWithTheClock() {
    var model = Self.model(.live)
    _ = model.handle(.fix(Self.simulated.fixes[0]), now: 10)
    #expect(model.tick(now: 10).gps.lastFixAge == .zero)
    _ = model.render(columns: 120, rows: 40)
    #expect(model.tick(now: 10.5).gps.lastFixAge == .zero)
    let redraws = model.needsRedraw
    #expect(!redraws, "the same second shows the same age: nothing to draw")
    #expect(model.tick(now: 13).gps.lastFixAge == Seconds(3))
    let redrawsLater = model.needsRedraw
    #expect(redrawsLater)
  }

  @Test func aLiveSessionShowsWhenGPSDIsGone() {
    var model = Self.model(.live)
    _ = model.handle(.status(.disconnected(reason: "refused", retryIn: 1)), now: 0)
    #expect(model.tick(now: 0).gps.link == .noGPSD)
    _ = model.handle(.status(.connectedNoFix("gpsd")), now: 1)
    #expect(model.tick(now: 1).gps.link == .gpsd)
  }

  /// gpsd going away mid-session turns the banner to NO SIGNAL at once, and speaks it; the
  /// first fix after the reconnect turns it back.
  @Test func gpsdGoingAwayMidSessionShowsNoSignal() throws {
    var model = Self.model(.live)
    let fixes = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 12, faults: .none)
    ).fixes
    for (i, fix) in fixes.prefix(120).enumerated() { _ = model.handle(.fix(fix), now: Double(i)) }
    #expect(model.tick(now: 120).sessionState != .noSignal)
    let commands = model.handle(
      .status(.disconnected(reason: "gpsd closed the connection", retryIn: 0.5)), now: 120)
    #expect(model.tick(now: 120).sessionState == .noSignal)
    #expect(
      commands.contains {
        if case .say(let cue) = $0 { cue.text == CueText.signalLost } else { false }
      })
    let rendered = model.render(columns: 120, rows: 40)
    let grid = try #require(rendered)
    #expect(grid.text.contains("NO SIGNAL") || grid.text.contains("N O   S I G N A L"))
    // Past the gate's reorder window, the fixes after the reconnect are taken.
    for i in 130..<140 {
      var resumed = fixes[i]
      resumed.segment = 1
      _ = model.handle(.fix(resumed), now: Double(i))
    }
    #expect(model.tick(now: 140).sessionState != .noSignal)
  }
}

extension DashboardModelTests {
  /// `g` on a live session swaps the map for the GPS panel and back; the panel shows the
  /// sky the source reported last (read with the controls), or says it waits for one.
  @Test func gOnALiveSessionTogglesTheGPSPanel() throws {
    var model = Self.model(.live)
    #expect(model.press(.character("g"), now: 0) == [])
    #expect(model.tick(now: 0).showsGPSPanel)
    var rendered = model.render(columns: 100, rows: 30)
    var grid = try #require(rendered)
    #expect(grid.text.contains(GPSPanel.waitingText))
    let sky = SkyView(
      satellites: [SkyView.Satellite(prn: 23, elevation: Degrees(40), signal: 44, used: true)])
    model.observe(SourceControls(link: .gpsd, sky: sky))
    #expect(model.needsRedraw)
    #expect(model.tick(now: 1).sky == sky)
    rendered = model.render(columns: 100, rows: 30)
    grid = try #require(rendered)
    #expect(!grid.text.contains(GPSPanel.waitingText))
    #expect(grid.text.contains("1 used of 1 seen"))
    _ = model.press(.character("g"), now: 2)
    #expect(!model.tick(now: 2).showsGPSPanel)
    rendered = model.render(columns: 100, rows: 30)
    grid = try #require(rendered)
    #expect(grid.text.contains("Map"))
  }

  /// A replay or the demo has no receiver to show: `g` only says so.
  @Test(arguments: [DashboardModel.Kind.replay, .demo])
  func gElsewhereSaysItNeedsALiveReceiver(kind: DashboardModel.Kind) {
    var model = Self.model(kind)
    #expect(model.press(.character("g"), now: 0) == [])
    let state = model.tick(now: 0)
    #expect(!state.showsGPSPanel)
    #expect(state.message == "The GPS panel needs a live receiver (run)")
  }

  /// `p` shows the replay's profiles so far in the map's place, one a press, then the map;
  /// before any point it says there is none; `g` and `p` take turns at the map's place.
  @Test func pCyclesTheProfilesInTheMapsPlace() throws {
    var model = Self.model(.replay)
    #expect(model.press(.character("p"), now: 0) == [])
    #expect(model.tick(now: 0).message == "No profile yet: nothing measured")
    for (k, fix) in Self.simulated.fixes.prefix(400).enumerated() {
      _ = model.handle(.fix(fix), now: Double(k))
    }
    _ = model.press(.character("p"), now: 400)
    let first = try #require(model.tick(now: 400).profile)
    var rendered = model.render(columns: 100, rows: 30)
    var grid = try #require(rendered)
    let title = first.title.prefix(1).uppercased() + first.title.dropFirst()
    #expect(grid.text.contains("─ \(title)") && !grid.text.contains("─ Map"))
    var titles = [first.title]
    while model.tick(now: 401).profile != nil {
      _ = model.press(.character("p"), now: 401)
      if let next = model.tick(now: 401).profile { titles.append(next.title) }
    }
    #expect(titles.contains("pace"))
    rendered = model.render(columns: 100, rows: 30)
    grid = try #require(rendered)
    #expect(grid.text.contains("─ Map"), "the map again after the last")
  }
}
