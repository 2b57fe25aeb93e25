import Foundation
import StriderConcurrency
import Synchronization
import Testing

/// A failure the consumer can meet.
private struct DiskFull: Error, Equatable {}

/// Work made on a thread of its own and taken on the caller's (a session measured again:
/// the finish makes the track, the caller's database connection writes it).
@Suite struct HandOverTests {
  @Test func everyElementIsTakenInOrderOnTheCallersThreadAndTheResultReturned() throws {
    let caller = Thread.current
    var taken: [Int] = []
    let result = try handOver(
      capacity: 2, name: "test-hand-over",
      produce: { give in
        for k in 0..<1_000 { give(k) }
        return "made 1000"
      },
      consume: { (k: Int) in
        #expect(Thread.current == caller)
        taken.append(k)
      })
    #expect(result == "made 1000")
    #expect(taken == Array(0..<1_000))
  }

  /// The consumer fails at the third element: the producer still runs to its end (never
  /// left waiting for room), nothing more is taken, and the failure is thrown.
  @Test func aFailureIsThrownOnceTheProducerHasEnded() {
    final class Given: Sendable { let count = Mutex(0) }
    let given = Given()
    var taken: [Int] = []
    #expect(throws: DiskFull()) {
      _ = try handOver(
        capacity: 1, name: "test-hand-over",
        produce: { give in
          for k in 0..<100 {
            give(k)
            given.count.withLock { $0 += 1 }
          }
          return 0
        },
        consume: { (k: Int) in
          if k == 2 { throw DiskFull() }
          taken.append(k)
        })
    }
    #expect(taken == [0, 1])
    #expect(given.count.withLock { $0 } == 100)
  }
}
