/// What one terminal cell shows: a character, its colours and its attributes.
///
/// A value, compared with `==`, so a frame can be diffed against the previous one and only
/// the cells that changed are sent to the terminal (as SwiftTUI does). A wide character
/// (CJK, most emoji) covers two columns: the left cell holds it and the right cell is a
/// *continuation* cell that the driver never writes.
public struct Cell: Sendable, Hashable {
  /// One grapheme cluster (a base character with any combining marks).
  public var character: Character
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: CellAttributes
  /// True for the right half of a wide character drawn in the cell to its left.
  public internal(set) var isContinuation: Bool

  /// A cell showing `character` in `style`.
  public init(_ character: Character = " ", style: CellStyle = .plain) {
    self.character = character
    foreground = style.foreground
    background = style.background
    attributes = style.attributes
    isContinuation = false
  }

  /// An empty cell in the terminal's default colours.
  public static let blank = Cell()

  /// The colours and attributes of the cell.
  public var style: CellStyle {
    get { CellStyle(foreground: foreground, background: background, attributes: attributes) }
    set {
      foreground = newValue.foreground
      background = newValue.background
      attributes = newValue.attributes
    }
  }

  /// The right half of a wide character in `style`.
  static func continuation(style: CellStyle) -> Cell {
    var cell = Cell(" ", style: style)
    cell.isContinuation = true
    return cell
  }
}
