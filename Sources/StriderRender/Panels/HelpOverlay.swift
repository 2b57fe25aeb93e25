/// A centred box listing every key, drawn over whatever is on screen.
///
/// It is the one place that lists everything, so it shows all groups whatever the mode;
/// groups that the mode does not offer are marked. If the terminal is too short, the list
/// is cut and the last row says so.
public struct HelpOverlay: Sendable {
  public var glyphs: Glyphs
  public var showsReplayKeys: Bool
  public var showsLabKeys: Bool

  public init(glyphs: Glyphs, showsReplayKeys: Bool = true, showsLabKeys: Bool = true) {
    self.glyphs = glyphs
    self.showsReplayKeys = showsReplayKeys
    self.showsLabKeys = showsLabKeys
  }

  private enum Line {
    case heading(String)
    case binding(KeyBinding)
    case blank
  }

  private var lines: [Line] {
    let all = KeyMap.bindings(glyphs: glyphs)
    var result: [Line] = []
    for group in KeyBinding.Group.allCases {
      let members = all.filter { $0.group == group }
      guard !members.isEmpty else { continue }
      var heading = group.rawValue
      if (group == .replay && !showsReplayKeys)
        || ((group == .lab || group == .faults) && !showsLabKeys)
      {
        heading += group == .replay ? " (replay and demo only)" : " (demo only)"
      }
      if !result.isEmpty { result.append(.blank) }
      result.append(.heading(heading))
      for member in members {
        if group == .faults {
          for fault in KeyMap.faultKeys {
            result.append(
              .binding(
                KeyBinding(
                  keys: String(fault.key), description: fault.name, short: fault.short,
                  group: .faults, priority: 0)))
          }
        } else {
          result.append(.binding(member))
        }
      }
    }
    return result
  }

  /// Width of the key column.
  static let keyWidth = 9

  /// The help as one or two columns of lines: two when one would not fit the rows but two
  /// fit the width, split at the group boundary that leaves the taller column shortest.
  private func columns(rows: Int, columns: Int) -> [[Line]] {
    let content = lines
    guard content.count + 4 > rows - 2 else { return [content] }
    var best = content.count
    for (index, line) in content.enumerated() {
      guard case .blank = line else { continue }
      let taller = max(index, content.count - index - 1)
      if taller < max(best, content.count - best - 1) { best = index }
    }
    let left = Array(content[..<best])
    let right = Array(content[min(content.count, best + 1)...])
    guard !right.isEmpty, 2 * width(of: left) + 3 + 4 <= columns - 2 else { return [content] }
    return [left, right]
  }

  private func width(of column: [Line]) -> Int {
    column.reduce(0) { widest, line in
      switch line {
      case .heading(let text): max(widest, TextWidth.of(text))
      case .binding(let binding):
        max(widest, HelpOverlay.keyWidth + TextWidth.of(binding.description))
      case .blank: widest
      }
    }
  }

  /// Draws the overlay centred on the grid, leaving the rest as it was.
  public func draw(into grid: inout Grid) {
    let parts = columns(rows: grid.height, columns: grid.width)
    let columnWidth = parts.map { width(of: $0) }.max() ?? 0
    let contentWidth = parts.count * columnWidth + (parts.count - 1) * 3
    let tallest = parts.map(\.count).max() ?? 0
    let boxWidth = min(grid.width - 2, contentWidth + 4)
    let height = min(grid.height - 2, tallest + 4)
    let box = GridRect(
      x: (grid.width - boxWidth) / 2, y: (grid.height - height) / 2, width: boxWidth,
      height: height)
    guard box.width >= 10, box.height >= 4 else { return }
    grid.fill(box)
    grid.drawBox(box, glyphs: glyphs, style: .bold, title: "Keys")
    for (number, part) in parts.enumerated() {
      let x = box.x + 2 + number * (columnWidth + 3)
      let inner = GridRect(
        x: x, y: box.y + 1, width: min(columnWidth, box.maxX - 2 - x), height: box.height - 3)
      draw(part, in: inner, into: &grid)
    }
    grid.writeCentred(
      "press ? to close",
      in: GridRect(x: box.x + 1, y: box.maxY - 2, width: box.width - 2, height: 1),
      row: box.maxY - 2, style: .dim)
  }

  private func draw(_ content: [Line], in inner: GridRect, into grid: inout Grid) {
    guard inner.width > 0 else { return }
    var row = inner.y
    for (index, line) in content.enumerated() {
      if row == inner.maxY - 1, index < content.count - 1 {
        let more = glyphs.ellipsis.isEmpty ? "..." : glyphs.ellipsis
        grid.write(
          "\(more) more: enlarge the terminal", column: inner.x, row: row, style: .dim,
          maxWidth: inner.width)
        return
      }
      switch line {
      case .heading(let text):
        grid.write(text, column: inner.x, row: row, style: .underline, maxWidth: inner.width)
      case .binding(let binding):
        grid.write(binding.keys, column: inner.x, row: row, style: .bold, maxWidth: inner.width)
        grid.write(
          binding.description, column: inner.x + HelpOverlay.keyWidth, row: row,
          maxWidth: inner.width - HelpOverlay.keyWidth)
      case .blank:
        break
      }
      row += 1
    }
  }
}
