#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One attribute of the current start tag, as byte ranges into `XMLScanner.buffer`.
struct XMLAttribute {
  var nameStart: Int
  var nameEnd: Int
  var valueStart: Int
  var valueEnd: Int
  /// Whether the value holds `&` references that must be decoded before use.
  var hasReference: Bool
}

/// What `XMLScanner.next()` found.
enum XMLEvent {
  /// A start tag; its name and attributes are in the scanner until the next call.
  case startTag
  /// The end of the innermost open element (an end tag, or the end of an `<empty/>` tag).
  case endTag
  /// The end of a well-formed document.
  case end
}

/// A streaming, non-validating XML 1.0 tokenizer over byte chunks.
///
/// It checks well-formedness as far as a reader needs it (tag nesting, attribute syntax,
/// references, nothing but white space, comments and processing instructions outside the
/// root) and refuses DTD internal subsets and entity declarations, so no entity is ever
/// expanded (billion-laughs and XXE are impossible). Tokens may straddle chunk boundaries:
/// the scanner keeps only the unfinished token when it loads the next chunk. Lines and
/// columns are counted in bytes for error messages. Text content is only collected while
/// `captureText` is set, so the element soup around the data costs almost nothing.
struct XMLScanner {
  static let maxDepth = 256
  static let maxTokenLength = 1 << 20
  static let maxTextLength = 1 << 20

  let fileName: String
  private var source: any ByteChunkSource
  private var sourceDone = false
  /// The current window on the input; indices below are into it.
  private(set) var buffer: [UInt8] = []
  private var pos = 0
  /// Bytes from `mark` on survive a refill; everything before it is dropped.
  private var mark = 0
  /// Absolute offset of `buffer[0]` in the input.
  private var base = 0
  private var line = 1
  /// Absolute offset of the first byte of the current line.
  private var lineStart = 0
  private var started = false

  /// The current start tag: its qualified name, local name (after any prefix), attributes.
  private(set) var nameStart = 0
  private(set) var localStart = 0
  private(set) var nameEnd = 0
  private(set) var attributes: [XMLAttribute] = []
  /// Line of the `<` of the last tag read.
  private(set) var tagLine = 1
  private var tagLineStart = 0
  private var tagStart = 0

  /// The qualified names of the open elements, end to end; only the first
  /// `openNamesCount` bytes are live, so popping never frees or moves memory.
  private var openNames: [UInt8] = []
  private var openNamesCount = 0
  private var openElements: [(length: Int, line: Int)] = []
  private var pendingEnd = false
  private var rootSeen = false

  /// Whether character data (text, references, CDATA) is being collected into `text`.
  var captureText = false
  /// The character data collected since `beginText()`.
  private(set) var text: [UInt8] = []

  init(source: some ByteChunkSource, fileName: String) {
    self.source = source
    self.fileName = fileName
  }

  /// The number of open elements.
  var depth: Int { openElements.count }

  /// The line and column of the next unread byte.
  var currentPosition: (line: Int, column: Int) { (line, base + pos - lineStart + 1) }

  /// The local name of the current start tag.
  var localName: ArraySlice<UInt8> { buffer[localStart..<nameEnd] }

  /// The qualified name of the current start tag, as text.
  var qualifiedName: String { String(decoding: buffer[nameStart..<nameEnd], as: UTF8.self) }

  /// Starts collecting character data afresh.
  mutating func beginText() {
    text.removeAll(keepingCapacity: true)
    captureText = true
  }

  func error(_ code: FormatError.Code, _ message: String, line: Int, column: Int) -> FormatError {
    FormatError(code, file: fileName, line: line, column: column, message: message)
  }

  /// An error at a byte of the current tag.
  func error(_ code: FormatError.Code, _ message: String, inTagAt index: Int) -> FormatError {
    let place = position(inTagAt: index)
    return error(code, message, line: place.line, column: place.column)
  }

  /// The line and column of a byte of the current tag, counted from the tag's `<`.
  func position(inTagAt index: Int) -> (line: Int, column: Int) {
    var currentLine = tagLine
    var currentLineStart = tagLineStart
    var i = tagStart
    while i < index, i < buffer.count {
      if buffer[i] == 0x0A {
        currentLine += 1
        currentLineStart = base + i + 1
      }
      i += 1
    }
    return (currentLine, base + index - currentLineStart + 1)
  }

