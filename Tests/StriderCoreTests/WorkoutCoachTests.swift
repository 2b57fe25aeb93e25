import StriderCore
import Testing

/// The coach driven as the session runner drives it: one observation a second on the fix
/// clock, with the session's moving distance and time.
struct WorkoutCoachTests {
  static let start = GNSSTime(secondsSince1970: 1_714_807_800)
  /// 4:00 to 4:15 per kilometre: 3.92 to 4.17 m/s.
  static let intervalPace = WorkoutTarget.pace(fastest: Pace(240), slowest: Pace(255))

  /// A runner fed to a coach one second at a time.
  struct Session {
    var coach: WorkoutCoach
    var snapshot = MetricsSnapshot()
    var time = WorkoutCoachTests.start
    var events: [CoachEvent] = []

    init(_ workout: Workout, _ configuration: CoachConfiguration = CoachConfiguration()) {
      coach = WorkoutCoach(
        workout: workout, configuration: configuration, activity: .run, units: .metric)
      events = coach.observe(snapshot, isPaused: false, at: time)
    }

    /// Runs at `speed` (m/s) for `seconds`; paused seconds add time but no moving time.
    mutating func run(
      _ speed: Double, for seconds: Int, paused: Bool = false, heartRate: Double? = nil
    ) {
      for _ in 0..<seconds {
        time = time + Seconds(1)
        if !paused {
          snapshot.moving += Seconds(1)
          snapshot.distance += Meters(speed)
        }
        events += coach.observe(
          snapshot, heartRate: heartRate.map(BeatsPerMinute.init), isPaused: paused, at: time)
      }
    }

    var cues: [CoachCue] {
      events.compactMap { if case .cue(let cue) = $0 { cue } else { nil } }
    }

    var coaching: [CoachCue] {
      cues.filter { [.speedUp, .slowDown, .backOnTarget].contains($0.kind) }
    }

    var results: [StepResult] {
      events.compactMap { if case .stepEnded(let result) = $0 { result } else { nil } }
    }

    /// Seconds from the session's start at which a cue was said.
    func offset(_ cue: CoachCue) -> Double { (cue.time - WorkoutCoachTests.start).value }
  }

  static func sixBy400() -> Workout {
    Workout(
      name: "6 x 400 m",
      items: [
        .step(WorkoutStep(kind: .warmUp, length: .distance(Meters(800)))),
        .repeated(
          count: 6,
          steps: [
            WorkoutStep(kind: .work, length: .distance(Meters(400)), target: intervalPace),
            WorkoutStep(kind: .recovery, length: .time(Seconds(90))),
          ]),
        .step(WorkoutStep(kind: .coolDown, length: .open)),
      ])
  }

