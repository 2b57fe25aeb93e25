/// A key press (or a resize) as a `TerminalBackend` reads it.
public enum TerminalKey: Sendable, Hashable {
  /// A printable character (or a control character such as Ctrl-L).
  case character(Character)
  case left
  case right
  case up
  case down
  /// The terminal changed size (ncurses turns SIGWINCH into `KEY_RESIZE`).
  case resize
  /// Any other function key, by its curses key code.
  case other(Int32)
}
