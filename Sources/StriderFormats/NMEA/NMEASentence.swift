import StriderCore

/// One NMEA 0183 sentence whose checksum matched, split into its comma-separated fields.
///
/// `body` is the text between `$` and `*`; field 0 is the address (`GPGGA`). Reading a field
/// past the end gives an empty field, as receivers that omit trailing fields mean it.
struct NMEASentence {
  /// The bytes between `$` and `*`, in the line being read: a sentence lives only while
  /// the reader handles it.
  let body: UnsafeBufferPointer<UInt8>
  /// Where each field starts in `body` (`fieldCount` of them, then the end of `body` + 1).
  private let starts: UnsafeBufferPointer<Int>
  private let fieldCount: Int

  /// A sentence whose field starts the reader found as it read the body (in memory it
  /// reuses from one sentence to the next).
  init(body: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>, count: Int) {
    self.body = body
    self.starts = starts
    fieldCount = count
  }

  var count: Int { fieldCount }

  /// The field's bytes; empty when the sentence has fewer fields.
  subscript(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    guard index < fieldCount else { return UnsafeBufferPointer(rebasing: body[body.count...]) }
    return UnsafeBufferPointer(rebasing: body[starts[index]..<(starts[index + 1] - 1)])
  }

  /// The sentence type without its talker (`GGA` of `GNGGA`); nil for addresses that are
  /// not five characters (most proprietary sentences: `$PMTK001`, `$PUBX`). A five-letter
  /// proprietary address (`$PGRME`) gives a type no reader handles; `PQ` is a real talker
  /// (Quectel's BeiDou).
  var type: Slice<UnsafeBufferPointer<UInt8>>? {
    let address = self[0]
    guard address.count == 5,
      address.allSatisfy({ NMEASentence.isUpperAlphanumeric($0) })
    else { return nil }
    return address.suffix(3)
  }

  func double(_ index: Int) -> Double? {
    let field = self[index]
    guard !field.isEmpty, let value = ASCIINumber.double(field), value.isFinite else {
      return nil
    }
    return value
  }

  func integer(_ index: Int) -> Int? {
    let field = self[index]
    return field.isEmpty ? nil : ASCIINumber.integer(field)
  }

  /// The first byte of a one-letter field (status, hemisphere, mode), nil when empty.
  func letter(_ index: Int) -> UInt8? { self[index].first }

  /// `hhmmss` or `hhmmss.sss` as milliseconds since midnight UTC; nil when absent or invalid.
  ///
  /// A leap second is only `235960` (UTC leap seconds end a day) and gives 86 400 000 ms
  /// and more, so its epoch stays apart from the next day's `000000`; turning it into an
  /// instant folds it into the day's last millisecond (`GNSSTime.foldingLeapSecond`).
  func timeOfDay(_ index: Int) -> Int? {
    let field = self[index]
    guard field.count >= 6 else { return nil }
    var i = field.startIndex
    guard let hours = Self.pair(field, at: i), let minutes = Self.pair(field, at: i + 2),
      let seconds = Self.pair(field, at: i + 4), hours < 24, minutes < 60,
      seconds < 60 || (seconds == 60 && hours == 23 && minutes == 59)
    else { return nil }
    i += 6
    var millis = 0
    if i < field.endIndex {
      guard field[i] == UInt8(ascii: ".") else { return nil }
      i += 1
      let digits = field.endIndex - i
      if digits <= 3 {
        // Whole milliseconds (nearly every receiver): counted in integers, as the sum
        // below rounds them too, without its divisions.
        for _ in 0..<3 {
          var digit = 0
          if i < field.endIndex {
            let byte = field[i] &- 0x30
            guard byte < 10 else { return nil }
            digit = Int(byte)
            i += 1
          }
          millis = millis * 10 + digit
        }
      } else {
        var fraction = 0.0
        var scale = 0.1
        while i < field.endIndex {
          let digit = field[i] &- 0x30
          guard digit < 10 else { return nil }
          fraction += Double(digit) * scale
          scale /= 10
          i += 1
        }
        millis = Int((fraction * 1000).rounded())
      }
    }
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
  }

  /// Two decimal digits at `i`, nil when they are not.
  @inline(__always)
  private static func pair(_ field: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    let tens = field[i] &- 0x30
    let units = field[i + 1] &- 0x30
    guard tens < 10, units < 10 else { return nil }
    return Int(tens) * 10 + Int(units)
  }

  /// `ddmm.mmmm,N,dddmm.mmmm,E` starting at `index`: decimal degrees, or nil when a field
  /// is empty, a hemisphere letter is wrong, or a value is out of range.
  func coordinate(at index: Int) -> Coordinate? {
    guard let latitude = Self.degrees(double(index), hemisphere: letter(index + 1), limit: 90),
      let longitude = Self.degrees(double(index + 2), hemisphere: letter(index + 3), limit: 180)
    else { return nil }
    return Coordinate(latitude: latitude, longitude: longitude)
  }

  private static func degrees(_ value: Double?, hemisphere: UInt8?, limit: Double) -> Double? {
    guard let value, value >= 0, let hemisphere else { return nil }
    let whole = (value / 100).rounded(.towardZero)
    let minutes = value - whole * 100
    guard minutes < 60 else { return nil }
    let degrees = whole + minutes / 60
    guard degrees <= limit else { return nil }
    switch hemisphere {
    case UInt8(ascii: "N"), UInt8(ascii: "E"): return degrees
    case UInt8(ascii: "S"), UInt8(ascii: "W"): return -degrees
    default: return nil
    }
  }

  /// The XOR of every byte between `$` and `*` (NMEA 0183 §5.2.1).
  static func checksum(_ body: some Sequence<UInt8>) -> UInt8 {
    body.reduce(0, ^)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
  }

  static func isUpperAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
