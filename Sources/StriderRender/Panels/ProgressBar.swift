import StriderCore

/// One row showing a replay's position: "12:34 ██████▌░░░░ 30:00  42% 30×"; at the end
/// it says what can be done next ("... 100% max · space replays again, q quits").
///
/// With Unicode the bar's edge moves in eighths of a cell, so a slow replay visibly
/// advances; the ASCII form is `[####....]`.
public struct ProgressBar: Sendable {
  public var progress: ReplayProgress
  public var glyphs: Glyphs

  /// Draws the bar across the first row of the grid.
  public func draw(into grid: inout Grid) {
    grid.fill(GridRect(x: 0, y: 0, width: grid.width, height: 1))
    let left = DisplayFormat.clock(progress.position) + " "
    let percent = "\(Int(saturating: (progress.fraction * 100).rounded(.down)))%"
    let right =
      " " + DisplayFormat.clock(progress.total) + "  " + TextLayout.padLeft(percent, to: 4) + " "
      + DisplayFormat.replaySpeed(progress.speed, glyphs: glyphs)
      + (progress.isFinished ? glyphs.separator + ReplayProgress.nextSteps : "")
    let ascii = glyphs.barEighths.isEmpty
    let barWidth = grid.width - TextWidth.of(left) - TextWidth.of(right) - (ascii ? 2 : 0)
    guard barWidth >= 4 else {
      let short =
        progress.isFinished
        ? "Finished" + glyphs.separator + ReplayProgress.nextSteps : left + percent
      grid.write(short, column: 0, row: 0, style: .bold, maxWidth: grid.width)
      return
    }
    var column = grid.write(left, column: 0, row: 0, style: .bold)
    if ascii { column += grid.write("[", column: column, row: 0) }
    let filled = progress.fraction * Double(barWidth)
    let whole = Int(saturating: filled.rounded(.down))
    let eighths = ascii ? 0 : Int(saturating: ((filled - Double(whole)) * 8).rounded(.down))
    let barStyle = CellStyle(foreground: .cyan)
    for index in 0..<barWidth {
      let character: Character
      if index < whole {
        character = glyphs.barFull
      } else if index == whole, eighths > 0 {
        character = glyphs.barEighths[eighths - 1]
      } else {
        character = glyphs.barEmpty
      }
      let lit = index < whole || (index == whole && eighths > 0)
      grid.put(character, column: column + index, row: 0, style: lit ? barStyle : .dim)
    }
    column += barWidth
    if ascii { column += grid.write("]", column: column, row: 0) }
    grid.write(right, column: column, row: 0)
  }
}
