import Foundation
import StriderCore
import StriderFormats
import StriderTestSupport
import Testing

/// FIT workout files read into Strider's workout model: the shared example file, and the
/// profile's repeats and targets built step by step.
struct FITWorkoutImportTests {
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func sharedWorkoutFile() throws {
    let url = try #require(SharedData.file("fit/fp-WorkoutIndividualSteps.fit"))
    let imported = try FITWorkoutImport.load(path: url.path)
    // 60 s warm-up in heart-rate zone 2, two 500 m steps at power zones, a cool-down until
    // the heart rate is below 125 bpm (decoded the same by fitdecode).
    #expect(
      imported.workout.items == [
        .step(WorkoutStep(kind: .warmUp, length: .time(Seconds(60)), target: .heartRateZone(2))),
        .step(WorkoutStep(kind: .work, length: .distance(Meters(500)))),
        .step(WorkoutStep(kind: .work, length: .distance(Meters(500)))),
        .step(WorkoutStep(kind: .coolDown, length: .open)),
      ])
    #expect(imported.workout.name == "fp-WorkoutIndividualSteps.fit")
    #expect(
      imported.notes == [
        "step 2: a power target is not coached", "step 3: a power target is not coached",
        "step 4: ends when the heart rate is below 125 bpm, which Strider does not follow: "
          + "it is open (it ends at a lap)",
        "step 4: a power target is not coached",
      ])
  }

  @Test(
    "An activity file has no workout steps: refused as not a workout",
    .enabled(if: SharedData.isPresent, SharedData.absent))
  func activityFileIsNotAWorkout() throws {
    let url = try #require(SharedData.file("fit/fp-Activity.fit"))
    let error = #expect(throws: FormatError.self) { try FITWorkoutImport.load(path: url.path) }
    #expect(error?.message.contains("not a FIT workout file") == true)
  }

  @Test("A file that cannot be read says so")
  func unreadable() {
    let error = #expect(throws: FormatError.self) {
      try FITWorkoutImport.load(path: "/nonexistent.fit")
    }
    #expect(error?.description == "/nonexistent.fit: cannot be read")
  }

  /// Issue 49: a FIT workout was read whole, whatever its size; TOML workouts and the
  /// config file were bounded at 1 MiB already.
  @Test("A FIT workout over 1 MiB is refused unread, and a stream without end too")
  func tooLarge() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let path = dir.appendingPathComponent("huge.fit").path
    try Data(count: FITWorkoutImport.sizeLimit + 1).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: FormatError.self) { try FITWorkoutImport.load(path: path) }
    #expect(
      error?.description
        == "\(path): is 1048577 bytes, too large for a FIT workout (at most 1048576 bytes, "
        + "1 MiB): is it an activity file?")
    let endless = #expect(throws: FormatError.self) {
      try FITWorkoutImport.load(path: "/dev/zero")
    }
    #expect(endless?.message.hasPrefix("is over 1048576 bytes, too large") == true)
  }

  /// 6 × (400 m at a custom speed, 90 s rest) between a warm-up and an open cool-down.
  static let intervals: [FITWorkoutStep] = [
    FITWorkoutStep(index: 0, durationType: 1, durationValue: 120_000, targetType: 2, intensity: 2),
    FITWorkoutStep(
      index: 1, durationType: 1, durationValue: 40_000, targetType: 0, targetValue: 0,
      customTargetLow: 3922, customTargetHigh: 4167, intensity: 0),
    FITWorkoutStep(index: 2, durationType: 0, durationValue: 90_000, intensity: 1),
    FITWorkoutStep(index: 3, durationType: 6, durationValue: 1, targetValue: 6),
    FITWorkoutStep(index: 4, durationType: 5, intensity: 3),
  ]

  @Test("A repeat of earlier steps, and a custom speed as a pace range on a run")
  func repeatsAndSpeed() throws {
    let imported = try FITWorkoutImport.workout(Self.intervals, file: "w.fit", activity: .run)
    #expect(imported.notes.isEmpty)
    let items = imported.workout.items
    #expect(items.count == 3)
    guard case .repeated(let count, let steps) = items[1] else {
      Issue.record("the middle is a repeat: \(items)")
      return
    }
    #expect(count == 6)
    #expect(steps.map(\.kind) == [.work, .recovery])
    #expect(steps[0].length == .distance(Meters(400)))
    #expect(steps[1].length == .time(Seconds(90)))
    #expect(steps[0].target == .pace(fastest: Pace(1000 / 4.167), slowest: Pace(1000 / 3.922)))
    #expect(imported.workout.plan.count == 14)
    #expect(
      CueText.stepStart(imported.workout.plan[5], units: .metric)
        == "Interval 3 of 6: 400 metres at 4:00 to 4:15 per kilometre. Go.")
    let ride = try FITWorkoutImport.workout(Self.intervals, file: "w.fit", activity: .ride)
    guard case .repeated(_, let rideSteps) = ride.workout.items[1] else {
      Issue.record("the ride's second item is not a repeat: \(ride.workout.items[1])")
      return
    }
    #expect(rideSteps[0].target == .speed(MetersPerSecond(3.922)...MetersPerSecond(4.167)))
  }

  @Test("Heart-rate targets: zones, custom bpm (stored + 100), and % of the maximum noted")
  func heartRateTargets() throws {
    let steps = [
      FITWorkoutStep(durationType: 0, durationValue: 60_000, targetType: 1, targetValue: 3),
      FITWorkoutStep(
        durationType: 0, durationValue: 60_000, targetType: 1, targetValue: 0,
        customTargetLow: 240, customTargetHigh: 255),
      FITWorkoutStep(
        durationType: 0, durationValue: 60_000, targetType: 1, targetValue: 0,
        customTargetLow: 70, customTargetHigh: 80),
      FITWorkoutStep(durationType: 4, durationValue: 300, targetType: 3, targetValue: 0),
    ]
    let imported = try FITWorkoutImport.workout(steps, file: "hr.fit", activity: .run)
    let targets = imported.workout.plan.map(\.step.target)
    #expect(
      targets == [
        .heartRateZone(3), .heartRate(BeatsPerMinute(140)...BeatsPerMinute(155)), nil, nil,
      ])
    #expect(imported.workout.plan.last?.step.length == .open)
    #expect(
      imported.notes == [
        "step 3: a heart-rate target in % of the maximum is not coached",
        "step 4: ends on something Strider does not measure (duration_type 4): "
          + "it is open (it ends at a lap)",
        "step 4: a cadence target is not coached",
      ])
  }

  /// Steps Strider cannot take, and the words of the refusal.
  static let refused: [([FITWorkoutStep], String)] = [
    (
      intervals + [FITWorkoutStep(durationType: 6, durationValue: 1, targetValue: 2)],
      "step 6: repeats over a repeat"
    ),
    (
      [
        FITWorkoutStep(durationType: 1, durationValue: 40_000),
        FITWorkoutStep(durationType: 7, durationValue: 600_000, targetValue: 1),
      ], "step 2: a repeat until a time"
    ),
    ([FITWorkoutStep(durationType: 6, durationValue: 0, targetValue: 3)], "step 1: a repeat must"),
    (
      [
        FITWorkoutStep(durationType: 1, durationValue: 40_000),
        FITWorkoutStep(durationType: 6, durationValue: 0, targetValue: 0),
      ], "step 2: a repeat must"
    ),
  ]

  @Test(
    "Nested repeats, repeats without rounds and repeats of nothing are refused", arguments: refused)
  func refusedRepeats(steps: [FITWorkoutStep], says: String) {
    do {
      let imported = try FITWorkoutImport.workout(steps, file: "bad.fit", activity: .run)
      Issue.record("accepted: \(imported)")
    } catch {
      #expect(error.description.hasPrefix("bad.fit: \(says)"), "\(error)")
    }
  }
}
