import StriderCore

/// How fast a replay runs against the fix clock.
public enum ReplaySpeed: Sendable, Equatable, CustomStringConvertible {
  /// N seconds of fix time per second of wall time (1 = real time).
  case times(Double)
  /// No waiting at all: as fast as the engine goes.
  case asFastAsPossible

  public var description: String {
    switch self {
    case .times(let n):
      n == n.rounded() ? "\(Int(saturating: n))×" : "\(n)×"
    case .asFastAsPossible: "max"
    }
  }

  /// The next faster step of the usual ladder (1, 2, 5, 10, 30, 100, 300, 1000, max).
  public var faster: ReplaySpeed {
    guard case .times(let n) = self else { return self }
    return ReplaySpeed.ladder.first { $0 > n }.map { .times($0) } ?? .asFastAsPossible
  }

  /// The next slower step of the ladder.
  public var slower: ReplaySpeed {
    guard case .times(let n) = self else { return .times(ReplaySpeed.ladder.last ?? 1000) }
    return .times(ReplaySpeed.ladder.last { $0 < n } ?? 1)
  }

  static let ladder: [Double] = [1, 2, 5, 10, 30, 100, 300, 1000]

  /// Why a replay speed was refused, in words for the command line.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String
    /// True when `text` is a number, but not a usable speed (zero, negative, too large).
    public var isOutOfRange: Bool

    public var description: String {
      isOutOfRange
        ? "out of range: a speed is above 0 and at most 1000000, or max"
        : "not a speed: give a number (1, 30, 1000, 30x) or max"
    }
  }

  /// The largest factor a replay takes; beyond it, `max` says the same.
  public static var largestFactor: Double { 1_000_000 }

  /// Parses "30", "30x", "max"; anything else (a word such as "fast", zero, a negative
  /// number) is refused, so a typo never silently becomes the fastest replay.
  public static func parse(_ argument: String) throws(ParseError) -> ReplaySpeed {
    let lowered = argument.lowercased()
    if lowered == "max" { return .asFastAsPossible }
    let text = lowered.trimmingSuffix("x").trimmingSuffix("×")
    guard let n = Double(text), !n.isNaN else {
      throw ParseError(text: argument, isOutOfRange: false)
    }
    guard n.isFinite, n > 0, n <= largestFactor else {
      throw ParseError(text: argument, isOutOfRange: true)
    }
    return .times(n)
  }

  /// Parses "30", "30x", "max" (see `parse(_:)`); nil for anything else.
  public init?(argument: String) {
    guard let speed = try? Self.parse(argument) else { return nil }
    self = speed
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
