import StriderCore

/// The cues spoken so far, newest first, each with the time of the fix that triggered it;
/// a workout coach's sentences among them in the order of their times.
///
/// Times are of the fix clock (GNSS time, shifted by the user's UTC offset), never the
/// system's, so a replay shows the times of the run. Sentences wrap to the panel under a
/// hanging indent; what does not fit at the bottom is left out.
public struct CueLog: Sendable {
  /// Cues in the order they were spoken (oldest first, as the engine lists them).
  public var cues: [Cue]
  /// The coach's sentences, oldest first.
  public var coach: [CoachCue]
  public var glyphs: Glyphs
  /// Added to GNSS (UTC) times before showing them.
  public var utcOffset: Seconds

  public init(cues: [Cue], coach: [CoachCue] = [], glyphs: Glyphs, utcOffset: Seconds = .zero) {
    self.cues = cues
    self.coach = coach
    self.glyphs = glyphs
    self.utcOffset = utcOffset
  }

  /// Every sentence with its time, oldest first; at the same time the session's cue before
  /// the coach's.
  var entries: [(time: GNSSTime, text: String)] {
    let session = cues.map { (time: $0.time, text: $0.text) }
    guard !coach.isEmpty else { return session }
    var merged: [(time: GNSSTime, text: String)] = []
    merged.reserveCapacity(session.count + coach.count)
    var (i, j) = (0, 0)
    while i < session.count || j < coach.count {
      if j == coach.count || (i < session.count && session[i].time <= coach[j].time) {
        merged.append(session[i])
        i += 1
      } else {
        merged.append((coach[j].time, coach[j].text))
        j += 1
      }
    }
    return merged
  }

  /// Draws the log in a box titled "Cues" over the whole grid.
  public func draw(into grid: inout Grid) {
    guard let inner = grid.beginPanel(title: "Cues", glyphs: glyphs, widerThan: 2)
    else { return }
    let entries = entries
    if entries.isEmpty {
      grid.write("No cues yet", column: inner.x + 1, row: inner.y, style: .dim)
      return
    }
    let timeWidth = 8
    let textColumn = inner.x + 1 + timeWidth + 1
    let textWidth = inner.maxX - textColumn - 1
    var row = inner.y
    for (position, cue) in entries.reversed().enumerated() {
      guard row < inner.maxY else { break }
      let style: CellStyle = position == 0 ? .bold : .plain
      grid.write(
        DisplayFormat.timeOfDay(cue.time, utcOffset: utcOffset), column: inner.x + 1, row: row,
        style: .dim)
      let lines = textWidth >= 8 ? TextLayout.wrap(cue.text, width: textWidth) : []
      for line in lines {
        guard row < inner.maxY else { break }
        grid.write(line, column: textColumn, row: row, style: style, maxWidth: textWidth)
        row += 1
      }
      if lines.isEmpty { row += 1 }
    }
  }
}