  /// The value of an attribute with this qualified name, references decoded.
  func attribute(_ name: StaticString) throws(FormatError) -> (
    value: ArraySlice<UInt8>, index: Int
  )? {
    let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    for attribute in attributes
    where attribute.nameEnd - attribute.nameStart == wanted.count
      && buffer[attribute.nameStart..<attribute.nameEnd].elementsEqual(wanted)
    {
      let raw = buffer[attribute.valueStart..<attribute.valueEnd]
      if !attribute.hasReference { return (raw, attribute.valueStart) }
      var decoded: [UInt8] = []
      var i = raw.startIndex
      while i < raw.endIndex {
        if raw[i] == UInt8(ascii: "&") {
          guard let semicolon = raw[i...].firstIndex(of: UInt8(ascii: ";")),
            let scalar = Self.decodeReference(raw[(i + 1)..<semicolon])
          else {
            throw error(.malformed, "bad entity reference in an attribute", inTagAt: i)
          }
          UTF8.encode(scalar) { decoded.append($0) }
          i = semicolon + 1
        } else {
          decoded.append(raw[i])
          i += 1
        }
      }
      return (decoded[...], attribute.valueStart)
    }
    return nil
  }

  // MARK: - Fast paths

  /// What a reader's fast path used of the buffered bytes (`readAhead`).
  struct FastRead<Value> {
    /// How many bytes it used, from the next unread one.
    var consumed: Int
    var value: Value
  }

  /// Lets a reader's fast path read a whole element straight from the buffered bytes.
  ///
  /// `body` gets the bytes from the next unread one to the end of the buffer, and the
  /// line the first of them is on; it returns what it read and how many bytes that took,
  /// or nil to leave them for `next()` (anything unusual: markup it does not handle, an
  /// element that runs past the buffer, a value that is not valid, which `next()` then
  /// reports as usual). The scanner moves past the bytes used, counting their lines. Only
  /// between events, never while an `<empty/>` element's end is pending.
  @inline(__always)
  mutating func readAhead<Value>(
    _ body: (UnsafeBufferPointer<UInt8>, _ line: Int) -> FastRead<Value>?
  ) -> Value? {
    guard started, !pendingEnd, pos < buffer.count else { return nil }
    let start = pos
    let currentLine = line
    let read: FastRead<Value>? = buffer.withUnsafeBufferPointer { bytes in
      body(UnsafeBufferPointer(rebasing: bytes[start...]), currentLine)
    }
    guard let read, read.consumed > 0 else { return nil }
    let end = start + read.consumed
    var newlines = 0
    var lastNewline = -1
    buffer.withUnsafeBufferPointer { bytes in
      guard let first = bytes.baseAddress else { return }
      var from = start
      while from < end, let hit = memchr(first + from, 0x0A, end - from) {
        lastNewline = first.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        newlines += 1
        from = lastNewline + 1
      }
    }
    if newlines > 0 {
      line += newlines
      lineStart = base + lastNewline + 1
    }
    pos = end
    mark = end
    return read.value
  }

  // MARK: - Events

  /// Reads up to the next start tag, end of element, or the end of the document.
  mutating func next() throws(FormatError) -> XMLEvent {
    if pendingEnd {
      pendingEnd = false
      return .endTag
    }
    if !started { try start() }
    while true {
      try scanText()
      if pos >= buffer.count {
        if let open = openElements.last {
          let name = String(
            decoding: openNames[(openNamesCount - open.length)..<openNamesCount], as: UTF8.self)
          throw error(
            .truncated, "the file ends inside <\(name)> opened at line \(open.line)",
            line: line, column: base + pos - lineStart + 1)
        }
        if !rootSeen {
          throw error(
            .truncated, "the file ends before any element", line: line,
            column: base + pos - lineStart + 1)
        }
        return .end
      }
      tagStart = pos
      mark = pos
      tagLine = line
      tagLineStart = lineStart
      guard try ensure(2) else {
        throw error(.truncated, "the file ends inside a tag", inTagAt: tagStart)
      }
      switch buffer[pos + 1] {
      case UInt8(ascii: "/"):
        try scanEndTag()
        return .endTag
      case UInt8(ascii: "?"):
        try skipDelimited(
          from: pos + 2, closing: UInt8(ascii: "?"), run: 1, what: "processing instruction")
      case UInt8(ascii: "!"):
        try scanDeclaration()
      default:
        try scanStartTag()
        return .startTag
      }
    }
  }

