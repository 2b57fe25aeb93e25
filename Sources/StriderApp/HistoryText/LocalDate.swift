import Foundation
import StriderCore
import StriderRender
import StriderStore

/// Dates in the user's time zone, as people read them.
public enum LocalDate {
  /// Midnight at the start of a `YYYY-MM-DD` day in the user's time zone, or nil.
  public static func startOfDay(_ text: String) -> GNSSTime? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.isLenient = false
    guard text.count == 10, let date = formatter.date(from: text) else { return nil }
    return GNSSTime(secondsSince1970: Calendar.current.startOfDay(for: date).timeIntervalSince1970)
  }

  /// Local midnight at the start of the day `time` falls on (today without one).
  public static func startOfDay(containing time: GNSSTime?) -> GNSSTime {
    let date = time.map { Date(timeIntervalSince1970: $0.secondsSince1970) } ?? Date()
    return GNSSTime(
      secondsSince1970: Calendar.current.startOfDay(for: date).timeIntervalSince1970)
  }

  /// A local time the user typed: `YYYY-MM-DD HH:MM[:SS]` (or with a `T`), or `HH:MM[:SS]`
  /// on the day of `start`, a day later when that is before it; nil when it is neither.
  public static func time(_ text: String, onOrAfter start: GNSSTime) -> GNSSTime? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.isLenient = false
    let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "T", with: " ")
    for format in ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm"] {
      formatter.dateFormat = format
      if let date = formatter.date(from: trimmed) {
        return GNSSTime(secondsSince1970: date.timeIntervalSince1970)
      }
    }
    let fields = trimmed.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(fields.count), fields.allSatisfy({ $0.count == 2 }),
      let hour = Int(fields[0]), let minute = Int(fields[1]),
      let second = fields.count == 3 ? Int(fields[2]) : 0,
      (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
    else { return nil }
    let calendar = Calendar.current
    let day = calendar.startOfDay(for: Date(timeIntervalSince1970: start.secondsSince1970))
    guard
      var date = calendar.date(bySettingHour: hour, minute: minute, second: second, of: day)
    else { return nil }
    if date.timeIntervalSince1970 < start.secondsSince1970,
      let next = calendar.date(byAdding: .day, value: 1, to: date)
    {
      date = next
    }
    return GNSSTime(secondsSince1970: date.timeIntervalSince1970)
  }

  public static func text(_ time: GNSSTime?) -> String {
    guard let time else { return "-" }
    return written(time, as: "yyyy-MM-dd HH:mm")
  }

  /// `time` in local time, written with a `DateFormatter` pattern in the POSIX locale.
  static func written(_ time: GNSSTime, as pattern: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = pattern
    return formatter.string(from: Date(timeIntervalSince1970: time.secondsSince1970))
  }

  /// A day's end (the next midnight) or a local time (`--as-of`).
  public static func moment(_ text: String) -> GNSSTime? {
    if let day = LocalDate.startOfDay(text) {
      let next = StatsReport.calendar.date(
        byAdding: .day, value: 1, to: Date(timeIntervalSince1970: day.secondsSince1970))
      return next.map { GNSSTime(secondsSince1970: $0.timeIntervalSince1970) }
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
    formatter.isLenient = false
    guard text.count == 16, let date = formatter.date(from: text) else { return nil }
    return GNSSTime(secondsSince1970: date.timeIntervalSince1970)
  }
}
