#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where lines end in a text read in chunks, and the start of a line a chunk's end cut, for
/// the readers of line-based formats (NMEA 0183, gpsd JSON).
///
/// A line that lies whole in a chunk is read where it is; only the piece of a line the
/// chunk's end cuts is copied, to wait for the rest, up to the longest line the reader keeps.
/// What ends a line (a CR, an LF, a CRLF) is the reader's to say: this finds the next of
/// either.
struct ChunkedLines {
  /// The longest line kept; the rest of a longer one is dropped and the line marked too long.
  let maximumLength: Int
  /// The start of a line a chunk's end cut, waiting for the rest.
  private var carried: [UInt8] = []
  private var carriedTooLong = false
  /// The index (in the reader's chunk) of the next LF at or after the line being read (the
  /// chunk's end when there is none), or -1 before it is looked for in a new chunk.
  private var nextLineFeed = -1

  init(maximumLength: Int, reserving capacity: Int) {
    self.maximumLength = maximumLength
    carried.reserveCapacity(capacity)
  }

  /// Whether part of a line waits for the rest.
  var isCarrying: Bool { !carried.isEmpty || carriedTooLong }

  /// A new chunk came: where the last one's next LF was means nothing in it.
  mutating func startChunk() { nextLineFeed = -1 }

  /// The offset of the first CR or LF in `text` from `start`, or its end: the next LF found
  /// with memchr once, then a CR looked for before it. `chunkStart` is the index in the
  /// reader's chunk of `text`'s first byte.
  @inline(__always)
  mutating func end(in text: UnsafeBufferPointer<UInt8>, from start: Int, chunkStart: Int) -> Int {
    if nextLineFeed < chunkStart + start {
      nextLineFeed = chunkStart + Self.find(0x0A, in: text, from: start, to: text.count)
    }
    return Self.find(0x0D, in: text, from: start, to: nextLineFeed - chunkStart)
  }

  /// The offset of the first `byte` in `bytes[from..<to]`, else `to`.
  @inline(__always)
  private static func find(
    _ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int
  ) -> Int {
    let count = to - from
    guard count > 0, let base = bytes.baseAddress,
      let hit = memchr(base + from, Int32(byte), count)
    else { return to }
    return from + (base + from).distance(to: hit.assumingMemoryBound(to: UInt8.self))
  }

  /// Keeps the bytes of a line that goes on in the next chunk (up to the longest line kept).
  mutating func carry(_ bytes: UnsafeBufferPointer<UInt8>) {
    let room = maximumLength - carried.count
    if bytes.count > room { carriedTooLong = true }
    carried.append(contentsOf: bytes.prefix(max(0, room)))
  }

  /// The carried line, and whether it was longer than the longest kept; it is no longer
  /// carried. `giveBack` returns its memory for the next one.
  mutating func takeCarried() -> (bytes: [UInt8], tooLong: Bool) {
    let taken = (carried, carriedTooLong)
    carried = []
    carriedTooLong = false
    return taken
  }

  /// Keeps the memory of a line `takeCarried` handed out, emptied, for the next.
  mutating func giveBack(_ buffer: [UInt8]) {
    carried = buffer
    carried.removeAll(keepingCapacity: true)
  }
}
