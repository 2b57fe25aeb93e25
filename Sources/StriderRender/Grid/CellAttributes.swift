/// Text attributes a cell can carry; each maps onto a curses attribute (`A_BOLD`, ...).
///
/// Monochrome terminals show all four, so they carry the meaning colour cannot (the state
/// word is reverse video, inactive filters are dim).
public struct CellAttributes: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = CellAttributes(rawValue: 1 << 0)
  public static let dim = CellAttributes(rawValue: 1 << 1)
  public static let reverse = CellAttributes(rawValue: 1 << 2)
  public static let underline = CellAttributes(rawValue: 1 << 3)
}
