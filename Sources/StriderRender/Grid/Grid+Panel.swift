extension Grid {
  /// Begins a boxed panel: the grid cleared, a box drawn round its edge with `title` in it,
  /// and the area inside the box given back, or nil where that is no wider than
  /// `narrowest` columns or has no row, so the panel draws nothing more.
  mutating func beginPanel(title: String, glyphs: Glyphs, widerThan narrowest: Int) -> GridRect? {
    fill(bounds)
    drawBox(bounds, glyphs: glyphs, title: title)
    let inner = bounds.inset(by: 1)
    guard inner.width > narrowest, inner.height > 0 else { return nil }
    return inner
  }
}
