import StriderCore

/// The east-north rectangle around a set of plane points, in metres.
public struct PlaneBounds: Sendable, Hashable {
  public var minEast: Double
  public var maxEast: Double
  public var minNorth: Double
  public var maxNorth: Double

  /// The rectangle of one point.
  public init(_ point: PlanePoint) {
    minEast = point.east
    maxEast = point.east
    minNorth = point.north
    maxNorth = point.north
  }

  /// The rectangle grown to take in `point`.
  public func including(_ point: PlanePoint) -> PlaneBounds {
    var copy = self
    copy.minEast = Swift.min(minEast, point.east)
    copy.maxEast = Swift.max(maxEast, point.east)
    copy.minNorth = Swift.min(minNorth, point.north)
    copy.maxNorth = Swift.max(maxNorth, point.north)
    return copy
  }

  /// The middle of the rectangle.
  public var centre: PlanePoint {
    PlanePoint(east: (minEast + maxEast) / 2, north: (minNorth + maxNorth) / 2)
  }

  /// East-west extent in metres.
  public var width: Double { maxEast - minEast }
  /// North-south extent in metres.
  public var height: Double { maxNorth - minNorth }
}
