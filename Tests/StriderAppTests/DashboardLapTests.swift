import Foundation
import StriderCore
import StriderRender
import StriderSimulator
import StriderSources
import Testing

@testable import StriderApp

/// The lap key: `L` closes a lap on the fix clock and hands the mark to the source (a
/// recording keeps it); space is lap only in a workout's open step.
@Suite struct DashboardLapTests {
  static let configuration = SessionConfiguration(activity: .run)
  static let fixes = Simulator.run(SimulationConfiguration(activity: .run, seed: 2)).fixes

  static func model(kind: DashboardModel.Kind = .replay, coach: WorkoutCoach? = nil)
    -> DashboardModel
  {
    DashboardModel(
      kind: kind, configuration: configuration, sourceLabel: "test",
      controls: SourceControls(link: .file, replaySpeed: .times(1)), coach: coach)
  }

  static func marks(_ commands: [DashboardCommand]) -> [LapMark] {
    commands.compactMap { if case .keepLap(let m) = $0 { m } else { nil } }
  }

  @Test func lKeyClosesALapAndSaysSoOnTheStatusLine() throws {
    var model = Self.model()
    #expect(Self.marks(model.press(.character("L"), now: 0)).isEmpty, "no fix yet")
    for (i, fix) in Self.fixes.prefix(400).enumerated() {
      _ = model.handle(.fix(fix), now: Double(i))
    }
    let commands = model.press(.character("L"), now: 400)
    let mark = try #require(Self.marks(commands).first)
    #expect(mark.intensity == .active)
    let spoken = commands.compactMap { if case .say(let cue) = $0 { cue.text } else { nil } }
    #expect(spoken.count == 1 && spoken[0].hasPrefix("Lap 1: 1."), "\(spoken)")
    let lap = try #require(model.laps.first)
    #expect(lap.number == 1 && lap.end == mark.time)
    let text = DashboardModel.lapNote(lap, activity: .run, units: .metric)
    #expect(text.hasPrefix("Lap 1  1.") && text.hasSuffix(" /km"), "\(text)")
    let screen = Screen.render(model.tick(now: 400), columns: 120, rows: 40).grid.text
    #expect(screen.contains(text), "the status line shows the lap:\n\(screen)")
    // The summary holds the lap pressed and the one the end closed.
    let summary = model.finishedSummary()
    #expect(summary.laps?.count == 2)
  }

  @Test func spaceIsLapOnlyInAnOpenStep() throws {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .warmUp, length: .distance(Meters(300)))),
      .step(WorkoutStep(kind: .work, length: .open)),
    ])
    let coach = WorkoutCoach(workout: workout, activity: .run, units: .metric)
    var model = Self.model(coach: coach)
    var index = 0
    func feed(_ count: Int) {
      for fix in Self.fixes[index..<(index + count)] {
        _ = model.handle(.fix(fix), now: Double(index))
        index += 1
      }
    }
    feed(30)
    // In the warm-up (a distance step) space pauses the replay as always.
    #expect(model.press(.character(" "), now: 30) == [.setPaused(true)])
    #expect(model.press(.character(" "), now: 30) == [.setPaused(false)])
    feed(370)
    let commands = model.press(.character(" "), now: 400)
    #expect(Self.marks(commands).count == 1, "in the open step space is the lap: \(commands)")
    #expect(!commands.contains(.setPaused(true)))
    #expect(
      !commands.contains { if case .say(let c) = $0 { c.text.hasPrefix("Lap") } else { false } },
      "the step's result says it")
    #expect(
      commands.contains(.say(SpokenCue("All steps done.", priority: .step))),
      "the lap ended the last, open step")
  }
}
