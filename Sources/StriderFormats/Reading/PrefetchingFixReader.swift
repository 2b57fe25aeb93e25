import Foundation
import StriderConcurrency
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

  private let channel: BoundedChannel<Batch>?
  /// How many fixes the thread hands over at a time.
  private let batchSize: Int
  /// The wrapped reader while it is read on the caller's thread (`parallel` false).
  private var inlineReader: (any FixReader)?
  private var batch: [Fix] = []
  private var index = 0
  private var ended = false
  private var failure: FormatError?

  /// Files smaller than this are read on the caller's thread (`isWorthAThread`).
  public static let threadThreshold = 256 << 10

  /// Whether the file at `path` is big enough for a parsing thread to pay: starting one
  /// and waiting for its first batch cost a small file more than the parsing it would
  /// overlap (on a loaded machine, a 10-line log waited 3 ms for it). Anything but a
  /// regular file (a pipe, a device) gets one.
  public static func isWorthAThread(path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return true }
    return info.st_size >= threadThreshold
  }

  /// Reads `reader` `depth` batches of `batchSize` fixes ahead on a thread of its own, or
  /// on the caller's thread when `parallel` is false.
  public init(
    _ reader: any FixReader, batchSize: Int = 4096, depth: Int = 4, parallel: Bool = true
  ) {
    format = reader.format
    metadata = reader.metadata
    guard parallel else {
      inlineReader = reader
      channel = nil
      self.batchSize = batchSize
      return
    }
    let channel = BoundedChannel<Batch>(capacity: depth)
    self.channel = channel
    let box = ReaderBox(reader)
    let size = max(1, batchSize)
    self.batchSize = size
    let thread = Thread {
      var reader = box.reader
      var fixes: [Fix] = []
      fixes.reserveCapacity(size)
      do throws(FormatError) {
        while try reader.read(into: &fixes, upTo: size) {
          guard channel.put(Batch(fixes: fixes, metadata: reader.metadata)) else { return }
          // A new array, not the old one emptied: that one is the caller's now, and
          // emptying it in place once the caller lets go would write where the caller read,
          // ordered only by the reference count (which ThreadSanitizer cannot see).
          fixes = []
          fixes.reserveCapacity(size)
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

  deinit { channel?.close() }

  /// Lets the thread read `count` fixes further ahead than usual (0: back to the usual),
  /// while the caller is busy with fixes it read before (`JudgingThread`'s held ones): it
  /// waited for room 5 ms of the 60 that reading a 100,000-epoch NMEA log takes. Each
  /// batch ahead is about a megabyte more.
  public func readAhead(fixes count: Int) {
    channel?.allow(more: (count + batchSize - 1) / batchSize)
  }

  public func next() throws(FormatError) -> Fix? {
    guard let channel else { return try nextInline() }
    guard try fill(from: channel) else { return nil }
    defer { index += 1 }
    return batch[index]
  }

  /// The fixes read ahead and not yet taken, at least one, in order; nil at the end. The
  /// same fixes, end and error as `next()` gives one at a time, handed over without a
  /// copy of each: a replay at full speed copied every fix through each layer.
  public func nextBatch() throws(FormatError) -> ArraySlice<Fix>? {
    guard let channel else {
      var fixes: [Fix] = []
      fixes.reserveCapacity(Self.inlineBatchSize)
      do {
        while fixes.count < Self.inlineBatchSize, let fix = try nextInline() { fixes.append(fix) }
      } catch {
        // The fixes before the error first; the error comes with the next call.
        guard !fixes.isEmpty else { throw error }
      }
      return fixes.isEmpty ? nil : fixes[...]
    }
    guard try fill(from: channel) else { return nil }
    defer { index = batch.count }
    return batch[index...]
  }

  /// How many fixes `nextBatch` reads at a time on the caller's thread.
  static let inlineBatchSize = 256

  /// Takes batches from the thread until one has a fix left to give: false at the end,
  /// the thread's error once the fixes before it are given.
  private func fill(from channel: BoundedChannel<Batch>) throws(FormatError) -> Bool {
    while index >= batch.count {
      if let failure { throw failure }
      if ended { return false }
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
    return true
  }

  /// The next fix read on the caller's thread, with the same ending as the thread's:
  /// the end or the error once, then `finishedReader` holds the reader.
  private func nextInline() throws(FormatError) -> Fix? {
    if let failure { throw failure }
    // Taken out while it reads, so that its buffers are not shared and copied.
    guard !ended, var reader = inlineReader else { return nil }
    inlineReader = nil
    do {
      let fix = try reader.next()
      metadata = reader.metadata
      if fix == nil {
        ended = true
        finishedReader = reader
      } else {
        inlineReader = reader
      }
      return fix
    } catch {
      metadata = reader.metadata
      failure = error
      finishedReader = reader
      throw error
    }
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
