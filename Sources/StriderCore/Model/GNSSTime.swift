/// An instant as the satellite receiver reported it, in UTC.
///
/// Strider never reads the system clock for a fix: a clock that changes under the device
/// would reorder the track. Every time in the engine is one of these, and "now" is the time
/// of the newest fix.
public struct GNSSTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z, ignoring leap seconds (POSIX time).
  public var secondsSince1970: Double

  public init(secondsSince1970: Double) { self.secondsSince1970 = secondsSince1970 }

  public static func < (lhs: GNSSTime, rhs: GNSSTime) -> Bool {
    lhs.secondsSince1970 < rhs.secondsSince1970
  }

  public static func - (lhs: GNSSTime, rhs: GNSSTime) -> Seconds {
    Seconds(lhs.secondsSince1970 - rhs.secondsSince1970)
  }

  public static func + (lhs: GNSSTime, rhs: Seconds) -> GNSSTime {
    GNSSTime(secondsSince1970: lhs.secondsSince1970 + rhs.value)
  }

  public static func - (lhs: GNSSTime, rhs: Seconds) -> GNSSTime {
    GNSSTime(secondsSince1970: lhs.secondsSince1970 - rhs.value)
  }

  public var description: String { iso8601 }

  /// Whether this is a finite instant within about three million years of 1970, where its
  /// civil fields are exact and differences of two such times are finite.
  public var isRepresentable: Bool { abs(secondsSince1970) <= CivilTime.limitSeconds }

  /// The civil date and time of this instant (proleptic Gregorian, UTC).
  public var civil: CivilTime { CivilTime(self) }

  /// RFC 3339 text in UTC: whole seconds when the instant has none, else milliseconds.
  ///
  /// Total, because summaries print whatever time a fix carried: a time that is not a
  /// finite number prints as `nan`, `inf` or `-inf`, and years beyond ±9999 print with
  /// more digits (see `CivilTime` for where the fields saturate).
  public var iso8601: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    writeISO8601(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `iso8601`'s text as UTF-8, without making a `String`: a headless replay of a
  /// million fixes prints 34,000 times, and the interpolated text was a fifth of its lines'
  /// cost.
  public func writeISO8601(to out: inout [UInt8]) {
    guard secondsSince1970.isFinite else {
      let word = secondsSince1970.isNaN ? "nan" : secondsSince1970 > 0 ? "inf" : "-inf"
      out.append(contentsOf: word.utf8)
      return
    }
    let c = civil
    writePadded(c.year, 4, to: &out)
    out.append(UInt8(ascii: "-"))
    writePadded(c.month, 2, to: &out)
    out.append(UInt8(ascii: "-"))
    writePadded(c.day, 2, to: &out)
    out.append(UInt8(ascii: "T"))
    writePadded(c.hour, 2, to: &out)
    out.append(UInt8(ascii: ":"))
    writePadded(c.minute, 2, to: &out)
    out.append(UInt8(ascii: ":"))
    writePadded(c.second, 2, to: &out)
    if c.millisecond != 0 {
      out.append(UInt8(ascii: "."))
      writePadded(c.millisecond, 3, to: &out)
    }
    out.append(UInt8(ascii: "Z"))
  }

  /// Builds an instant from civil UTC fields, or nil when a field is out of range.
  ///
  /// A year is in range within ±9999, what a four-digit year field can say: a ZDA whose
  /// year field read 201555555555555556 overflowed the day count (the nmea fuzz target's
  /// long campaign), and a date typed by a user may hold any number.
  ///
  /// A leap second (`23:59:60.x`, which POSIX time cannot name) is folded into the last
  /// millisecond of the minute before it, at `59.999 + x / 1000`: it stays after `59.x` and
  /// before the next minute's `00`, so a receiver's fixes through a leap second keep their
  /// order and none collides with the fix one second later (as mapping it to `00` would).
  public init?(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0
  ) {
    guard (-9999...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), second >= 0, second < 61
    else { return nil }
    guard day <= CivilTime.daysInMonth(year: year, month: month) else { return nil }
    let days = CivilTime.daysFromCivil(year: year, month: month, day: day)
    secondsSince1970 =
      Double(days) * 86_400 + Double(hour * 3600 + minute * 60)
      + GNSSTime.foldingLeapSecond(second)
  }

  /// Seconds of a minute with a leap second (60 ≤ s < 61) folded into `59.999..<60`.
  public static func foldingLeapSecond(_ second: Double) -> Double {
    second < 60 ? second : 59.999 + (second - 60) / 1000
  }
}

/// Broken-down UTC fields of a `GNSSTime`, for formatting.
public struct CivilTime: Hashable, Sendable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int
  public var millisecond: Int

  /// The largest instant, in seconds either side of 1970, whose fields are computed
  /// (about three million years); beyond it, and for NaN (read as 0), the fields saturate
  /// instead of overflowing.
  static let limitSeconds = 1e14

  init(_ time: GNSSTime) {
    let seconds = time.secondsSince1970
    let clamped = seconds.isNaN ? 0 : min(max(seconds, -Self.limitSeconds), Self.limitSeconds)
    var totalMillis = Int64((clamped * 1000).rounded())
    var days = totalMillis / 86_400_000
    totalMillis -= days * 86_400_000
    if totalMillis < 0 {
      totalMillis += 86_400_000
      days -= 1
    }
    let (y, m, d) = CivilTime.civilFromDays(Int(days))
    year = y
    month = m
    day = d
    let ms = Int(totalMillis)
    hour = ms / 3_600_000
    minute = ms / 60_000 % 60
    second = ms / 1000 % 60
    millisecond = ms % 1000
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The proleptic Gregorian date (year, month, day) `days` days after 1970-01-01.
  package static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  package static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// `value`'s digits after its sign, with zeros before them up to `width` digits.
private func writePadded(_ value: Int, _ width: Int, to out: inout [UInt8]) {
  if value < 0 { out.append(UInt8(ascii: "-")) }
  var magnitude = value.magnitude
  var digits = 0
  var power: UInt = 1
  repeat {
    digits += 1
    magnitude /= 10
    if magnitude > 0 { power *= 10 }
  } while magnitude > 0
  for _ in 0..<max(0, width - digits) { out.append(UInt8(ascii: "0")) }
  magnitude = value.magnitude
  while power > 0 {
    out.append(UInt8(ascii: "0") + UInt8(magnitude / power))
    magnitude %= power
    power /= 10
  }
}
