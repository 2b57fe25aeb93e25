/// The median of the last few values, kept sorted as they slide by: the typical accuracy a
/// receiver reports, against which one fix is judged.
///
/// The gate asks for it only about a fix worse than an absolute limit, which most tracks
/// never have: while nobody asks, only the window is kept, and the order is made again at
/// the next question (sorting the window, paid for by the values added meanwhile).
/// Keeping it sorted at every value was a quarter of the gate's time on a 100,000-epoch
/// NMEA log, whose accuracies change from fix to fix.
struct RunningMedian: Sendable {
  let capacity: Int
  /// The last `capacity` values, in arrival order from `oldest` round.
  private var window: [Double] = []
  private var oldest = 0
  /// The window in order, while `inOrder`.
  private var sorted: [Double] = []
  private var inOrder = true
  private var addedSinceAsked = 0

  init(capacity: Int) { self.capacity = max(1, capacity) }

  var median: Double? {
    mutating get {
      guard !window.isEmpty else { return nil }
      addedSinceAsked = 0
      if !inOrder {
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: window)
        sorted.sort()
        inOrder = true
      }
      return sorted[sorted.count / 2]
    }
  }

  mutating func add(_ value: Double) {
    guard value.isFinite else { return }
    if window.count < capacity {
      window.append(value)
      if inOrder { sorted.insert(value, at: index(of: value)) }
    } else {
      let old = window[oldest]
      window[oldest] = value
      oldest = oldest + 1 == capacity ? 0 : oldest + 1
      if inOrder { replace(old, with: value) }
    }
    addedSinceAsked += 1
    // Twice the window without a question: the order is let go until the next one.
    if inOrder, addedSinceAsked > 2 * capacity { inOrder = false }
  }

  /// `old` taken out of the order and `value` put in its place, moving only what lies
  /// between the two (nothing when a receiver repeats its accuracy).
  private mutating func replace(_ old: Double, with value: Double) {
    guard value != old else { return }
    let i = index(of: old)
    sorted.withUnsafeMutableBufferPointer { s in
      var k = i
      if value > old {
        while k + 1 < s.count, s[k + 1] < value {
          s[k] = s[k + 1]
          k += 1
        }
      } else {
        while k > 0, s[k - 1] > value {
          s[k] = s[k - 1]
          k -= 1
        }
      }
      s[k] = value
    }
  }

  /// The first place in `sorted` not below `value`.
  private func index(of value: Double) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
