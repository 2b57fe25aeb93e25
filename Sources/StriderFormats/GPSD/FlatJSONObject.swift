/// A JSON object read one level deep, straight from bytes.
///
/// gpsd's reports (gpsd_json(5)) are single-line objects whose interesting members are
/// numbers, strings, booleans and null; arrays and objects inside them (SKY's satellites)
/// are kept as raw bytes and parsed only when asked for. No recursion: nesting of any depth
/// is skipped with a counter, so hostile input cannot exhaust the stack.
struct FlatJSONObject {
  /// A member's value.
  enum Value {
    case number(Double)
    /// The bytes between the quotes; `escaped` says whether they hold `\` escapes.
    case string(ArraySlice<UInt8>, escaped: Bool)
    case bool(Bool)
    case null
    /// An array or object, as its raw bytes (brackets included).
    case nested(ArraySlice<UInt8>)
  }

  /// The members in file order, keys as their raw bytes (keys with escapes never match).
  private(set) var members: [(key: ArraySlice<UInt8>, value: Value)] = []

  /// Parses `bytes` as one JSON object with nothing but white space around it; nil when it
  /// is not one.
  init?(_ bytes: ArraySlice<UInt8>) {
    var i = bytes.startIndex
    let end = bytes.endIndex
    Self.skipSpace(bytes, &i)
    guard i < end, bytes[i] == UInt8(ascii: "{") else { return nil }
    i += 1
    Self.skipSpace(bytes, &i)
    if i < end, bytes[i] == UInt8(ascii: "}") {
      i += 1
    } else {
      while true {
        Self.skipSpace(bytes, &i)
        guard let (key, _) = Self.string(bytes, &i) else { return nil }
        Self.skipSpace(bytes, &i)
        guard i < end, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        Self.skipSpace(bytes, &i)
        guard let value = Self.value(bytes, &i) else { return nil }
        members.append((key, value))
        Self.skipSpace(bytes, &i)
        guard i < end else { return nil }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        guard bytes[i] == UInt8(ascii: "}") else { return nil }
        i += 1
        break
      }
    }
    Self.skipSpace(bytes, &i)
    guard i == end else { return nil }
  }

  /// The value of the first member named `key`.
  subscript(_ key: String) -> Value? {
    let utf8 = key.utf8
    return members.first { $0.key.elementsEqual(utf8) }?.value
  }

  /// The objects of a JSON array's raw bytes, each read flat; malformed elements are left out.
  static func objects(inArray bytes: ArraySlice<UInt8>) -> [FlatJSONObject] {
    var i = bytes.startIndex
    let end = bytes.endIndex
    guard i < end, bytes[i] == UInt8(ascii: "[") else { return [] }
    i += 1
    var result: [FlatJSONObject] = []
    while i < end {
      skipSpace(bytes, &i)
      guard i < end else { break }
      let start = i
      guard bytes[i] != UInt8(ascii: "]"), let element = value(bytes, &i) else { break }
      if case .nested = element, let object = FlatJSONObject(bytes[start..<i]) {
        result.append(object)
      }
      skipSpace(bytes, &i)
      guard i < end, bytes[i] == UInt8(ascii: ",") else { break }
      i += 1
    }
    return result
  }

  /// The text of a string value, with its escapes decoded (RFC 8259 §7).
  static func text(_ bytes: ArraySlice<UInt8>, escaped: Bool) -> String {
    guard escaped else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let byte = bytes[i]
      i += 1
      guard byte == UInt8(ascii: "\\"), i < bytes.endIndex else {
        out.append(byte)
        continue
      }
      let escape = bytes[i]
      i += 1
      switch escape {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var code: UInt32 = 0
        var digits = 0
        while digits < 4, i < bytes.endIndex, let hex = NMEASentence.hexValue(bytes[i]) {
          code = code << 4 | UInt32(hex)
          digits += 1
          i += 1
        }
        let scalar = digits == 4 ? Unicode.Scalar(code) : nil
        out.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
      default: out.append(escape)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: - Lexing

  @inline(__always)
  private static func skipSpace(_ bytes: ArraySlice<UInt8>, _ i: inout Int) {
    while i < bytes.endIndex, ASCIINumber.isSpace(bytes[i]) { i += 1 }
  }

  /// A string starting at `i` (at its opening quote); nil when unterminated.
  private static func string(_ bytes: ArraySlice<UInt8>, _ i: inout Int)
    -> (ArraySlice<UInt8>, Bool)?
  {
    guard i < bytes.endIndex, bytes[i] == UInt8(ascii: "\"") else { return nil }
    let start = i + 1
    var j = start
    var escaped = false
    while j < bytes.endIndex {
      let byte = bytes[j]
      if byte == UInt8(ascii: "\"") {
        i = j + 1
        return (bytes[start..<j], escaped)
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

  private static func value(_ bytes: ArraySlice<UInt8>, _ i: inout Int) -> Value? {
    guard i < bytes.endIndex else { return nil }
    switch bytes[i] {
    case UInt8(ascii: "\""):
      guard let (text, escaped) = string(bytes, &i) else { return nil }
      return .string(text, escaped: escaped)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let start = i
      guard skipNested(bytes, &i) else { return nil }
      return .nested(bytes[start..<i])
    case UInt8(ascii: "t"): return literal("true", .bool(true), bytes, &i)
    case UInt8(ascii: "f"): return literal("false", .bool(false), bytes, &i)
    case UInt8(ascii: "n"): return literal("null", .null, bytes, &i)
    default:
      let start = i
      while i < bytes.endIndex, isNumberByte(bytes[i]) { i += 1 }
      guard i > start, let number = ASCIINumber.double(bytes[start..<i]) else { return nil }
      return .number(number)
    }
  }

  private static func literal(
    _ word: StaticString, _ value: Value, _ bytes: ArraySlice<UInt8>, _ i: inout Int
  ) -> Value? {
    let count = word.utf8CodeUnitCount
    guard bytes.endIndex - i >= count else { return nil }
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
  private static func skipNested(_ bytes: ArraySlice<UInt8>, _ i: inout Int) -> Bool {
    var depth = 0
    var j = i
    while j < bytes.endIndex {
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
        var k = j
        guard string(bytes, &k) != nil else { return false }
        j = k
        continue
      default:
        break
      }
      j += 1
    }
    return false
  }
}
