/// A rectangle of cells: a panel's place on the screen.
public struct GridRect: Sendable, Hashable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// True when the rectangle holds no cell.
  public var isEmpty: Bool { width <= 0 || height <= 0 }
  /// One past the last column.
  public var maxX: Int { x + width }
  /// One past the last row.
  public var maxY: Int { y + height }

  /// The part of this rectangle that also lies in `other` (empty when they do not meet).
  public func intersection(_ other: GridRect) -> GridRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return GridRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// This rectangle shrunk by `amount` cells on every side (a box's interior).
  public func inset(by amount: Int) -> GridRect {
    GridRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// Whether the cell at (`column`, `row`) lies inside.
  public func contains(column: Int, row: Int) -> Bool {
    column >= x && column < maxX && row >= y && row < maxY
  }

  public var description: String { "\(width)×\(height)@(\(x),\(y))" }
}
