import StriderCore

/// RFC 3339 / ISO 8601 date-times read from ASCII bytes, by hand (no `DateFormatter`).
///
/// Accepts `YYYY-MM-DDThh:mm:ss`, with `t` or a space for `T`, optional fractional seconds of
/// any length, and a zone of `Z`, `+hh:mm`, `-hh:mm`, `+hhmm` or `+hh`; a time without a
/// zone is taken as UTC (what GPX 1.0 writers without zones meant in practice). Offsets are
/// subtracted, so the result is always UTC. Seconds may be omitted (`hh:mm`).
enum TimestampParser {
  static func parse<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> GNSSTime?
  where Bytes.Index == Int {
    let bounds = ASCIINumber.trimmedBounds(bytes)
    var i = bounds.lowerBound
    let end = bounds.upperBound
    // Plain helpers with `i` passed in, not closures over it: a closure capturing a `var`
    // made every read of it a dynamic exclusivity check, a fifth of a GPX point's time.
    guard let year = number(bytes, &i, end, 4), expect(bytes, &i, end, UInt8(ascii: "-")),
      let month = number(bytes, &i, end, 2), expect(bytes, &i, end, UInt8(ascii: "-")),
      let day = number(bytes, &i, end, 2)
    else { return nil }
    guard i < end,
      bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") || bytes[i] == 0x20
    else { return nil }
    i += 1
    guard let hour = number(bytes, &i, end, 2), expect(bytes, &i, end, UInt8(ascii: ":")),
      let minute = number(bytes, &i, end, 2)
    else { return nil }
    var second = 0.0
    if expect(bytes, &i, end, UInt8(ascii: ":")) {
      guard let whole = number(bytes, &i, end, 2) else { return nil }
      second = Double(whole)
      if expect(bytes, &i, end, UInt8(ascii: ".")) || expect(bytes, &i, end, UInt8(ascii: ",")) {
        var fraction = 0
        var divisor = 1
        var fractionDigits = 0
        while i < end, bytes[i] &- 0x30 < 10 {
          if fractionDigits < 12 {
            fraction = fraction * 10 + Int(bytes[i] &- 0x30)
            divisor *= 10
          }
          fractionDigits += 1
          i += 1
        }
        guard fractionDigits > 0 else { return nil }
        second += Double(fraction) / Double(divisor)
      }
    }
    var offsetSeconds = 0
    if i < end {
      let sign = bytes[i]
      if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
        i += 1
      } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        i += 1
        guard let offsetHours = number(bytes, &i, end, 2), offsetHours <= 23 else { return nil }
        var offsetMinutes = 0
        if i < end {
          _ = expect(bytes, &i, end, UInt8(ascii: ":"))
          guard let m = number(bytes, &i, end, 2), m <= 59 else { return nil }
          offsetMinutes = m
        }
        offsetSeconds = (offsetHours * 60 + offsetMinutes) * 60
        if sign == UInt8(ascii: "-") { offsetSeconds = -offsetSeconds }
      } else {
        return nil
      }
    }
    guard i == end,
      let local = GNSSTime(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    else { return nil }
    return GNSSTime(secondsSince1970: local.secondsSince1970 - Double(offsetSeconds))
  }

  /// `count` decimal digits at `i`, moving past them; nil when there are fewer.
  @inline(__always)
  private static func number<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ i: inout Int, _ end: Int, _ count: Int
  ) -> Int? where Bytes.Index == Int {
    guard end - i >= count else { return nil }
    var value = 0
    for _ in 0..<count {
      let d = bytes[i] &- 0x30
      guard d < 10 else { return nil }
      value = value * 10 + Int(d)
      i += 1
    }
    return value
  }

  /// Whether `byte` is at `i`, moving past it when it is.
  @inline(__always)
  private static func expect<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ i: inout Int, _ end: Int, _ byte: UInt8
  ) -> Bool where Bytes.Index == Int {
    guard i < end, bytes[i] == byte else { return false }
    i += 1
    return true
  }
}
