import StriderCore

/// Undoes GPS week-number rollovers within one stream of receiver times.
///
/// GPS broadcasts the week number in 10 bits, so it wraps every 1024 weeks (19.6 years:
/// 1999-08-22, 2019-04-07, 2038-11-21). A receiver whose firmware resolves the week against
/// a stale base date jumps back by exactly 1024 weeks at the rollover (reporting 1999 in
/// 2019, or 2019 in 2038), and a badly patched one can jump ahead by as much. Inside one
/// stream such a jump is unmistakable: a step of a whole number of 1024-week periods, give
/// or take a day. The guard shifts that time, and every later one, back by the jump, so the
/// track stays monotonic and in the real date, and counts each correction.
///
/// A stream that is wrong from its first fix cannot be told from an old recording without
/// a clock, and readers have none: its dates stay as the receiver gave them.
public struct WeekRolloverGuard: Sendable {
  /// 1024 weeks, in seconds.
  public static let period = 1024 * 7 * 86_400.0
  /// How far from a whole number of periods a jump may be (the receiver moved on a little
  /// while the date was wrong, or the log has a gap).
  static let tolerance = 86_400.0

  private var offset = 0.0
  private var last: Double?
  /// Jumps corrected so far.
  public private(set) var corrections = 0

  public init() {}

  /// The time with any rollover seen so far undone.
  public mutating func corrected(_ time: GNSSTime) -> GNSSTime {
    var t = time.secondsSince1970 + offset
    if let last {
      let jump = t - last
      let periods = (jump / Self.period).rounded()
      if periods != 0, abs(periods) <= 3, abs(jump - periods * Self.period) <= Self.tolerance {
        offset -= periods * Self.period
        t -= periods * Self.period
        corrections += 1
      }
    }
    last = t
    return GNSSTime(secondsSince1970: t)
  }
}
