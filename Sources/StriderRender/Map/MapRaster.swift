import StriderCore

/// The route line as pixels: one byte per cell, either braille dot bits or a line direction.
///
/// Lines are rasterised with Bresenham's algorithm (J. E. Bresenham, "Algorithm for
/// computer control of a digital plotter", IBM Systems Journal 4(1), 1965) after clipping to
/// the panel with the Liang–Barsky test (Y.-D. Liang and B. A. Barsky, "A new concept and
/// method for line clipping", ACM TOG 3(1), 1984), so a segment far outside costs nothing
/// and one crossing the panel is drawn only where it is visible.
struct MapRaster {
  /// Line direction codes of the ASCII mode.
  enum Direction: UInt8 {
    case horizontal = 1
    case vertical = 2
    case rising = 3
    case falling = 4

    var character: Character {
      switch self {
      case .horizontal: "-"
      case .vertical: "|"
      case .rising: "/"
      case .falling: "\\"
      }
    }
  }

  let columns: Int
  let rows: Int
  let braille: Bool
  let thick: Bool
  /// Pixels per cell across and down: 2×4 for braille, 1×1 for ASCII.
  let pixelsAcross: Int
  let pixelsDown: Int
  let pixelWidth: Int
  let pixelHeight: Int
  /// Per cell: braille dot bits, or a `Direction` raw value (0 = empty).
  var cells: [UInt8]

  init(columns: Int, rows: Int, braille: Bool, thick: Bool) {
    self.columns = columns
    self.rows = rows
    self.braille = braille
    self.thick = thick
    pixelsAcross = braille ? 2 : 1
    pixelsDown = braille ? 4 : 1
    pixelWidth = columns * pixelsAcross
    pixelHeight = rows * pixelsDown
    cells = Array(repeating: 0, count: columns * rows)
  }

  /// The braille dot bit of each pixel in a cell, indexed [row * 2 + column] (Unicode's
  /// dot numbering: 1 2 3 7 down the left, 4 5 6 8 down the right).
  static let dotBits: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

  /// Sets one pixel (and, for a thick line, its neighbours right and below).
  @inline(__always)
  mutating func plot(_ x: Int, _ y: Int, _ direction: Direction) {
    set(x, y, direction)
    if thick {
      set(x + 1, y, direction)
      if braille {
        set(x, y + 1, direction)
        set(x + 1, y + 1, direction)
      }
    }
  }

  @inline(__always)
  private mutating func set(_ x: Int, _ y: Int, _ direction: Direction) {
    guard x >= 0, y >= 0, x < pixelWidth, y < pixelHeight else { return }
    if braille {
      let index = (y >> 2) * columns + (x >> 1)
      cells[index] |= MapRaster.dotBits[(y & 3) << 1 | (x & 1)]
    } else {
      cells[y * columns + x] = direction.rawValue
    }
  }

  /// The direction character of a segment as it looks on screen (rows are twice as tall
  /// as columns are wide, so the vertical step counts double).
  static func direction(dx: Double, dy: Double, rowScale: Double) -> Direction {
    let ax = abs(dx)
    let ay = abs(dy * rowScale)
    let tan22 = 0.41421356
    if ay <= tan22 * ax { return .horizontal }
    if ax <= tan22 * ay { return .vertical }
    return (dx > 0) == (dy < 0) ? .rising : .falling
  }

  /// Draws the segment between two pixel positions (fractional, may lie anywhere).
  mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
    let maxX = Double(pixelWidth)
    let maxY = Double(pixelHeight)
    // Cull: both ends beyond the same edge.
    if (x0 < 0 && x1 < 0) || (y0 < 0 && y1 < 0) || (x0 >= maxX && x1 >= maxX)
      || (y0 >= maxY && y1 >= maxY)
    {
      return
    }
    let direction =
      braille ? .horizontal : MapRaster.direction(dx: x1 - x0, dy: y1 - y0, rowScale: 2)
    var a = (x0, y0)
    var b = (x1, y1)
    if !(x0 >= 0 && x0 < maxX && y0 >= 0 && y0 < maxY && x1 >= 0 && x1 < maxX && y1 >= 0
      && y1 < maxY)
    {
      guard let clipped = MapRaster.clip(x0, y0, x1, y1, maxX: maxX, maxY: maxY) else { return }
      (a, b) = clipped
    }
    bresenham(
      Int(saturating: a.0), Int(saturating: a.1), Int(saturating: b.0), Int(saturating: b.1),
      direction)
  }

  /// A point on its own (the first of a segment, or a lone fix).
  mutating func point(_ x: Double, _ y: Double) {
    guard x >= 0, y >= 0, x < Double(pixelWidth), y < Double(pixelHeight) else { return }
    plot(Int(x), Int(y), .horizontal)
  }

  private mutating func bresenham(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ d: Direction) {
    var x = x0
    var y = y0
    let dx = abs(x1 - x0)
    let dy = -abs(y1 - y0)
    let sx = x0 < x1 ? 1 : -1
    let sy = y0 < y1 ? 1 : -1
    var error = dx + dy
    while true {
      plot(x, y, d)
      if x == x1 && y == y1 { return }
      let e2 = 2 * error
      if e2 >= dy {
        error += dy
        x += sx
      }
      if e2 <= dx {
        error += dx
        y += sy
      }
    }
  }

  /// Liang–Barsky: the part of a segment inside [0, maxX) × [0, maxY), or nil.
  static func clip(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, maxX: Double, maxY: Double
  ) -> ((Double, Double), (Double, Double))? {
    let high = (maxX.nextDown, maxY.nextDown)
    let dx = x1 - x0
    let dy = y1 - y0
    var t0 = 0.0
    var t1 = 1.0
    let edges: [(Double, Double)] = [(-dx, x0), (dx, high.0 - x0), (-dy, y0), (dy, high.1 - y0)]
    for (p, q) in edges {
      if p == 0 {
        if q < 0 { return nil }
      } else {
        let r = q / p
        if p < 0 {
          if r > t1 { return nil }
          if r > t0 { t0 = r }
        } else {
          if r < t0 { return nil }
          if r < t1 { t1 = r }
        }
      }
    }
    return ((x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy))
  }
}
