import StriderCore
import StriderRender
import StriderSimulator
import StriderSources

/// A source the dashboard can drive: its controls beyond handing out fixes.
///
/// Replays and the simulator pause, change speed and (a replay) seek; the simulator takes
/// injected faults and knows the truth; gpsd has none of these. The defaults below are the
/// live case, so each conformance only says what its source can do.
public protocol DashboardSource: FixSource {
  /// How the dashboard's GPS line names the connection.
  var link: GPSStatus.Link { get }
  /// The replay speed, nil for a live source.
  var replaySpeed: ReplaySpeed? { get }
  /// Whether the user paused the source (space).
  var isPaused: Bool { get }
  mutating func setPaused(_ paused: Bool)
  mutating func setSpeed(_ speed: ReplaySpeed)
  /// The replay's position for the progress bar; nil when the source cannot seek.
  var position: (position: Double, total: Double)? { get }
  mutating func seek(by seconds: Double)
  /// Whether faults can be injected (the simulator).
  var takesFaults: Bool { get }
  /// Injects a fault now; false when the source cannot.
  mutating func injectFault(_ kind: SimulatedFault.Kind) -> Bool
  /// The truth the filter lab scores against, when the source knows it.
  var truthLookup: TruthLookup? { get }
  /// The receiver's newest satellite report (gpsd), for the GPS panel; nil elsewhere.
  var sky: SkyView? { get }
}

extension DashboardSource {
  public var replaySpeed: ReplaySpeed? { nil }
  public var isPaused: Bool { false }
  public mutating func setPaused(_ paused: Bool) {}
  public mutating func setSpeed(_ speed: ReplaySpeed) {}
  public var position: (position: Double, total: Double)? { nil }
  public mutating func seek(by seconds: Double) {}
  public var takesFaults: Bool { false }
  public mutating func injectFault(_ kind: SimulatedFault.Kind) -> Bool { false }
  public var truthLookup: TruthLookup? { nil }
  public var sky: SkyView? { nil }

  /// What the dashboard model needs to know of the source's controls now.
  public var controls: SourceControls {
    SourceControls(
      link: link, replaySpeed: replaySpeed, isPaused: isPaused,
      position: position.map { SourceControls.Position(position: $0.position, total: $0.total) },
      takesFaults: takesFaults, sky: sky)
  }

  /// Carries out a command the model gave for the source; false for any other command.
  public mutating func carryOut(_ command: DashboardCommand) -> Bool {
    switch command {
    case .setPaused(let paused): setPaused(paused)
    case .setSpeed(let speed): setSpeed(speed)
    case .seek(let seconds): seek(by: seconds)
    case .inject(let kind): _ = injectFault(kind)
    case .keepLap(let mark): keep(lap: mark)
    case .quit, .repaint, .say, .openHistory: return false
    }
    return true
  }
}

extension ReplaySource: DashboardSource {
  public var link: GPSStatus.Link { .file }
  public var replaySpeed: ReplaySpeed? { speed }
  public var position: (position: Double, total: Double)? { clockProgress }
}

extension SimulatorSource: DashboardSource {
  public var link: GPSStatus.Link { .simulator }
  public var replaySpeed: ReplaySpeed? { speed }
  public var takesFaults: Bool { true }

  public mutating func injectFault(_ kind: SimulatedFault.Kind) -> Bool {
    inject(kind)
    return true
  }

  public var truthLookup: TruthLookup? { TruthLookup(samples: truth) }
}

extension GPSDSource: DashboardSource {
  public var link: GPSStatus.Link { .gpsd }
}

extension ReplaySpeed {
  /// The factor the dashboard shows; infinity for "as fast as possible" (shown as "max").
  public var factor: Double {
    switch self {
    case .times(let n): n
    case .asFastAsPossible: .infinity
    }
  }
}
