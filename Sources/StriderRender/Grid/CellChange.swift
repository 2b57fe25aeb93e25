/// One cell to send to the terminal: where it is and what it now shows.
///
/// The driver writes `cell.character` at (`column`, `row`) with its colours and attributes,
/// skipping continuation cells (the wide character to their left already covers them).
public struct CellChange: Sendable, Hashable {
  public var column: Int
  public var row: Int
  public var cell: Cell
}
