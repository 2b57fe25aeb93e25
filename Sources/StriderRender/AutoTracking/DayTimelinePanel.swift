import StriderCore

/// `strider day` on a terminal: the day's places and moves as a bar across the width, on a
/// clock axis, with the names under it and one row per stay or move below.
///
/// In the bar a stay is a solid run (`█`, `#` in ASCII) in its place's colour and a move is
/// a line (`─`, `-`), a drive a double one (`═`, `=`); under each run its name where it
/// fits. Each differs by its glyph, not only its colour, so it reads on a monochrome
/// terminal. A time the sessions do not give (the stay before the first move began before
/// the recording) is drawn from the edge of the axis.
public struct DayTimelinePanel: Sendable {
  public var timeline: DayTimeline
  public var glyphs: Glyphs

  public init(timeline: DayTimeline, glyphs: Glyphs) {
    self.timeline = timeline
    self.glyphs = glyphs
  }

  /// Rows above the list: the box's top, the axis, the bar, the names, a blank.
  static let headerRows = 5

  /// The height that shows every row: the box, the axis, the bar, the names and the list.
  public var preferredHeight: Int {
    timeline.entries.isEmpty ? 3 : Self.headerRows + timeline.entries.count + 1
  }

  static let placeColours: [TerminalColor] = [.cyan, .yellow, .magenta, .blue, .red]

  static func style(_ kind: DayTimeline.Entry.Kind) -> CellStyle {
    switch kind {
    case .place(let id):
      CellStyle(foreground: placeColours[max(0, id - 1) % placeColours.count])
    case .move(let vehicle): CellStyle(foreground: vehicle ? .red : .green, attributes: .bold)
    }
  }

  func glyph(_ kind: DayTimeline.Entry.Kind) -> Character {
    let unicode = glyphs.kind == .unicode
    switch kind {
    case .place: return glyphs.barFull
    case .move(let vehicle):
      return vehicle ? (unicode ? "═" : "=") : (unicode ? "─" : "-")
    }
  }

