import StriderSimulator
import Testing

@testable import StriderCore

/// The gate's typical accuracy: the median of the last values, kept sorted as they slide.
@Suite struct RunningMedianTests {
  /// Against the median of the window sorted afresh, on values that repeat (a receiver's
  /// HDOP in tenths) and values that do not, for windows of one, two and many.
  @Test(arguments: [1, 2, 7, 120])
  func itIsTheMedianOfTheLastValues(capacity: Int) {
    var rng = SeededRandom(seed: UInt64(capacity))
    for repeating in [true, false] {
      var median = RunningMedian(capacity: capacity)
      var window: [Double] = []
      for step in 0..<2000 {
        let raw = 1 + 20 * rng.uniform()
        let value = repeating ? (raw * 2).rounded() / 2 : raw
        median.add(value)
        window.append(value)
        if window.count > capacity { window.removeFirst() }
        let expected = window.sorted()[window.count / 2]
        guard median.median == expected else {
          Issue.record("step \(step): \(median.median ?? .nan), expected \(expected)")
          return
        }
      }
    }
  }

  @Test func valuesThatAreNotFiniteAreLeftOut() {
    var median = RunningMedian(capacity: 3)
    #expect(median.median == nil)
    median.add(.nan)
    median.add(.infinity)
    #expect(median.median == nil)
    median.add(4)
    median.add(.nan)
    #expect(median.median == 4)
  }
}
