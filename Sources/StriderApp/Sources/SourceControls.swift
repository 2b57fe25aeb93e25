import StriderCore
import StriderRender
import StriderSources

/// What the dashboard model knows of its source's controls, as a value: the loop reads it
/// from the source after every command, and tests write it by hand.
public struct SourceControls: Sendable, Equatable {
  /// A replay's place in its recording, in seconds of recording time.
  public struct Position: Sendable, Equatable {
    public var position: Double
    public var total: Double
  }

  public var link: GPSStatus.Link
  /// The replay speed, nil for a live source.
  public var replaySpeed: ReplaySpeed?
  /// Whether the user paused the source.
  public var isPaused: Bool = false
  /// Where a replay is; nil when the source cannot seek.
  public var position: Position?
  /// Whether the source takes injected faults (the simulator).
  public var takesFaults: Bool = false
  /// The receiver's newest satellite report, for the GPS panel (live gpsd only).
  public var sky: SkyView?
}