  @Test("A repeated block flattens into numbered rounds, and steps are named by them")
  func planOfRepeats() {
    let plan = Self.sixBy400().plan
    #expect(plan.count == 14)
    #expect(plan.map(\.number) == Array(1...14))
    #expect(CueText.stepName(plan[0]) == "Warm-up")
    #expect(CueText.stepName(plan[5]) == "Interval 3 of 6")
    #expect(CueText.stepName(plan[6]) == "Recovery")
    #expect(CueText.stepName(plan[13]) == "Cool-down")
    #expect(
      CueText.stepStart(plan[5], units: .metric)
        == "Interval 3 of 6: 400 metres at 4:00 to 4:15 per kilometre. Go.")
    #expect(CueText.stepStart(plan[6], units: .metric) == "Recovery: 1 minute 30 seconds.")
    #expect(CueText.stepStart(plan[13], units: .metric) == "Cool-down: open, until you press lap.")
    #expect(Workout(items: [.repeated(count: 0, steps: [plan[1].step])]).plan.isEmpty)
  }

  @Test("Distances, speeds and heart rates are said with units and plurals right")
  func sentences() {
    #expect(CueText.stepDistance(Meters(1), units: .metric) == "1 metre")
    #expect(CueText.stepDistance(Meters(999.6), units: .metric) == "1 kilometre")
    #expect(CueText.stepDistance(Meters(1500), units: .metric) == "1.5 kilometres")
    #expect(CueText.stepDistance(Meters(1609.344), units: .imperial) == "1 mile")
    #expect(CueText.stepDistance(Meters(5000), units: .imperial) == "3.11 miles")
    #expect(CueText.stepDistance(Meters(-.infinity), units: .metric) == "0 metres")
    #expect(CueText.clock(Seconds(98)) == "1:38")
    #expect(CueText.clock(Seconds(3725)) == "1:02:05")
    #expect(
      CueText.targetPhrase(.pace(fastest: Pace(240), slowest: Pace(255)), units: .imperial)
        == "at 6:26 to 6:50 per mile")
    #expect(
      CueText.targetPhrase(
        .speed(MetersPerSecond(20 / 3.6)...MetersPerSecond(25 / 3.6)), units: .metric)
        == "at 20.0 to 25 kilometres per hour")
    #expect(CueText.targetPhrase(.heartRateZone(2), units: .metric) == "in heart-rate zone 2")
    #expect(
      CueText.targetPhrase(.heartRate(BeatsPerMinute(140)...BeatsPerMinute(155)), units: .metric)
        == "at 140 to 155 beats per minute")
  }

  @Test("A distance step ends where its distance is crossed, and the next begins there")
  func distanceStepEndsAtTheCrossing() throws {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .work, length: .distance(Meters(400)), target: Self.intervalPace)),
      .step(WorkoutStep(kind: .recovery, length: .distance(Meters(200)))),
    ])
    var session = Session(workout)
    session.run(4.1, for: 98)  // 401.8 m: the 400 m were crossed 0.44 s ago
    let result = try #require(session.results.first)
    #expect(abs(result.duration.value - 400 / 4.1) < 1e-9, "interpolated, not 98 s")
    #expect(result.distance == Meters(400))
    #expect(session.cues.map(\.text).contains("400 metres in 1:38, 4:04 per kilometre."))
    session.run(4, for: 50)  // the 200 m recovery ends within these 50 s
    #expect(session.results.count == 2)
    #expect(abs((session.results.last?.distance.value ?? 0) - 200) < 1e-9)
    #expect(session.coach.isDone)
    #expect(session.cues.last?.text == "All steps done.")
  }

  @Test("A time step counts moving time: a pause does not end it")
  func timeStepCountsMovingTime() {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .recovery, length: .time(Seconds(60)))),
      .step(WorkoutStep(kind: .coolDown, length: .open)),
    ])
    var session = Session(workout)
    session.run(2.5, for: 30)
    session.run(0, for: 40, paused: true)
    #expect(session.results.isEmpty, "30 s of moving time is not 60")
    session.run(2.5, for: 30)
    let result = session.results.first
    #expect(result?.duration == Seconds(60))
    #expect(abs((result?.distance.value ?? 0) - 150) < 1e-9)
    #expect(session.cues.map(\.text).contains("150 metres in 1:00, 6:40 per kilometre."))
  }

  @Test("An open step ends only at a lap press; the session's end leaves a step unfinished")
  func openStepAndLap() {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .warmUp, length: .open)),
      .step(WorkoutStep(kind: .work, length: .open)),
    ])
    var session = Session(workout)
    session.run(3, for: 600)
    #expect(session.results.isEmpty)
    let lapped = session.coach.lap(session.snapshot, at: session.time)
    #expect(lapped.count == 4, "result, its sentence, the next start and its sentence")
    #expect(session.coach.currentStep?.step.kind == .work)
    session.run(3, for: 10)
    let end = session.coach.finish(session.snapshot, at: session.time)
    guard case .stepEnded(let result) = end.first else {
      Issue.record("the session's end ends the step under way: \(end)")
      return
    }
    #expect(result.ending == .stopped)
    #expect(result.distance == Meters(30))
    #expect(session.coach.finish(session.snapshot, at: session.time).isEmpty)
    #expect(session.coach.lap(session.snapshot, at: session.time).isEmpty)
  }

  @Test("Out of range says nothing before the window and the grace, then once, then reminds")
  func graceThenReminder() {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .work, length: .time(Seconds(600)), target: Self.intervalPace))
    ])
    var session = Session(workout)
    session.run(3.5, for: 39)  // 4:46 per km: well out
    #expect(session.coaching.isEmpty, "20 s window + 20 s grace not yet over")
    session.run(3.5, for: 1)
    #expect(session.coaching.map(\.kind) == [.speedUp])
    #expect(session.offset(session.coaching[0]) == 40)
    session.run(3.5, for: 59)
    #expect(session.coaching.count == 1, "no second word within the minute")
    session.run(3.5, for: 1)
    #expect(session.coaching.map(\.kind) == [.speedUp, .speedUp])
  }

  @Test("Going out needs the tolerance, coming back the range itself: no chatter at an edge")
  func hysteresis() {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .work, length: .time(Seconds(900)), target: Self.intervalPace))
    ])
    var session = Session(workout)
    // Hovering just below the slowest pace, inside the 2 % tolerance, for ten minutes.
    session.run(1000 / 258.0, for: 600)
    #expect(session.coaching.isEmpty, "inside the tolerance is neither out nor back")
    // Out for good, then back inside: one warning, then one "Back on pace".
    session.run(3.6, for: 60)
    #expect(session.coaching.map(\.kind) == [.speedUp])
    session.run(4.05, for: 30)
    #expect(session.coaching.map(\.kind) == [.speedUp, .backOnTarget])
    #expect(session.coaching.last?.text == "Back on pace.")
    // Flickering across the slow edge, in and out of the tolerance band, every few seconds:
    // never 20 s out in a row, so nothing is said.
    for _ in 0..<20 {
      session.run(3.75, for: 8)
      session.run(3.95, for: 8)
    }
    #expect(session.coaching.count == 2)
  }

  @Test("Too fast says slow down; a pause suspends judging and restarts the grace")
  func slowDownAndPause() {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .work, length: .time(Seconds(900)), target: Self.intervalPace))
    ])
    var session = Session(workout)
    session.run(4.6, for: 35)
    session.run(0, for: 30, paused: true)
    session.run(4.6, for: 20)
    #expect(session.coaching.isEmpty, "the grace starts again at the first second after it")
    session.run(4.6, for: 1)
    #expect(session.coaching.map(\.text) == ["Slow down."])
  }

  @Test("A new step starts its judgement afresh: no 'back on pace' across steps")
  func stepsJudgedAlone() {
    let workout = Workout(items: [
      .repeated(
        count: 2,
        steps: [
          WorkoutStep(kind: .work, length: .distance(Meters(400)), target: Self.intervalPace),
          WorkoutStep(kind: .recovery, length: .time(Seconds(60))),
        ])
    ])
    var session = Session(workout)
    session.run(3.5, for: 115)  // out from the start, 400 m in 114 s
    session.run(2.5, for: 60)  // recovery: no target, nothing judged
    session.run(4.05, for: 100)  // on target
    // Out at 40 s and reminded at 100 s; never "back on pace" in a later step.
    #expect(session.coaching.map(\.kind) == [.speedUp, .speedUp])
    #expect(session.coaching.allSatisfy { $0.step == 1 })
    #expect(session.results.count == 3)
    let starts = session.cues.filter { $0.kind == .stepStart }.map(\.text)
    #expect(starts.first == "Interval 1 of 2: 400 metres at 4:00 to 4:15 per kilometre. Go.")
    #expect(starts.contains("Interval 2 of 2: 400 metres at 4:00 to 4:15 per kilometre. Go."))
  }

  @Test("A heart-rate zone is judged on the heart rate; without zones it is not coached")
  func heartRateZone() throws {
    let workout = Workout(items: [
      .step(WorkoutStep(kind: .work, length: .time(Seconds(600)), target: .heartRateZone(2)))
    ])
    let zones = try #require(HeartRateZones(maximum: BeatsPerMinute(190)))  // zone 2: 114-132
    var session = Session(workout, CoachConfiguration(zones: zones))
    session.run(3, for: 60, heartRate: 150)
    #expect(session.coaching.map(\.text) == ["Slow down."])
    session.run(3, for: 10, heartRate: 125)
    #expect(session.coaching.map(\.text) == ["Slow down.", "Back in zone."])
    session.run(3, for: 60, heartRate: 100)
    #expect(session.coaching.last?.text == "Speed up.")

    var unzoned = Session(workout)
    unzoned.run(3, for: 120, heartRate: 180)
    #expect(unzoned.coaching.isEmpty)
    // A heart rate that stops coming is not judged after it is 10 s old.
    var stale = Session(workout, CoachConfiguration(zones: zones))
    stale.run(3, for: 1, heartRate: 180)
    stale.run(3, for: 120)
    #expect(stale.coaching.isEmpty)
  }

  @Test("An empty workout says nothing")
  func emptyWorkout() {
    var session = Session(Workout(items: []))
    session.run(3, for: 10)
    #expect(session.events.isEmpty)
    #expect(session.coach.isDone)
  }
}
