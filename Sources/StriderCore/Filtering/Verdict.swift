/// Why the gate refused a fix. The raw values are the names used in every output.
public enum RejectionReason: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
  /// The record has no position (no-fix mode, or no coordinates).
  case noFix = "no_fix"
  /// The accuracy is negative, not a number, or missing where the source normally gives it.
  case invalidAccuracy = "invalid_accuracy"
  /// The accuracy is worse than the activity's threshold.
  case lowAccuracy = "low_accuracy"
  /// A cell-tower, Wi-Fi or other non-satellite grade position.
  case nonGNSS = "non_gnss"
  /// Timestamped before the session began: a cached fix from the last place used.
  case stale
  /// Older than what was already accepted, beyond the reorder window.
  case outOfOrder = "out_of_order"
  /// The same epoch delivered again.
  case duplicate
  /// Reaching it would need a speed no person on this activity reaches.
  case implausibleSpeed = "implausible_speed"
  /// No time in a stream that has them: where it falls in the track is unknown, so it can
  /// add no distance and no time. (Last, so the filter lab's keys 1–8 keep their checks; it is 9.)
  case noTime = "no_time"
  /// A number no receiver means (an elevation of 1e19 m, a speed of 1e308 m/s, an HDOP that
  /// is not a number): a corrupt record or a hostile file, see `PlausibleRange`. Always on
  /// in a filtered session, so it has no filter-lab key (see `switchable`).
  case outOfRange = "out_of_range"

  /// The checks the filter lab switches, keys 1–9 in this order. `out_of_range` is not one:
  /// turning it off would show nothing about GPS, only what breaks downstream of a 1e19.
  public static let switchable: [RejectionReason] = allCases.filter { $0 != .outOfRange }

  /// The check's bit in the gate's set of enabled checks: its place among the cases, so a
  /// new check is one new case. A case without a payload is stored as its declaration
  /// index, which is also its place in `allCases` (a test holds both to it); reading it
  /// costs nothing, where hashing the raw string or searching `allCases` several times a
  /// fix showed in the profile.
  @inline(__always) var bit: UInt32 {
    UInt32(1) << UInt32(unsafeBitCast(self, to: UInt8.self))
  }

  public static func < (lhs: RejectionReason, rhs: RejectionReason) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// The gate's decision about one fix. A rejection is data, not an error.
public enum Verdict: Hashable, Sendable {
  case accepted
  case rejected(RejectionReason)

  public var isAccepted: Bool { self == .accepted }

  /// The reason, when rejected.
  public var reason: RejectionReason? {
    if case .rejected(let r) = self { return r }
    return nil
  }
}

/// A fix together with the gate's verdict on it; rejected fixes are kept, never dropped.
public struct JudgedFix: Hashable, Sendable {
  public var fix: Fix
  public var verdict: Verdict

  public init(fix: Fix, verdict: Verdict) {
    self.fix = fix
    self.verdict = verdict
  }
}
