/// A FIT file's bytes as the decoder takes them: whole messages at a time, with their file
/// offset, and the CRC of what was taken.
///
/// Holds only the bytes not yet taken, plus the chunk being read, so a file of any size is
/// read in the memory of its largest chunk; the largest message the protocol allows (255
/// fields and 255 developer fields of 255 bytes) is about 130 KB.
///
/// The bytes sit in memory of its own, so the decoder reads a message through a plain
/// pointer (`pointer`), with no closure and no array access a message; and the CRC is
/// computed over long runs of taken bytes at once (before they are dropped, and when asked
/// for), not message by message.
struct FITByteStream {
  private var source: any ByteChunkSource
  private var storage: FITByteStorage
  /// Index in `storage` of the next byte not taken, and one past the last byte read.
  private var start = 0
  private var end = 0
  /// File offset of `storage`'s first byte.
  private var base = 0
  private var ended = false
  /// The CRC of the bytes taken since `resetCRC()`, up to `crcDone`.
  private var crcValue: UInt16 = 0
  /// Index in `storage` up to which the taken bytes are in `crcValue`.
  private var crcDone = 0

  init(source: any ByteChunkSource) {
    self.source = source
    storage = FITByteStorage(capacity: 0)
  }

  /// File offset of the next byte not taken.
  @inline(always)
  var offset: Int { base + start }

  /// Makes `count` bytes available; false when the input ends first.
  mutating func require(_ count: Int) throws(FormatError) -> Bool {
    while end - start < count {
      if ended { return false }
      guard let chunk = try source.nextChunk() else {
        ended = true
        return false
      }
      append(chunk)
    }
    return true
  }

  /// Adds a chunk after the bytes not taken, dropping the taken ones (their CRC kept).
  private mutating func append(_ chunk: ArraySlice<UInt8>) {
    foldCRC()
    let pending = end - start
    let needed = pending + chunk.count
    if !isKnownUniquelyReferenced(&storage) || needed > storage.capacity {
      // A copy of the reader must not see this one's bytes change; and a larger chunk
      // needs more room.
      let grown = FITByteStorage(capacity: max(needed, 2 * storage.capacity))
      grown.pointer.copyMemory(from: storage.pointer + start, byteCount: pending)
      storage = grown
    } else if start > 0 {
      storage.pointer.copyMemory(from: storage.pointer + start, byteCount: pending)
    }
    base += start
    start = 0
    crcDone = 0
    end = pending
    chunk.withUnsafeBytes { bytes in
      if let address = bytes.baseAddress {
        (storage.pointer + end).copyMemory(from: address, byteCount: bytes.count)
      }
    }
    end += chunk.count
  }

  /// How many bytes are available without reading more.
  @inline(always)
  var available: Int { end - start }

  /// The byte `index` bytes ahead; it must be available.
  @inline(always)
  func byte(_ index: Int) -> UInt8 {
    precondition(index >= 0 && index < end - start, "FIT byte read past the bytes available")
    return pointer.load(fromByteOffset: index, as: UInt8.self)
  }

  /// The next byte not taken: valid for the bytes `available` says, until the next call to
  /// `require`.
  @inline(always)
  var pointer: UnsafeRawPointer { UnsafeRawPointer(storage.pointer + start) }

  /// Calls `body` with a pointer to the next bytes; at least one must be available.
  @inline(always)
  func withBytes<R>(_ body: (UnsafeRawPointer) -> R) -> R { body(pointer) }

  /// Takes `count` available bytes, adding them to the CRC.
  @inline(always)
  mutating func take(_ count: Int) {
    precondition(count >= 0 && count <= end - start, "FIT bytes taken past the bytes available")
    start += count
  }

  /// Takes `count` available bytes without adding them to the CRC (the file CRC itself).
  mutating func skip(_ count: Int) {
    foldCRC()
    take(count)
    crcDone = start
  }

  /// The CRC of the bytes taken since `resetCRC()`.
  mutating func crc() -> UInt16 {
    foldCRC()
    return crcValue
  }

  mutating func resetCRC() {
    crcValue = 0
    crcDone = start
  }

  /// Adds the bytes taken since the last fold to the CRC.
  private mutating func foldCRC() {
    guard crcDone < start else { return }
    crcValue = FITCRC.update(
      crcValue, UnsafeRawBufferPointer(start: storage.pointer + crcDone, count: start - crcDone))
    crcDone = start
  }
}

/// The memory a `FITByteStream` reads from: allocated once per growth, freed with the last
/// stream that holds it.
final class FITByteStorage {
  let pointer: UnsafeMutableRawPointer
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    pointer = UnsafeMutableRawPointer.allocate(byteCount: max(capacity, 1), alignment: 16)
  }

  deinit { pointer.deallocate() }
}
