import Foundation
import StriderApp
import StriderCore
import StriderSimulator
import StriderSources
import StriderStore
import Testing

/// A source recorded as it passes: every fix it gives is kept in the store, and a lap
/// pressed is kept with them, without the loop that polls it knowing.
@Suite struct RecordingSourceTests {
  @Test func everyFixGivenIsKeptAndTheSessionFinishesFromThem() throws {
    let directory = NSTemporaryDirectory() + "strider-recording-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SessionStore(location: StoreLocation(directory: directory))
    let simulated = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 8, faults: .none, routeLength: Meters(2_000)))
    let configuration = SessionConfiguration(activity: .run)
    let recording = try store.startRecording(
      name: "test", origin: .live, configuration: configuration, source: "simulator")
    var source = RecordingSource(
      base: ReplaySource(
        fixes: simulated.fixes, name: "simulated", speed: .asFastAsPossible,
        clock: SystemClock()),
      recording: recording)
    var given = 0
    polling: while true {
      switch source.poll(timeout: 0.1) {
      case .event(.fix):
        given += 1
        if given == 100, let time = simulated.fixes[99].time {
          source.keep(lap: LapMark(time: time, intensity: .active))
        }
      case .ended: break polling
      default: continue
      }
    }
    #expect(source.recordingFailure == nil)
    #expect(given == simulated.fixes.count)
    let record = try recording.finish()
    #expect(record.fixCount == given)
    #expect(try store.lapPresses(of: recording.id).count == 1)
    #expect((record.summary?.distance.value ?? 0) > 1_500)
  }
}
