import StriderCore

/// Draws a route into a panel: raw fixes, the filtered line, rejected fixes, and the start,
/// finish and current-position markers, in that order (later layers on top).
///
/// The work per frame is a scale and an offset per point (the projection was done once, in
/// `ProjectedRoute`), points that fall in the same pixel as the previous one are skipped
/// (decimation to the panel's resolution), and segments outside the panel are culled before
/// rasterising. A 100,000-point route in a 200×60 panel takes a few milliseconds in release
/// builds.
public struct RouteMap: Sendable {
  public var route: ProjectedRoute
  public var viewport: MapViewport
  public var options: MapOptions
  public var glyphs: Glyphs
  /// A finished session shows a finish marker at its last point; a session under way shows
  /// the current-position marker there instead.
  public var isFinished: Bool

  public init(
    route: ProjectedRoute, viewport: MapViewport = .fit, options: MapOptions = MapOptions(),
    glyphs: Glyphs = .unicode, isFinished: Bool = false
  ) {
    self.route = route
    self.viewport = viewport
    self.options = options
    self.glyphs = glyphs
    self.isFinished = isFinished
  }

  /// The styles of the map's layers.
  public enum Style {
    public static let line = CellStyle(foreground: .green)
    public static let thickLine = CellStyle(foreground: .green, attributes: .bold)
    public static let raw = CellStyle(attributes: .dim)
    public static let start = CellStyle(foreground: .green, attributes: .bold)
    public static let finish = CellStyle(foreground: .red, attributes: .bold)
    public static let current = CellStyle(foreground: .yellow, attributes: .bold)
  }

  /// The frame this map uses in a panel of the given size.
  public func frame(columns: Int, rows: Int) -> MapFrame {
    MapFrame.make(route: route, columns: columns, rows: rows, viewport: viewport)
  }

  /// Draws the map over the whole of `grid` (blanking it first) and returns the frame used,
  /// which the event loop keeps for pan steps and the scale legend.
  @discardableResult
  public func draw(into grid: inout Grid) -> MapFrame {
    let frame = self.frame(columns: grid.width, rows: grid.height)
    grid.fill(grid.bounds)
    guard grid.width > 0, grid.height > 0 else { return frame }
    if route.track.isEmpty && route.raw.isEmpty {
      grid.writeCentred(
        "No position yet", in: grid.bounds, row: grid.height / 2, style: .dim)
      return frame
    }
    if options.showsRaw { drawRaw(into: &grid, frame: frame) }
    drawLine(into: &grid, frame: frame)
    if options.showsRejected { drawRejected(into: &grid, frame: frame) }
    drawMarkers(into: &grid, frame: frame)
    return frame
  }

  private func drawRaw(into grid: inout Grid, frame: MapFrame) {
    let cell = Cell(glyphs.rawFix, style: Style.raw)
    for point in route.raw {
      if let (column, row) = frame.cell(of: point) {
        grid.setNarrow(cell, column: column, row: row)
      }
    }
  }

  private func drawLine(into grid: inout Grid, frame: MapFrame) {
    let braille = options.effectiveDrawing(for: glyphs) == .braille
    var raster = MapRaster(
      columns: grid.width, rows: grid.height, braille: braille, thick: options.thick)
    rasterise(into: &raster, frame: frame)
    let style = options.thick ? Style.thickLine : Style.line
    for row in 0..<grid.height {
      for column in 0..<grid.width {
        let value = raster.cells[row * grid.width + column]
        guard value != 0 else { continue }
        let character: Character
        if braille {
          character = Character(brailleScalar(value))
        } else {
          character = MapRaster.Direction(rawValue: value)?.character ?? "*"
        }
        grid.setNarrow(Cell(character, style: style), column: column, row: row)
      }
    }
  }

  /// Scales every track point to pixels and draws the segments between them, skipping
  /// points in the same pixel as the last one drawn and never joining across a segment
  /// start.
  private func rasterise(into raster: inout MapRaster, frame: MapFrame) {
    let track = route.track
    guard !track.isEmpty else { return }
    let kx = Double(raster.pixelsAcross) / frame.metresPerColumn
    let ky = Double(raster.pixelsDown) / frame.metresPerRow
    let left = frame.centre.east - Double(frame.columns) / 2 * frame.metresPerColumn
    let top = frame.centre.north + Double(frame.rows) / 2 * frame.metresPerRow
    let starts = route.segmentStarts
    var nextStart = 0
    var lastX = 0.0
    var lastY = 0.0
    var lastPixel = (Int.min, Int.min)
    for index in track.indices {
      let p = track[index]
      let x = (p.east - left) * kx
      let y = (top - p.north) * ky
      let pixel = (
        Int(max(-1e9, min(1e9, x)).rounded(.down)), Int(max(-1e9, min(1e9, y)).rounded(.down))
      )
      var breaks = index == 0
      if nextStart < starts.count, starts[nextStart] == index {
        breaks = true
        nextStart += 1
      }
      if breaks {
        raster.point(x, y)
      } else {
        if pixel == lastPixel { continue }
        raster.line(lastX, lastY, x, y)
      }
      lastX = x
      lastY = y
      lastPixel = pixel
    }
  }

  private func drawRejected(into grid: inout Grid, frame: MapFrame) {
    let markers = RejectionMarker.all(glyphs: glyphs)
    for rejected in route.rejected {
      guard let (column, row) = frame.cell(of: rejected.point),
        let marker = markers.first(where: { $0.reason == rejected.reason })
      else { continue }
      let style = CellStyle(foreground: marker.color, attributes: .bold)
      grid.setNarrow(Cell(marker.glyph, style: style), column: column, row: row)
    }
  }

  private func drawMarkers(into grid: inout Grid, frame: MapFrame) {
    if let start = route.start, let (column, row) = frame.cell(of: start) {
      grid.setNarrow(Cell(glyphs.start, style: Style.start), column: column, row: row)
    }
    if let last = route.current, route.track.count > 1 || !isFinished,
      let (column, row) = frame.cell(of: last)
    {
      let cell =
        isFinished
        ? Cell(glyphs.finish, style: Style.finish) : Cell(glyphs.current, style: Style.current)
      grid.setNarrow(cell, column: column, row: row)
    }
  }
}

/// The braille pattern with the given dots (U+2800 + bits).
private func brailleScalar(_ bits: UInt8) -> Unicode.Scalar {
  Unicode.Scalar(0x2800 + UInt32(bits)) ?? " "
}
