extension Grid {
  /// The grid as lines a command prints into the terminal's scrolling output (a panel that
  /// stays on screen after the command ends, unlike the full-screen dashboard): colours and
  /// attributes as ECMA-48 SGR sequences, reset at each line's end, trailing blanks trimmed.
  ///
  /// Without `colour` only the attributes are sent (bold, dim, reverse, underline), as on a
  /// monochrome terminal. Characters are the cells' own: the caller asks for ASCII glyphs
  /// (and `asciiOnly()`) where the terminal cannot show more.
  public func styledText(colour: Bool) -> String {
    var out = ""
    for row in 0..<height {
      var line = ""
      var current = CellStyle.plain
      var lastVisible = 0
      for column in 0..<width {
        let cell = self[column, row]
        if cell.isContinuation { continue }
        var style = cell.style
        if !colour {
          style.foreground = .default
          style.background = .default
        }
        if style != current {
          line += Self.sgr(style)
          current = style
        }
        line.append(cell.character)
        if cell.character != " " || style.background != .default
          || style.attributes.contains(.reverse)
        {
          lastVisible = line.unicodeScalars.count
        }
      }
      // Cut after the last visible cell (in scalars, escapes included), then reset.
      let kept = String(String.UnicodeScalarView(line.unicodeScalars.prefix(lastVisible)))
      out += kept + (kept.contains("\u{1B}") ? "\u{1B}[0m" : "") + "\n"
    }
    return out
  }

  /// The SGR sequence that sets `style` from scratch: a reset, then its attributes and
  /// colours.
  static func sgr(_ style: CellStyle) -> String {
    var codes = ["0"]
    if style.attributes.contains(.bold) { codes.append("1") }
    if style.attributes.contains(.dim) { codes.append("2") }
    if style.attributes.contains(.underline) { codes.append("4") }
    if style.attributes.contains(.reverse) { codes.append("7") }
    if let index = style.foreground.ansiIndex { codes.append(String(30 + index)) }
    if let index = style.background.ansiIndex { codes.append(String(40 + index)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
