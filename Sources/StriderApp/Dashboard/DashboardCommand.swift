import StriderCore
import StriderSimulator
import StriderSources

/// What the dashboard model asks of the world after an event or a key: the loop carries it
/// out, a test reads it.
public enum DashboardCommand: Sendable, Equatable {
  /// End the session.
  case quit
  /// Repaint every cell on the next draw (Ctrl-L).
  case repaint
  /// Speak a cue (with its priority, for the speaker's queue).
  case say(SpokenCue)
  case setPaused(Bool)
  case setSpeed(ReplaySpeed)
  /// Move a replay by this many seconds of the recording.
  case seek(by: Double)
  case inject(SimulatedFault.Kind)
  /// Keep a lap press with the recording (`FixSource.keep(lap:)`).
  case keepLap(LapMark)
  /// Show the history screen over the dashboard (its session has ended); leaving it comes
  /// back to the dashboard as it was.
  case openHistory
}
