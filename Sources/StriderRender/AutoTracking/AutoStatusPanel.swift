/// `strider run --auto` on a terminal: a small panel redrawn in place that says whether it
/// waits for movement or records a session (its activity so far, distance and time), the
/// receiver's state, and the day so far (its places and moves, newest last).
public struct AutoStatusPanel: Sendable {
  /// What the watcher is doing.
  public enum Phase: Sendable, Hashable {
    /// Standing: no session; since when (local clock), when known.
    case waiting(since: String?)
    /// A session under way: its start (local clock), the activity guessed so far, the
    /// distance and time as shown ("2.41 km", "14:03").
    case moving(start: String, activity: String, distance: String, time: String)
  }

  /// The source: "gpsd localhost:2947".
  public var source: String
  /// The receiver's state in a word or two: "3D fix", "no fix", "gpsd gone".
  public var link: String
  public var phase: Phase
  /// The day so far, one line each: "06:25 - 06:33  ride 3.36 km".
  public var day: [String]
  /// The newest line something wrote to standard error while the panel was up (it goes to
  /// a log instead, where the panel's redrawing cannot overwrite it); nil: none.
  public var message: String?
  /// The keys the panel takes ("q quit"), on its bottom edge; nil: none.
  public var keys: String?
  public var glyphs: Glyphs

  public init(
    source: String, link: String, phase: Phase, day: [String], message: String? = nil,
    keys: String? = nil, glyphs: Glyphs
  ) {
    self.source = source
    self.link = link
    self.phase = phase
    self.day = day
    self.message = message
    self.keys = keys
    self.glyphs = glyphs
  }

  /// Lines of the day shown at most (the newest).
  public static let dayLines = 5

  /// The box, the state, the figures, the message, and the day's heading and lines.
  public var preferredHeight: Int {
    4 + (message == nil ? 0 : 1) + (day.isEmpty ? 1 : 1 + min(day.count, Self.dayLines))
  }

  /// Draws the panel over the whole grid.
  public func draw(into grid: inout Grid) {
    grid.fill(grid.bounds)
    grid.drawBox(grid.bounds, glyphs: glyphs, title: "Auto\(glyphs.separator)\(source)")
    if let keys {
      let text = " \(keys) "
      let column = grid.bounds.maxX - 2 - TextWidth.of(text)
      if column > grid.bounds.x + 1, grid.bounds.height > 1 {
        grid.write(text, column: column, row: grid.bounds.maxY - 1, style: .dim)
      }
    }
    let inner = grid.bounds.inset(by: 1)
    guard inner.width > 4, inner.height > 0 else { return }
    let x = inner.x + 1
    let width = inner.width - 2
    var y = inner.y
    switch phase {
    case .waiting(let since):
      var used = grid.write(
        "WAITING", column: x, row: y, style: CellStyle(attributes: [.bold, .reverse]))
      used += grid.write(
        "  for movement" + (since.map { " since \($0)" } ?? ""), column: x + used, row: y,
        maxWidth: width - used)
      writeLink(row: y, after: used, into: &grid)
      y += 1
      if y < inner.maxY {
        grid.write(
          "a session starts when you move", column: x, row: y, style: .dim, maxWidth: width)
      }
    case .moving(let start, let activity, let distance, let time):
      var used = grid.write(
        "IN SESSION", column: x, row: y,
        style: CellStyle(foreground: .green, attributes: [.bold, .reverse]))
      used += grid.write(
        "  \(activity) since \(start)", column: x + used, row: y, maxWidth: width - used)
      writeLink(row: y, after: used, into: &grid)
      y += 1
      if y < inner.maxY {
        var at = grid.write(distance, column: x, row: y, style: .bold, maxWidth: width)
        at += grid.write("   ", column: x + at, row: y)
        grid.write(time, column: x + at, row: y, style: .bold, maxWidth: width - at)
      }
    }
    y += 1
    if let message, y < inner.maxY {
      let used = grid.write(
        "! ", column: x, row: y, style: CellStyle(foreground: .yellow, attributes: .bold))
      grid.write(message, column: x + used, row: y, maxWidth: width - used)
      y += 1
    }
    y += 1
    guard !day.isEmpty else {
      guard y - 1 < inner.maxY else { return }
      grid.write(
        "Nothing recorded today yet", column: x, row: y - 1, style: .dim, maxWidth: width)
      return
    }
    guard y < inner.maxY else { return }
    grid.write("Today", column: x, row: y - 1, style: .underline, maxWidth: width)
    for line in day.suffix(Self.dayLines) {
      guard y < inner.maxY else { return }
      grid.write(line, column: x, row: y, maxWidth: width)
      y += 1
    }
  }

  /// The receiver's state at the right end of the first row, where it fits.
  private func writeLink(row: Int, after used: Int, into grid: inout Grid) {
    let inner = grid.bounds.inset(by: 1)
    let text = link
    let column = inner.maxX - 1 - TextWidth.of(text)
    guard column > inner.x + 1 + used + 1 else { return }
    grid.write(text, column: column, row: row, style: .dim)
  }
}
