/// A JSON document built in code, serialised with keys in the order they were given.
///
/// Output formats are a contract that scripts read; a hand-built value keeps key order and
/// number formatting stable across Foundation versions.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])
  /// An array whose items are made as they are written, so that a long list (a long
  /// session's splits and cues) is never held whole as a tree of values.
  case items(JSONItems)

  /// The value as compact JSON text.
  public var serialized: String {
    var bytes: [UInt8] = []
    write(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value as compact JSON text.
  public func write(to out: inout String) {
    var bytes: [UInt8] = []
    write(to: &bytes)
    out += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value as compact JSON bytes (UTF-8). Bytes, not characters: a JSON export
  /// of a million points is tens of megabytes, and appending one Unicode scalar at a time
  /// to a `String` cost hundreds of instructions a byte.
  public func write(to out: inout [UInt8]) {
    write(to: &out, past: .max) { (_: inout [UInt8]) in }
  }

  /// Appends the value as `write(to:)` does, handing `out` to `flush` whenever it holds more
  /// than `limit` bytes between two items of an array or an object: a long value is written
  /// a piece at a time, never held whole as text.
  public func write<Failure: Error>(
    to out: inout [UInt8], past limit: Int,
    flush: (inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .int(let i): JSONValue.writeInteger(Int64(i), to: &out)
    case .number(let d): JSONValue.writeNumber(d, to: &out)
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        try item.write(to: &out, past: limit, flush: flush)
        if out.count > limit { try flush(&out) }
      }
      out.append(UInt8(ascii: "]"))
    case .items(let items):
      out.append(UInt8(ascii: "["))
      for i in 0..<items.count {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        try items[i].write(to: &out, past: limit, flush: flush)
        if out.count > limit { try flush(&out) }
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (i, m) in members.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.writeString(m.key, to: &out)
        out.append(UInt8(ascii: ":"))
        try m.value.write(to: &out, past: limit, flush: flush)
        if out.count > limit { try flush(&out) }
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// A number as `.number` writes it: whole numbers without a fraction, `null` for one
  /// that is not finite.
  public static func writeNumber(_ d: Double, to out: inout [UInt8]) {
    if !d.isFinite {
      out.append(contentsOf: "null".utf8)
    } else if d == d.rounded(), abs(d) < 1e15 {
      JSONValue.writeInteger(Int64(d), to: &out)
    } else {
      out.append(contentsOf: String(d).utf8)
    }
  }

  /// `rounded(value, decimals)` written, without the value made first: an export of a
  /// million points writes several numbers for each.
  public static func writeRounded(_ value: Double?, _ decimals: Int, to out: inout [UInt8]) {
    guard let v = value, v.isFinite else {
      out.append(contentsOf: "null".utf8)
      return
    }
    if let figure = FixedDecimal(v, places: decimals), figure.printsPlainly {
      figure.write(signsZero: false, to: &out)
      return
    }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    writeNumber((v * scale).rounded() / scale, to: &out)
  }

  /// Decimal digits without a `String` in between.
  public static func writeInteger(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for k in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[k]) }
    }
  }

  /// A string with JSON's escapes, and DEL, the C1 controls (U+0080-U+009F, among them
  /// `,"name":`, the name of a member after an object's first, as bytes for the outputs
  /// written straight to bytes, which keep it made once (a name needs no escape:
  /// `JSONKey`'s and the writers' own).
  public static func nextName(_ name: String) -> [UInt8] {
    Array(",\"\(name)\":".utf8)
  }

  /// CSI, which some terminals obey like ESC [) and U+2028, U+2029 escaped too: every
  /// control character is escaped, so the output is safe to print or embed in a script.
  /// Printable ASCII (nearly every key and value) is copied as a run; only the rare byte
  /// that needs an escape is looked at alone.
  public static func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var s = s
    s.withUTF8 { bytes in
      var runStart = 0
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        let plain =
          byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2
          && byte != 0xC2
        if plain {
          i += 1
          continue
        }
        // U+0080-U+009F are C2 80 to C2 9F; any other C2 sequence is copied.
        if byte == 0xC2, !(i + 1 < bytes.count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F) {
          i += 1
          continue
        }
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 sequence is copied.
        if byte == 0xE2,
          !(i + 2 < bytes.count && bytes[i + 1] == 0x80
            && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9))
        {
          i += 1
          continue
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
        switch byte {
        case 0x22: out.append(contentsOf: "\\\"".utf8)
        case 0x5C: out.append(contentsOf: "\\\\".utf8)
        case 0x0A: out.append(contentsOf: "\\n".utf8)
        case 0x0D: out.append(contentsOf: "\\r".utf8)
        case 0x09: out.append(contentsOf: "\\t".utf8)
        case 0xE2:
          out.append(contentsOf: (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
          i += 2
        case 0xC2:
          let hex: [UInt8] = Array("0123456789abcdef".utf8)
          out.append(contentsOf: "\\u00".utf8)
          out.append(hex[Int(bytes[i + 1] >> 4)])
          out.append(hex[Int(bytes[i + 1] & 0xF)])
          i += 1
        default:
          let hex: [UInt8] = Array("0123456789abcdef".utf8)
          out.append(contentsOf: "\\u00".utf8)
          out.append(hex[Int(byte >> 4)])
          out.append(hex[Int(byte & 0xF)])
        }
        i += 1
        runStart = i
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    out.append(UInt8(ascii: "\""))
  }

  public static func rounded(_ value: Double?, _ decimals: Int) -> JSONValue {
    guard let v = value, v.isFinite else { return .null }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return .number((v * scale).rounded() / scale)
  }
}

/// One key and value of a JSON object.
public struct JSONMember: Sendable, Equatable {
  public var key: String
  public var value: JSONValue

  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}

/// The items of `JSONValue.items`: how many, and how to make each.
public struct JSONItems: Sendable, Equatable {
  public let count: Int
  private let make: @Sendable (Int) -> JSONValue

  public init(count: Int, make: @escaping @Sendable (Int) -> JSONValue) {
    self.count = count
    self.make = make
  }

  /// The items of `values`, made when written.
  public init<Values: RandomAccessCollection & Sendable>(
    _ values: Values, _ transform: @escaping @Sendable (Values.Element) -> JSONValue
  ) where Values.Index == Int {
    self.init(count: values.count) { k in transform(values[values.startIndex + k]) }
  }

  public subscript(k: Int) -> JSONValue { make(k) }

  /// The same items, made and compared one by one.
  public static func == (a: JSONItems, b: JSONItems) -> Bool {
    a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
  }
}
