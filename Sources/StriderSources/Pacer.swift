import StriderCore

/// Maps the fix clock onto wall time at a speed, with pause and speed changes.
///
/// Positions are "schedule" seconds: fix time since the start, with every silence longer
/// than `maxStep` shortened to it, so that a recording with a gap of hours (or a logger
/// restarted years later) replays in seconds instead of waiting out the gap.
public struct Pacer: Sendable {
  /// The longest stretch of fix time between two fixes that a replay waits for.
  public static let maxStep = 60.0

  public private(set) var speed: ReplaySpeed
  public private(set) var isPaused = false
  private var anchorWall: Double?
  private var anchorPosition = 0.0

  public init(speed: ReplaySpeed) { self.speed = speed }

  /// The schedule step from one fix to the next in delivery order: fix time elapsed,
  /// capped; zero for untimed fixes and for time running backwards (those go out at once).
  /// Measuring from the previous fix rather than the newest time seen means a single fix
  /// stamped an hour ahead costs at most one capped step, not the rest of the replay.
  public static func step(from previous: GNSSTime?, to next: GNSSTime?) -> Double {
    guard let a = previous, let b = next else { return 0 }
    let dt = (b - a).value
    return dt.isFinite ? min(max(0, dt), maxStep) : 0
  }

  /// Wall time at which a schedule position is due; nil means "now".
  public mutating func due(position: Double, now: Double) -> Double? {
    guard case .times(let n) = speed else { return nil }
    if anchorWall == nil {
      anchorWall = now
      anchorPosition = position
    }
    return (anchorWall ?? now) + (position - anchorPosition) / n
  }

  /// Re-anchors so that the current position is due now (after a pause, seek or change).
  public mutating func reanchor(position: Double, now: Double) {
    anchorWall = now
    anchorPosition = position
  }

  public mutating func setSpeed(_ speed: ReplaySpeed, position: Double, now: Double) {
    self.speed = speed
    reanchor(position: position, now: now)
  }

  public mutating func setPaused(_ paused: Bool, position: Double, now: Double) {
    isPaused = paused
    if !paused { reanchor(position: position, now: now) }
  }
}
