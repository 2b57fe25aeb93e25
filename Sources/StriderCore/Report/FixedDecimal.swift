/// A figure rounded to a number of decimal places, written from its digits.
///
/// The exports write several rounded figures for each of a million points, and printing
/// each through `description` made a `String`, searched it and often cut it again. A figure
/// rounded to `places` decimals is the whole number `units` over 10^`places`; below 10^15
/// units that decimal reads back as exactly one double, so no shorter text does, and the
/// shortest text `description` prints of the rounded double is these very digits. Past
/// that, or in exponent notation, the callers keep their `description` path.
public struct FixedDecimal: Sendable, Equatable {
  /// `value` × 10^`places`, rounded to a whole number (its sign kept, negative zero too).
  public let units: Double
  /// Decimal places, 0 to `maximumPlaces`.
  public let places: Int

  /// The most places written from digits: the twelve the exports' tiny-figure path writes.
  public static let maximumPlaces = 12
  /// Units from here on may have more digits than a double holds exactly.
  static let unitsLimit = 1e15

  /// `value` rounded to `places` decimals, when its digits are the shortest text of the
  /// rounded double (nil for a figure too large, not finite, or too many places).
  public init?(_ value: Double, places: Int) {
    guard (0...Self.maximumPlaces).contains(places) else { return nil }
    let units = (value * Self.powerOfTen(places)).rounded()
    guard abs(units) < Self.unitsLimit else { return nil }
    self.units = units
    self.places = places
  }

  /// The rounded figure as a double: what `description` would have been asked to print.
  public var value: Double { units / Self.powerOfTen(places) }

  /// Whether `description` prints the rounded figure without an exponent (zero, or at least
  /// 10^-4 in magnitude).
  public var printsPlainly: Bool { units == 0 || abs(value) >= 1e-4 }

  /// Appends the figure in plain notation, trailing fractional zeros left off ("12.5",
  /// "3", "0.0001"), with a `-` before a negative figure; before a negative zero too when
  /// `signsZero` (as `description` prints -0.0).
  public func write(signsZero: Bool = true, to out: inout [UInt8]) {
    let negative = units < 0 || (signsZero && units.sign == .minus)
    if negative { out.append(UInt8(ascii: "-")) }
    let magnitude = UInt64(abs(units))
    let divisor = UInt64(Self.powerOfTen(places))
    Self.writeDigits(magnitude / divisor, to: &out)
    var fraction = magnitude % divisor
    guard fraction != 0 else { return }
    var digits = places
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    out.append(UInt8(ascii: "."))
    Self.writeDigits(fraction, width: digits, to: &out)
  }

  /// The figure in plain notation, as `write` appends it.
  public func text(signsZero: Bool = true) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    write(signsZero: signsZero, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Decimal digits of a whole number, with leading zeros up to `width` digits.
  public static func writeDigits(_ value: UInt64, width: Int = 1, to out: inout [UInt8]) {
    var divisor: UInt64 = 1
    var count = 1
    while count < width || divisor <= value / 10 {
      divisor *= 10
      count += 1
    }
    var rest = value
    while true {
      out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      if divisor == 1 { break }
      divisor /= 10
    }
  }

  /// 10^`places`, exactly (places up to 22 are exact doubles).
  static func powerOfTen(_ places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return scale
  }
}
