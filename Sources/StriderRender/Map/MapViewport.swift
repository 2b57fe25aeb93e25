import StriderCore

/// Which part of the plane the map shows: fitted to the route, zoomed, panned, or following
/// the user.
///
/// Zoom and pan are relative to the fitted view (zoom 1, no pan: the whole route fills the
/// panel), so a resize keeps the same framing; pan is in metres so it survives a zoom.
public struct MapViewport: Sendable, Hashable {
  /// Magnification of the fitted view: 2 shows half the width, 0.5 twice.
  public var zoom: Double
  /// Metres east and north of the view centre from the fitted centre (or, when following,
  /// from the current position).
  public var pan: PlanePoint
  /// Centre the view on the current position, so it never runs off the panel.
  public var follow: Bool

  public init(
    zoom: Double = 1, pan: PlanePoint = PlanePoint(east: 0, north: 0), follow: Bool = false
  ) {
    self.zoom = zoom
    self.pan = pan
    self.follow = follow
  }

  /// The whole route, fitted to the panel.
  public static let fit = MapViewport()

  /// The factor one zoom key press changes the zoom by.
  public static let zoomStep = 1.5
  /// Zoom is kept within these bounds (so no key press can make a scale of zero or inf).
  public static let zoomRange: ClosedRange<Double> = 0.1...1000

  /// Zooms in by one step.
  public mutating func zoomIn() { zoom = min(zoom * Self.zoomStep, Self.zoomRange.upperBound) }
  /// Zooms out by one step.
  public mutating func zoomOut() { zoom = max(zoom / Self.zoomStep, Self.zoomRange.lowerBound) }

  /// Which way a pan key moves the view.
  public enum PanDirection: Sendable, Hashable, CaseIterable {
    case left, right, up, down
  }

  /// Moves the view a quarter of its visible extent in `direction`, given the frame last
  /// drawn (which knows how many metres the panel shows).
  public mutating func pan(_ direction: PanDirection, frame: MapFrame) {
    let across = frame.metresPerColumn * Double(frame.columns) / 4
    let along = frame.metresPerRow * Double(frame.rows) / 4
    switch direction {
    case .left: pan.east -= across
    case .right: pan.east += across
    case .up: pan.north += along
    case .down: pan.north -= along
    }
  }

  /// Back to the fitted view, keeping follow mode as it was.
  public mutating func reset() {
    zoom = 1
    pan = PlanePoint(east: 0, north: 0)
  }
}
