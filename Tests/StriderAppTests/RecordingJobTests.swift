import Foundation
import StriderApp
import StriderCore
import StriderSimulator
import StriderSources
import StriderStore
import Testing

/// `run` and `demo --record`'s recording: a session kept from what the loop polled, a
/// session with nothing worth keeping not kept, and a loop that failed finishing what it
/// received before its error is told.
@Suite struct RecordingJobTests {
  struct LoopFailed: Error {}

  static func store() throws -> (SessionStore, String) {
    let directory = NSTemporaryDirectory() + "strider-job-\(UUID().uuidString)"
    return (try SessionStore(location: StoreLocation(directory: directory)), directory)
  }

  static let simulated = Simulator.run(
    SimulationConfiguration(activity: .run, seed: 8, faults: .none, routeLength: Meters(2_000)))

  static func replay(_ fixes: [Fix]) -> ReplaySource<SystemClock> {
    ReplaySource(fixes: fixes, name: "run", speed: .asFastAsPossible, clock: SystemClock())
  }

  /// Polls `source` until it ends, or throws after `failAfter` fixes.
  static func drain<S: FixSource>(_ source: inout S, failAfter: Int? = nil) throws {
    var given = 0
    while true {
      switch source.poll(timeout: 0.1) {
      case .event(.fix):
        given += 1
        if given == failAfter { throw LoopFailed() }
      case .ended: return
      default: continue
      }
    }
  }

  @Test func aSessionIsKeptAndSaid() throws {
    let (store, directory) = try Self.store()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var said: [String] = []
    let id = try RecordingJob.record(
      Self.replay(Self.simulated.fixes), store: store, origin: .live, name: "run",
      label: "simulator", configuration: SessionConfiguration(activity: .run),
      say: { said.append($0) }
    ) { try Self.drain(&$0) }
    let kept = try #require(id)
    #expect(try store.record(kept).fixes.count == Self.simulated.fixes.count)
    #expect(said.first?.hasPrefix("strider: session \(kept) recorded") == true, "\(said)")
  }

  @Test func aDemoThatNeverMovedIsNotKept() throws {
    let (store, directory) = try Self.store()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var said: [String] = []
    let first = try #require(Self.simulated.fixes.first { $0.coordinate != nil })
    let standing = (0..<20).map { i -> Fix in
      var fix = first
      fix.time = first.time.map { $0 + Seconds(Double(i)) }
      fix.speed = MetersPerSecond(0)
      return fix
    }
    let id = try RecordingJob.record(
      Self.replay(standing), store: store, origin: .simulated, name: "demo",
      label: "simulator", configuration: SessionConfiguration(activity: .run),
      say: { said.append($0) }
    ) { try Self.drain(&$0) }
    #expect(id == nil)
    #expect(said == ["strider: nothing kept: the demo ended before it moved"])
    #expect(try store.sessions().isEmpty)
  }

  @Test func aLoopThatFailsKeepsWhatItReceivedThenThrows() throws {
    let (store, directory) = try Self.store()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(throws: LoopFailed.self) {
      try RecordingJob.record(
        Self.replay(Self.simulated.fixes), store: store, origin: .live, name: "run",
        label: "simulator", configuration: SessionConfiguration(activity: .run),
        say: { _ in }
      ) { try Self.drain(&$0, failAfter: 600) }
    }
    let sessions = try store.sessions()
    #expect(sessions.count == 1)
    #expect(sessions.first?.fixCount == 600)
    #expect(sessions.first?.state == .finished)
  }
}