  /// Draws the panel in a box over the whole grid.
  public func draw(into grid: inout Grid) {
    let places = Set(
      timeline.entries.compactMap { e -> Int? in
        if case .place(let id) = e.kind { id } else { nil }
      })
    let moves = timeline.entries.count - timeline.entries.filter(\.isPlace).count
    let title =
      "\(timeline.date)\(glyphs.separator)\(places.count) places\(glyphs.separator)"
      + "\(moves) moves"
    guard let inner = grid.beginPanel(title: title, glyphs: glyphs, widerThan: 4) else { return }
    guard !timeline.entries.isEmpty else {
      grid.write(
        "No sessions on this day", column: inner.x + 1, row: inner.y, style: .dim,
        maxWidth: inner.width - 1)
      return
    }
    let bar = GridRect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: 1)
    let axis = timeline.axis
    drawAxis(axis, in: bar, into: &grid)
    if inner.height > 1 { drawBar(axis, in: bar, row: inner.y + 1, into: &grid) }
    if inner.height > 2 { drawNames(axis, in: bar, row: inner.y + 2, into: &grid) }
    drawList(from: inner.y + 4, in: inner, into: &grid)
  }

  /// The column of `minute` in `bar`.
  private func column(_ minute: Double, _ axis: ClosedRange<Double>, _ bar: GridRect) -> Int {
    let share = (minute - axis.lowerBound) / (axis.upperBound - axis.lowerBound)
    return bar.x
      + min(bar.width - 1, max(0, Int(saturating: (share * Double(bar.width)).rounded(.down))))
  }

  /// The entry's columns, its unknown ends taken from the axis's.
  private func columns(
    _ entry: DayTimeline.Entry, _ axis: ClosedRange<Double>, _ bar: GridRect
  ) -> ClosedRange<Int> {
    let start = column(entry.startMinute ?? axis.lowerBound, axis, bar)
    let end = column(entry.endMinute ?? axis.upperBound, axis, bar)
    return start...max(start, end)
  }

  /// Hour marks, as many as fit with room for their labels ("06:00").
  private func drawAxis(_ axis: ClosedRange<Double>, in bar: GridRect, into grid: inout Grid) {
    let hours = Int(saturating: ((axis.upperBound - axis.lowerBound) / 60).rounded())
    let step = [1, 2, 3, 4, 6, 12].first { hours / $0 * 7 <= bar.width } ?? 24
    var free = bar.x
    var minute = axis.lowerBound
    while minute <= axis.upperBound {
      let x = column(minute, axis, bar)
      let hour = Int(saturating: minute / 60) % 24
      let label = (hour < 10 ? "0" : "") + "\(hour):00"
      if x >= free, x + label.count <= bar.maxX {
        grid.write(label, column: x, row: bar.y, style: .dim)
        free = x + label.count + 1
      }
      minute += Double(step * 60)
    }
  }

  /// The runs of the bar, moves over stays so a short move stays visible.
  private func drawBar(
    _ axis: ClosedRange<Double>, in bar: GridRect, row: Int, into grid: inout Grid
  ) {
    let ordered = timeline.entries.filter(\.isPlace) + timeline.entries.filter { !$0.isPlace }
    for entry in ordered {
      for x in columns(entry, axis, bar) {
        grid.put(glyph(entry.kind), column: x, row: row, style: Self.style(entry.kind))
      }
    }
  }

  /// The names under their runs, each cut to its run (with the ellipsis) so it never
  /// reads as the next one's; a run narrower than three columns goes unnamed.
  private func drawNames(
    _ axis: ClosedRange<Double>, in bar: GridRect, row: Int, into grid: inout Grid
  ) {
    var free = bar.x
    for entry in timeline.entries {
      let span = columns(entry, axis, bar)
      let x = max(span.lowerBound, free)
      let room = min(bar.maxX, span.upperBound + 1) - x
      guard room >= 3 else { continue }
      let name = TextLayout.truncate(entry.label, to: room, ellipsis: glyphs.ellipsis)
      grid.write(name, column: x, row: row, style: Self.style(entry.kind).adding(.dim))
      free = x + TextWidth.of(name) + 1
    }
  }

  /// One row per stay or move: "06:00 - 07:32  Home  1:32:00", the moves indented.
  private func drawList(from top: Int, in inner: GridRect, into grid: inout Grid) {
    var lines = timeline.entries
    let room = inner.maxY - top
    guard room > 0 else { return }
    var hidden = 0
    if lines.count > room {
      hidden = lines.count - (room - 1)
      lines = Array(lines.prefix(room - 1))
    }
    for (index, entry) in lines.enumerated() {
      let y = top + index
      var x = inner.x + 1
      let span = "\(Self.clock(entry.startMinute)) - \(Self.clock(entry.endMinute))  "
      x += grid.write(span, column: x, row: y, maxWidth: inner.maxX - x)
      let indent = entry.isPlace ? "" : "  "
      grid.put(glyph(entry.kind), column: x, row: y, style: Self.style(entry.kind))
      x += 2
      x += grid.write(
        indent + entry.label, column: x, row: y,
        style: entry.isPlace ? .bold : .plain, maxWidth: inner.maxX - x)
      let room = inner.maxX - 1 - x
      if room > 2 {
        let detail = TextLayout.truncate("  " + entry.detail, to: room, ellipsis: glyphs.ellipsis)
        grid.write(detail, column: x, row: y, maxWidth: room)
      }
    }
    if hidden > 0 {
      grid.write(
        "\(glyphs.ellipsis) \(hidden) more: strider day --format text", column: inner.x + 1,
        row: top + lines.count, style: .dim, maxWidth: inner.width - 1)
    }
  }

  /// "07:32", or blanks where the time is not known.
  static func clock(_ minute: Double?) -> String {
    guard let minute else { return "     " }
    let whole = Int(saturating: minute.rounded(.down))
    let (h, m) = (whole / 60 % 24, whole % 60)
    return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
  }
}
