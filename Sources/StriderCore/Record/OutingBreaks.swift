/// Where a recording holds several outings: the times its fixes resume after a gap longer
/// than `gap` (a logger left running for weeks, a file of several activities). A break is
/// made only where an outing lies on each side of it: a stretch whose positions never go
/// `moved` from its first (a stray fix dated by a clock that jumped, a receiver left on a
/// desk) stays with the outing before it, or the one after it at the start.
///
/// Fed the fixes in their stored order, as an import reads them or the store holds them.
public struct OutingBreaks: Sendable {
  public let gap: Seconds
  public let moved: Meters
  /// Each stretch between gaps: when it begins, and whether it is an outing.
  private var stretches: [(start: GNSSTime, isOuting: Bool)] = []
  private var first: Coordinate?
  private var last: GNSSTime?

  public init(gap: Seconds, moved: Meters = Meters(50)) {
    self.gap = gap
    self.moved = moved
  }

  public mutating func add(_ fix: Fix) {
    guard let time = fix.time else { return }
    if last.map({ time - $0 > gap }) ?? true {
      stretches.append((time, false))
      first = nil
    }
    if last.map({ time > $0 }) ?? true { last = time }
    guard let coordinate = fix.coordinate, coordinate.isValid,
      !(stretches.last?.isOuting ?? true)
    else { return }
    if let first {
      if Geodesy.distanceMeters(first, coordinate) >= moved.value {
        stretches[stretches.count - 1].isOuting = true
      }
    } else {
      first = coordinate
    }
  }

  /// The times each outing after the first begins; empty for one outing or none.
  public var ends: [GNSSTime] {
    var ends: [GNSSTime] = []
    var outingBefore = false
    for stretch in stretches {
      if stretch.isOuting, outingBefore { ends.append(stretch.start) }
      outingBefore = outingBefore || stretch.isOuting
    }
    return ends
  }
}
