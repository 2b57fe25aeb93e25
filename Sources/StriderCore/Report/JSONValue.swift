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

  /// Compact one-line text.
  public var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .number(let d):
      if !d.isFinite {
        out += "null"
      } else if d == d.rounded(), abs(d) < 1e15 {
        out += String(Int64(d))
      } else {
        out += String(d)
      }
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, m) in members.enumerated() {
        if i > 0 { out += "," }
        JSONValue.writeString(m.key, to: &out)
        out += ":"
        m.value.write(to: &out)
      }
      out += "}"
    }
  }

  static func writeString(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028
          || scalar.value == 0x2029
        {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }

  /// A number rounded to a fixed count of decimals, or null when absent.
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
