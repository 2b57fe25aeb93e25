/// A byte source that refuses UTF-16 input before handing out its first byte.
///
/// The line readers (NMEA, gpsd JSON) read through it, so they name the encoding whatever
/// chunk sizes the bytes come in: the first chunk it returns holds at least
/// `UTF16Detection.prefixLength` bytes (or the whole input when that is shorter).
struct UTF16RefusingSource: ByteChunkSource {
  private var base: any ByteChunkSource
  private let fileName: String
  private var checked = false
  private var ended = false

  init(_ base: some ByteChunkSource, fileName: String) {
    self.base = base
    self.fileName = fileName
  }

  mutating func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    guard !checked else { return ended ? nil : try base.nextChunk() }
    checked = true
    // A first chunk long enough is checked and handed on as it is, not copied.
    guard let chunk = try base.nextChunk() else {
      ended = true
      return nil
    }
    if chunk.count >= UTF16Detection.prefixLength {
      if let encoding = UTF16Detection.encoding(prefix: chunk) {
        throw UTF16Detection.error(file: fileName, encoding: encoding)
      }
      return chunk
    }
    var first = Array(chunk)
    while first.count < UTF16Detection.prefixLength {
      guard let chunk = try base.nextChunk() else {
        ended = true
        break
      }
      first.append(contentsOf: chunk)
    }
    if let encoding = UTF16Detection.encoding(prefix: first) {
      throw UTF16Detection.error(file: fileName, encoding: encoding)
    }
    return first.isEmpty ? nil : first[...]
  }
}
