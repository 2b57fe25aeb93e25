import Foundation
import StriderApp
import StriderCore
import StriderSimulator
import StriderSources
import Testing

/// `--headless`: a JSON line per event and the summary last, on standard output; what the
/// announcer is given to say is what the cue lines say.
@Suite struct HeadlessRunTests {
  final class Heard: CueAnnouncer {
    var said: [String] = []
    var ticks = 0
    func say(_ cue: SpokenCue) { said.append(cue.text) }
    func tick() { ticks += 1 }
  }

  @Test func theLinesEndWithTheSummaryAndTheCuesAreWhatIsSaid() throws {
    let simulated = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 4, faults: .none, routeLength: Meters(2_500)))
    let configuration = SessionConfiguration(activity: .run)
    var source = ReplaySource(
      fixes: simulated.fixes, name: "run.gpx", speed: .asFastAsPossible, clock: SystemClock())
    let heard = Heard()
    let capture = OutputCapture()
    let summary = try Output.$capture.withValue(capture) { () throws(OutputError) in
      try HeadlessRun.run(
        source: &source, configuration: configuration, file: "run.gpx", format: "gpx",
        announcer: heard, isStopped: { false })
    }
    let lines = capture.output.split(separator: "\n").map {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
    }
    #expect(lines.allSatisfy { $0["event"] is String }, "every line an event")
    let last = try #require(lines.last)
    #expect(last["event"] as? String == "summary")
    #expect(last["file"] as? String == "run.gpx")
    let distance = try #require(last["distance_m"] as? Double)
    #expect(abs(distance - summary.distance.value) < 0.1)
    let cueLines = lines.filter { $0["event"] as? String == "cue" }.compactMap {
      $0["text"] as? String
    }
    #expect(!cueLines.isEmpty)
    #expect(heard.said == cueLines, "the announcer is given every cue the lines say")
    #expect(heard.ticks > 0)
  }
}
