import StriderConcurrency
import Synchronization
import Testing

/// A failure the work can meet.
private struct DiskFull: Error, Equatable {}

/// What the batches of a test did, seen from the test's thread.
private final class Log: Sendable {
  let written = Mutex<[Int]>([])
  let started = Mutex(false)
  let finished = Mutex(false)
  var items: [Int] { written.withLock { $0 } }
  func add(_ item: Int) { written.withLock { $0.append(item) } }
}

/// Work behind the caller (an import's batches written behind the engine): in order,
/// bounded, and the first failure stops it.
@Suite("Work done in order on a thread of its own")
struct OrderedWorkerTests {
  @Test func batchesAreWrittenInTheOrderGiven() throws {
    let log = Log()
    let behind = OrderedWorker<DiskFull>(capacity: 2, name: "test")
    for batch in 0..<200 {
      try behind.submit { log.add(batch) }
    }
    try behind.drain()
    behind.close()
    #expect(log.items == Array(0..<200))
  }

  @Test func theFirstFailureStopsTheWritingAndIsThrownAfterwards() {
    let log = Log()
    let behind = OrderedWorker<DiskFull>(capacity: 1, name: "test")
    let failure = DiskFull()
    #expect(throws: Never.self) {
      try behind.submit { log.add(0) }
      try behind.submit { () throws(DiskFull) in throw failure }
    }
    #expect(throws: failure) { try behind.drain() }
    #expect(throws: failure) { try behind.submit { log.add(2) } }
    behind.close()
    #expect(log.items == [0])
  }

  @Test func closingDropsWhatWaitsAndWaitsForTheBatchBeingWritten() throws {
    let log = Log()
    let behind = OrderedWorker<DiskFull>(capacity: 4, name: "test")
    try behind.submit {
      log.started.withLock { $0 = true }
      var spins = 0
      while spins < 20_000_000 { spins += 1 }
      log.finished.withLock { $0 = true }
    }
    try behind.submit { log.add(1) }
    while !log.started.withLock({ $0 }) {}
    behind.close()
    #expect(log.finished.withLock { $0 })
    #expect(log.items.isEmpty)
  }
}
