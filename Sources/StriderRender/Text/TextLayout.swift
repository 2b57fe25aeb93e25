/// Fitting text into a number of columns: truncation, padding and word wrapping.
///
/// Everything counts display columns (`TextWidth`), not characters, so a wide or combined
/// character can never push a line past its panel.
public enum TextLayout {
  /// The longest prefix of `text` that fits in `width` columns; when something had to be
  /// cut, the last column shows `ellipsis` (if it is given and fits).
  public static func truncate(_ text: String, to width: Int, ellipsis: String = "") -> String {
    guard width > 0 else { return "" }
    if TextWidth.of(text) <= width { return text }
    let room = width - TextWidth.of(ellipsis)
    guard room >= 0 else { return prefix(text, width: width) }
    return prefix(text, width: room) + ellipsis
  }

  /// The longest prefix that fits in `width` columns.
  static func prefix(_ text: String, width: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      let w = TextWidth.of(character)
      if used + w > width { break }
      used += w
      result.append(character)
    }
    return result
  }

  /// `text` padded with spaces on the right to `width` columns (truncated if longer).
  public static func padRight(_ text: String, to width: Int) -> String {
    let cut = truncate(text, to: width)
    return cut + String(repeating: " ", count: max(0, width - TextWidth.of(cut)))
  }

  /// `text` padded with spaces on the left to `width` columns (truncated if longer).
  public static func padLeft(_ text: String, to width: Int) -> String {
    let cut = truncate(text, to: width)
    return String(repeating: " ", count: max(0, width - TextWidth.of(cut))) + cut
  }

  /// Word-wraps `text` into lines of at most `width` columns; a word longer than a line is
  /// broken where it must be. Runs of spaces collapse into one.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
      var rest = String(word)
      var restWidth = TextWidth.of(rest)
      if lineWidth > 0, lineWidth + 1 + restWidth <= width {
        line += " " + rest
        lineWidth += 1 + restWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      while restWidth > width {
        let head = prefix(rest, width: width)
        // A single character wider than the line cannot be placed at all: drop it.
        let taken = head.isEmpty ? String(rest.prefix(1)) : head
        if !head.isEmpty { lines.append(head) }
        rest = String(rest.dropFirst(taken.count))
        restWidth = TextWidth.of(rest)
      }
      line = rest
      lineWidth = restWidth
    }
    if lineWidth > 0 || lines.isEmpty { lines.append(line) }
    return lines
  }
}
