import StriderCore

/// The personal records of every activity, as `strider records` lists them: each record's
/// figure, its pace or speed, the day and the session that set it.
///
/// When the rows do not all fit, the last row says how many more `strider records` shows.
public struct RecordsPanel: Sendable {
  public var records: [RecordLine]
  public var glyphs: Glyphs

  public init(records: [RecordLine], glyphs: Glyphs) {
    self.records = records
    self.glyphs = glyphs
  }

  /// The lines of the table: an activity's name, then its records, indented.
  func lines(width: Int) -> [(text: String, style: CellStyle)] {
    var out: [(String, CellStyle)] = []
    var activity: Activity?
    for record in records {
      if record.activity != activity {
        activity = record.activity
        out.append((record.activity.noun, .bold))
      }
      let cells = [
        TextLayout.padRight(record.label, to: 14), TextLayout.padLeft(record.value, to: 9),
        TextLayout.padLeft(record.rate, to: 11), "  " + record.date, " #\(record.sessionId)",
      ]
      var text = " "
      for cell in cells {
        guard TextWidth.of(text + cell) <= width else { break }
        text += cell
      }
      out.append((text, .plain))
    }
    return out
  }

  /// Draws the table in a box titled "Records" over the whole grid.
  public func draw(into grid: inout Grid) {
    guard let inner = grid.beginPanel(title: "Records", glyphs: glyphs, widerThan: 2)
    else { return }
    guard !records.isEmpty else {
      grid.write(
        "No records yet", column: inner.x + 1, row: inner.y, style: .dim,
        maxWidth: inner.width - 1)
      return
    }
    var lines = lines(width: inner.width - 1)
    if lines.count > inner.height {
      let hidden = lines.count - (inner.height - 1)
      lines = Array(lines.prefix(inner.height - 1))
      lines.append(("\(glyphs.ellipsis) \(hidden) more: strider records", .dim))
    }
    for (row, line) in lines.enumerated() {
      grid.write(
        line.text, column: inner.x + 1, row: inner.y + row, style: line.style,
        maxWidth: inner.width - 1)
    }
  }
}
