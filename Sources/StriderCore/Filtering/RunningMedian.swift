/// The median of the last few values, kept sorted as they slide by: the typical accuracy a
/// receiver reports, against which one fix is judged.
struct RunningMedian: Sendable {
  let capacity: Int
  private var sorted: [Double] = []
  private var arrival: [Double] = []
  private var head = 0

  init(capacity: Int) { self.capacity = max(1, capacity) }

  var median: Double? { sorted.isEmpty ? nil : sorted[sorted.count / 2] }

  mutating func add(_ value: Double) {
    guard value.isFinite else { return }
    if arrival.count - head >= capacity {
      let old = arrival[head]
      head += 1
      let i = index(of: old)
      if i < sorted.count, sorted[i] == old { sorted.remove(at: i) }
      if head >= capacity {
        arrival.removeFirst(head)
        head = 0
      }
    }
    arrival.append(value)
    sorted.insert(value, at: index(of: value))
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
