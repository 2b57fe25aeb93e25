import StriderCore

/// Something that happened at a source: a fix, or a change in the source's own state.
public enum SourceEvent: Sendable, Equatable {
  case fix(Fix)
  case status(SourceStatus)
  /// The source went back in time (a replay seeking backwards): the session starts over
  /// and the fixes up to the new position follow at once.
  case restart
  /// Whether a recording's writes reach the disk (only a recording source says this).
  case storage(StorageStatus)
}

/// What the disk does with a live recording's writes, as the dashboard and the headless
/// lines say it: a full disk does not end the recording, the fixes wait in memory.
public enum StorageStatus: Sendable, Equatable {
  /// The disk refused a write (`reason`: "disk full", ...): `held` fixes wait in memory,
  /// and the write is tried again every few seconds.
  case holding(held: Int, reason: String)
  /// The disk took the writes again: the `count` fixes held were written.
  case written(count: Int)
}

/// The state of a source, as the dashboard shows it.
public enum SourceStatus: Sendable, Equatable {
  /// Trying to reach gpsd (or opening a file).
  case connecting(String)
  /// Connected, no position yet.
  case connectedNoFix(String)
  case fix2D
  case fix3D
  /// The connection is gone; reconnecting after `retryIn` seconds.
  case disconnected(reason: String, retryIn: Double)
  /// Connected, but the receiver that was giving fixes has said nothing for a few seconds
  /// (unplugged, or gpsd hung): the device it was.
  case silent(String)
  /// A replay or simulation reached its end.
  case finished
}

extension StorageStatus {
  /// What a screen says of it: "Disk full: 42 fixes in memory" (short enough to stay whole
  /// beside a dashboard's key hints), "Saved again: 42 held fixes written".
  public var note: String {
    switch self {
    case .holding(let held, let reason):
      reason.prefix(1).uppercased() + reason.dropFirst() + ": \(held) fixes in memory"
    case .written(let count): "Saved again: \(count) held fixes written"
    }
  }
}

/// What one poll of a source gave.
public enum SourcePoll: Sendable, Equatable {
  case event(SourceEvent)
  /// Nothing yet; poll again.
  case idle
  /// The source has nothing more, ever.
  case ended
}

/// A source of fixes that the session loop polls: live gpsd, a replayed file, the simulator.
///
/// Polling (rather than callbacks or async sequences) lets one loop serve a source, the
/// keyboard and the screen without threads: each call waits at most `timeout` seconds.
public protocol FixSource {
  /// A short name for the dashboard: a device, a file name, "simulator".
  var name: String { get }
  mutating func poll(timeout: Double) -> SourcePoll
  /// A lap was pressed in the session this source feeds: a recording source keeps it with
  /// the session's fixes; the others ignore it.
  mutating func keep(lap: LapMark)
  /// Every fix that is due now, at once, for a loop that hands them to the engine one
  /// after the other (a headless replay at full speed): what `poll` would give fix by fix,
  /// without a copy of each through `SourcePoll`. Nil when the source paces its fixes or
  /// has none ready; then `poll`.
  mutating func takeDueFixes() -> ArraySlice<Fix>?

  /// Like `takeDueFixes`, fixes a `GateStage` has judged already, with its decisions, for
  /// a loop that feeds them to `SessionRunner.handle(fix:judged:into:)`. Nil when the
  /// source gives plain fixes, or at the end.
  mutating func takeDueJudged() -> JudgedBatch?

  /// The stage that judged the fixes `takeDueJudged` gave, once they have all been given
  /// (the end, or an error): the runner takes it back before its finish. Nil before.
  mutating func takeGate() -> GateStage?
}

extension FixSource {
  public mutating func keep(lap: LapMark) {}
  public mutating func takeDueFixes() -> ArraySlice<Fix>? { nil }
  public mutating func takeDueJudged() -> JudgedBatch? { nil }
  public mutating func takeGate() -> GateStage? { nil }
}