  // MARK: - Input

  /// Loads the next non-empty chunk, dropping the bytes before `mark`; returns how far
  /// indices moved down, or nil at the end of the input.
  private mutating func refill() throws(FormatError) -> Int? {
    guard !sourceDone else { return nil }
    var next: ArraySlice<UInt8>?
    repeat {
      next = try source.nextChunk()
    } while next?.isEmpty == true
    guard let chunk = next else {
      sourceDone = true
      return nil
    }
    let shift = mark
    if shift > 0 {
      if shift >= buffer.count {
        buffer.removeAll(keepingCapacity: true)
      } else {
        buffer.removeSubrange(0..<shift)
      }
      base += shift
      pos -= shift
      tagStart -= shift
      mark = 0
    }
    buffer.append(contentsOf: chunk)
    return shift
  }

  /// Makes `count` bytes from `pos` available; false when the input ends first.
  private mutating func ensure(_ count: Int) throws(FormatError) -> Bool {
    while buffer.count - pos < count {
      guard try refill() != nil else { return false }
    }
    return true
  }

  private mutating func start() throws(FormatError) {
    started = true
    _ = try ensure(3)
    if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
      pos = 3
      lineStart = 3
    } else if buffer.count >= 2,
      (buffer[0] == 0xFE && buffer[1] == 0xFF) || (buffer[0] == 0xFF && buffer[1] == 0xFE)
    {
      throw error(
        .malformed, "UTF-16 text is not supported; save the file as UTF-8", line: 1,
        column: 1)
    }
  }

  // MARK: - Character data

  private mutating func appendText(_ bytes: ArraySlice<UInt8>) throws(FormatError) {
    guard text.count + bytes.count <= Self.maxTextLength else {
      throw error(
        .malformed, "an element holds more than 1 MiB of text", line: line,
        column: base + pos - lineStart + 1)
    }
    text.append(contentsOf: bytes)
  }

  /// Skips (or collects) text up to the next `<` or the end of the input.
  private mutating func scanText() throws(FormatError) {
    let outside = openElements.isEmpty
    while true {
      let capture = captureText && !outside
      let n = buffer.count
      var i = pos
      let offset = base
      var currentLine = line
      var currentLineStart = lineStart
      var stray = false
      buffer.withUnsafeBufferPointer { bytes in
        while i < n {
          let b = bytes[i]
          if b == 0x3C || b == 0x26 { return }
          if b == 0x0A {
            currentLine += 1
            currentLineStart = offset + i + 1
          } else if outside, b != 0x20, b != 0x09, b != 0x0D {
            stray = true
            return
          }
          i += 1
        }
      }
      line = currentLine
      lineStart = currentLineStart
      if stray {
        pos = i
        let what = rootSeen ? "after the root element" : "before the root element"
        throw error(
          .malformed, "unexpected text \(what)", line: line,
          column: base + i - lineStart + 1)
      }
      if capture, i > pos { try appendText(buffer[pos..<i]) }
      pos = i
      if i < n {
        if buffer[i] == 0x3C { return }
        if outside {
          throw error(
            .malformed, "unexpected '&' outside the root element", line: line,
            column: base + i - lineStart + 1)
        }
        try scanReference(capture: capture)
        continue
      }
      mark = pos
      if try refill() == nil { return }
    }
  }

  /// Reads `&name;` or `&#...;` at `pos`.
  private mutating func scanReference(capture: Bool) throws(FormatError) {
    mark = pos
    let column = base + pos - lineStart + 1
    var i = pos + 1
    while true {
      if i >= buffer.count {
        guard let shift = try refill() else {
          throw error(
            .truncated, "the file ends inside an entity reference", line: line, column: column)
        }
        i -= shift
        continue
      }
      let b = buffer[i]
      if b == UInt8(ascii: ";") { break }
      if i - pos > 32 || b == 0x3C || b == 0x26 || ASCIINumber.isSpace(b) {
        throw error(
          .malformed, "'&' must start a reference such as &amp; or &#38;", line: line,
          column: column)
      }
      i += 1
    }
    guard let scalar = Self.decodeReference(buffer[(pos + 1)..<i]) else {
      let name = String(decoding: buffer[(pos + 1)..<i], as: UTF8.self)
      throw error(
        .malformed,
        "unknown entity &\(name); (only the five predefined entities and character references are read)",
        line: line, column: column)
    }
    if capture {
      var bytes: [UInt8] = []
      UTF8.encode(scalar) { bytes.append($0) }
      try appendText(bytes[...])
    }
    pos = i + 1
  }

  /// The character a reference names (`lt`, `#65`, `#x41`), or nil.
  static func decodeReference(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
    switch Array(name) {
    case Array("lt".utf8): return "<"
    case Array("gt".utf8): return ">"
    case Array("amp".utf8): return "&"
    case Array("apos".utf8): return "'"
    case Array("quot".utf8): return "\""
    default: break
    }
    guard name.first == UInt8(ascii: "#"), name.count >= 2 else { return nil }
    var digits = name.dropFirst()
    var radix: UInt32 = 10
    if digits.first == UInt8(ascii: "x") {
      radix = 16
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 8 else { return nil }
    var value: UInt32 = 0
    for byte in digits {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
      value = value * radix + digit
    }
    // XML 1.0 Char: no NUL and no C0 controls other than tab, newline and return.
    guard value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D else { return nil }
    return Unicode.Scalar(value)
  }

  /// Skips to a `>` preceded by `run` copies of `closing` (`?>`, `-->`, `]]>`), collecting
  /// the content when `collect` is set.
  private mutating func skipDelimited(
    from start: Int, closing: UInt8, run needed: Int, what: String, collect: Bool = false
  ) throws(FormatError) {
    var i = start
    var segment = start
    var run = 0
    while true {
      let n = buffer.count
      var found = false
      while i < n {
        let b = buffer[i]
        if b == 0x3E, run >= needed {
          found = true
          break
        }
        run = b == closing ? run + 1 : 0
        if b == 0x0A {
          line += 1
          lineStart = base + i + 1
        }
        i += 1
      }
      if collect, i > segment { try appendText(buffer[segment..<i]) }
      if found {
        if collect { text.removeLast(needed) }
        pos = i + 1
        return
      }
      mark = n
      guard let shift = try refill() else {
        throw error(
          .truncated, "the file ends inside a \(what) opened at line \(tagLine)", line: line,
          column: base + buffer.count - lineStart + 1)
      }
      i -= shift
      segment = i
    }
  }

  // MARK: - Markup

  /// `<!--`, `<![CDATA[`, `<!DOCTYPE`; `<!ENTITY` and internal subsets are refused.
  private mutating func scanDeclaration() throws(FormatError) {
    _ = try ensure(9)
    let head = buffer[pos..<min(pos + 9, buffer.count)]
    if head.starts(with: Array("<!--".utf8)) {
      try skipDelimited(from: pos + 4, closing: UInt8(ascii: "-"), run: 2, what: "comment")
    } else if head.starts(with: Array("<![CDATA[".utf8)) {
      if openElements.isEmpty {
        throw error(.malformed, "CDATA outside the root element", inTagAt: pos)
      }
      try skipDelimited(
        from: pos + 9, closing: UInt8(ascii: "]"), run: 2, what: "CDATA section",
        collect: captureText)
    } else if head.starts(with: Array("<!DOCTYPE".utf8)) {
      try scanDoctype()
    } else if head.starts(with: Array("<!ENTITY".utf8)) {
      throw error(
        .forbiddenMarkup, "entity declarations are refused (entities are never expanded)",
        inTagAt: pos)
    } else if head.count < 9,
      Array("<![CDATA[".utf8).starts(with: head) || Array("<!--".utf8).starts(with: head)
    {
      throw error(.truncated, "the file ends inside markup", inTagAt: pos)
    } else {
      throw error(.malformed, "unknown markup after '<!'", inTagAt: pos)
    }
  }

  private mutating func scanDoctype() throws(FormatError) {
    if rootSeen {
      throw error(.malformed, "a DOCTYPE must come before the root element", inTagAt: pos)
    }
    var i = pos + 9
    var quote: UInt8 = 0
    while true {
      let n = buffer.count
      while i < n {
        let b = buffer[i]
        if quote != 0 {
          if b == quote { quote = 0 }
        } else if b == 0x3E {
          break
        } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
          quote = b
        } else if b == UInt8(ascii: "[") {
          throw error(
            .forbiddenMarkup,
            "a DOCTYPE with an internal subset is refused (entities are never expanded)",
            inTagAt: i)
        }
        if b == 0x0A {
          line += 1
          lineStart = base + i + 1
        }
        i += 1
      }
      if i < n { break }
      guard let shift = try refill() else {
        throw error(.truncated, "the file ends inside the DOCTYPE", inTagAt: tagStart)
      }
      i -= shift
    }
    pos = i + 1
  }

  @inline(__always)
  static func isNameStart(_ b: UInt8) -> Bool {
    (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
      || b == UInt8(ascii: ":") || b >= 0x80
  }

  /// A name start, a digit, `-` or `.`: one bit test (the bits of `-`, `.`, `0`-`9`, `:`
  /// below 64; of `A`-`Z`, `_`, `a`-`z` from 64), every byte from 0x80 on.
  @inline(__always)
  static func isNameChar(_ b: UInt8) -> Bool {
    if b >= 0x80 { return true }
    let low: UInt64 = 0x07FF_6000_0000_0000
    let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
    return (b < 64 ? low >> b : high >> (b & 63)) & 1 != 0
  }

  /// Finds the `>` that closes the tag at `pos`, counting lines; quotes when `quoted`.
  private mutating func findTagEnd(quoted: Bool) throws(FormatError) -> Int {
    var i = pos + 1
    var quote: UInt8 = 0
    while true {
      let n = buffer.count
      let offset = base
      var currentLine = line
      var currentLineStart = lineStart
      // 0: ran out of bytes, 1: found '>', 2: '<' in a value, 3: '<' inside a tag.
      var outcome = 0
      buffer.withUnsafeBufferPointer { bytes in
        while i < n {
          let b = bytes[i]
          if quote != 0 {
            if b == quote {
              quote = 0
            } else if b == 0x3C {
              outcome = 2
              return
            }
          } else if b == 0x3E {
            outcome = 1
            return
          } else if quoted, b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            quote = b
          } else if b == 0x3C {
            outcome = 3
            return
          }
          if b == 0x0A {
            currentLine += 1
            currentLineStart = offset + i + 1
          }
          i += 1
        }
      }
      line = currentLine
      lineStart = currentLineStart
      switch outcome {
      case 1:
        return i
      case 2:
        throw error(
          .malformed, "'<' is not allowed in an attribute value", line: line,
          column: base + i - lineStart + 1)
      case 3:
        throw error(
          .malformed, "a tag is not closed with '>' before the next '<'", line: line,
          column: base + i - lineStart + 1)
      default:
        break
      }
      if i - tagStart > Self.maxTokenLength {
        throw error(.malformed, "a tag longer than 1 MiB", inTagAt: tagStart)
      }
      guard let shift = try refill() else {
        let column = tagStart + 1 < buffer.count ? tagStart + 1 : tagStart
        throw error(
          .truncated, "the file ends inside a tag opened at line \(tagLine)", inTagAt: column)
      }
      i -= shift
    }
  }

  private mutating func scanStartTag() throws(FormatError) {
    let end = try findTagEnd(quoted: true)
    pos = end + 1
    var j = tagStart + 1
    guard Self.isNameStart(buffer[j]) else {
      throw error(.malformed, "'<' must be followed by an element name", inTagAt: j)
    }
    nameStart = j
    localStart = j
    while j < end, Self.isNameChar(buffer[j]) {
      if buffer[j] == UInt8(ascii: ":") { localStart = j + 1 }
      j += 1
    }
    nameEnd = j
    attributes.removeAll(keepingCapacity: true)
    var selfClosing = false
    while true {
      let spaceBefore = j
      while j < end, ASCIINumber.isSpace(buffer[j]) { j += 1 }
      if j == end { break }
      if buffer[j] == UInt8(ascii: "/") {
        guard j + 1 == end else {
          throw error(.malformed, "'/' must be followed by '>'", inTagAt: j)
        }
        selfClosing = true
        break
      }
      guard j > spaceBefore, Self.isNameStart(buffer[j]) else {
        throw error(.malformed, "expected white space and an attribute name", inTagAt: j)
      }
      let attributeStart = j
      while j < end, Self.isNameChar(buffer[j]) { j += 1 }
      let attributeEnd = j
      while j < end, ASCIINumber.isSpace(buffer[j]) { j += 1 }
      guard j < end, buffer[j] == UInt8(ascii: "=") else {
        throw error(.malformed, "an attribute needs '=' and a quoted value", inTagAt: j)
      }
      j += 1
      while j < end, ASCIINumber.isSpace(buffer[j]) { j += 1 }
      guard j < end, buffer[j] == UInt8(ascii: "\"") || buffer[j] == UInt8(ascii: "'") else {
        throw error(.malformed, "an attribute value must be quoted", inTagAt: j)
      }
      let quote = buffer[j]
      let valueStart = j + 1
      j = valueStart
      var hasReference = false
      while j < end, buffer[j] != quote {
        if buffer[j] == UInt8(ascii: "&") { hasReference = true }
        j += 1
      }
      guard j < end else {
        throw error(.malformed, "an attribute value is not closed", inTagAt: valueStart - 1)
      }
      attributes.append(
        XMLAttribute(
          nameStart: attributeStart, nameEnd: attributeEnd, valueStart: valueStart,
          valueEnd: j, hasReference: hasReference))
      j += 1
    }
    if rootSeen, openElements.isEmpty {
      throw error(
        .malformed, "a second root element <\(qualifiedName)>", inTagAt: tagStart)
    }
    if openElements.count >= Self.maxDepth {
      throw error(
        .forbiddenMarkup, "elements nested deeper than \(Self.maxDepth) levels",
        inTagAt: tagStart)
    }
    rootSeen = true
    if selfClosing {
      pendingEnd = true
    } else {
      let length = nameEnd - nameStart
      if openNames.count < openNamesCount + length {
        openNames.append(
          contentsOf: repeatElement(0, count: openNamesCount + length - openNames.count))
      }
      for k in 0..<length { openNames[openNamesCount + k] = buffer[nameStart + k] }
      openNamesCount += length
      openElements.append((nameEnd - nameStart, tagLine))
    }
  }

  private mutating func scanEndTag() throws(FormatError) {
    let end = try findTagEnd(quoted: false)
    pos = end + 1
    var j = tagStart + 2
    let start = j
    while j < end, Self.isNameChar(buffer[j]) { j += 1 }
    let nameLength = j - start
    while j < end, ASCIINumber.isSpace(buffer[j]) { j += 1 }
    guard j == end, nameLength > 0 else {
      throw error(.malformed, "malformed end tag", inTagAt: j)
    }
    guard let open = openElements.last else {
      let name = buffer[start..<(start + nameLength)]
      throw error(
        .malformed,
        "</\(String(decoding: name, as: UTF8.self))> has no matching start tag",
        inTagAt: tagStart)
    }
    let openStart = openNamesCount - open.length
    var same = nameLength == open.length
    var k = 0
    while same, k < open.length {
      same = openNames[openStart + k] == buffer[start + k]
      k += 1
    }
    guard same else {
      let openName = openNames[openStart..<openNamesCount]
      let name = buffer[start..<(start + nameLength)]
      throw error(
        .malformed,
        "</\(String(decoding: name, as: UTF8.self))> does not match "
          + "<\(String(decoding: openName, as: UTF8.self))> opened at line \(open.line)",
        inTagAt: tagStart)
    }
    openNamesCount = openStart
    openElements.removeLast()
  }
}

extension XMLScanner {
  /// An error at the first non-blank byte of the current element's text, which began at
  /// `textLine`:`textColumn`: where a person looking at the file sees the bad value.
  func errorInText(
    _ code: FormatError.Code, _ message: String, textLine: Int, textColumn: Int
  ) -> FormatError {
    var line = textLine
    var column = textColumn
    for byte in text {
      guard ASCIINumber.isSpace(byte) else { break }
      if byte == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return error(code, message, line: line, column: column)
  }

  /// The snippet in quotes.
  static func quoted(_ bytes: ArraySlice<UInt8>) -> String { "\"\(snippet(bytes))\"" }

  /// A short, trimmed piece of element text for an error message.
  static func snippet(_ bytes: ArraySlice<UInt8>) -> String {
    let text = String(decoding: ASCIINumber.trimmed(bytes), as: UTF8.self)
    return text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}
