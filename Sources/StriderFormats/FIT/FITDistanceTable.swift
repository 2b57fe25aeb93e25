import StriderCore

/// The finished track's distance by time, in 20 bytes a point: what a FIT export streamed
/// from the store needs of the track to give each record the session's distance at its
/// time, without loading the track's points whole.
///
/// Interpolates exactly as `FinishedTrack.distance(at:)` does (the same operations in the
/// same order), so a streamed export is the very file the whole-record export gives.
public struct FITDistanceTable: Sendable {
  private var times: [Double] = []
  private var distances: [Double] = []
  private var segments: [Int32] = []

  public init() {}

  public var isEmpty: Bool { times.isEmpty }

  /// Adds the next point of the track, in order.
  public mutating func append(_ point: FinishedTrack.Point) {
    times.append(point.time.secondsSince1970)
    distances.append(point.distance.value)
    segments.append(Int32(truncatingIfNeeded: point.segment))
  }

  /// The session's distance at `time`, as `FinishedTrack.distance(at:)` gives it.
  public func distance(at time: GNSSTime) -> Double {
    guard let first = times.first, let last = times.last else { return 0 }
    let t = time.secondsSince1970
    if t <= first { return distances[0] }
    if t >= last { return distances[distances.count - 1] }
    var low = 0
    var high = times.count - 1
    while low < high {
      let mid = (low + high) / 2
      if times[mid] <= t { low = mid + 1 } else { high = mid }
    }
    let span = (GNSSTime(secondsSince1970: times[low]) - GNSSTime(secondsSince1970: times[low - 1]))
      .value
    guard span > 0, segments[low - 1] == segments[low] else { return distances[low - 1] }
    let w = (time - GNSSTime(secondsSince1970: times[low - 1])).value / span
    return (Meters(distances[low - 1]) + (Meters(distances[low]) - Meters(distances[low - 1])) * w)
      .value
  }
}
