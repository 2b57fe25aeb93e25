import ArgumentParser
import Foundation
import StriderCore
import StriderRender
import StriderSources
import StriderTerminal

/// The dashboard's event loop: one thread polls the source and the keyboard with short
/// timeouts, feeds fixes through the session engine, and redraws only when something
/// changed.
///
/// It mirrors `HeadlessSession` (same engine, same order of fixes, same summary), but drives
/// `SessionEngine` itself rather than through `SessionRunner`, because the map needs every
/// verdict (`.judged`, to draw rejected fixes with their reason), which the runner folds into
/// tallies. Redraws happen on an event, a key, a resize, a message expiring, or once a second
/// while the age of the last fix is shown; while fixes pour in (a fast replay) at most about
/// 30 frames a second are drawn. An idle live session sleeps in `poll` and `wget_wch`.
///
/// The filter lab (`strider demo`) keeps every fix received: toggling a check, the smoother
/// or auto-pause builds a new engine with the new configuration and feeds it all of them at
/// once, so each toggle's effect on the whole session shows as a number at once. A second
/// engine with the raw (`--no-filter`) configuration gets the same fixes for the raw
/// distance, and the simulator's truth gives the true distance at the newest fix time.
struct TerminalSession<Source: DashboardSource> {
  /// Which command opened the dashboard.
  enum Kind {
    /// `strider demo`: the simulator and the filter lab.
    case demo
    /// `strider replay FILE`.
    case replay
    /// `strider run`: live from gpsd; quitting asks first.
    case live
  }

  private var source: Source
  private let kind: Kind
  private let baseConfiguration: SessionConfiguration
  private var engine: SessionEngine
  /// The raw (`--no-filter`) engine of the filter lab.
  private var rawEngine: SessionEngine?
  /// Every fix received, in order (the filter lab re-feeds them on a toggle).
  private var fixes: [Fix] = []
  private var summary: SessionSummary?
  private var status: SourceStatus?
  private var state: ScreenState
  private var lastSegment: Int?
  /// Wall-clock time the newest fix arrived, for its age.
  private var lastFixArrival: Double?
  private var shownAge: Int?
  /// The newest fix time inside the simulated run, where the truth is read.
  private var newestFixTime: GNSSTime?
  private var messageExpiry: Double?
  private var confirmingQuit = false
  private var lastMapFrame: MapFrame?
  private var dirty = true
  private let speaker: CueSpeaker?
  private let clock = SystemClock()

  /// How long a status-line note stays.
  private static var messageSeconds: Double { 5 }
  /// The arrow keys move a replay by this much of the recording.
  private static var seekSeconds: Double { 30 }
  /// Longest wait in one source poll, and in one key read while fixes are due.
  private static var pollTimeout: Double { 0.05 }
  /// While fixes keep coming, the loop ingests for this long before it looks at keys and
  /// the screen, and draws no more often than this.
  private static var batchSeconds: Double { 0.03 }

  private init(
    kind: Kind, source: Source, configuration: SessionConfiguration, sourceLabel: String,
    glyphs: Glyphs, colour: Bool, speaker: CueSpeaker?
  ) {
    self.kind = kind
    self.source = source
    baseConfiguration = configuration
    engine = SessionEngine(configuration: configuration)
    self.speaker = speaker
    var state = ScreenState(
      activity: configuration.activity, units: configuration.units,
      gps: GPSStatus(
        link: source.link, source: sourceLabel, replaySpeed: source.replaySpeed?.factor),
      mapOptions: MapOptions(drawing: .braille, showsRaw: kind == .demo), glyphs: glyphs,
      colour: colour, utcOffset: Self.localUTCOffset)
    if kind == .demo {
      rawEngine = SessionEngine(
        configuration: .raw(
          activity: configuration.activity, weight: configuration.weight,
          units: configuration.units, elevation: configuration.elevation))
      state.lab = FilterLabState(
        smootherOn: configuration.smoother != nil,
        autoPauseOn: configuration.autoPause.enabled)
    }
    self.state = state
  }

