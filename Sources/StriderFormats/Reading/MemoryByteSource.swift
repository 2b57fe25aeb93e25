/// Bytes already in memory, handed out in chunks of a chosen size.
///
/// Tests use small chunk sizes (down to one byte) to check that every token may straddle a
/// chunk boundary.
public struct MemoryByteSource: ByteChunkSource {
  private let bytes: [UInt8]
  private let chunkSize: Int
  private var offset = 0

  /// - Parameter chunkSize: bytes per chunk; the whole input in one chunk by default.
  public init(bytes: [UInt8], chunkSize: Int = Int.max) {
    self.bytes = bytes
    self.chunkSize = max(1, chunkSize)
  }

  public mutating func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    guard offset < bytes.count else { return nil }
    let end = bytes.count - offset > chunkSize ? offset + chunkSize : bytes.count
    defer { offset = end }
    return bytes[offset..<end]
  }
}
