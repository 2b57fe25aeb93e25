import StriderCore
import StriderRender
import StriderSimulator
import StriderSources

/// A source the dashboard can drive: its controls beyond handing out fixes.
///
/// Replays and the simulator pause, change speed and (a replay) seek; the simulator takes
/// injected faults and knows the truth; gpsd has none of these. The defaults below are the
/// live case, so each conformance only says what its source can do.
protocol DashboardSource: FixSource {
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
  /// Injects a fault now; false when the source cannot.
  mutating func injectFault(_ kind: SimulatedFault.Kind) -> Bool
  /// The true distance covered at a fix time, when the source knows the truth; nil for a
  /// time outside the simulated run.
  func truthDistance(at time: GNSSTime) -> Meters?
}

extension DashboardSource {
  var replaySpeed: ReplaySpeed? { nil }
  var isPaused: Bool { false }
  mutating func setPaused(_ paused: Bool) {}
  mutating func setSpeed(_ speed: ReplaySpeed) {}
  var position: (position: Double, total: Double)? { nil }
  mutating func seek(by seconds: Double) {}
  mutating func injectFault(_ kind: SimulatedFault.Kind) -> Bool { false }
  func truthDistance(at time: GNSSTime) -> Meters? { nil }
}

extension ReplaySource: DashboardSource {
  var link: GPSStatus.Link { .file }
  var replaySpeed: ReplaySpeed? { speed }
  var position: (position: Double, total: Double)? { progress }
}

extension SimulatorSource: DashboardSource {
  var link: GPSStatus.Link { .simulator }
  var replaySpeed: ReplaySpeed? { speed }

  mutating func injectFault(_ kind: SimulatedFault.Kind) -> Bool {
    inject(kind)
    return true
  }

  /// The truth sample at or just before `time` (binary search: the truth is in time order).
  func truthDistance(at time: GNSSTime) -> Meters? {
    let samples = truth
    guard let first = samples.first, let last = samples.last, time >= first.time,
      time - last.time <= Seconds(1)
    else { return nil }
    var low = 0
    var high = samples.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if samples[middle].time <= time { low = middle } else { high = middle - 1 }
    }
    return samples[low].distanceAlongRoute
  }
}

extension GPSDSource: DashboardSource {
  var link: GPSStatus.Link { .gpsd }
}

extension ReplaySpeed {
  /// The factor the dashboard shows; infinity for "as fast as possible" (shown as "max").
  var factor: Double {
    switch self {
    case .times(let n): n
    case .asFastAsPossible: .infinity
    }
  }
}

extension RecordingSource: DashboardSource where Base: DashboardSource {
  var link: GPSStatus.Link { base.link }
  var replaySpeed: ReplaySpeed? { base.replaySpeed }
  var isPaused: Bool { base.isPaused }
  mutating func setPaused(_ paused: Bool) { base.setPaused(paused) }
  mutating func setSpeed(_ speed: ReplaySpeed) { base.setSpeed(speed) }
  var position: (position: Double, total: Double)? { base.position }
  mutating func seek(by seconds: Double) { base.seek(by: seconds) }
  mutating func injectFault(_ kind: SimulatedFault.Kind) -> Bool { base.injectFault(kind) }
  func truthDistance(at time: GNSSTime) -> Meters? { base.truthDistance(at: time) }
}
