import StriderCore

/// A day of the proleptic Gregorian calendar, with no time zone: the history's days are
/// already local when they reach the screen (the store places sessions with SQLite's
/// `localtime`, as `stats` does), so drawing needs only day arithmetic, not a calendar.
///
/// Day numbers are days since 1970-01-01, as `CivilTime` counts them.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// A valid date, or nil (month 13, February 30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1,
      day <= CivilTime.daysInMonth(year: year, month: month)
    else {
      return nil
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date of `YYYY-MM-DD` (what SQLite's `date()` writes), or nil. Read byte by byte:
  /// a ten-year history parses thousands of them when it opens.
  public init?(_ text: String) {
    self.init(utf8: text.utf8)
  }

  /// The date of `YYYY-MM-DD` at the start of `text`'s ten characters, or nil.
  public init?(_ text: Substring) {
    self.init(utf8: text.utf8)
  }

  private init?<Bytes: Collection<UInt8>>(utf8: Bytes) {
    var digits: [Int] = []
    digits.reserveCapacity(8)
    for (index, byte) in utf8.enumerated() {
      if index == 4 || index == 7 {
        guard byte == UInt8(ascii: "-") else { return nil }
      } else {
        guard index < 10, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        digits.append(Int(byte - UInt8(ascii: "0")))
      }
    }
    guard digits.count == 8 else { return nil }
    let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
    self.init(year: year, month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7])
  }

  /// The date `dayNumber` days after 1970-01-01.
  public init(dayNumber: Int) {
    (year, month, day) = CivilTime.civilFromDays(dayNumber)
  }

  /// Days since 1970-01-01 (negative before).
  public var dayNumber: Int { CivilTime.daysFromCivil(year: year, month: month, day: day) }

  /// 0 for Monday to 6 for Sunday (ISO 8601; 1970-01-01 was a Thursday).
  public var weekday: Int { ((dayNumber + 3) % 7 + 7) % 7 }

  /// The Monday on or before this day: the start of its week, as `stats --week` has it.
  public var weekStart: CivilDate { adding(days: -weekday) }

  public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

  /// "2026-11-25".
  public var description: String {
    func pad(_ n: Int, _ width: Int) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  /// "Jan" to "Dec".
  public var monthAbbreviation: String { Self.monthNames[month - 1] }

  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  public static func < (a: CivilDate, b: CivilDate) -> Bool { a.dayNumber < b.dayNumber }
}
