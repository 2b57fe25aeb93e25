import StriderCore

extension GPXDocument {
  /// Longest `<trkpt>` the fast path reads (longer ones, far from the scanner's 1 MiB
  /// caps, go through the scanner).
  static let fastPointLimit = 1 << 16
  /// Fast-path attempts in a row that may fail before it stops trying: a file whose points
  /// all hold markup the fast path leaves to the scanner pays for a few dozen tries only.
  static let fastMissLimit = 64

  mutating func readAhead(in parent: GPXElement, scanner: inout XMLScanner) -> Fix? {
    guard parent == .segment, fastPath else { return nil }
    let point = scanner.readAhead { bytes, line in
      withUnsafeTemporaryAllocation(of: GPXPointScan.Open.self, capacity: GPXPointScan.depthLimit) {
        GPXPointScan.read(bytes, line: line, open: $0)
      }
    }
    guard let point else {
      fastMisses += 1
      if fastMisses > Self.fastMissLimit { fastPath = false }
      return nil
    }
    fastMisses = 0
    fastReads += 1
    return point.fix(segment: segment)
  }
}

/// The fast path of the GPX reader: one `<trkpt>` of the common shape read straight from
/// the scanner's buffer, in one pass, with no allocation.
///
/// A point read this way is the point the scanner and `GPXDocument` read element by
/// element: the same elements (`GPXElement.child(of:named:)`), the same values
/// (`PendingPoint.set`), the same first `lat`/`lon` attribute, the same line. Whatever it
/// does not handle it leaves to them, without reading a byte: comments, CDATA, processing
/// instructions, `&` references, text inside a leaf's child, malformed markup, a value
/// that is not valid (so the scanner reports it, at its place), a point running past the
/// buffer or longer than `GPXDocument.fastPointLimit`.
enum GPXPointScan {
  /// An open element inside the point: what it is and where its qualified name is.
  struct Open {
    var element: GPXElement
    var nameStart: Int
    var nameEnd: Int
  }

  /// A start tag read by `startTag`.
  private struct StartTag {
    var nameStart = 0
    var localStart = 0
    var nameEnd = 0
    var selfClosing = false
    var latitude: Range<Int>?
    var longitude: Range<Int>?
  }

  /// Most elements open at once inside a point.
  static let depthLimit = 16

  /// Reads white space and one `<trkpt>` from the start of `p`; `line` is the line of
  /// `p[0]`; `open` is room for the open elements (`depthLimit` of them).
  static func read(
    _ p: UnsafeBufferPointer<UInt8>, line: Int, open: UnsafeMutableBufferPointer<Open>
  ) -> XMLScanner.FastRead<PendingPoint>? {
    let n = min(p.count, GPXDocument.fastPointLimit)
    var i = 0
    var tagLine = line
    while i < n, ASCIINumber.isSpace(p[i]) {
      if p[i] == 0x0A { tagLine += 1 }
      i += 1
    }
    guard i + 1 < n, p[i] == UInt8(ascii: "<"), XMLScanner.isNameStart(p[i + 1]) else {
      return nil
    }
    var tag = StartTag()
    guard startTag(p, n, &i, &tag, coordinates: true),
      GPXElement.element(childOf: .segment, named: bytes(p, tag.localStart..<tag.nameEnd))
        == .point,
      let latitude = tag.latitude.flatMap({ coordinate(bytes(p, $0), limit: 90) }),
      let longitude = tag.longitude.flatMap({ coordinate(bytes(p, $0), limit: 180) })
    else { return nil }
    var point = PendingPoint()
    point.line = tagLine
    point.coordinate = Coordinate(latitude: latitude, longitude: longitude)
    if tag.selfClosing { return XMLScanner.FastRead(consumed: i, value: point) }
    open[0] = Open(element: .point, nameStart: tag.nameStart, nameEnd: tag.nameEnd)
    var depth = 1
    var textStart = i
    while true {
      while i < n, p[i] != UInt8(ascii: "<") {
        if p[i] == UInt8(ascii: "&") { return nil }
        i += 1
      }
      guard i + 1 < n else { return nil }
      let top = open[depth - 1]
      if p[i + 1] == UInt8(ascii: "/") {
        let textEnd = i
        guard endTag(p, n, &i, name: top.nameStart..<top.nameEnd) else { return nil }
        depth -= 1
        if top.element.isLeaf {
          let text = bytes(p, textStart..<textEnd)
          let trimmed = UnsafeBufferPointer(rebasing: text[ASCIINumber.trimmedBounds(text)])
          guard point.set(top.element, text: trimmed) else { return nil }
        }
        if depth == 0 { return XMLScanner.FastRead(consumed: i, value: point) }
      } else {
        guard !top.element.isLeaf, depth < depthLimit, depth < open.count,
          XMLScanner.isNameStart(p[i + 1])
        else { return nil }
        tag = StartTag()
        guard startTag(p, n, &i, &tag, coordinates: false) else { return nil }
        let element = GPXElement.element(
          childOf: top.element, named: bytes(p, tag.localStart..<tag.nameEnd))
        if !tag.selfClosing {
          open[depth] = Open(element: element, nameStart: tag.nameStart, nameEnd: tag.nameEnd)
          depth += 1
        } else if element.isLeaf {
          guard point.set(element, text: bytes(p, i..<i)) else { return nil }
        }
      }
      textStart = i
    }
  }

