/// Decimal numbers parsed straight from ASCII bytes, without making a `String`.
///
/// The fast path is Clinger's (W. D. Clinger, "How to read floating point numbers
/// accurately", PLDI 1990): when the digits fit in 2^53 and the power of ten is at most
/// 10^22, both are exact doubles and one multiplication or division rounds correctly. Longer
/// numbers fall back to the standard library's locale-independent conversion.
enum ASCIINumber {
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// The bytes without leading and trailing XML white space.
  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return bytes[start..<end]
  }

  /// The bounds of `bytes` without leading and trailing XML white space.
  @inline(__always)
  static func trimmedBounds<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Range<Int>
  where Bytes.Index == Int {
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return start..<end
  }

  /// A decimal number (`-12.5`, `+3`, `.5`, `1e-3`), surrounding white space allowed; nil
  /// for anything else, including `NaN`, `inf` and hexadecimal.
  ///
  /// Generic so that a reader's fast path parses straight from its buffer pointer (no
  /// bounds-checked array slice), and the other readers from their slices.
  static func double<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Double?
  where Bytes.Index == Int {
    let bounds = trimmedBounds(bytes)
    var i = bounds.lowerBound
    let end = bounds.upperBound
    guard i < end else { return nil }
    if let value = plainDecimal(bytes, i, end) { return value }
    var negative = false
    if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
      negative = bytes[i] == UInt8(ascii: "-")
      i += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var digits = 0
    var exponent = 0
    while i < end, bytes[i] &- 0x30 < 10 {
      let d = UInt64(bytes[i] &- 0x30)
      if mantissa != 0 || d != 0 { significant += 1 }
      if significant <= 19 { mantissa = mantissa &* 10 &+ d } else { exponent += 1 }
      digits += 1
      i += 1
    }
    if i < end, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < end, bytes[i] &- 0x30 < 10 {
        let d = UInt64(bytes[i] &- 0x30)
        if mantissa != 0 || d != 0 { significant += 1 }
        if significant <= 19 {
          mantissa = mantissa &* 10 &+ d
          exponent -= 1
        }
        digits += 1
        i += 1
      }
    }
    guard digits > 0 else { return nil }
    if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      var expNegative = false
      if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
        expNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      var value = 0
      var expDigits = 0
      while i < end, bytes[i] &- 0x30 < 10 {
        if value < 100_000 { value = value * 10 + Int(bytes[i] &- 0x30) }
        expDigits += 1
        i += 1
      }
      guard expDigits > 0 else { return nil }
      exponent += expNegative ? -value : value
    }
    guard i == end else { return nil }
    if mantissa == 0 { return negative ? -0.0 : 0 }
    if significant <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      let m = Double(mantissa)
      let value = exponent < 0 ? m / powersOfTen[-exponent] : m * powersOfTen[exponent]
      return negative ? -value : value
    }
    // Slow path: the syntax is already checked, so only plain decimals reach it.
    return Double(String(decoding: bytes[bounds], as: UTF8.self))
  }

  /// The common case of `double`, `[-+]digits[.digits]` with at most 18 digits and no
  /// exponent, in one simple loop; nil for anything else, which `double` then reads. Gives
  /// exactly what `double` gives: the same digits, the same one rounding.
  @inline(__always)
  private static func plainDecimal<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, _ start: Int, _ end: Int
  ) -> Double? where Bytes.Index == Int {
    var i = start
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative || bytes[i] == UInt8(ascii: "+") { i += 1 }
    var mantissa: UInt64 = 0
    let integerStart = i
    while i < end, bytes[i] &- 0x30 < 10 {
      mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
      i += 1
    }
    var digits = i - integerStart
    var fractionDigits = 0
    if i < end, bytes[i] == UInt8(ascii: ".") {
      i += 1
      let fractionStart = i
      while i < end, bytes[i] &- 0x30 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
        i += 1
      }
      fractionDigits = i - fractionStart
      digits += fractionDigits
    }
    guard i == end, digits > 0, digits <= 18, mantissa <= 1 << 53 else { return nil }
    let value = Double(mantissa) / powersOfTen[fractionDigits]
    return negative ? -value : value
  }

  /// A non-negative decimal integer without sign or fraction; nil when it is not one.
  static func integer<Bytes: RandomAccessCollection<UInt8>>(_ raw: Bytes) -> Int?
  where Bytes.Index == Int {
    let bounds = trimmedBounds(raw)
    guard !bounds.isEmpty, bounds.count <= 18 else { return nil }
    var value = 0
    for byte in raw[bounds] {
      guard byte &- 0x30 < 10 else { return nil }
      value = value * 10 + Int(byte &- 0x30)
    }
    return value
  }
}
