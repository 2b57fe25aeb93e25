import StriderCore
import StriderRender
import StriderSources

extension DashboardModel {
  /// A key read at `now`: the quit dialog's answer, a repaint, or the key's action.
  public mutating func press(_ key: TerminalKey, now: Double) -> [DashboardCommand] {
    needsRedraw = true
    switch key {
    case .resize:
      return []
    case .left:
      return perform(.seekBackward, now: now)
    case .right:
      return perform(.seekForward, now: now)
    case .character(let character):
      if isConfirmingQuit {
        isConfirmingQuit = false
        if character == "y" || character == "Y" { return [.quit] }
        show("Still recording", now: now)
        return []
      }
      if character == "\u{0C}" { return [.repaint] }  // Ctrl-L: repaint everything
      if character == "\u{1B}", state.helpVisible {
        state.helpVisible = false
        return []
      }
      guard var action = KeyMap.action(for: character) else { return [] }
      // In a workout's open step, space is the lap button (as on a watch), not pause.
      if action == .togglePause, summary == nil, runner.coach?.currentStep?.step.length == .open {
        action = .lap
      }
      return perform(action, now: now)
    case .up, .down, .other:
      return []
    }
  }

  /// Lap: the runner closes a lap at the newest fix time; the lap is noted on the status
  /// line and spoken as the runner's lap cue says it ("Lap 2: 1 kilometre in 6:01, 6:01 per
  /// kilometre.", unless the coach's step result says it), the coach's words are spoken,
  /// and the mark goes to the source (a recording keeps it).
  mutating func pressLap(now: Double) -> [DashboardCommand] {
    guard summary == nil else { return note("The session has finished", now) }
    let events = runner.lap()
    guard !events.isEmpty else { return note("No lap before the first fix", now) }
    if state.lab != nil { lapPressedAfter.append(fixes.count) }
    var commands: [DashboardCommand] = []
    // The runner's lap cue (`lap_says`) is spoken like any cue; it has none when the lap
    // ended a workout step, whose result says the same.
    for event in events {
      if case .lap(let lap, let mark) = event {
        laps.append(lap)
        commands.append(.keepLap(mark))
        show(Self.lapNote(lap, activity: state.activity, units: state.units), now: now)
      } else if let command = apply(event, announce: true) {
        commands.append(command)
      }
    }
    return commands
  }

  /// The status line's note of a lap: "Lap 2  1.12 km  6:34  5:51 /km" (short enough to
  /// stay whole beside the key hints).
  public static func lapNote(_ lap: Lap, activity: Activity, units: UnitSystem) -> String {
    let speed = lap.moving.value > 0 ? lap.distance / lap.moving : nil
    return "Lap \(lap.number)  \(DisplayFormat.distance(lap.distance, units: units))  "
      + "\(DisplayFormat.clock(lap.moving))  "
      + DisplayFormat.paceOrSpeed(pace: lap.pace, speed: speed, activity: activity, units: units)
  }

