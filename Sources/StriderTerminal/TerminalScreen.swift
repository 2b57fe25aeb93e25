import CNcursesw
import StriderRender

#if canImport(Glibc)
  import Glibc
#endif

/// The curses screen: the one place Strider talks to ncurses, and the `TerminalBackend` the
/// dashboard loop runs on outside tests.
///
/// It copies rendered grids to the terminal (only the cells that changed, with the
/// wide-character API, then one `doupdate`), reads keys with a timeout, and restores the
/// terminal in `close()`, which is idempotent and also runs on `deinit`, so every way out of
/// the program leaves the terminal as it was. It is a class because it is a resource: one
/// per process, opened and closed once.
///
/// `newterm` is used rather than `initscr`, which prints an error and exits the process on
/// an unknown `TERM`; here that case becomes a `TerminalError` the command reports.
public final class TerminalScreen: TerminalBackend {
  /// What the caller knows about the environment (injected, so nothing here reads it).
  public struct Options: Sendable {
    /// The `TERM` variable.
    public var term: String?
    /// False when the user asked for no colour (`NO_COLOR`).
    public var allowsColour: Bool
    /// Draw with seven-bit characters whatever the locale (`--ascii`).
    public var forcesASCII: Bool

    public init(term: String?, allowsColour: Bool = true, forcesASCII: Bool = false) {
      self.term = term
      self.allowsColour = allowsColour
      self.forcesASCII = forcesASCII
    }
  }

  /// The characters to draw with: ASCII unless the locale is UTF-8 (see `Glyphs`).
  public let glyphs: Glyphs
  /// Whether cells are drawn in colour (false on monochrome terminals or with `NO_COLOR`).
  public let hasColour: Bool

  private var screen: OpaquePointer?
  private let window: UnsafeMutablePointer<WINDOW>
  private var previous: Grid?
  private var pairs: [Int: Int16] = [:]
  private var defaultColoursWork = false
  private var isClosed = false

  /// Opens the dashboard screen on the process's terminal.
  ///
  /// - Throws: `TerminalError` when standard output is not a terminal, `TERM` is unset or
  ///   `dumb`, or ncurses does not know `TERM`. The terminal is untouched then.
  public init(options: Options) throws(TerminalError) {
    guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    guard let term = options.term, !term.isEmpty, term != "dumb" else {
      throw .dumbTerminal(term: options.term)
    }
    strider_set_locale()
    let codeset = String(cString: strider_codeset())
    glyphs = options.forcesASCII ? .ascii : Glyphs.forTerminal(codeset: codeset, term: term)
    guard let screen = strider_newterm(nil) else { throw .unknownTerminal(term: term) }
    guard let window = strider_stdscr() else {
      endwin()
      delscreen(screen)
      throw .unknownTerminal(term: term)
    }
    self.screen = screen
    self.window = window
    cbreak()
    noecho()
    nonl()
    keypad(window, true)
    set_escdelay(25)
    curs_set(0)
    leaveok(window, true)
    var colour = false
    if options.allowsColour, has_colors() {
      colour = start_color() == strider_ok()
      if colour { defaultColoursWork = use_default_colors() == strider_ok() }
    }
    hasColour = colour
    wclear(window)
  }

  deinit { close() }

  /// The terminal's size in cells.
  public var size: (columns: Int, rows: Int) {
    guard !isClosed else { return (0, 0) }
    return (Int(getmaxx(window)), Int(getmaxy(window)))
  }

  /// Shows `grid`: writes the cells that differ from the grid shown before (every cell
  /// after a resize or `invalidate()`), then updates the terminal once.
  public func draw(_ grid: Grid) {
    guard !isClosed else { return }
    let changes: [CellChange]
    if let previous, previous.width == grid.width, previous.height == grid.height {
      changes = grid.changes(from: previous)
    } else {
      // The terminal's old contents no longer line up: clear it on the next update.
      wclear(window)
      changes = grid.changes(from: Grid(width: 0, height: 0))
    }
    for change in changes where !change.cell.isContinuation {
      put(change.cell, column: change.column, row: change.row)
    }
    previous = grid
    wnoutrefresh(window)
    doupdate()
  }

  /// Forgets what the terminal shows, so the next `draw` repaints everything (Ctrl-L).
  public func invalidate() {
    previous = nil
  }

  /// Waits up to `timeout` seconds for a key; nil when none came.
  public func readKey(timeout: Double) -> TerminalKey? {
    guard !isClosed else { return nil }
    let milliseconds = Int32(max(0, min(60_000, (timeout * 1000).rounded())))
    wtimeout(window, milliseconds)
    var code: wint_t = 0
    let result = wget_wch(window, &code)
    if result == strider_err() { return nil }
    if result == strider_key_code_yes() {
      switch Int32(bitPattern: code) {
      case strider_key_left(): return .left
      case strider_key_right(): return .right
      case strider_key_up(): return .up
      case strider_key_down(): return .down
      case strider_key_resize(): return .resize
      case let other: return .other(other)
      }
    }
    guard let scalar = Unicode.Scalar(UInt32(code)) else { return .other(Int32(bitPattern: code)) }
    return .character(Character(scalar))
  }

  /// Restores the terminal (cursor, modes, the screen the shell had). Safe to call twice.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    curs_set(1)
    endwin()
    if let screen { delscreen(screen) }
    screen = nil
  }

  // MARK: Cells

  private func put(_ cell: Cell, column: Int, row: Int) {
    var text: [wchar_t] = []
    for scalar in cell.character.unicodeScalars.prefix(4) {
      text.append(wchar_t(bitPattern: scalar.value))
    }
    text.append(0)
    let attributes = self.attributes(cell.attributes)
    let pair = hasColour ? self.pair(foreground: cell.foreground, background: cell.background) : 0
    _ = text.withUnsafeBufferPointer { buffer in
      strider_put_cell(window, Int32(row), Int32(column), buffer.baseAddress, attributes, pair)
    }
  }

  private func attributes(_ attributes: CellAttributes) -> attr_t {
    var result = strider_attr_normal()
    if attributes.contains(.bold) { result |= strider_attr_bold() }
    if attributes.contains(.dim) { result |= strider_attr_dim() }
    if attributes.contains(.reverse) { result |= strider_attr_reverse() }
    if attributes.contains(.underline) { result |= strider_attr_underline() }
    return result
  }

  /// The colour pair for a foreground and background, made the first time it is used.
  /// Pair 0 is the terminal's default colours; when the terminal runs out of pairs, cells
  /// fall back to it (their attributes still carry the meaning).
  private func pair(foreground: TerminalColor, background: TerminalColor) -> Int16 {
    if foreground == .default, background == .default { return 0 }
    let key = (foreground.rawValue + 1) * 16 + (background.rawValue + 1)
    if let pair = pairs[key] { return pair }
    let number = pairs.count + 1
    guard number < min(Int(Int16.max), Int(strider_color_pairs())) else { return 0 }
    func curses(_ color: TerminalColor, fallback: Int16) -> Int16 {
      if let index = color.ansiIndex { return Int16(index) }
      return defaultColoursWork ? -1 : fallback
    }
    let made = init_pair(
      Int16(number), curses(foreground, fallback: 7), curses(background, fallback: 0))
    let pair: Int16 = made == strider_ok() ? Int16(number) : 0
    pairs[key] = pair
    return pair
  }
}
