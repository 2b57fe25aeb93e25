/// The bottom row: the keys that work now, shortened to fit the width.
///
/// It lists only what the mode offers (replay keys when replaying, filter-lab keys in the
/// demo). When the line is too long it first drops the least important keys (pan, reset,
/// thick line, ...) and keeps `q quit` and `? help` to the last, so the way to the full help
/// is always on screen.
public struct StatusLine: Sendable {
  public var glyphs: Glyphs
  /// Show the replay keys (space pause, +/- speed, seek).
  public var showsReplayKeys: Bool = false
  /// Show the filter-lab keys (gate checks, smoother, auto-pause, faults).
  public var showsLabKeys: Bool = false
  /// Show `H history`: no session is running (it has ended), so the history opens.
  public var showsHistoryKey: Bool = false
  /// Show `g gps`: the source is a live receiver, whose satellites the GPS panel shows.
  public var showsGPSKey: Bool = false
  /// A message shown at the right end (e.g. "Injected: jump"), if any.
  public var message: String?

  /// The bindings this mode offers, in screen order.
  public var bindings: [KeyBinding] {
    KeyMap.bindings(glyphs: glyphs).filter { binding in
      if binding.keys == String(KeyMap.historyKey) { return showsHistoryKey }
      if binding.keys == String(KeyMap.gpsPanelKey) { return showsGPSKey }
      // Space pauses a replay or the demo; a live session pauses itself.
      if binding.keys == "space" { return showsReplayKeys }
      return switch binding.group {
      case .session, .map: true
      case .replay: showsReplayKeys
      case .lab, .faults: showsLabKeys
      }
    }
  }

  /// The items that fit in `width` columns, in screen order.
  func fitting(_ width: Int) -> [KeyBinding] {
    var kept = bindings
    func length(_ items: [KeyBinding]) -> Int {
      items.reduce(0) { $0 + TextWidth.of($1.keys) + 1 + TextWidth.of($1.short) }
        + max(0, items.count - 1) * 2
    }
    while length(kept) > width, kept.count > 1,
      let worst = kept.indices.max(by: { kept[$0].priority < kept[$1].priority })
    {
      kept.remove(at: worst)
    }
    return kept
  }

  /// Draws the line across the first row of the grid.
  public func draw(into grid: inout Grid) {
    grid.fill(GridRect(x: 0, y: 0, width: grid.width, height: 1))
    var room = grid.width
    var note = ""
    if let message, !message.isEmpty {
      note = TextLayout.truncate(message, to: max(0, grid.width / 3), ellipsis: glyphs.ellipsis)
      room -= TextWidth.of(note) + 2
    }
    var column = 0
    for (index, binding) in fitting(room).enumerated() {
      if index > 0 { column += 2 }
      column += grid.write(
        binding.keys, column: column, row: 0, style: CellStyle(attributes: [.bold, .reverse]),
        maxWidth: grid.width - column)
      column += grid.write(
        " " + binding.short, column: column, row: 0, maxWidth: grid.width - column)
    }
    if !note.isEmpty {
      grid.write(note, column: grid.width - TextWidth.of(note), row: 0, style: .bold)
    }
  }
}
