import StriderCore

/// One kind of bad data a real GNSS source delivers, with the parameters of one occurrence.
///
/// Each case reproduces something seen in real recordings, so that the gate can be tested
/// against it and the demo can show it. `expectedRejection` says what a good gate should
/// decide about the faulty fix (nil: accept it, or there is no fix to judge).
public enum SimulatedFault: Sendable, Hashable {
  /// Cached fixes from where the receiver was last used, delivered before the first real
  /// fix: `count` fixes `distance` away, `age` before the session start.
  case staleHead(count: Int = 2, distance: Meters = Meters(400_000), age: Seconds = Seconds(18_000))
  /// A cell-tower or Wi-Fi grade position: 2D, `offset` from the truth, `accuracy` reported.
  case network(offset: Meters = Meters(800), accuracy: Meters = Meters(1000))
  /// One fix thrown `distance` away with a normal-looking accuracy.
  case jump(distance: Meters = Meters(2500))
  /// The epoch's fix delivered `delay` later than its time (after the fixes that follow it).
  case lateFix(delay: Seconds = Seconds(3))
  /// The epoch's fix delivered again, unchanged, `copies` more times right after it.
  case duplicates(copies: Int = 1)
  /// The epoch's fix without a horizontal accuracy (and without HDOP).
  case missingAccuracy
  /// The epoch's fix with a negative horizontal accuracy (-1, a common "unknown" marker).
  case negativeAccuracy
  /// A record saying there is no fix: mode `.noFix`, no coordinate, time set.
  case noFix
  /// No records at all for `duration` while the user keeps moving.
  case signalLoss(duration: Seconds = Seconds(30))
  /// The epoch's fix stamped `offset` away from the real time (a receiver glitch).
  case clockJump(offset: Seconds = Seconds(3600))

  /// The cases without their parameters, for configuration and bookkeeping.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case staleHead = "stale_head"
    case network
    case jump
    case lateFix = "late_fix"
    case duplicates
    case missingAccuracy = "missing_accuracy"
    case negativeAccuracy = "negative_accuracy"
    case noFix = "no_fix"
    case signalLoss = "signal_loss"
    case clockJump = "clock_jump"

    public static func < (lhs: Kind, rhs: Kind) -> Bool {
      (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
  }

  /// Which kind of fault this is.
  public var kind: Kind {
    switch self {
    case .staleHead: .staleHead
    case .network: .network
    case .jump: .jump
    case .lateFix: .lateFix
    case .duplicates: .duplicates
    case .missingAccuracy: .missingAccuracy
    case .negativeAccuracy: .negativeAccuracy
    case .noFix: .noFix
    case .signalLoss: .signalLoss
    case .clockJump: .clockJump
    }
  }

  /// A fault of `kind` with parameters drawn from the documented ranges.
  ///
  /// `occurrence` (0, 1, 2, ...) alternates the variants so that every session with two or
  /// more of a kind has both: late fixes alternate 2–4 s (reordered) and 10–30 s (rejected);
  /// clock jumps cycle +1 h, −1 h, +1 day, −1 day; duplicates alternate a single copy and a
  /// burst of 3–10.
  public static func random(
    _ kind: Kind, occurrence: Int = 0, using rng: inout SeededRandom
  ) -> SimulatedFault {
    switch kind {
    case .staleHead:
      return .staleHead(
        count: rng.integer(in: 1...3),
        distance: Meters(rng.uniform(in: 250_000...800_000)),
        age: Seconds(rng.uniform(in: 3600...72_000)))
    case .network:
      return .network(
        offset: Meters(rng.uniform(in: 200...2000)), accuracy: Meters(rng.uniform(in: 300...2000)))
    case .jump:
      return .jump(distance: Meters(rng.uniform(in: 1000...5000)))
    case .lateFix:
      let delay = occurrence % 2 == 0 ? rng.integer(in: 2...4) : rng.integer(in: 10...30)
      return .lateFix(delay: Seconds(Double(delay)))
    case .duplicates:
      return .duplicates(copies: occurrence % 2 == 0 ? 1 : rng.integer(in: 3...10))
    case .missingAccuracy:
      return .missingAccuracy
    case .negativeAccuracy:
      return .negativeAccuracy
    case .noFix:
      return .noFix
    case .signalLoss:
      return .signalLoss(duration: Seconds(Double(rng.integer(in: 10...60))))
    case .clockJump:
      let offsets: [Double] = [3600, -3600, 86_400, -86_400]
      return .clockJump(offset: Seconds(offsets[occurrence % offsets.count]))
    }
  }
}
