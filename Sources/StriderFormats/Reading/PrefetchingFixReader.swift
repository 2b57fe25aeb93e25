import Foundation
import StriderCore

/// A reader that parses on a thread of its own, a few thousand fixes ahead of its caller.
///
/// Batch analysis spends about a third of its time reading the file and the rest in the
/// engine; with two cores the two overlap. Memory stays bounded: at most `depth` batches of
/// `batchSize` fixes wait. What the caller sees is exactly what the wrapped reader gives:
/// the same fixes in the same order, then its error or the end, and afterwards the reader
/// itself (`finishedReader`) with its final metadata and statistics.
public final class PrefetchingFixReader: FixReader {
  public let format: FileFormat
  public private(set) var metadata: TrackMetadata
  /// The wrapped reader once it has reached its end or its error; nil before that.
  public private(set) var finishedReader: (any FixReader)?
  /// The wrapped reader's notes once it has finished; empty before that.
  public var notes: [JSONMember] { finishedReader?.notes ?? [] }
  /// The wrapped reader's warnings once it has finished; empty before that.
  public var warnings: [String] { finishedReader?.warnings ?? [] }
  /// The wrapped reader's device totals once it has finished; nil before that.
  public var deviceTotals: DeviceTotals? { finishedReader?.deviceTotals }
  /// The wrapped reader's recorded laps once it has finished; nil before that.
  public var recordedLaps: RecordedLaps? { finishedReader?.recordedLaps }

  private let channel: BatchChannel
  private var batch: [Fix] = []
  private var index = 0
  private var ended = false
  private var failure: FormatError?

  public init(_ reader: any FixReader, batchSize: Int = 1024, depth: Int = 4) {
    format = reader.format
    metadata = reader.metadata
    let channel = BatchChannel(capacity: max(1, depth))
    self.channel = channel
    let box = ReaderBox(reader)
    let size = max(1, batchSize)
    let thread = Thread {
      var reader = box.reader
      var fixes: [Fix] = []
      fixes.reserveCapacity(size)
      do throws(FormatError) {
        while let fix = try reader.next() {
          fixes.append(fix)
          if fixes.count == size {
            guard channel.put(Batch(fixes: fixes, metadata: reader.metadata)) else { return }
            fixes.removeAll(keepingCapacity: true)
          }
        }
        box.reader = reader
        _ = channel.put(Batch(fixes: fixes, metadata: reader.metadata, end: .finished(box)))
      } catch {
        box.reader = reader
        _ = channel.put(Batch(fixes: fixes, metadata: reader.metadata, end: .failed(error, box)))
      }
    }
    thread.name = "strider-reader"
    thread.start()
  }

  deinit { channel.close() }

  public func next() throws(FormatError) -> Fix? {
    while index >= batch.count {
      if let failure { throw failure }
      if ended { return nil }
      let received = channel.take()
      batch = received.fixes
      index = 0
      metadata = received.metadata
      switch received.end {
      case nil: break
      case .finished(let box):
        ended = true
        finishedReader = box.reader
      case .failed(let error, let box):
        failure = error
        finishedReader = box.reader
      }
    }
    defer { index += 1 }
    return batch[index]
  }
}

/// The reader, handed to the parsing thread and back: only one side touches it at a time
/// (the caller never does until the end is received).
private final class ReaderBox: @unchecked Sendable {
  var reader: any FixReader
  init(_ reader: any FixReader) { self.reader = reader }
}

private struct Batch: @unchecked Sendable {
  enum End {
    case finished(ReaderBox)
    case failed(FormatError, ReaderBox)
  }
  var fixes: [Fix]
  var metadata: TrackMetadata
  var end: End? = nil
}

/// A bounded queue of batches between one producer and one consumer.
private final class BatchChannel: @unchecked Sendable {
  private let condition = NSCondition()
  private var batches: [Batch] = []
  private let capacity: Int
  private var closed = false

  init(capacity: Int) { self.capacity = capacity }

  /// Waits for room; false when the consumer has gone (the producer should stop).
  func put(_ batch: Batch) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while batches.count >= capacity && !closed { condition.wait() }
    guard !closed else { return false }
    batches.append(batch)
    condition.broadcast()
    return true
  }

  func take() -> Batch {
    condition.lock()
    defer { condition.unlock() }
    while batches.isEmpty { condition.wait() }
    let batch = batches.removeFirst()
    condition.broadcast()
    return batch
  }

  func close() {
    condition.lock()
    closed = true
    batches.removeAll()
    condition.broadcast()
    condition.unlock()
  }
}