  /// Opens the dashboard, runs it until `q`, the end of a live session, a signal or an
  /// error, restores the terminal, and prints the summary as a JSON line (the headless
  /// summary's format) on standard output.
  ///
  /// - Throws: `ExitCode(1)` after a one-line message when the terminal cannot show the
  ///   dashboard (not a terminal, `TERM=dumb` or unknown).
  static func run(
    kind: Kind, source: Source, configuration: SessionConfiguration, sourceLabel: String,
    file: String?, format: String?, display: DisplayOptions, stop: StopSignal
  ) throws {
    let environment = ProcessInfo.processInfo.environment
    let speak = display.speak || ((try? ConfigFile.settings())?.speak ?? false)
    let speaker = speak ? CueSpeaker(path: environment["PATH"]) : nil
    let screen: TerminalScreen
    do {
      screen = try TerminalScreen(
        options: TerminalScreen.Options(
          term: environment["TERM"], allowsColour: (environment["NO_COLOR"] ?? "").isEmpty,
          forcesASCII: display.ascii))
    } catch {
      printError("strider: error: \(error.description)")
      throw ExitCode(1)
    }
    var session = TerminalSession(
      kind: kind, source: source, configuration: configuration, sourceLabel: sourceLabel,
      glyphs: screen.glyphs, colour: screen.hasColour, speaker: speaker)
    if speak, speaker == nil { session.show(CueSpeaker.unavailableMessage, for: 10) }
    let summary: SessionSummary
    do {
      defer { screen.close() }
      summary = session.loop(on: screen, stop: stop)
    }
    try HeadlessSession.writeLine(
      HeadlessEvents.summary(summary, file: file, format: format).serialized)
  }

  // MARK: The loop

  private mutating func loop(on screen: TerminalScreen, stop: StopSignal) -> SessionSummary {
    var lastDraw = -Double.infinity
    refresh()
    loop: while !stop.isRaised {
      var busy = false
      if summary == nil {
        let deadline = clock.now() + Self.batchSeconds
        polling: repeat {
          switch source.poll(timeout: busy ? 0 : Self.pollTimeout) {
          case .event(let event):
            handle(event)
            busy = true
          case .idle:
            break polling
          case .ended:
            finish(announce: true)
            break polling
          }
        } while clock.now() < deadline && summary == nil
      }
      var keyTimeout = busy ? 0 : (summary == nil ? 0.02 : 0.25)
      while let key = screen.readKey(timeout: keyTimeout) {
        keyTimeout = 0
        if handle(key, screen: screen) { break loop }
      }
      speaker?.tick()
      let now = clock.now()
      tick(now: now)
      if dirty, !busy || now - lastDraw >= Self.batchSeconds {
        draw(on: screen)
        lastDraw = now
      }
    }
    if summary == nil { finish(announce: false) }
    return summary ?? engine.finish().summary
  }

  /// Expires messages and notices when the shown age of the last fix changes.
  private mutating func tick(now: Double) {
    if let expiry = messageExpiry, now >= expiry {
      state.message = nil
      messageExpiry = nil
      dirty = true
    }
    let age = summary == nil ? lastFixArrival.map { Int(now - $0) } : nil
    if age != shownAge {
      shownAge = age
      dirty = true
    }
  }

  private mutating func draw(on screen: TerminalScreen) {
    let (columns, rows) = screen.size
    guard columns > 0, rows > 0 else { return }
    refresh()
    let frame = Screen.render(state, columns: columns, rows: rows)
    if let map = frame.map { lastMapFrame = map }
    screen.draw(frame.grid)
    dirty = false
  }

  // MARK: Source events

  private mutating func handle(_ event: SourceEvent) {
    dirty = true
    switch event {
    case .status(let newStatus):
      status = newStatus
    case .restart:
      restart()
    case .fix(let fix):
      lastFixArrival = clock.now()
      state.gps.fixMode = fix.mode
      state.gps.accuracy = fix.horizontalAccuracy
      if let heartRate = fix.heartRate { state.heartRate = heartRate }
      if state.lab != nil {
        fixes.append(fix)
        noteTruthTime(fix.time)
      }
      _ = rawEngine?.ingest(fix)
      feed(fix, announce: true)
    }
  }

  /// One fix through the engine, onto the map.
  private mutating func feed(_ fix: Fix, announce: Bool) {
    if state.mapOptions.showsRaw, let coordinate = fix.coordinate {
      state.route.appendRaw(coordinate)
    }
    for event in engine.ingest(fix) { apply(event, announce: announce) }
  }

  private mutating func apply(_ event: SessionEvent, announce: Bool) {
    switch event {
    case .point(let point, _):
      state.route.appendTrack(
        point.coordinate, startsSegment: lastSegment.map { $0 != point.segment } ?? false)
      lastSegment = point.segment
    case .judged(let judged):
      if let reason = judged.verdict.reason, let coordinate = judged.fix.coordinate {
        state.route.appendRejected(coordinate, reason: reason)
      }
    case .cue(let cue):
      if announce { speaker?.say(cue.text) }
    default:
      break
    }
  }

