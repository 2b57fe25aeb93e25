import Foundation

/// The reduced track kept for drawing and export: every raw fix is kept elsewhere, this
/// keeps only the points that matter.
///
/// A point is kept where the shape needs it (a Douglas–Peucker pass: no dropped point lies
/// farther than `tolerance` from the kept line), where a segment starts or ends, where the
/// accuracy changed markedly, and at least every `maximumInterval` of time so pace over the
/// reduced track stays close to the original.
public enum DisplayTrack {
  public static func reduce(
    _ track: [TrackPoint], tolerance: Meters = Meters(2),
    maximumInterval: Seconds = Seconds(60), accuracyChange: Meters = Meters(10)
  ) -> [TrackPoint] {
    guard track.count > 2 else { return track }
    var keep = [Bool](repeating: false, count: track.count)
    var start = 0
    while start < track.count {
      var end = start
      while end + 1 < track.count, track[end + 1].segment == track[start].segment { end += 1 }
      markSignificant(track, start...end, &keep, maximumInterval, accuracyChange)
      simplify(track, start...end, tolerance: tolerance.value, &keep)
      start = end + 1
    }
    var reduced: [TrackPoint] = []
    reduced.reserveCapacity(track.count / 3)
    for (index, point) in track.enumerated() where keep[index] { reduced.append(point) }
    return reduced
  }

  /// Ends of the stretch, and points after a long time or a change of accuracy.
  private static func markSignificant(
    _ track: [TrackPoint], _ range: ClosedRange<Int>, _ keep: inout [Bool],
    _ maximumInterval: Seconds, _ accuracyChange: Meters
  ) {
    keep[range.lowerBound] = true
    keep[range.upperBound] = true
    var last = track[range.lowerBound]
    for index in range.dropFirst() {
      let point = track[index]
      let accuracyMoved =
        switch (point.accuracy, last.accuracy) {
        case (let a?, let b?): abs(a.value - b.value) >= accuracyChange.value
        case (nil, nil): false
        default: true
        }
      let interval = point.time.flatMap { t in last.time.map { t - $0 } } ?? .zero
      if interval >= maximumInterval || accuracyMoved {
        keep[index] = true
        last = point
      }
    }
  }

  /// Iterative Douglas–Peucker between the points already kept (no recursion: a million
  /// points must not exhaust the stack), in a plane centred on the stretch.
  private static func simplify(
    _ track: [TrackPoint], _ range: ClosedRange<Int>, tolerance: Double, _ keep: inout [Bool]
  ) {
    guard range.count > 2 else { return }
    let origin = track[range.lowerBound].coordinate
    let metresPerDegree = 6_371_008.8 * Double.pi / 180
    let scale = cos(origin.latitude * .pi / 180)
    func xy(_ i: Int) -> (Double, Double) {
      let c = track[i].coordinate
      return (
        (c.longitude - origin.longitude) * scale * metresPerDegree,
        (c.latitude - origin.latitude) * metresPerDegree
      )
    }
    var stack: [(Int, Int)] = []
    var previous = range.lowerBound
    for index in range.dropFirst() where keep[index] {
      stack.append((previous, index))
      previous = index
    }
    while let (first, last) = stack.popLast() {
      guard last - first > 1 else { continue }
      let a = xy(first)
      let b = xy(last)
      var worst = -1.0
      var worstIndex = first
      for index in (first + 1)..<last {
        let d = distanceToSegment(xy(index), a, b)
        if d > worst {
          worst = d
          worstIndex = index
        }
      }
      if worst > tolerance {
        keep[worstIndex] = true
        stack.append((first, worstIndex))
        stack.append((worstIndex, last))
      }
    }
  }

  static func distanceToSegment(
    _ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)
  ) -> Double {
    let dx = b.0 - a.0
    let dy = b.1 - a.1
    let lengthSquared = dx * dx + dy * dy
    var t = 0.0
    if lengthSquared > 0 {
      t = max(0, min(1, ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / lengthSquared))
    }
    let x = a.0 + t * dx - p.0
    let y = a.1 + t * dy - p.1
    return (x * x + y * y).squareRoot()
  }

  /// The largest distance of any point of `track` from the line through `reduced`, in
  /// metres: what the reduction cost.
  public static func maximumDeviation(of reduced: [TrackPoint], from track: [TrackPoint])
    -> Double
  {
    guard reduced.count >= 2 else { return 0 }
    var worst = 0.0
    var k = 0
    let metresPerDegree = 6_371_008.8 * Double.pi / 180
    for point in track {
      while k + 1 < reduced.count - 1, TrackPoint.order(reduced[k + 1], point) { k += 1 }
      let a = reduced[k]
      let b = reduced[min(k + 1, reduced.count - 1)]
      let scale = cos(a.coordinate.latitude * .pi / 180)
      func xy(_ c: Coordinate) -> (Double, Double) {
        (
          (c.longitude - a.coordinate.longitude) * scale * metresPerDegree,
          (c.latitude - a.coordinate.latitude) * metresPerDegree
        )
      }
      let d = distanceToSegment(xy(point.coordinate), xy(a.coordinate), xy(b.coordinate))
      worst = max(worst, d)
    }
    return worst
  }
}
