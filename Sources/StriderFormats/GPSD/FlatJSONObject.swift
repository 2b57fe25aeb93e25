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
    var members: [(key: ArraySlice<UInt8>, value: Value)] = []
    let isObject = bytes.withUnsafeBufferPointer { buffer in
      FlatJSONScanner.forEachMember(in: buffer) { key, value in
        members.append((Self.slice(bytes, key), Self.value(value, in: bytes)))
      }
    }
    guard isObject else { return nil }
    self.members = members
  }

  /// The value of the first member named `key`.
  subscript(_ key: String) -> Value? {
    let utf8 = key.utf8
    return members.first { $0.key.elementsEqual(utf8) }?.value
  }

  /// The objects of a JSON array's raw bytes, each read flat; malformed elements are left out.
  static func objects(inArray bytes: ArraySlice<UInt8>) -> [FlatJSONObject] {
    var result: [FlatJSONObject] = []
    bytes.withUnsafeBufferPointer { buffer in
      FlatJSONScanner.forEachObject(inArray: buffer) { range in
        if let object = FlatJSONObject(slice(bytes, range)) { result.append(object) }
      }
    }
    return result
  }

  /// A scanned value, its ranges (counted from the start of `bytes`) as slices of `bytes`.
  private static func value(_ value: FlatJSONScanner.Value, in bytes: ArraySlice<UInt8>) -> Value {
    switch value {
    case .number(let number): return .number(number)
    case .string(let range, let escaped): return .string(slice(bytes, range), escaped: escaped)
    case .bool(let bool): return .bool(bool)
    case .null: return .null
    case .nested(let range): return .nested(slice(bytes, range))
    }
  }

  /// The bytes a scanned range covers, counted from the start of `bytes`.
  private static func slice(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>) -> ArraySlice<UInt8> {
    bytes[(bytes.startIndex + range.lowerBound)..<(bytes.startIndex + range.upperBound)]
  }

  /// The text of a string value, with its escapes decoded (RFC 8259 §7).
  static func text<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, escaped: Bool) -> String
  where Bytes.Index == Int {
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
}
