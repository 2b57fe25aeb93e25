import StriderCore
import StriderRender
import StriderSources

extension DashboardModel {
  /// Moves the model on to `now` (a note expires, the shown age of the last fix changes)
  /// and returns the screen state as it would be drawn.
  public mutating func tick(now: Double) -> ScreenState {
    if let expiry = messageExpiry, now >= expiry {
      state.message = isConfirmingQuit ? state.message : storageNote
      messageExpiry = nil
      needsRedraw = true
    }
    let age = summary == nil ? lastFixArrival.map { Int(now - $0) } : nil
    if age != shownAge {
      shownAge = age
      needsRedraw = true
    }
    refresh()
    return state
  }

  /// The frame for a screen of `columns` × `rows`; nil for a screen without cells. The
  /// map's frame is kept for the pan keys.
  public mutating func render(columns: Int, rows: Int) -> Grid? {
    guard columns > 0, rows > 0 else { return nil }
    refresh()
    let frame = Screen.render(state, columns: columns, rows: rows)
    if let map = frame.map { lastMapFrame = map }
    needsRedraw = false
    return frame.grid
  }

  /// The figures shown: live, or the finished track's once the session has ended.
  var currentFigures: MetricsSnapshot {
    guard let summary else { return runner.engine.leadingSnapshot }
    return summary.finishedSnapshot
  }

  /// Brings the screen state up to date with the engine, the source and the clock.
  mutating func refresh() {
    let engine = runner.engine
    state.snapshot = currentFigures
    state.cues = summary?.cues ?? engine.cues
    state.workout = runner.coach.map(WorkoutStatus.init(coach:))
    state.coachCues = coachCues
    if summary != nil {
      state.sessionState = .finished
    } else if controls.isPaused {
      state.sessionState = .paused
    } else if engine.lastPoint == nil {
      state.sessionState = .waiting
    } else if engine.isSignalLost {
      state.sessionState = .noSignal
    } else {
      state.sessionState = engine.isPaused ? .autoPaused : .running
    }
    state.gps.lastFixAge = shownAge.map { Seconds(Double($0)) }
    state.sky = controls.sky
    if kind == .live {
      switch status {
      case .connecting, .disconnected: state.gps.link = .noGPSD
      default: state.gps.link = .gpsd
      }
    }
    if let position = controls.position {
      state.replay = ReplayProgress(
        position: Seconds(position.position), total: Seconds(position.total),
        speed: controls.replaySpeed?.factor ?? 1, isFinished: kind == .replay && summary != nil)
    }
    if var lab = state.lab {
      lab.rejectedCounts = summary?.rejected ?? engine.rejected
      lab.filteredDistance = state.snapshot.distance
      lab.rawDistance = rawRunner?.engine.snapshot.distance ?? .zero
      lab.truthDistance = newestFixTime.flatMap { truth?.distance(at: $0) }
      state.lab = lab
    }
  }
}

extension SessionSummary {
  /// The finished track's figures as the dashboard shows live ones: the last split counts
  /// as the current one when it is partial.
  public var finishedSnapshot: MetricsSnapshot {
    let last = splits.last.flatMap { $0.isPartial ? $0 : nil }
    return MetricsSnapshot(
      distance: distance, elapsed: elapsed, moving: moving,
      averagePace: averagePace.map { Pace($0) }, averageSpeed: averageSpeed,
      calories: calories, elevationGain: elevationGain, splits: splits,
      currentSplitDistance: last?.distance ?? .zero, currentSplitDuration: last?.duration ?? .zero,
      lastTime: end?.time)
  }
}
