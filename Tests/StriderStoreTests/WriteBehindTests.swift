import Synchronization
import Testing

@testable import StriderStore

/// What the batches of a test did, seen from the test's thread.
private final class Log: Sendable {
  let written = Mutex<[Int]>([])
  let started = Mutex(false)
  let finished = Mutex(false)
  var items: [Int] { written.withLock { $0 } }
  func add(_ item: Int) { written.withLock { $0.append(item) } }
}

/// The import's writing thread: batches in order, bounded, and the first failure stops it.
@Suite("Writing an import's batches behind the engine")
struct WriteBehindTests {
  @Test func batchesAreWrittenInTheOrderGiven() throws {
    let log = Log()
    let behind = WriteBehind(capacity: 2)
    for batch in 0..<200 {
      try behind.submit { log.add(batch) }
    }
    try behind.drain()
    behind.close()
    #expect(log.items == Array(0..<200))
  }

  @Test func theFirstFailureStopsTheWritingAndIsThrownAfterwards() {
    let log = Log()
    let behind = WriteBehind(capacity: 1)
    let failure = StoreError.diskFull(path: "/tmp/x.sqlite")
    #expect(throws: Never.self) {
      try behind.submit { log.add(0) }
      try behind.submit { () throws(StoreError) in throw failure }
    }
    #expect(throws: failure) { try behind.drain() }
    #expect(throws: failure) { try behind.submit { log.add(2) } }
    behind.close()
    #expect(log.items == [0])
  }

  @Test func closingDropsWhatWaitsAndWaitsForTheBatchBeingWritten() throws {
    let log = Log()
    let behind = WriteBehind(capacity: 4)
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
