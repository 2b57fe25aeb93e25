import StriderCore
import StriderSimulator
import StriderSources
import Testing

/// What a recording's disk does reaches the runner's events (issue 49): the storage news
/// itself for the screen and the headless lines, and a cue when the fixes start to wait in
/// memory and when they are written, not at every retry.
@Suite struct StorageEventTests {
  static let fixes = Simulator.run(SimulationConfiguration(activity: .run, seed: 5)).fixes

  static func cues(_ events: [RunnerEvent]) -> [String] {
    events.compactMap {
      if case .session(.cue(let cue)) = $0, cue.trigger == .storage { return cue.text }
      return nil
    }
  }

  @Test func aCueWhenTheDiskRefusesAndWhenItTakesTheFixesAgain() throws {
    var runner = SessionRunner(configuration: SessionConfiguration(activity: .run))
    for fix in Self.fixes.prefix(60) { _ = runner.handle(.fix(fix)) }
    let first = runner.handle(.storage(.holding(held: 1, reason: "disk full")))
    #expect(first.first == .storage(.holding(held: 1, reason: "disk full")))
    #expect(Self.cues(first) == [CueText.storageHeld])
    #expect(runner.isHoldingFixes)
    #expect(Self.cues(runner.handle(.storage(.holding(held: 6, reason: "disk full")))).isEmpty)
    let written = runner.handle(.storage(.written(count: 7)))
    #expect(Self.cues(written) == [CueText.storageWritten])
    #expect(!runner.isHoldingFixes)
  }

  @Test func headlessLinesSayTheStorageState() throws {
    let holding = try #require(
      HeadlessEvents.json(.storage(.holding(held: 4, reason: "disk full")), source: "gpsd"))
    #expect(
      holding.serialized
        == #"{"event":"storage","state":"holding","held":4,"reason":"disk full"}"#)
    let written = try #require(
      HeadlessEvents.json(.storage(.written(count: 4)), source: "gpsd"))
    #expect(written.serialized == #"{"event":"storage","state":"written","written":4}"#)
  }
}
