import StriderRender
import StriderSources

/// `run --auto`'s loop: polls the source and the backend's keys, hands both to the
/// `AutoRunModel`, and draws its panel at each change and once a second while a session
/// runs. The command runs it on gpsd and the terminal's scrolling output; tests on a
/// replay and a `TestBackend`.
public enum AutoRunLoop {
  /// Longest wait in one source poll.
  static var pollTimeout: Double { 0.25 }

  /// Watches until the source ends, `q` is pressed (twice during a session), or
  /// `isStopped`; then ends the session under way, kept as every session is.
  ///
  /// `notice` is asked once a turn for a line from outside the watch (stderr written to
  /// the log), shown on the panel.
  public static func run<Source: FixSource, Backend: TerminalBackend, Clock: PacingClock>(
    _ model: inout AutoRunModel, source: inout Source, backend: inout Backend, clock: Clock,
    notice: () -> String? = { nil }, isStopped: () -> Bool
  ) throws {
    var lastDraw = -Double.infinity
    func draw(force: Bool) {
      guard let panel = model.currentPanel() else { return }
      let now = clock.now()
      guard force || now - lastDraw >= 1 else { return }
      lastDraw = now
      backend.draw(panel.render(columns: backend.size.columns))
    }
    try model.begin()
    draw(force: true)
    watching: while !isStopped() {
      var pressed = false
      while let key = backend.readKey(timeout: 0) {
        if model.press(key) { break watching }
        pressed = true
      }
      if pressed { draw(force: true) }
      var noticed = false
      if let text = notice() {
        model.show(text)
        noticed = true
      }
      guard let changed = try model.handle(source.poll(timeout: pollTimeout)) else { break }
      if changed {
        draw(force: true)
      } else if model.isRecording || noticed {
        draw(force: false)
      }
    }
    try model.finish()
    draw(force: true)
  }
}
