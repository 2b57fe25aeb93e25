import StriderCore
import StriderRender
import StriderSources

/// Speaks cues aloud (espeak-ng in the command line; nothing in tests).
public protocol CueAnnouncer {
  /// Queues a sentence; it is spoken when nothing else is (`CueQueue`).
  mutating func say(_ cue: SpokenCue)
  /// Called once a loop turn, to reap finished speech.
  mutating func tick()
}

/// The dashboard's event loop: one thread polls the source and the backend's keys with
/// short timeouts, hands both to the `DashboardModel`, carries out its commands, and draws
/// only when something changed.
///
/// Redraws happen on an event, a key, a resize, a note expiring, or once a second while the
/// age of the last fix is shown; while fixes pour in (a fast replay) at most about 30
/// frames a second are drawn. An idle live session sleeps in the source's poll and the
/// backend's key read. The same loop runs live, replay and demo on the ncurses screen, and
/// in tests on a `TestBackend` with a hand-moved clock.
public enum DashboardLoop {
  /// Longest wait in one source poll, and in one key read while fixes are due.
  static var pollTimeout: Double { 0.05 }
  /// While fixes keep coming, the loop ingests for this long before it looks at keys and
  /// the screen, and draws no more often than this.
  static var batchSeconds: Double { 0.03 }

  /// How long a `notice` stays on the status line, in seconds.
  public static var noticeSeconds: Double { 10 }

  /// Runs the dashboard until a quit, `isStopped`, or (while a live source keeps going)
  /// forever; returns the finished session's summary.
  ///
  /// `notice` is asked once a turn for a note from outside the session (stderr was written
  /// to the log, say); what it returns is shown on the status line. `lapPresses` is asked
  /// once a turn how many laps were pressed from outside (SIGUSR1, as headless sessions
  /// take it): each is the lap key's press.
  ///
  /// `history` shows the history screen on the same backend when `H` is pressed after the
  /// session has ended, and returns when the user leaves it, with a note for the status line
  /// if it has one; without it `H` says the history is not available here.
  public static func run<Source: DashboardSource, Backend: TerminalBackend, Clock: PacingClock>(
    _ model: inout DashboardModel, source: inout Source, backend: inout Backend, clock: Clock,
    announcer: (any CueAnnouncer)? = nil, notice: () -> String? = { nil },
    lapPresses: () -> Int = { 0 }, history: ((inout Backend) -> String?)? = nil,
    isStopped: () -> Bool
  ) -> SessionSummary {
    _ = drive(
      &model, source: &source, backend: &backend, clock: clock, announcer: announcer,
      notice: notice, lapPresses: lapPresses, history: history, isStopped: isStopped)
    let summary = model.finishedSummary()
    if let closing = model.runner.closingLap { source.keep(lap: closing) }
    return summary
  }

  /// The loop without the ending: runs until a quit (true) or `isStopped` (false), and
  /// leaves the session as it is, so a test can look at the screen and go on.
  public static func drive<Source: DashboardSource, Backend: TerminalBackend, Clock: PacingClock>(
    _ model: inout DashboardModel, source: inout Source, backend: inout Backend, clock: Clock,
    announcer: (any CueAnnouncer)? = nil, notice: () -> String? = { nil },
    lapPresses: () -> Int = { 0 }, history: ((inout Backend) -> String?)? = nil,
    isStopped: () -> Bool
  ) -> Bool {
    var announcer = announcer
    var lastDraw = -Double.infinity
    while !isStopped() {
      var busy = false
      if model.summary == nil {
        let deadline = clock.now() + batchSeconds
        polling: repeat {
          switch source.poll(timeout: busy ? 0 : pollTimeout) {
          case .event(let event):
            for command in model.handle(event, now: clock.now()) {
              if case .say(let cue) = command { announcer?.say(cue) }
            }
            busy = true
          case .idle:
            break polling
          case .ended:
            for command in model.sourceEnded() {
              if case .say(let cue) = command { announcer?.say(cue) }
            }
            break polling
          }
        } while clock.now() < deadline && model.summary == nil
        model.observe(source.controls)
      }
      var keyTimeout = busy ? 0 : (model.summary == nil ? 0.02 : 0.25)
      while let key = backend.readKey(timeout: keyTimeout) {
        keyTimeout = 0
        for command in model.press(key, now: clock.now()) {
          switch command {
          case .quit: return true
          case .repaint: backend.invalidate()
          case .say(let cue): announcer?.say(cue)
          case .openHistory:
            guard let history else {
              model.show("The history is not available here", now: clock.now())
              continue
            }
            let note = history(&backend)
            backend.invalidate()
            if let note { model.show(note, for: noticeSeconds, now: clock.now()) }
          default: _ = source.carryOut(command)
          }
        }
        model.observe(source.controls)
      }
      for _ in 0..<max(0, lapPresses()) where model.summary == nil {
        for command in model.pressLap(now: clock.now()) {
          if case .say(let cue) = command {
            announcer?.say(cue)
          } else {
            _ = source.carryOut(command)
          }
        }
      }
      announcer?.tick()
      if let text = notice() { model.show(text, for: noticeSeconds, now: clock.now()) }
      let now = clock.now()
      _ = model.tick(now: now)
      if model.needsRedraw, !busy || now - lastDraw >= batchSeconds {
        let (columns, rows) = backend.size
        if let grid = model.render(columns: columns, rows: rows) { backend.draw(grid) }
        lastDraw = now
      }
    }
    return false
  }
}
