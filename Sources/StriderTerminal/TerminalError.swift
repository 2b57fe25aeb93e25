/// Why the dashboard cannot open on this terminal; the message always names the way out.
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Standard output is a pipe or a file, not a terminal.
  case notATerminal
  /// `TERM` is unset or `dumb`: no cursor addressing.
  case dumbTerminal(term: String?)
  /// ncurses has no terminfo entry for `TERM`.
  case unknownTerminal(term: String)

  public var description: String {
    "\(problem); use --headless for JSON events instead of the dashboard"
  }

  /// What is wrong, without the way out: a command with no headless mode names its own.
  public var problem: String {
    switch self {
    case .notATerminal:
      return "standard output is not a terminal"
    case .dumbTerminal(let term):
      let what = term.map { "TERM=\($0)" } ?? "TERM is not set"
      return "\(what): this terminal cannot draw the dashboard"
    case .unknownTerminal(let term):
      return "unknown terminal type TERM=\(term) (no terminfo entry)"
    }
  }
}
