/// A rectangle of cells in memory: what a terminal of `width` × `height` should show.
///
/// Every panel draws into a grid, never into the terminal, so that drawing is a pure
/// function of its input and can be tested as text (`text`); the ncurses driver copies
/// `changes(from:)` to the screen. Drawing is clipped: nothing written outside the grid, or
/// past the right edge, lands anywhere, and a wide character that would straddle the edge is
/// left out rather than split.
public struct Grid: Sendable, Hashable {
  public let width: Int
  public let height: Int
  /// The cells row by row, `width * height` of them.
  public private(set) var cells: [Cell]

  /// A grid of blank cells; negative sizes count as zero.
  public init(width: Int, height: Int, filling cell: Cell = .blank) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: cell, count: self.width * self.height)
  }

  /// The whole grid as a rectangle at the origin.
  public var bounds: GridRect { GridRect(x: 0, y: 0, width: width, height: height) }

  /// The cell at a position; a blank cell outside the grid.
  public subscript(column: Int, row: Int) -> Cell {
    guard column >= 0, column < width, row >= 0, row < height else { return .blank }
    return cells[row * width + column]
  }

  /// Puts one character at a position, keeping wide characters whole: overwriting either
  /// half of a wide character blanks the other half, and a wide character that does not fit
  /// before the right edge is not drawn. Control characters are ignored.
  ///
  /// - Returns: the columns the character took (0 when it was not drawn).
  @discardableResult
  public mutating func put(_ character: Character, column: Int, row: Int, style: CellStyle = .plain)
    -> Int
  {
    let w = TextWidth.of(character)
    guard w > 0, row >= 0, row < height, column >= 0, column + w <= width else { return 0 }
    clearWideNeighbours(column: column, row: row)
    cells[row * width + column] = Cell(character, style: style)
    if w == 2 {
      clearWideNeighbours(column: column + 1, row: row)
      cells[row * width + column + 1] = .continuation(style: style)
    }
    return w
  }

  /// Sets a narrow cell directly (the fast path of the map), keeping wide characters whole.
  mutating func setNarrow(_ cell: Cell, column: Int, row: Int) {
    guard column >= 0, column < width, row >= 0, row < height else { return }
    let index = row * width + column
    if cells[index].isContinuation || (column + 1 < width && cells[index + 1].isContinuation) {
      clearWideNeighbours(column: column, row: row)
    }
    cells[index] = cell
  }

  /// Blanks the other half of a wide character that covers (`column`, `row`).
  private mutating func clearWideNeighbours(column: Int, row: Int) {
    let index = row * width + column
    if cells[index].isContinuation, column > 0 {
      cells[index - 1] = Cell(" ", style: cells[index - 1].style)
      cells[index] = Cell(" ", style: cells[index].style)
    }
    if column + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1] = Cell(" ", style: cells[index + 1].style)
    }
  }

  /// Writes text from a position to the right, clipped to the grid and to `maxWidth`
  /// columns. Columns left of the grid are skipped (the text is still measured from
  /// `column`), newlines and tabs are drawn as spaces.
  ///
  /// - Returns: the number of columns the text covered from `column`, drawn or clipped.
  @discardableResult
  public mutating func write(
    _ text: String, column: Int, row: Int, style: CellStyle = .plain, maxWidth: Int? = nil
  ) -> Int {
    let limit = maxWidth.map { column + max(0, $0) } ?? width
    var x = column
    for raw in text {
      let character: Character = raw == "\n" || raw == "\t" ? " " : raw
      let w = TextWidth.of(character)
      if w == 0 { continue }
      if x + w > limit { break }
      if x >= 0 { put(character, column: x, row: row, style: style) }
      x += w
    }
    return x - column
  }

  /// Writes text centred in a row of `rect`, clipped to it.
  public mutating func writeCentred(_ text: String, in rect: GridRect, row: Int, style: CellStyle) {
    let cut = TextLayout.truncate(text, to: rect.width)
    let offset = (rect.width - TextWidth.of(cut)) / 2
    write(cut, column: rect.x + offset, row: row, style: style, maxWidth: rect.width - offset)
  }

  /// Fills a rectangle (clipped to the grid) with one character.
  public mutating func fill(
    _ rect: GridRect, with character: Character = " ", style: CellStyle = .plain
  ) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let narrow = TextWidth.of(character) == 1 ? character : " "
    for row in area.y..<area.maxY {
      for column in area.x..<area.maxX {
        setNarrow(Cell(narrow, style: style), column: column, row: row)
      }
    }
  }

  /// Draws a frame around the edge of `rect` with the glyph set's line characters, and a
  /// title in the top edge when one is given and there is room.
  public mutating func drawBox(
    _ rect: GridRect, glyphs: Glyphs, style: CellStyle = .plain, title: String? = nil,
    titleStyle: CellStyle = .bold
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let b = glyphs.box
    for column in (rect.x + 1)..<(rect.maxX - 1) {
      put(b.horizontal, column: column, row: rect.y, style: style)
      put(b.horizontal, column: column, row: rect.maxY - 1, style: style)
    }
    for row in (rect.y + 1)..<(rect.maxY - 1) {
      put(b.vertical, column: rect.x, row: row, style: style)
      put(b.vertical, column: rect.maxX - 1, row: row, style: style)
    }
    put(b.topLeft, column: rect.x, row: rect.y, style: style)
    put(b.topRight, column: rect.maxX - 1, row: rect.y, style: style)
    put(b.bottomLeft, column: rect.x, row: rect.maxY - 1, style: style)
    put(b.bottomRight, column: rect.maxX - 1, row: rect.maxY - 1, style: style)
    if let title, !title.isEmpty, rect.width >= 7 {
      let text = TextLayout.truncate(" \(title) ", to: rect.width - 4, ellipsis: glyphs.ellipsis)
      write(text, column: rect.x + 2, row: rect.y, style: titleStyle)
    }
  }

  /// A copy of the cells in `rect` (clipped to the grid) as a grid of its own.
  public func region(_ rect: GridRect) -> Grid {
    let area = rect.intersection(bounds)
    var part = Grid(width: area.width, height: area.height)
    for row in 0..<area.height {
      let from = (area.y + row) * width + area.x
      part.cells.replaceSubrange(
        (row * area.width)..<((row + 1) * area.width), with: cells[from..<(from + area.width)])
    }
    part.repairEdges()
    return part
  }

  /// Copies `other` into this grid with its top-left corner at (`column`, `row`), clipped.
  /// Wide characters cut by the clipping, or half covered at the pasted area's edges, are
  /// blanked so the grid never holds half a character.
  public mutating func paste(_ other: Grid, column: Int, row: Int) {
    let area = GridRect(x: column, y: row, width: other.width, height: other.height)
      .intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      let base = y * width
      if area.x > 0, cells[base + area.x].isContinuation {
        cells[base + area.x - 1] = Cell(" ", style: cells[base + area.x - 1].style)
      }
      for x in area.x..<area.maxX {
        let cell = other[x - column, y - row]
        if cell.isContinuation {
          cells[base + x] = x == area.x ? Cell(" ", style: cell.style) : cell
        } else if x + 1 == area.maxX, TextWidth.of(cell.character) == 2 {
          cells[base + x] = Cell(" ", style: cell.style)
        } else {
          cells[base + x] = cell
        }
      }
      if area.maxX < width, cells[base + area.maxX].isContinuation {
        let lead = cells[base + area.maxX - 1]
        if lead.isContinuation || TextWidth.of(lead.character) != 2 {
          cells[base + area.maxX] = Cell(" ", style: cells[base + area.maxX].style)
        }
      }
    }
  }

  /// Lets `body` draw into the cells of `rect` as a grid of its own (coordinates relative to
  /// the rectangle's corner), then copies the result back: how a panel is given its place.
  public mutating func withRegion(_ rect: GridRect, _ body: (inout Grid) -> Void) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    var part = region(area)
    body(&part)
    paste(part, column: area.x, row: area.y)
  }

  /// Clears a continuation cell at a left edge or a lead cell whose right half was cut off
  /// (after cutting a region out of a larger grid).
  private mutating func repairEdges() {
    guard width > 0 else { return }
    for row in 0..<height {
      let first = row * width
      if cells[first].isContinuation { cells[first] = Cell(" ", style: cells[first].style) }
      let last = first + width - 1
      if !cells[last].isContinuation, TextWidth.of(cells[last].character) == 2 {
        cells[last] = Cell(" ", style: cells[last].style)
      }
    }
  }

  /// The grid as plain text: rows joined by newlines, trailing spaces trimmed, wide
  /// characters once. The form golden files store.
  public var text: String {
    var lines: [String] = []
    lines.reserveCapacity(height)
    for row in 0..<height {
      var line = ""
      for column in 0..<width {
        let cell = cells[row * width + column]
        if !cell.isContinuation { line.append(cell.character) }
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// The cells that differ from `previous`, row by row: what the driver must write to turn
  /// the screen showing `previous` into this grid. After a resize (different sizes) every
  /// cell is a change, because the terminal's old contents no longer line up.
  public func changes(from previous: Grid) -> [CellChange] {
    var result: [CellChange] = []
    let resized = previous.width != width || previous.height != height
    for row in 0..<height {
      for column in 0..<width {
        let index = row * width + column
        if resized || cells[index] != previous.cells[index] {
          result.append(CellChange(column: column, row: row, cell: cells[index]))
        }
      }
    }
    return result
  }

  /// The same grid in the terminal's default colours, attributes kept: what a monochrome
  /// terminal shows, and a check that nothing depends on colour alone.
  public func withoutColour() -> Grid {
    var copy = self
    for index in copy.cells.indices {
      copy.cells[index].foreground = .default
      copy.cells[index].background = .default
    }
    return copy
  }

  /// The grid with every character outside seven-bit ASCII shown as `?` (a wide
  /// character's right half as `?` too, so the row keeps its width): what `--ascii` and a
  /// non-UTF-8 terminal get whatever a panel or a file name holds.
  public func asciiOnly() -> Grid {
    var copy = self
    for index in copy.cells.indices {
      let cell = copy.cells[index]
      if cell.isContinuation {
        copy.cells[index].isContinuation = false
        copy.cells[index].character = "?"
      } else if !cell.character.isASCII {
        copy.cells[index].character = "?"
      }
    }
    return copy
  }
}
