import Testing

@testable import StriderCore

/// The byte-level JSON writer gives exactly the text the scalar-at-a-time one gave, with
/// every control character escaped.
struct JSONValueTests {
  /// The writer before the byte-level one, kept as the oracle.
  static func reference(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        // Every control character (issue 49 added the C1 ones, U+0080-U+009F: a file name
        // with U+009B, CSI, reached the terminal through `analyze --format json`).
        if scalar.properties.generalCategory == .control || scalar.value == 0x2028
          || scalar.value == 0x2029
        {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  @Test(arguments: [
    "", "plain ascii", "quote \" and \\ backslash", "tab\tnew\nline\rreturn",
    "\u{0}\u{1}\u{1F}\u{7F}", "line\u{2028}para\u{2029}end", "€ and ‘quotes’ and ™ (E2 80 xx)",
    "日本語 and 🏃‍♀️", "\u{E2}", "ends with \u{2028}", "\u{9B}31mred\u{9B}0m", "\u{85}\u{80}\u{9F}",
    "¡ and é (C2 A1, C3 A9)", "ends with \u{C2}",
  ])
  func stringsAreEscapedAsBefore(_ text: String) {
    #expect(JSONValue.string(text).serialized == Self.reference(text))
  }

  @Test func everyScalarBelow0x3000IsEscapedAsBefore() {
    var text = ""
    for v in 0..<0x3000 where !(0xD800..<0xE000).contains(v) {
      text.unicodeScalars.append(Unicode.Scalar(UInt32(v))!)
    }
    #expect(JSONValue.string(text).serialized == Self.reference(text))
  }

  @Test func numbersAndStructure() {
    let value = JSONValue.object([
      JSONMember("i", .int(Int.min)), JSONMember("j", .int(0)), JSONMember("k", .int(-42)),
      JSONMember("n", .number(-1234567.0)), JSONMember("x", .number(0.1)),
      JSONMember("inf", .number(.infinity)), JSONMember("a", .array([.null, .bool(true)])),
    ])
    #expect(
      value.serialized
        == "{\"i\":-9223372036854775808,\"j\":0,\"k\":-42,\"n\":-1234567,\"x\":0.1,\"inf\":null,\"a\":[null,true]}"
    )
    var text = "prefix "
    value.write(to: &text)
    #expect(text == "prefix " + value.serialized)
  }

  /// A long value written a piece at a time (a long session's summary) is the same text,
  /// and no piece handed out holds much more than the limit.
  @Test func aLongValueWrittenInPiecesIsTheSameText() {
    let numbers = (0..<5000).map { Double($0) / 7 }
    let items = JSONItems(numbers) { .object([JSONMember("x", .number($0))]) }
    let value = JSONValue.object([
      JSONMember("items", .items(items)),
      JSONMember("array", .array(numbers.map { .number($0) })),
      JSONMember("name", .string("a \u{9B} b")),
    ])
    var pieces: [[UInt8]] = []
    var out: [UInt8] = []
    value.write(to: &out, past: 1000) { (bytes: inout [UInt8]) in
      pieces.append(bytes)
      bytes.removeAll()
    }
    pieces.append(out)
    #expect(String(decoding: pieces.joined(), as: UTF8.self) == value.serialized)
    #expect(pieces.count > 50)
    #expect(pieces.allSatisfy { $0.count < 1100 })
    // Items made as they are written read as the array of the same values.
    let array = JSONValue.array(numbers.map { .object([JSONMember("x", .number($0))]) })
    #expect(JSONValue.items(items).serialized == array.serialized)
    #expect(
      JSONValue.items(items)
        == .items(JSONItems(numbers) { .object([JSONMember("x", .number($0))]) }))
  }
}
