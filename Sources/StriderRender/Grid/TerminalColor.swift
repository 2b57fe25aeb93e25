/// One of the colours every colour terminal has: the terminal's default plus the eight ANSI
/// colours.
///
/// Strider sticks to these because they are what `TERM=xterm`, the Linux console and
/// 256-colour terminals all agree on; the user's theme decides the exact shades. Nothing may
/// depend on colour alone: a monochrome terminal shows the same glyphs and attributes.
public enum TerminalColor: Int, Sendable, Hashable, CaseIterable {
  /// The terminal's own foreground or background (ncurses `-1` after `use_default_colors`).
  case `default` = -1
  case black = 0
  case red = 1
  case green = 2
  case yellow = 3
  case blue = 4
  case magenta = 5
  case cyan = 6
  case white = 7

  /// The ANSI / curses colour number, or nil for the terminal's default.
  public var ansiIndex: Int? { self == .default ? nil : rawValue }
}
