import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Single key presses from the terminal on standard input, for a command that draws its own
/// panel in the scrolling output (`run --auto`) rather than an ncurses screen.
///
/// While it is open the terminal reads without waiting for a line and without echo; Ctrl-C
/// and the other signal keys still signal. `restore()` puts the terminal back as it was
/// (the command calls it on every way out; a stop by signal comes back through the loop).
final class KeyInput {
  private var saved = termios()
  private var isOpen = false

  /// Nil when standard input is not a terminal (a pipe, `/dev/null`, a service), or not
  /// this process's to set: run in the background (`&`), changing the terminal would stop
  /// the process (SIGTTOU) and take the keys from the shell in front.
  init?() {
    guard isatty(STDIN_FILENO) == 1, tcgetpgrp(STDIN_FILENO) == getpgrp(),
      tcgetattr(STDIN_FILENO, &saved) == 0
    else { return nil }
    var keys = saved
    keys.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &keys.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &keys) == 0 else { return nil }
    isOpen = true
  }

  /// The bytes typed since the last call, without waiting.
  func take() -> [UInt8] {
    guard isOpen else { return [] }
    var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, 0) > 0, ready.revents & Int16(POLLIN) != 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    return count > 0 ? Array(buffer[..<count]) : []
  }

  /// The terminal as it was before.
  func restore() {
    guard isOpen else { return }
    isOpen = false
    tcsetattr(STDIN_FILENO, TCSANOW, &saved)
  }

  deinit { restore() }
}
