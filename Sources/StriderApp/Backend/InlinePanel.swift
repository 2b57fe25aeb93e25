import StriderRender

/// A panel printed into the terminal's scrolling output and redrawn in place: each
/// drawing goes back over the last one (CPL) and clears below it (ED); its keys come from
/// `keys` (the bytes typed since the last call), a byte a key. The first refused write is
/// kept, and nothing more is drawn.
public final class InlinePanel: TerminalBackend {
  let colour: Bool
  let width: () -> Int
  let keys: (() -> [UInt8])?
  public private(set) var failure: OutputError?
  private var drawnRows = 0
  private var typed: [UInt8] = []

  public init(colour: Bool, width: @escaping () -> Int, keys: (() -> [UInt8])?) {
    self.colour = colour
    self.width = width
    self.keys = keys
  }

  /// The terminal's width; the panel grows down the scrolling output, so its height is
  /// the panel's own.
  public var size: (columns: Int, rows: Int) { (width(), Int(Int32.max)) }

  public func draw(_ grid: Grid) {
    guard failure == nil else { return }
    let back = drawnRows > 0 ? "\u{1B}[\(drawnRows)F\u{1B}[J" : ""
    do {
      try Output.standard(back + grid.styledText(colour: colour))
    } catch {
      failure = error
    }
    drawnRows = grid.height
  }

  public func invalidate() {}

  /// The next key typed, without waiting (the source's poll waits).
  public func readKey(timeout: Double) -> TerminalKey? {
    if typed.isEmpty, let keys { typed = keys() }
    guard !typed.isEmpty else { return nil }
    return .character(Character(UnicodeScalar(typed.removeFirst())))
  }
}
