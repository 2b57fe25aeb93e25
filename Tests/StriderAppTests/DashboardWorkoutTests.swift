import Foundation
import StriderRender
import StriderSimulator
import StriderSources
import Testing

@testable import StriderApp
@testable import StriderCore

/// The dashboard with a workout: coach cues are spoken like the other cues, the workout
/// panel follows the coach, and a filter-lab toggle keeps the workout.
@Suite struct DashboardWorkoutTests {
  static let configuration = SessionConfiguration(activity: .run)
  static let workout = Workout(items: [
    .step(WorkoutStep(kind: .warmUp, length: .distance(Meters(400)))),
    .repeated(
      count: 2,
      steps: [
        WorkoutStep(
          kind: .work, length: .distance(Meters(400)),
          target: .pace(fastest: Pace(240), slowest: Pace(255))),
        WorkoutStep(kind: .recovery, length: .time(Seconds(60))),
      ]),
  ])
  static let coach = WorkoutCoach(workout: workout, activity: .run, units: .metric)

  @Test func coachSpeaksAndThePanelFollows() {
    let simulation = WorkoutSimulation.configuration(
      SimulationConfiguration(activity: .run, seed: 3), workout: Self.workout,
      coach: Self.coach, session: Self.configuration)
    let fixes = Simulator.run(simulation).fixes
    var model = DashboardModel(
      kind: .demo, configuration: Self.configuration, sourceLabel: "test",
      controls: SourceControls(link: .simulator, replaySpeed: .times(1), takesFaults: true),
      coach: Self.coach)
    #expect(model.tick(now: 0).workout == WorkoutStatus(step: nil, stepCount: 5))
    var said: [String] = []
    var sawInterval = false
    for (index, fix) in fixes.enumerated() {
      for case .say(let cue) in model.handle(.fix(fix), now: Double(index)) {
        said.append(cue.text)
      }
      if model.tick(now: Double(index)).workout?.step?.step.kind == .work { sawInterval = true }
    }
    #expect(said.contains("Interval 1 of 2: 400 metres at 4:00 to 4:15 per kilometre. Go."))
    #expect(said.contains("All steps done."))
    #expect(sawInterval)
    let state = model.tick(now: Double(fixes.count))
    #expect(state.workout?.isDone == true)
    let screen = Screen.render(state, columns: 120, rows: 40).grid.text
    #expect(screen.contains("All steps done"))
    // A filter-lab toggle rebuilds the session from every fix: the workout goes with it,
    // and nothing is spoken again.
    let commands = model.press(.character("s"), now: Double(fixes.count))
    #expect(!commands.contains { if case .say = $0 { true } else { false } })
    #expect(model.tick(now: Double(fixes.count)).workout?.isDone == true)
  }
}

/// The cue log shows the coach's sentences among the session's cues, by time.
@Suite struct CueLogCoachTests {
  @Test func coachSentencesAreMergedByTime() {
    let start = GNSSTime(secondsSince1970: 1_714_807_800)
    let cues = [
      Cue(time: start + Seconds(300), trigger: .time, text: "Five minutes."),
      Cue(time: start + Seconds(600), trigger: .time, text: "Ten minutes."),
    ]
    let coach = [
      CoachCue(time: start, kind: .stepStart, step: 1, text: "Warm-up: 1 kilometre."),
      CoachCue(time: start + Seconds(300), kind: .stepResult, step: 1, text: "Warmed up."),
      CoachCue(time: start + Seconds(450), kind: .speedUp, step: 2, text: "Speed up."),
    ]
    var grid = Grid(width: 40, height: 8)
    CueLog(cues: cues, coach: coach, glyphs: .ascii).draw(into: &grid)
    let lines = grid.text.split(separator: "\n").map { String($0) }
    let said = lines.dropFirst().prefix(5).map {
      $0.dropFirst(11).trimmingCharacters(in: CharacterSet(charactersIn: " |"))
    }
    #expect(
      said == [
        "Ten minutes.", "Speed up.", "Warmed up.", "Five minutes.", "Warm-up: 1 kilometre.",
      ],
      "\(grid.text)")
  }
}
