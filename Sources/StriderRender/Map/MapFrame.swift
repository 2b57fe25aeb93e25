import StriderCore

/// The scale and centre of one map frame: how plane metres become cell positions.
///
/// A terminal cell is about twice as tall as it is wide (`cellAspect`), so a row covers
/// twice the metres of a column; with that, a square route looks square on the screen.
public struct MapFrame: Sendable, Hashable {
  /// Height over width of a terminal cell in most fonts.
  public static let cellAspect = 2.0
  /// The finest scale the fitted view uses, so a single point does not zoom to nothing.
  public static let minimumMetresPerColumn = 0.5

  /// The plane point at the middle of the panel.
  public var centre: PlanePoint
  /// Metres east-west one column covers.
  public var metresPerColumn: Double
  /// Panel size in cells.
  public var columns: Int
  public var rows: Int

  /// Metres north-south one row covers.
  public var metresPerRow: Double { metresPerColumn * Self.cellAspect }

  /// The frame for a route, panel and viewport: fitted to the route's bounds (leaving a
  /// half-cell margin), divided by the zoom, centred on the route (or, in follow mode, the
  /// current position) and moved by the pan.
  public static func make(
    route: ProjectedRoute, columns: Int, rows: Int, viewport: MapViewport
  ) -> MapFrame {
    let bounds = route.fitBounds
    let usableColumns = Double(max(1, columns - 1))
    let usableRows = Double(max(1, rows - 1))
    var scale = minimumMetresPerColumn
    if let bounds {
      scale = max(scale, bounds.width / usableColumns, bounds.height / (usableRows * cellAspect))
    }
    let zoom = viewport.zoom.isFinite && viewport.zoom > 0 ? viewport.zoom : 1
    scale /= zoom
    var centre = bounds?.centre ?? PlanePoint(east: 0, north: 0)
    if viewport.follow, let current = route.current { centre = current }
    centre = centre + viewport.pan
    return MapFrame(centre: centre, metresPerColumn: scale, columns: columns, rows: rows)
  }

  /// The position of a plane point in cell units: column and row from the panel's top-left
  /// corner, fractional (cell (c, r) covers c..<c+1, r..<r+1).
  public func cellPosition(of point: PlanePoint) -> (column: Double, row: Double) {
    let column = (point.east - centre.east) / metresPerColumn + Double(columns) / 2
    let row = (centre.north - point.north) / metresPerRow + Double(rows) / 2
    return (column, row)
  }

  /// The cell a plane point falls in, or nil outside the panel.
  public func cell(of point: PlanePoint) -> (column: Int, row: Int)? {
    let (u, v) = cellPosition(of: point)
    guard u >= 0, v >= 0, u < Double(columns), v < Double(rows) else { return nil }
    return (Int(u), Int(v))
  }
}
