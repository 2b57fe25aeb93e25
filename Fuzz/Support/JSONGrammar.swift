/// Whether bytes are one JSON object as RFC 8259 writes it, checked without building it.
///
/// The writers' fuzz target checked each session's JSON export with Foundation's
/// `JSONSerialization`, which builds every value as an object; with the writing, that was
/// a third of an execution. This reads the grammar once over the bytes and allocates
/// nothing. It is as strict as Foundation's reader where the export could go wrong: a
/// control character or a bad escape in a string, an unpaired surrogate in a `\u` escape, a
/// number outside the grammar or too large for a double (`1e400`), `NaN`, a trailing comma,
/// and anything after the closing brace. It does not re-check UTF-8, which a Swift `String`
/// always is. `WriterFuzzRegressionTests` compares its verdicts with Foundation's.
struct JSONGrammar {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var i = 0
  /// Nesting deeper than Foundation's reader allows (512) is refused, as it refuses it.
  static let maximumDepth = 512

  private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// Whether `text` is exactly one JSON object, with white space around it at most.
  static func isObject(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var grammar = JSONGrammar(bytes)
      grammar.skipSpace()
      guard grammar.peek == UInt8(ascii: "{"), grammar.value(depth: 0) else { return false }
      grammar.skipSpace()
      return grammar.i == bytes.count
    }
  }

  private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

  private mutating func skipSpace() {
    while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1 }
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard i + count <= bytes.count else { return false }
    for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return false }
    i += count
    return true
  }

  private mutating func value(depth: Int) -> Bool {
    guard depth < JSONGrammar.maximumDepth, let b = peek else { return false }
    switch b {
    case UInt8(ascii: "{"): return container(closedBy: UInt8(ascii: "}"), depth: depth + 1)
    case UInt8(ascii: "["): return container(closedBy: UInt8(ascii: "]"), depth: depth + 1)
    case UInt8(ascii: "\""): return string()
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default: return number()
    }
  }

  /// An object's members or an array's elements, from the opening bracket to `close`.
  private mutating func container(closedBy close: UInt8, depth: Int) -> Bool {
    let isObject = close == UInt8(ascii: "}")
    i += 1
    skipSpace()
    if peek == close {
      i += 1
      return true
    }
    while true {
      if isObject {
        guard peek == UInt8(ascii: "\""), string() else { return false }
        skipSpace()
        guard peek == UInt8(ascii: ":") else { return false }
        i += 1
        skipSpace()
      }
      guard value(depth: depth) else { return false }
      skipSpace()
      if peek == UInt8(ascii: ",") {
        i += 1
        skipSpace()
      } else {
        guard peek == close else { return false }
        i += 1
        return true
      }
    }
  }

  private mutating func string() -> Bool {
    i += 1
    while let b = peek {
      i += 1
      switch b {
      case UInt8(ascii: "\""): return true
      case 0..<0x20: return false
      case UInt8(ascii: "\\"):
        guard let e = peek else { return false }
        i += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          continue
        case UInt8(ascii: "u"):
          guard let unit = hex4() else { return false }
          if unit >= 0xDC00 && unit <= 0xDFFF { return false }
          if unit >= 0xD800 && unit <= 0xDBFF {
            // A high surrogate must be followed by an escaped low one.
            guard literal("\\u"), let low = hex4(), low >= 0xDC00, low <= 0xDFFF else {
              return false
            }
          }
        default: return false
        }
      default: continue
      }
    }
    return false
  }

  private mutating func hex4() -> UInt16? {
    guard i + 4 <= bytes.count else { return nil }
    var unit: UInt16 = 0
    for _ in 0..<4 {
      let b = bytes[i]
      let digit: UInt8
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
      i += 1
    }
    return unit
  }

  /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, whose value is a finite double.
  private mutating func number() -> Bool {
    let start = i
    if peek == UInt8(ascii: "-") { i += 1 }
    guard let first = peek, isDigit(first) else { return false }
    i += 1
    if first != UInt8(ascii: "0") { digits() }
    if peek == UInt8(ascii: ".") {
      i += 1
      guard let d = peek, isDigit(d) else { return false }
      digits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      i += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
      guard let d = peek, isDigit(d) else { return false }
      digits()
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    return Double(text)?.isFinite == true
  }

  private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  private mutating func digits() {
    while let b = peek, isDigit(b) { i += 1 }
  }
}
