/// `strider lab policies` on a terminal: the policies' table in a box, with a bar of the
/// share of the day each kept the precise receiver on (the battery's proxy) beside its
/// name, so the cheap ones stand out at a glance.
///
/// The cells come as text (the command formats them as its plain table does); columns that
/// do not fit the width are left off from the right and the title says how many.
public struct PolicyTablePanel: Sendable {
  public var title: String
  public var header: [String]
  /// One row per policy, as wide as `header`; the first cell is the policy's name.
  public var rows: [[String]]
  /// Each row's receiver-on share, 0...1.
  public var shares: [Double]
  /// Lines under the table (what the scores were against).
  public var notes: [String]
  public var glyphs: Glyphs

  public init(
    title: String, header: [String], rows: [[String]], shares: [Double], notes: [String] = [],
    glyphs: Glyphs
  ) {
    self.title = title
    self.header = header
    self.rows = rows
    self.shares = shares
    self.notes = notes
    self.glyphs = glyphs
  }

  /// Columns of the receiver-on bar.
  static let barWidth = 10

  /// The box, the header, a row per policy, a blank and the notes.
  public var preferredHeight: Int { 2 + 1 + rows.count + (notes.isEmpty ? 0 : 1 + notes.count) }

  /// Draws the table over the whole grid.
  public func draw(into grid: inout Grid) {
    grid.fill(grid.bounds)
    let inner = grid.bounds.inset(by: 1)
    let all = [header] + rows
    let widths = header.indices.map { c in
      all.map { TextWidth.of($0.count > c ? $0[c] : "") }.max() ?? 0
    }
    // The name, the bar, then as many of the other columns as fit, two spaces apart.
    var used = (widths.first ?? 0) + 2 + Self.barWidth
    var shown = 1
    while shown < widths.count, used + 2 + widths[shown] <= inner.width - 2 {
      used += 2 + widths[shown]
      shown += 1
    }
    var fullTitle = title
    if shown < widths.count {
      let off = widths.count - shown
      fullTitle +=
        "\(glyphs.separator)\(off) column\(off == 1 ? "" : "s") off: widen or --format table"
    }
    grid.drawBox(grid.bounds, glyphs: glyphs, title: fullTitle)
    guard inner.width > 4, inner.height > 0 else { return }
    for (index, row) in all.enumerated() {
      let y = inner.y + index
      guard y < inner.maxY else { return }
      var x = inner.x + 1
      let style: CellStyle = index == 0 ? .bold : .plain
      x += grid.write(
        TextLayout.padRight(row.first ?? "", to: widths.first ?? 0), column: x, row: y,
        style: style, maxWidth: inner.maxX - x)
      x += 2
      if index == 0 {
        grid.write("receiver", column: x, row: y, style: style, maxWidth: inner.maxX - x)
      } else {
        drawBar(shares.count >= index ? shares[index - 1] : 0, column: x, row: y, into: &grid)
      }
      x += Self.barWidth
      for c in 1..<shown {
        x += 2
        let cell = row.count > c ? row[c] : ""
        x += grid.write(
          TextLayout.padLeft(cell, to: widths[c]), column: x, row: y, style: style,
          maxWidth: inner.maxX - x)
      }
    }
    for (index, note) in notes.enumerated() {
      let y = inner.y + all.count + 1 + index
      guard y < inner.maxY else { return }
      grid.write(note, column: inner.x + 1, row: y, style: .dim, maxWidth: inner.width - 2)
    }
  }

  /// A bar of `share` in whole cells (eighths in Unicode), the rest in the empty glyph.
  private func drawBar(_ share: Double, column: Int, row: Int, into grid: inout Grid) {
    let clamped = min(1, max(0, share.isFinite ? share : 0))
    let eighths = Int((clamped * Double(Self.barWidth * 8)).rounded())
    let style = CellStyle(foreground: clamped > 0.5 ? .red : clamped > 0.2 ? .yellow : .green)
    for cell in 0..<Self.barWidth {
      let filled = eighths - cell * 8
      let character: Character
      if filled >= 8 {
        character = glyphs.barFull
      } else if filled > 0, !glyphs.barEighths.isEmpty {
        character = glyphs.barEighths[min(glyphs.barEighths.count - 1, filled - 1)]
      } else if filled >= 4 {
        character = glyphs.barFull
      } else {
        character = glyphs.barEmpty
      }
      grid.put(character, column: column + cell, row: row, style: style)
    }
  }
}
