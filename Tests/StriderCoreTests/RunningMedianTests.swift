import StriderSimulator
import Testing

@testable import StriderCore

/// The gate's typical accuracy: the median of the last values, kept sorted as they slide.
@Suite struct RunningMedianTests {
  /// Against the median of the window sorted afresh, on values that repeat (a receiver's
  /// HDOP in tenths) and values that do not, for windows of one, two and many, asked after
  /// every value, now and then, and after long silences (when the order is let go).
  @Test(arguments: [1, 2, 7, 120], [1, 5, 300])
  func itIsTheMedianOfTheLastValues(capacity: Int, askedEvery: Int) {
    var rng = SeededRandom(seed: UInt64(capacity * 1000 + askedEvery))
    for repeating in [true, false] {
      var median = RunningMedian(capacity: capacity)
      var window: [Double] = []
      for step in 0..<3000 {
        let raw = 1 + 20 * rng.uniform()
        let value = repeating ? (raw * 2).rounded() / 2 : raw
        median.add(value)
        window.append(value)
        if window.count > capacity { window.removeFirst() }
        // Irregular questions: most every `askedEvery` values, some in between.
        guard step % askedEvery == 0 || rng.uniform() < 0.02 else { continue }
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
