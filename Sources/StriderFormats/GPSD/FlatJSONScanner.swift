/// The lexer under `FlatJSONObject`: one JSON object's members read one level deep, in one
/// pass over a buffer, with positions instead of copies.
///
/// The gpsd reader scans each line where it lies in the read buffer and keeps only what a
/// TPV report needs as it goes; building the members into an array of slices first was
/// most of its time (an allocation, and a retain and release of the buffer per member).
/// `FlatJSONObject` builds that array from the same scan, so both accept exactly the same
/// objects (RFC 8259, with the limits `FlatJSONObject` documents). No recursion: nesting of
/// any depth is skipped with a counter.
struct FlatJSONScanner {
  /// A member's value, with strings and nested values as ranges of the buffer.
  enum Value {
    case number(Double)
    /// The bytes between the quotes; `escaped` says whether they hold `\` escapes.
    case string(Range<Int>, escaped: Bool)
    case bool(Bool)
    case null
    /// An array or object, brackets included.
    case nested(Range<Int>)
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var i = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Calls `member` with each member's key (the bytes between its quotes) and value, in
  /// file order; true when `bytes` is one JSON object with nothing but white space around
  /// it. The members seen before a fault have been handed out all the same.
  @inline(__always)
  static func forEachMember(
    in bytes: UnsafeBufferPointer<UInt8>, _ member: (Range<Int>, Value) -> Void
  ) -> Bool {
    var scanner = FlatJSONScanner(bytes)
    return scanner.object(member)
  }

  /// Calls `element` with the range of each object element of a JSON array (brackets
  /// included), in order, up to the first element that is not a value.
  static func forEachObject(
    inArray bytes: UnsafeBufferPointer<UInt8>, _ element: (Range<Int>) -> Void
  ) {
    var scanner = FlatJSONScanner(bytes)
    scanner.objects(inArray: element)
  }

  @inline(__always)
  private mutating func object(_ member: (Range<Int>, Value) -> Void) -> Bool {
    let end = bytes.count
    skipSpace()
    guard i < end, bytes[i] == UInt8(ascii: "{") else { return false }
    i += 1
    skipSpace()
    if i < end, bytes[i] == UInt8(ascii: "}") {
      i += 1
    } else {
      while true {
        skipSpace()
        guard let (key, _) = string() else { return false }
        skipSpace()
        guard i < end, bytes[i] == UInt8(ascii: ":") else { return false }
        i += 1
        skipSpace()
        guard let value = value() else { return false }
        member(key, value)
        skipSpace()
        guard i < end else { return false }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        guard bytes[i] == UInt8(ascii: "}") else { return false }
        i += 1
        break
      }
    }
    skipSpace()
    return i == end
  }

  private mutating func objects(inArray element: (Range<Int>) -> Void) {
    let end = bytes.count
    guard i < end, bytes[i] == UInt8(ascii: "[") else { return }
    i += 1
    while i < end {
      skipSpace()
      guard i < end else { break }
      let start = i
      guard bytes[i] != UInt8(ascii: "]"), let value = value() else { break }
      if case .nested = value { element(start..<i) }
      skipSpace()
      guard i < end, bytes[i] == UInt8(ascii: ",") else { break }
      i += 1
    }
  }

  // MARK: - Lexing

  @inline(__always)
  private mutating func skipSpace() {
    while i < bytes.count, ASCIINumber.isSpace(bytes[i]) { i += 1 }
  }

  /// A string starting at `i` (at its opening quote); nil when unterminated.
  private mutating func string() -> (Range<Int>, Bool)? {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
    let start = i + 1
    var j = start
    var escaped = false
    while j < bytes.count {
      let byte = bytes[j]
      if byte == UInt8(ascii: "\"") {
        i = j + 1
        return (start..<j, escaped)
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        j += 1
      } else if byte < 0x20 {
        return nil
      }
      j += 1
    }
    return nil
  }

  private mutating func value() -> Value? {
    guard i < bytes.count else { return nil }
    switch bytes[i] {
    case UInt8(ascii: "\""):
      guard let (text, escaped) = string() else { return nil }
      return .string(text, escaped: escaped)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let start = i
      guard skipNested() else { return nil }
      return .nested(start..<i)
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    default:
      let start = i
      while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
      guard i > start, let number = ASCIINumber.double(bytes[start..<i]) else { return nil }
      return .number(number)
    }
  }

  private mutating func literal(_ word: StaticString, _ value: Value) -> Value? {
    let count = word.utf8CodeUnitCount
    guard bytes.count - i >= count else { return nil }
    let matches = word.withUTF8Buffer { bytes[i..<(i + count)].elementsEqual($0) }
    guard matches else { return nil }
    i += count
    return value
  }

  @inline(__always)
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
  }

  /// Skips a nested array or object, strings inside it included; false when unbalanced.
  private mutating func skipNested() -> Bool {
    var depth = 0
    var j = i
    while j < bytes.count {
      switch bytes[j] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 {
          i = j + 1
          return true
        }
      case UInt8(ascii: "\""):
        i = j
        guard string() != nil else { return false }
        j = i
        continue
      default:
        break
      }
      j += 1
    }
    return false
  }
}
