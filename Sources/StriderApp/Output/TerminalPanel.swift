import Foundation
import StriderRender

/// A panel printed into the terminal's scrolling output (`strider day`, `lab policies`,
/// `run --auto`): drawn into a grid as wide as the terminal, with the glyphs and colours it
/// can show, when standard output is a terminal that is not `dumb`; the commands print
/// plain text otherwise.
public enum TerminalPanel {
  /// Whether standard output is a terminal a panel can be drawn on.
  public static var isAvailable: Bool {
    isatty(STDOUT_FILENO) == 1 && ProcessEnvironment.variables["TERM"] != "dumb"
  }

  /// The terminal's width (its window size, else `COLUMNS`, else 80), from 20 to 200.
  public static var width: Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return min(200, max(20, Int(size.ws_col)))
    }
    if let text = ProcessEnvironment.variables["COLUMNS"], let columns = Int(text),
      columns > 0
    {
      return min(200, max(20, columns))
    }
    return 80
  }

  /// The glyph set the locale and `TERM` allow, as the dashboard chooses it.
  public static var glyphs: Glyphs {
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    return Glyphs.forTerminal(
      codeset: codeset, term: ProcessEnvironment.variables["TERM"])
  }

  /// Colour unless `NO_COLOR` is set (to anything but the empty string).
  public static var colour: Bool { (ProcessEnvironment.variables["NO_COLOR"] ?? "").isEmpty }

  /// Draws with `draw` into a grid as wide as the terminal and `height` high and returns it
  /// as styled lines (plain without colour); with ASCII glyphs nothing beyond ASCII is left
  /// in it (a place's name may hold any text).
  public static func render(height: Int, glyphs: Glyphs, _ draw: (inout Grid) -> Void) -> String {
    var grid = Grid(width: width, height: max(1, height))
    draw(&grid)
    if glyphs.kind == .ascii { grid = grid.asciiOnly() }
    return grid.styledText(colour: colour)
  }
}
