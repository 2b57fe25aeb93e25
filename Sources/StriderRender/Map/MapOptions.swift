/// How the route map draws: line characters or braille, thin or thick, which layers.
public struct MapOptions: Sendable, Hashable {
  /// The drawing mode.
  public enum Drawing: String, Sendable, Hashable, CaseIterable {
    /// One character per cell, `-|/\` chosen by the line's direction (Bresenham's line
    /// algorithm): works in any terminal.
    case ascii
    /// Braille patterns, 2×4 dots per cell: four times the resolution, for UTF-8 terminals.
    case braille
  }

  public var drawing: Drawing
  /// A wider line: a thin line over noisy GPS reads as error, a wider one reads as a route.
  public var thick: Bool
  /// Draw the raw fixes under the route (the filter lab shows them).
  public var showsRaw: Bool
  /// Draw the rejected fixes with their reason's marker.
  public var showsRejected: Bool

  public init(
    drawing: Drawing = .braille, thick: Bool = false, showsRaw: Bool = false,
    showsRejected: Bool = true
  ) {
    self.drawing = drawing
    self.thick = thick
    self.showsRaw = showsRaw
    self.showsRejected = showsRejected
  }

  /// The mode actually used with a glyph set: braille falls back to ASCII lines when the
  /// terminal cannot show braille.
  public func effectiveDrawing(for glyphs: Glyphs) -> Drawing {
    drawing == .braille && glyphs.hasBraille ? .braille : .ascii
  }
}