  /// The simulator's truth is read at the newest fix time that lies inside the simulated
  /// run and follows the previous one closely: a stale or clock-jumped fix does not move it.
  private mutating func noteTruthTime(_ time: GNSSTime?) {
    guard let time, source.truthDistance(at: time) != nil else { return }
    if let newest = newestFixTime {
      guard time > newest, time - newest < Seconds(120) else { return }
    }
    newestFixTime = time
  }

  private mutating func finish(announce: Bool) {
    guard summary == nil else { return }
    let (events, finished) = engine.finish()
    for event in events { apply(event, announce: announce) }
    summary = finished
    dirty = true
  }

  /// A replay sought backwards: the session starts over.
  private mutating func restart() {
    engine = SessionEngine(configuration: engine.configuration)
    rawEngine = rawEngine.map { SessionEngine(configuration: $0.configuration) }
    fixes = []
    summary = nil
    newestFixTime = nil
    state.route = ProjectedRoute()
    lastSegment = nil
  }

  /// The filter lab: a new engine with the lab's configuration, fed every fix so far.
  private mutating func rebuild() {
    guard let lab = state.lab else { return }
    var configuration = baseConfiguration
    configuration.gate.enabledChecks = baseConfiguration.gate.enabledChecks.subtracting(
      lab.disabledChecks)
    configuration.smoother =
      lab.smootherOn
      ? (baseConfiguration.smoother ?? .defaults(for: configuration.activity)) : nil
    configuration.autoPause.enabled = lab.autoPauseOn
    let wasFinished = summary != nil
    engine = SessionEngine(configuration: configuration)
    summary = nil
    state.route = ProjectedRoute()
    lastSegment = nil
    for fix in fixes { feed(fix, announce: false) }
    if wasFinished { finish(announce: false) }
    dirty = true
  }

  // MARK: Keys

  /// Carries out a key; true when the session should end.
  private mutating func handle(_ key: TerminalKey, screen: TerminalScreen) -> Bool {
    dirty = true
    switch key {
    case .resize:
      return false
    case .left:
      return perform(.seekBackward)
    case .right:
      return perform(.seekForward)
    case .character(let character):
      if confirmingQuit {
        confirmingQuit = false
        if character == "y" || character == "Y" { return true }
        show("Still recording")
        return false
      }
      if character == "\u{0C}" {  // Ctrl-L: repaint everything
        screen.invalidate()
        return false
      }
      if character == "\u{1B}", state.helpVisible {
        state.helpVisible = false
        return false
      }
      guard let action = KeyMap.action(for: character) else { return false }
      return perform(action)
    case .up, .down, .other:
      return false
    }
  }

  private mutating func perform(_ action: KeyAction) -> Bool {
    let hasClock = kind != .live
    switch action {
    case .quit:
      guard kind == .live, summary == nil else { return true }
      confirmingQuit = true
      state.message = "End the recording? y/n"
      messageExpiry = nil
    case .toggleHelp:
      state.helpVisible.toggle()
    case .togglePause:
      guard hasClock else { return note("A live session pauses itself (auto-pause)") }
      guard summary == nil else { return note("The session has finished") }
      source.setPaused(!source.isPaused)
    case .faster, .slower:
      guard hasClock, let speed = source.replaySpeed else {
        return note("Speed changes work in replays and the demo")
      }
      let new = action == .faster ? speed.faster : speed.slower
      source.setSpeed(new)
      state.gps.replaySpeed = new.factor
      show("Speed \(DisplayFormat.replaySpeed(new.factor, glyphs: state.glyphs))")
    case .seekBackward, .seekForward:
      guard source.position != nil else { return note("Seeking works in replays") }
      let seconds = action == .seekForward ? Self.seekSeconds : -Self.seekSeconds
      if seconds < 0 { summary = nil } else if summary != nil { return false }
      source.seek(by: seconds)
    case .toggleMapDrawing:
      guard state.glyphs.hasBraille else { return note("Braille needs a UTF-8 terminal") }
      state.mapOptions.drawing = state.mapOptions.drawing == .braille ? .ascii : .braille
    case .toggleThickLine:
      state.mapOptions.thick.toggle()
    case .toggleFollow:
      state.viewport.follow.toggle()
    case .zoomIn:
      state.viewport.zoomIn()
    case .zoomOut:
      state.viewport.zoomOut()
    case .pan(let direction):
      if let frame = lastMapFrame { state.viewport.pan(direction, frame: frame) }
    case .resetView:
      state.viewport.reset()
    case .toggleCheck(let reason):
      guard var lab = state.lab else { return note("The filter lab is in strider demo") }
      if lab.disabledChecks.contains(reason) {
        lab.disabledChecks.remove(reason)
      } else {
        lab.disabledChecks.insert(reason)
      }
      toggled(reason.rawValue, on: lab.isOn(reason), lab: lab)
    case .toggleSmoother:
      guard var lab = state.lab else { return note("The filter lab is in strider demo") }
      lab.smootherOn.toggle()
      toggled("smoother", on: lab.smootherOn, lab: lab)
    case .toggleAutoPause:
      guard var lab = state.lab else { return note("The filter lab is in strider demo") }
      lab.autoPauseOn.toggle()
      toggled("auto-pause", on: lab.autoPauseOn, lab: lab)
    case .inject(let kind):
      guard state.lab != nil else { return note("Faults are injected in strider demo") }
      guard summary == nil else { return note("The simulated run has finished") }
      guard source.injectFault(kind) else { return false }
      state.lab?.lastInjected = kind
      let name = KeyMap.faultKeys.first { $0.kind == kind }?.name ?? kind.rawValue
      show("Injected: \(name)")
    }
    return false
  }