  /// The bytes of `p` in `range`, as a buffer of their own (indexed from 0): what the
  /// number, time and name readers read fastest.
  @inline(__always)
  private static func bytes(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> UnsafeBufferPointer<UInt8>
  {
    UnsafeBufferPointer(rebasing: p[range])
  }

  /// A `lat` or `lon` value within ±`limit`, or nil (the scanner then says what is wrong).
  @inline(__always)
  private static func coordinate(_ text: UnsafeBufferPointer<UInt8>, limit: Double) -> Double? {
    guard let value = ASCIINumber.double(text), abs(value) <= limit else { return nil }
    return value
  }

  /// Reads the start tag at `p[i]` (`<` and a name start) as `XMLScanner` does, and moves
  /// `i` past its `>`; false for anything the fast path leaves to the scanner. With
  /// `coordinates`, notes where the first `lat` and `lon` values are.
  @inline(__always)
  private static func startTag(
    _ p: UnsafeBufferPointer<UInt8>, _ n: Int, _ i: inout Int, _ tag: inout StartTag,
    coordinates: Bool
  ) -> Bool {
    var j = i + 1
    tag.nameStart = j
    tag.localStart = j
    while j < n, XMLScanner.isNameChar(p[j]) {
      if p[j] == UInt8(ascii: ":") { tag.localStart = j + 1 }
      j += 1
    }
    tag.nameEnd = j
    while true {
      let spaceBefore = j
      while j < n, ASCIINumber.isSpace(p[j]) { j += 1 }
      guard j < n else { return false }
      if p[j] == UInt8(ascii: ">") {
        i = j + 1
        return true
      }
      if p[j] == UInt8(ascii: "/") {
        guard j + 1 < n, p[j + 1] == UInt8(ascii: ">") else { return false }
        tag.selfClosing = true
        i = j + 2
        return true
      }
      guard j > spaceBefore, XMLScanner.isNameStart(p[j]) else { return false }
      let attributeStart = j
      while j < n, XMLScanner.isNameChar(p[j]) { j += 1 }
      let attributeLength = j - attributeStart
      while j < n, ASCIINumber.isSpace(p[j]) { j += 1 }
      guard j < n, p[j] == UInt8(ascii: "=") else { return false }
      j += 1
      while j < n, ASCIINumber.isSpace(p[j]) { j += 1 }
      guard j < n, p[j] == UInt8(ascii: "\"") || p[j] == UInt8(ascii: "'") else { return false }
      let quote = p[j]
      j += 1
      let valueStart = j
      while j < n, p[j] != quote {
        if p[j] == UInt8(ascii: "<") || p[j] == UInt8(ascii: "&") { return false }
        j += 1
      }
      guard j < n else { return false }
      if coordinates, attributeLength == 3, p[attributeStart] == UInt8(ascii: "l") {
        let second = p[attributeStart + 1]
        let third = p[attributeStart + 2]
        if second == UInt8(ascii: "a"), third == UInt8(ascii: "t"), tag.latitude == nil {
          tag.latitude = valueStart..<j
        } else if second == UInt8(ascii: "o"), third == UInt8(ascii: "n"), tag.longitude == nil {
          tag.longitude = valueStart..<j
        }
      }
      j += 1
    }
  }

  /// Reads the end tag at `p[i]` (`</`), which must close the element whose qualified name
  /// is at `name`, and moves `i` past its `>`; false otherwise.
  @inline(__always)
  private static func endTag(
    _ p: UnsafeBufferPointer<UInt8>, _ n: Int, _ i: inout Int, name: Range<Int>
  ) -> Bool {
    var j = i + 2
    let start = j
    while j < n, XMLScanner.isNameChar(p[j]) { j += 1 }
    guard j - start == name.count else { return false }
    var k = 0
    while k < name.count {
      guard p[start + k] == p[name.lowerBound + k] else { return false }
      k += 1
    }
    while j < n, ASCIINumber.isSpace(p[j]) { j += 1 }
    guard j < n, p[j] == UInt8(ascii: ">") else { return false }
    i = j + 1
    return true
  }
}
