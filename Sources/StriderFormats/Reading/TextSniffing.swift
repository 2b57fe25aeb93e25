/// What the text formats' `looksLike` share: where a file's text starts.
enum TextSniffing {
  /// The index of the first byte after a UTF-8 byte-order mark and white space; the end
  /// index when there is nothing else.
  static func contentStart(_ prefix: [UInt8]) -> Int {
    var i = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < prefix.count, ASCIINumber.isSpace(prefix[i]) { i += 1 }
    return i
  }

  /// The index where `needle` first occurs in `bytes` at or after `start`, or nil.
  static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var i = bytes.startIndex
    while i <= bytes.endIndex - needle.count {
      if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }
}