  /// Applies a lab toggle and says what it did to the filtered distance.
  private mutating func toggled(_ name: String, on: Bool, lab: FilterLabState) {
    let before = currentFigures.distance
    state.lab = lab
    rebuild()
    let after = currentFigures.distance
    let units = state.units
    show(
      "\(name) \(on ? "on" : "off"): \(DisplayFormat.distance(after, units: units))"
        + " (was \(DisplayFormat.distanceNumber(before, units: units)))")
  }

  /// Shows a note in the status line for a while; returns false (the session goes on).
  private mutating func note(_ text: String) -> Bool {
    show(text)
    return false
  }

  private mutating func show(_ text: String, for seconds: Double = messageSeconds) {
    state.message = text
    messageExpiry = clock.now() + seconds
    dirty = true
  }

  // MARK: Screen state

  /// The figures shown: live, or the finished track's once the session has ended.
  private var currentFigures: MetricsSnapshot {
    guard let summary else { return engine.snapshot }
    let last = summary.splits.last.flatMap { $0.isPartial ? $0 : nil }
    return MetricsSnapshot(
      distance: summary.distance, elapsed: summary.elapsed, moving: summary.moving,
      averagePace: summary.averagePace.map { Pace($0) }, averageSpeed: summary.averageSpeed,
      calories: summary.calories, elevationGain: summary.elevationGain, splits: summary.splits,
      currentSplitDistance: last?.distance ?? .zero, currentSplitDuration: last?.duration ?? .zero,
      lastTime: summary.end?.time)
  }

  /// Brings the screen state up to date with the engine, the source and the clock.
  private mutating func refresh() {
    state.snapshot = currentFigures
    state.cues = summary?.cues ?? engine.cues
    if summary != nil {
      state.sessionState = .finished
    } else if source.isPaused {
      state.sessionState = .paused
    } else if engine.lastPoint == nil {
      state.sessionState = .waiting
    } else {
      state.sessionState = engine.isPaused ? .autoPaused : .running
    }
    state.gps.lastFixAge = shownAge.map { Seconds(Double($0)) }
    if kind == .live {
      switch status {
      case .connecting, .disconnected: state.gps.link = .noGPSD
      default: state.gps.link = .gpsd
      }
    }
    if let position = source.position {
      state.replay = ReplayProgress(
        position: Seconds(position.position), total: Seconds(position.total),
        speed: source.replaySpeed?.factor ?? 1)
    }
    if var lab = state.lab {
      lab.rejectedCounts = summary?.rejected ?? engine.rejected
      lab.filteredDistance = state.snapshot.distance
      lab.rawDistance = rawEngine?.snapshot.distance ?? .zero
      lab.truthDistance = newestFixTime.flatMap { source.truthDistance(at: $0) }
      state.lab = lab
    }
  }

  /// The local time zone's offset now, for the cue log's clock times.
  private static var localUTCOffset: Seconds {
    Seconds(Double(TimeZone.current.secondsFromGMT()))
  }
}
