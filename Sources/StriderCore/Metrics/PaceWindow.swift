/// The recent stretch of moving time that the current pace averages over.
///
/// Marks are kept on the moving-time axis, so paused time and gaps (which add no moving
/// time) are skipped rather than diluting the pace. The window's start is interpolated
/// between the two marks around it, so the average covers exactly `length` seconds of moving
/// however often samples arrive. Memory stays bounded: marks older than the window are
/// dropped.
struct PaceWindow: Sendable, Hashable {
  private struct Mark: Sendable, Hashable {
    var moving: Double
    var distance: Double
  }

  /// Moving seconds the window spans (at least one second).
  let length: Double
  private var marks: [Mark] = [Mark(moving: 0, distance: 0)]
  private var head = 0

  init(length: Seconds) {
    self.length = length.value.isFinite ? max(1, length.value) : 30
  }

  /// Records the running totals after a counted step.
  mutating func append(moving: Double, distance: Double) {
    marks.append(Mark(moving: moving, distance: distance))
    let start = moving - length
    while head + 1 < marks.count, marks[head + 1].moving <= start { head += 1 }
    if head >= 256 {
      marks.removeFirst(head)
      head = 0
    }
  }

  /// Moves every mark's distance by `delta`: a correction of the distance so far is not
  /// ground covered within the window, so the current pace must not see it.
  mutating func shift(by delta: Double) {
    for i in head..<marks.count { marks[i].distance += delta }
  }

  /// Mean speed (m/s) over the window, or over all moving time when there is less than a
  /// window of it; nil before any moving time.
  var speed: Double? {
    guard let now = marks.last else { return nil }
    let start = now.moving - length
    var from = marks[head]
    if from.moving < start, head + 1 < marks.count {
      let next = marks[head + 1]
      let span = next.moving - from.moving
      let f = span > 0 ? (start - from.moving) / span : 1
      from = Mark(
        moving: start, distance: from.distance + f * (next.distance - from.distance))
    }
    let dt = now.moving - from.moving
    guard dt > 0 else { return nil }
    return (now.distance - from.distance) / dt
  }
}
