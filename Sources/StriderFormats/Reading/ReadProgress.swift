import Synchronization

/// How far a file has been read, told from the thread that reads it to one that shows it:
/// the bytes read so far and, for a regular file, its size (`FileByteSource` counts both).
public final class ReadProgress: Sendable {
  private let read = Atomic<Int>(0)
  private let size = Atomic<Int>(-1)

  public init() {}

  /// Bytes read from the file so far (before any decompression).
  public var bytesRead: Int { read.load(ordering: .relaxed) }

  /// The file's size in bytes; nil for a pipe or a terminal.
  public var totalBytes: Int? {
    let value = size.load(ordering: .relaxed)
    return value >= 0 ? value : nil
  }

  func add(_ count: Int) { read.add(count, ordering: .relaxed) }

  func setTotal(_ count: Int) { size.store(count, ordering: .relaxed) }
}
