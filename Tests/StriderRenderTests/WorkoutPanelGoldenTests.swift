import StriderTestSupport
import Testing

@testable import StriderCore
@testable import StriderRender

/// The workout panel alone and in whole screens, as golden text (re-record with
/// STRIDER_RECORD_GOLDEN=1 after reviewing the change by eye).
@Suite struct WorkoutPanelGoldenTests {
  /// Interval 3 of 6 of 6 × 400 m, 188 m in and running 4:30 /km against 4:00-4:15: told to
  /// speed up.
  static let interval: WorkoutStatus = {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .warmUp, length: .distance(Meters(1200)))),
      .repeated(
        count: 6,
        steps: [
          WorkoutStep(
            kind: .work, length: .distance(Meters(400)),
            target: .pace(fastest: Pace(240), slowest: Pace(255))),
          WorkoutStep(kind: .recovery, length: .time(Seconds(90))),
        ]),
    ])
    let step = workout.plan[5]
    return WorkoutStatus(
      step: step, stepCount: workout.plan.count,
      band: step.step.target?.band(zones: nil), measured: 1000 / 270.0,
      remaining: .distance(Meters(212)), warning: .speedUp)
  }()

  private func render(_ status: WorkoutStatus, _ columns: Int, glyphs: Glyphs) -> String {
    var grid = Grid(width: columns, height: WorkoutPanel.preferredHeight)
    WorkoutPanel(status: status, activity: .run, units: .metric, glyphs: glyphs).draw(into: &grid)
    return grid.text
  }

  @Test(arguments: [Glyphs.unicode, .ascii])
  func panel(glyphs: Glyphs) {
    assertGolden(render(Self.interval, 34, glyphs: glyphs), named: "workout-\(glyphs.kind)")
  }

  @Test("Heart-rate zone, open step, on target; and the end of the workout")
  func otherStates() throws {
    let zones = try #require(HeartRateZones(maximum: BeatsPerMinute(190)))
    let step = PlannedStep(
      step: WorkoutStep(kind: .recovery, length: .open, target: .heartRateZone(2)), number: 4,
      repetition: nil)
    let zone = WorkoutStatus(
      step: step, stepCount: 5, band: step.step.target?.band(zones: zones), measured: 121,
      remaining: .open)
    let text = render(zone, 34, glyphs: .ascii)
    #expect(text.contains("| Recovery                   4/5 |"), "\(text)")
    #expect(text.contains("| Target zone 2 (114-132 bpm)    |"), "\(text)")
    #expect(text.contains("| Now    121 bpm                 |"), "\(text)")
    #expect(text.contains("| Left   until a lap             |"), "\(text)")
    #expect(!text.contains("SPEED") && !text.contains("SLOW"))
    let done = render(WorkoutStatus(step: nil, stepCount: 14, isDone: true), 34, glyphs: .ascii)
    #expect(done.contains("| All steps done           14/14 |"), "\(done)")
  }

  @Test func liveUnicode120x40() {
    var state = Fixtures.live(glyphs: .unicode)
    state.workout = Self.interval
    assertGolden(
      Screen.render(state, columns: 120, rows: 40).grid.text,
      named: "screen-workout-unicode-120x40")
  }

  @Test func demoASCII80x24() {
    var state = Fixtures.demo(glyphs: .ascii)
    state.workout = Self.interval
    assertGolden(
      Screen.render(state, columns: 80, rows: 24).grid.text, named: "screen-workout-ascii-80x24")
  }

  @Test("Every size from the smallest draws with a workout, and the panel never overlaps")
  func everySize() {
    var state = Fixtures.demo(glyphs: .ascii)
    state.workout = Self.interval
    var placed = 0
    for columns in stride(from: 40, through: 130, by: 9) {
      for rows in stride(from: 12, through: 45, by: 3) {
        let frame = Screen.render(state, columns: columns, rows: rows)
        guard let layout = frame.layout, let workout = layout.workout else { continue }
        placed += 1
        for other in [layout.dashboard, layout.map, layout.status]
          + [
            layout.cues, layout.splits, layout.lab, layout.progress,
          ].compactMap({ $0 })
        {
          let overlaps =
            workout.x < other.maxX && other.x < workout.maxX && workout.y < other.maxY
            && other.y < workout.maxY
          #expect(!overlaps, "\(columns)x\(rows): \(workout) and \(other)")
        }
      }
    }
    #expect(placed > 50, "the panel is shown on every wide terminal: \(placed)")
  }
}
