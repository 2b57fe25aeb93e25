import StriderCore

/// Where a replay is: its position and length in the recording's time, and its speed.
public struct ReplayProgress: Sendable, Hashable {
  /// Time from the recording's first fix to the fix shown now.
  public var position: Seconds
  /// Time from the recording's first fix to its last.
  public var total: Seconds
  /// The replay speed factor (1 = real time).
  public var speed: Double
  /// Whether the replay has played to its end: the bar then says what the user can do next.
  public var isFinished: Bool

  public init(position: Seconds, total: Seconds, speed: Double = 1, isFinished: Bool = false) {
    self.position = position
    self.total = total
    self.speed = speed
    self.isFinished = isFinished
  }

  /// What a finished replay offers, on the bar and under the map.
  public static let nextSteps = "space replays again, q quits"

  /// The part played, 0...1 (0 for an empty recording).
  public var fraction: Double {
    guard total.value > 0, position.value.isFinite else { return 0 }
    return min(1, max(0, position.value / total.value))
  }
}
