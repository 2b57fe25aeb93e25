import Foundation
import StriderCore
import StriderStore
import StriderTestSupport
import Testing

/// The workout file: the documented example reads into the model, and every mistake is an
/// error naming the file, the line, the step and what was wrong.
struct WorkoutFileTests {
  @Test("The example in docs/workouts reads as 6 x 400 m between a warm-up and a cool-down")
  func documentedExample() throws {
    let path = SharedData.packageRoot.appendingPathComponent("docs/workouts/6x400.toml").path
    let workout = try WorkoutFile.load(path: path)
    let pace = WorkoutTarget.pace(fastest: Pace(240), slowest: Pace(255))
    #expect(
      workout
        == Workout(
          name: "6 x 400 m",
          items: [
            .step(
              WorkoutStep(
                kind: .warmUp, length: .distance(Meters(1200)),
                target: .pace(fastest: Pace(330), slowest: Pace(390)))),
            .repeated(
              count: 6,
              steps: [
                WorkoutStep(kind: .work, length: .distance(Meters(400)), target: pace),
                WorkoutStep(kind: .recovery, length: .time(Seconds(90))),
              ]),
            .step(WorkoutStep(kind: .coolDown, length: .distance(Meters(800)))),
          ]))
    #expect(workout.plan.count == 14)
  }

  @Test("Units, open steps, reversed ranges and the other targets")
  func otherForms() throws {
    let text = """
      [[step]]
      kind = "warm_up"
      duration = 600
      heart_rate_zone = 2

      [[step]]
      kind = "work"
      distance_mi = 1
      pace_per_mile = ["7:10", "6:50"]

      [[step]]
      kind = "work"
      duration = "1:00:00"
      speed_kmh = [28, 24.5]

      [[step]]
      kind = "recovery"
      heart_rate = [150, 130]

      [[step]]
      kind = "cool_down"
      """
    let workout = try WorkoutFile.parse(text, path: "w.toml")
    let steps = workout.plan.map(\.step)
    #expect(
      steps.map(\.length) == [
        .time(Seconds(600)), .distance(Meters(1609.344)), .time(Seconds(3600)), .open, .open,
      ])
    #expect(steps[0].target == .heartRateZone(2))
    #expect(steps[1].target == .pace(fastest: Pace(410 / 1.609344), slowest: Pace(430 / 1.609344)))
    #expect(
      steps[2].target == .speed(MetersPerSecond(24.5 / 3.6)...MetersPerSecond(28 / 3.6)))
    #expect(steps[3].target == .heartRate(BeatsPerMinute(130)...BeatsPerMinute(150)))
    #expect(steps[4].target == nil)
    #expect(workout.name == nil)
  }

  /// A mistake, the line and key it is reported at, and a part of the message.
  struct Mistake: Sendable, CustomStringConvertible {
    var text: String
    var line: Int?
    var key: String?
    var says: String
    var description: String { says }
  }

  static let mistakes: [Mistake] = [
    Mistake(text: "name = \"x\"\n", line: nil, key: nil, says: "no steps"),
    Mistake(text: "nmae = \"x\"\n", line: 1, key: "nmae", says: "unknown key"),
    Mistake(text: "name = 3\n[[step]]\nkind = \"work\"\n", line: 1, key: "name", says: "a string"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\n\n[[step]]\nkind = \"sprint\"\n", line: 5,
      key: "step[2].kind", says: "\"warm_up\", \"work\", \"recovery\", \"cool_down\""),
    Mistake(
      text: "[[step]]\ndistance_m = 400\n", line: 1, key: "step[1]", says: "needs a kind"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\ndistanse_m = 400\n", line: 3, key: "step[1].distanse_m",
      says: "unknown key; a step has: kind, distance_m"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\ndistance_m = 400\nduration = 60\n", line: 4,
      key: "step[1].duration", says: "one length, and distance_m is already given"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\npace_per_km = [\"4:00\", \"4:15\"]\nheart_rate_zone = 3\n",
      line: 4, key: "step[1].heart_rate_zone", says: "one target"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\ndistance_m = -400\n", line: 3, key: "step[1].distance_m",
      says: "more than 0"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\nduration = \"1:75\"\n", line: 3, key: "step[1].duration",
      says: "expected a duration"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\npace_per_km = \"4:00\"\n", line: 3,
      key: "step[1].pace_per_km", says: "two paces"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\npace_per_km = [\"4:00\", \"fast\"]\n", line: 3,
      key: "step[1].pace_per_km", says: "two paces"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\nheart_rate_zone = 6\n", line: 3,
      key: "step[1].heart_rate_zone", says: "from 1 to 5"),
    Mistake(
      text: "[[step]]\nkind = \"work\"\nspeed_kmh = [0, 30]\n", line: 3, key: "step[1].speed_kmh",
      says: "two speeds"),
    Mistake(
      text: "[[step]]\nrepeat = 0\n[[step.step]]\nkind = \"work\"\n", line: 2,
      key: "step[1].repeat", says: "from 1 to 100"),
    Mistake(text: "[[step]]\nrepeat = 4\n", line: 2, key: "step[1].repeat", says: "[[step.step]]"),
    Mistake(
      text: "[[step]]\nrepeat = 2\nkind = \"work\"\n[[step.step]]\nkind = \"work\"\n", line: 3,
      key: "step[1].kind", says: "belongs in one of them"),
    Mistake(
      text: """
        [[step]]
        kind = "warm_up"

        [[step]]
        repeat = 2

        [[step.step]]
        kind = "work"

        [[step.step]]
        repeat = 3
        """, line: 11, key: "step[2].step[2].repeat", says: "repeats nest once"),
    Mistake(
      text: "[[step]]\nrepeat = 2\n\n[[step.step]]\nkind = \"work\"\nduration = true\n", line: 6,
      key: "step[1].step[1].duration", says: "expected a duration"),
    Mistake(text: "step = 3\n", line: 1, key: "step", says: "[[step]] blocks"),
    Mistake(text: "[[step]]\nkind = \"work\n", line: 2, key: nil, says: "column"),
  ]

  @Test("Each mistake names the line, the step and what was wrong", arguments: mistakes)
  func mistake(_ mistake: Mistake) {
    do {
      let workout = try WorkoutFile.parse(mistake.text, path: "intervals.toml")
      Issue.record("accepted: \(workout)")
    } catch {
      #expect(error.path == "intervals.toml")
      #expect(error.line == mistake.line, "\(error)")
      #expect(error.key == mistake.key, "\(error)")
      #expect(error.message.contains(mistake.says), "\(error)")
      let place = "intervals.toml" + (mistake.line.map { ":\($0)" } ?? "") + ": "
      #expect(error.description.hasPrefix(place))
    }
  }

  @Test("A missing or unreadable file says so")
  func missingFile() throws {
    #expect(
      throws: TOMLFileError(
        path: "/nonexistent/w.toml", line: nil, key: nil, message: "no such file")
    ) {
      try WorkoutFile.load(path: "/nonexistent/w.toml")
    }
    let dir = try StriderBinary.temporaryDirectory()
    let binary = dir.appendingPathComponent("latin1.toml")
    try Data([0x6E, 0x61, 0x6D, 0x65, 0x20, 0x3D, 0x20, 0x22, 0xE9, 0x22]).write(to: binary)
    #expect(throws: TOMLFileError.self) { try WorkoutFile.load(path: binary.path) }
  }
}
