/// The look of a cell apart from its character: colours and attributes.
///
/// Drawing calls take a style rather than three separate arguments, so a panel can name
/// its styles once (`.label`, `.value`) and use them everywhere.
public struct CellStyle: Sendable, Hashable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: CellAttributes

  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: CellAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look.
  public static let plain = CellStyle()
  /// Bold in the default colour.
  public static let bold = CellStyle(attributes: .bold)
  /// Dim in the default colour, for labels and inactive things.
  public static let dim = CellStyle(attributes: .dim)

  /// This style with a different foreground.
  public func foreground(_ color: TerminalColor) -> CellStyle {
    var copy = self
    copy.foreground = color
    return copy
  }

  /// This style with more attributes.
  public func adding(_ attributes: CellAttributes) -> CellStyle {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }
}

extension CellStyle {
  /// Underlined in the default colour, for headings.
  public static let underline = CellStyle(attributes: .underline)
}
