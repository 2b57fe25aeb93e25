import Foundation
import StriderFormats

/// A text stream into a file descriptor, written in large chunks; the first refused write
/// is kept and the rest of the text dropped.
public struct FileOutput: ExportStream {
  public let fd: Int32
  public let destination: String
  /// Told the bytes as they are written, to show how far a long export has gone.
  public var progress: ProgressLine?
  private var buffer: [UInt8] = []
  public private(set) var failure: OutputError?
  /// The writer gave up (its input failed): nothing more is written, and an atomic file
  /// is not put in place.
  public private(set) var isAbandoned = false

  public init(fd: Int32, destination: String, progress: ProgressLine? = nil) {
    self.fd = fd
    self.destination = destination
    self.progress = progress
    buffer.reserveCapacity(1 << 16)
  }

  public mutating func write(_ string: String) {
    write(bytes: string.utf8)
  }

  public mutating func write(bytes: some Collection<UInt8>) {
    guard failure == nil, !isAbandoned else { return }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  public mutating func flush() {
    guard !buffer.isEmpty, failure == nil else { return }
    progress?.advance(by: buffer.count)
    do {
      try Output.write(buffer, to: fd, destination: destination)
    } catch {
      failure = error
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Drops what is buffered and writes nothing more.
  public mutating func abandon() {
    isAbandoned = true
    buffer.removeAll()
  }

  /// Writes what is buffered, then throws the first failure if there was one.
  public mutating func finish() throws(OutputError) {
    flush()
    if let failure { throw failure }
  }
}
