import CNcursesw

/// The ncurses library version, to prove the system library links.
enum Curses {
  static var version: String { String(cString: curses_version()) }
}
