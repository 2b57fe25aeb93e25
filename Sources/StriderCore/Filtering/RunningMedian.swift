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
      if head >= capacity {
        arrival.removeFirst(head)
        head = 0
      }
      arrival.append(value)
      let i = index(of: old)
      if i < sorted.count, sorted[i] == old {
        replace(at: i, with: value)
        return
      }
      sorted.insert(value, at: index(of: value))
      return
    }
    arrival.append(value)
    sorted.insert(value, at: index(of: value))
  }

  /// The value at `i` taken out and `value` put in its place in the order, moving only
  /// what lies between the two: a receiver repeats its accuracy for minutes, and a removal
  /// and an insertion each shifting half the window were a quarter of the gate's time on
  /// a 100,000-epoch NMEA log.
  private mutating func replace(at i: Int, with value: Double) {
    sorted.withUnsafeMutableBufferPointer { s in
      var k = i
      if value > s[k] {
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
