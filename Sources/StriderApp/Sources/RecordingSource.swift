import StriderCore
import StriderRender
import StriderSimulator
import StriderSources
import StriderStore

/// A source whose fixes are also kept in the session database as they pass, so a session
/// shown on screen or printed headless is recorded by the same loop without knowing it.
///
/// When the disk refuses a write (full, a file-size limit, an I/O error) the fixes wait in
/// memory and the write is tried again (`SessionRecording`); the source says so with a
/// `.storage` event after each refused try, and again when everything held is written, so
/// the dashboard and the headless lines show it and a cue says it. A failure that cannot
/// pass (or more fixes held than `holdLimit`) ends the source: the session stops with what
/// was written intact, and `failure` says why.
public struct RecordingSource<Base: FixSource>: FixSource {
  public var base: Base
  public let recording: SessionRecording
  private let box: StateBox

  /// Shared with the caller, since the loop that polls may hold a copy of this source.
  final class StateBox: @unchecked Sendable {
    var error: StoreError?
    var news = StorageNews()
    /// Events waiting to be given.
    var queued: [SourceEvent] = []
  }

  public init(base: Base, recording: SessionRecording) {
    self.base = base
    self.recording = recording
    box = StateBox()
  }

  public var name: String { base.name }

  /// The error that stopped the recording, if one did (seen through any copy).
  public var recordingFailure: StoreError? { box.error }

  public mutating func poll(timeout: Double) -> SourcePoll {
    if box.error != nil { return .ended }
    if !box.queued.isEmpty { return .event(box.queued.removeFirst()) }
    let result = base.poll(timeout: timeout)
    do {
      switch result {
      case .event(.fix(let fix)): try recording.append(fix)
      case .idle: try recording.flushIfDue()
      case .ended: try recording.flush()
      case .event: break
      }
    } catch {
      box.error = error
      return .ended
    }
    noteStorage()
    if case .idle = result, !box.queued.isEmpty { return .event(box.queued.removeFirst()) }
    return result
  }

  public mutating func keep(lap: LapMark) {
    guard box.error == nil else { return }
    do {
      try recording.appendLap(lap)
    } catch {
      box.error = error
    }
    noteStorage()
  }

  /// Queues a `.storage` event for what the disk did since the last one.
  private func noteStorage() {
    if let status = box.news.take(from: recording) { box.queued.append(.storage(status)) }
  }
}

/// What a recording's writes did since it was last asked, to be told once: each refused
/// try not told yet (`holding`, with the fixes waiting in memory), and when the held fixes
/// were written after all (`written`). `run` and `run --auto` both tell it.
public struct StorageNews {
  private var toldRefusals = 0

  public init() {}

  public mutating func take(from recording: SessionRecording) -> StorageStatus? {
    if let failure = recording.writeFailure {
      guard recording.refusedWrites != toldRefusals else { return nil }
      toldRefusals = recording.refusedWrites
      return .holding(held: recording.uncommittedCount, reason: failure.shortReason)
    }
    guard toldRefusals > 0 else { return nil }
    toldRefusals = 0
    return .written(count: recording.lastHeldWritten)
  }
}

/// A recorded source shown on the dashboard is the source it records, seen through.
extension RecordingSource: DashboardSource where Base: DashboardSource {
  public var link: GPSStatus.Link { base.link }
  public var replaySpeed: ReplaySpeed? { base.replaySpeed }
  public var isPaused: Bool { base.isPaused }
  public mutating func setPaused(_ paused: Bool) { base.setPaused(paused) }
  public mutating func setSpeed(_ speed: ReplaySpeed) { base.setSpeed(speed) }
  public var position: (position: Double, total: Double)? { base.position }
  public mutating func seek(by seconds: Double) { base.seek(by: seconds) }
  public var takesFaults: Bool { base.takesFaults }
  public mutating func injectFault(_ kind: SimulatedFault.Kind) -> Bool { base.injectFault(kind) }
  public var truthLookup: TruthLookup? { base.truthLookup }
  public var sky: SkyView? { base.sky }
}
