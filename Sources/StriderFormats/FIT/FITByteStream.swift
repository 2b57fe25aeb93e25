/// A FIT file's bytes as the decoder takes them: whole messages at a time, with their file
/// offset, and the running CRC of what was taken.
///
/// Holds only the bytes not yet taken, plus the chunk being read, so a file of any size is
/// read in the memory of its largest chunk; the largest message the protocol allows (255
/// fields and 255 developer fields of 255 bytes) is about 130 KB.
struct FITByteStream {
  private var source: any ByteChunkSource
  private var buffer: [UInt8] = []
  /// Index in `buffer` of the next byte not taken.
  private var start = 0
  /// File offset of `buffer[0]`.
  private var base = 0
  private var ended = false
  /// The CRC of the bytes taken since `resetCRC()`.
  private(set) var crc: UInt16 = 0

  init(source: any ByteChunkSource) { self.source = source }

  /// File offset of the next byte not taken.
  var offset: Int { base + start }

  /// Makes `count` bytes available; false when the input ends first.
  mutating func require(_ count: Int) throws(FormatError) -> Bool {
    while buffer.count - start < count {
      if ended { return false }
      guard let chunk = try source.nextChunk() else {
        ended = true
        return false
      }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        base += start
        start = 0
      }
      buffer.append(contentsOf: chunk)
    }
    return true
  }

  /// How many bytes are available without reading more.
  var available: Int { buffer.count - start }

  /// The byte `index` bytes ahead; it must be available.
  func byte(_ index: Int) -> UInt8 { buffer[start + index] }

  /// Calls `body` with a pointer to the next bytes; at least one must be available.
  @inline(__always)
  func withBytes<R>(_ body: (UnsafeRawPointer) -> R) -> R {
    buffer.withUnsafeBytes { raw in
      guard let address = raw.baseAddress else { preconditionFailure("no bytes available") }
      return body(address + start)
    }
  }

  /// Takes `count` available bytes, adding them to the CRC.
  mutating func take(_ count: Int) {
    let from = start
    crc = buffer.withUnsafeBytes { raw in
      FITCRC.update(crc, UnsafeRawBufferPointer(rebasing: raw[from..<(from + count)]))
    }
    start += count
  }

  /// Takes `count` available bytes without adding them to the CRC (the file CRC itself).
  mutating func skip(_ count: Int) { start += count }

  mutating func resetCRC() { crc = 0 }
}
