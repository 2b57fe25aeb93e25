/// The state the dashboard shouts in its banner, so a glance tells whether time is counting.
public enum SessionState: String, Sendable, Hashable, CaseIterable {
  /// Before the first usable fix.
  case waiting
  /// Moving: distance and moving time grow.
  case running
  /// The session paused itself because the user stopped (elapsed time still runs).
  case autoPaused
  /// The source stopped giving fixes (gpsd gone, a silent receiver, a long no-fix spell):
  /// nothing is being measured until they return.
  case noSignal
  /// The user paused (the space key), or a replay is paused.
  case paused
  /// The session or replay has ended.
  case finished

  /// The banner word.
  public var word: String {
    switch self {
    case .waiting: "WAITING FOR GPS"
    case .running: "RUNNING"
    case .autoPaused: "AUTO-PAUSED"
    case .noSignal: "NO SIGNAL"
    case .paused: "PAUSED"
    case .finished: "FINISHED"
    }
  }

  /// Reverse video and bold, so the banner stands out on monochrome terminals too; the
  /// colour (green moving, yellow auto-paused, ...) is extra.
  public var style: CellStyle {
    let color: TerminalColor =
      switch self {
      case .waiting: .cyan
      case .running: .green
      case .autoPaused: .yellow
      case .noSignal: .red
      case .paused: .magenta
      case .finished: .blue
      }
    return CellStyle(foreground: color, attributes: [.bold, .reverse])
  }
}