  /// Carries out a key's action at `now`; the commands say what the source must do, or that
  /// the session ends.
  public mutating func perform(_ action: KeyAction, now: Double) -> [DashboardCommand] {
    needsRedraw = true
    let hasClock = kind != .live
    switch action {
    case .quit:
      guard kind == .live, summary == nil else { return [.quit] }
      isConfirmingQuit = true
      state.message = "End the recording? y/n"
      messageExpiry = nil
    case .toggleHelp:
      state.helpVisible.toggle()
    case .lap:
      return pressLap(now: now)
    case .openHistory:
      // "No session running" is a session that has ended: a replay or the demo played to
      // its end (or a live one whose receiver went away). A running one keeps the screen.
      guard summary != nil else {
        return note("H works once the session has ended", now)
      }
      return [.openHistory]
    case .togglePause:
      guard hasClock else { return note("A live session pauses itself (auto-pause)", now) }
      if summary != nil, kind == .replay, let position = controls.position {
        // A finished replay plays again from its start, at the same speed.
        summary = nil
        show("Replaying from the start", now: now)
        return [.seek(by: -(position.total + 1))]
      }
      guard summary == nil else { return note("The session has finished", now) }
      controls.isPaused.toggle()
      return [.setPaused(controls.isPaused)]
    case .faster, .slower:
      guard hasClock, let speed = controls.replaySpeed else {
        return note("Speed changes work in replays and the demo", now)
      }
      let new = action == .faster ? speed.faster : speed.slower
      controls.replaySpeed = new
      state.gps.replaySpeed = new.factor
      show("Speed \(DisplayFormat.replaySpeed(new.factor, glyphs: state.glyphs))", now: now)
      return [.setSpeed(new)]
    case .seekBackward, .seekForward:
      guard controls.position != nil else { return note("Seeking works in replays", now) }
      let seconds = action == .seekForward ? Self.seekSeconds : -Self.seekSeconds
      if seconds < 0 { summary = nil } else if summary != nil { return [] }
      return [.seek(by: seconds)]
    case .toggleMapDrawing:
      guard state.glyphs.hasBraille else { return note("Braille needs a UTF-8 terminal", now) }
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
    case .toggleGPSPanel:
      // Only gpsd reports satellites; a file or the simulator has none to show.
      guard kind == .live else { return note("The GPS panel needs a live receiver (run)", now) }
      state.showsGPSPanel.toggle()
      if state.showsGPSPanel { state.shownProfile = nil }
    case .nextProfile:
      guard state.showNextProfile() else { return note("No profile yet: nothing measured", now) }
      state.showsGPSPanel = false
    case .toggleCheck, .toggleSmoother, .toggleAutoPause, .inject:
      return performLab(action, now: now)
    }
    return []
  }

  /// The filter lab's keys: a check, the smoother or auto-pause on or off, or a fault.
  private mutating func performLab(_ action: KeyAction, now: Double) -> [DashboardCommand] {
    guard var lab = state.lab else {
      if case .inject = action { return note("Faults are injected in strider demo", now) }
      return note("The filter lab is in strider demo", now)
    }
    switch action {
    case .toggleCheck(let reason):
      if lab.disabledChecks.contains(reason) {
        lab.disabledChecks.remove(reason)
      } else {
        lab.disabledChecks.insert(reason)
      }
      toggled(reason.rawValue, on: lab.isOn(reason), lab: lab, now: now)
    case .toggleSmoother:
      lab.smootherOn.toggle()
      toggled("smoother", on: lab.smootherOn, lab: lab, now: now)
    case .toggleAutoPause:
      lab.autoPauseOn.toggle()
      toggled("auto-pause", on: lab.autoPauseOn, lab: lab, now: now)
    case .inject(let kind):
      guard summary == nil else { return note("The simulated run has finished", now) }
      guard controls.takesFaults else { return [] }
      state.lab?.lastInjected = kind
      let name = KeyMap.faultKeys.first { $0.kind == kind }?.name ?? kind.rawValue
      show("Injected: \(name)", now: now)
      return [.inject(kind)]
    default:
      break
    }
    return []
  }

  /// Applies a lab toggle and says what it did to the filtered distance.
  private mutating func toggled(_ name: String, on: Bool, lab: FilterLabState, now: Double) {
    let before = currentFigures.distance
    state.lab = lab
    rebuild()
    let after = currentFigures.distance
    let units = state.units
    show(
      "\(name) \(on ? "on" : "off"): \(DisplayFormat.distance(after, units: units))"
        + " (was \(DisplayFormat.distanceNumber(before, units: units)))", now: now)
  }

  /// Shows a note in the status line for a while; no command follows.
  private mutating func note(_ text: String, _ now: Double) -> [DashboardCommand] {
    show(text, now: now)
    return []
  }

  /// Shows `text` in the status line from `now` for `seconds`.
  public mutating func show(_ text: String, for seconds: Double = messageSeconds, now: Double) {
    state.message = text
    messageExpiry = now + seconds
    needsRedraw = true
  }
}
