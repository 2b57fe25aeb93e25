/// Where the dashboard is shown and its keys read: the ncurses screen, or an in-memory
/// grid in tests (ratatui's `Backend` and `TestBackend`).
///
/// The dashboard loop talks only to this, so everything but the terminal itself is tested
/// without one; tmux tests are left for what only a real terminal shows.
public protocol TerminalBackend {
  /// The size in cells; zero while the backend cannot draw (closed).
  var size: (columns: Int, rows: Int) { get }
  /// Shows `grid`, the size of `size`.
  mutating func draw(_ grid: Grid)
  /// Forgets what is shown, so the next `draw` repaints every cell (Ctrl-L).
  mutating func invalidate()
  /// Waits up to `timeout` seconds for a key; nil when none came.
  mutating func readKey(timeout: Double) -> TerminalKey?
}
