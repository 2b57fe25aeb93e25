/// The root element of an XML document, read from its first bytes: what tells GPX from TCX
/// (and from KML and every other XML) before any reader starts.
enum XMLRoot {
  /// The local name (namespace prefix removed) of the first element after an optional
  /// byte-order mark, XML declaration, comments, processing instructions and DOCTYPE; nil
  /// when the bytes are not markup or end before the name does.
  static func localName(prefix: [UInt8]) -> ArraySlice<UInt8>? {
    var i = TextSniffing.contentStart(prefix)
    let end = prefix.count
    while true {
      while i < end, ASCIINumber.isSpace(prefix[i]) { i += 1 }
      guard i + 1 < end, prefix[i] == UInt8(ascii: "<") else { return nil }
      let next = prefix[i + 1]
      if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
        // A declaration, processing instruction, comment or DOCTYPE: skip to its end.
        let closing: [UInt8] =
          prefix[(i + 1)...].starts(with: Array("!--".utf8))
          ? Array("-->".utf8) : [UInt8(ascii: ">")]
        guard let close = TextSniffing.firstIndex(of: closing, in: prefix[(i + 2)...]) else {
          return nil
        }
        i = close + closing.count
        continue
      }
      var nameEnd = i + 1
      while nameEnd < end, !ASCIINumber.isSpace(prefix[nameEnd]),
        prefix[nameEnd] != UInt8(ascii: ">"), prefix[nameEnd] != UInt8(ascii: "/")
      {
        nameEnd += 1
      }
      guard nameEnd < end else { return nil }
      let name = prefix[(i + 1)..<nameEnd]
      return name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
    }
  }

  /// Whether the document's root element has this local name.
  static func isNamed(_ name: StaticString, prefix: [UInt8]) -> Bool {
    guard let local = localName(prefix: prefix) else { return false }
    return XMLName.matches(local, name)
  }
}

/// Element names compared as bytes, without building strings.
enum XMLName {
  /// Whether `name` is exactly the ASCII `literal`.
  @inline(__always)
  static func matches<Name: RandomAccessCollection<UInt8>>(
    _ name: Name, _ literal: StaticString
  ) -> Bool {
    guard name.count == literal.utf8CodeUnitCount else { return false }
    let start = literal.utf8Start
    var i = 0
    for byte in name {
      guard byte == start[i] else { return false }
      i += 1
    }
    return true
  }
}
