import StriderCore

/// A stretch of route between tall buildings, where reflected signals make fixes worse and
/// push them to one side of the street.
public struct UrbanCanyon: Sendable, Hashable {
  /// Where the stretch begins and ends, as distance along the route.
  public var start: Meters
  public var end: Meters
  /// The correlated error σ per axis in the middle of the stretch.
  public var sigma: Meters
  /// The multipath offset in the middle of the stretch, east-north metres.
  public var bias: PlanePoint
  /// The distance before and after the stretch over which σ and bias fade in and out.
  public var ramp: Meters

  /// Whether a distance along the route lies in the stretch.
  public func contains(_ distance: Meters) -> Bool {
    distance >= start && distance <= end
  }

  /// Whether a distance along the route is in the stretch or its fade-in or fade-out,
  /// where errors are larger than in the open.
  public func affects(_ distance: Meters) -> Bool {
    weight(at: distance) > 0
  }

  /// How strongly the canyon acts at a distance along the route: 1 throughout the stretch,
  /// fading linearly to 0 over `ramp` before and after it, so errors grow as the buildings
  /// close in and the whole stretch has the full canyon errors.
  public func weight(at distance: Meters) -> Double {
    if contains(distance) { return 1 }
    let outside = distance < start ? start.value - distance.value : distance.value - end.value
    return ramp.value > 0 ? max(0, 1 - outside / ramp.value) : 0
  }
}
