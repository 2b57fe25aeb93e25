/// How fast a replay runs against the fix clock.
public enum ReplaySpeed: Sendable, Equatable, CustomStringConvertible {
  /// N seconds of fix time per second of wall time (1 = real time).
  case times(Double)
  /// No waiting at all: as fast as the engine goes.
  case asFastAsPossible

  public var description: String {
    switch self {
    case .times(let n):
      n == n.rounded() ? "\(Int(n))×" : "\(n)×"
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

  /// Parses "30", "30x", "max".
  public init?(argument: String) {
    let lowered = argument.lowercased()
    let text = lowered.trimmingSuffix("x").trimmingSuffix("×")
    if lowered == "max" || lowered == "fast" {
      self = .asFastAsPossible
    } else if let n = Double(text), n.isFinite, n > 0, n <= 1_000_000 {
      self = .times(n)
    } else {
      return nil
    }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
