import Testing

@testable import StriderCore

@Suite struct LapTests {
  static let t0 = GNSSTime(secondsSince1970: 1_700_000_000)
  static func at(_ s: Double) -> GNSSTime { GNSSTime(secondsSince1970: t0.secondsSince1970 + s) }
  /// 3 m/s from t0, as a finished track would say.
  static func distance(_ t: GNSSTime) -> Meters { Meters(3 * (t - t0).value) }

  @Test("Presses cut the session into laps that add up to it; the end closes the last")
  func lapsAddUp() {
    let laps = Lap.laps(
      marks: [
        LapMark(time: Self.at(100), intensity: .active),
        LapMark(time: Self.at(190), intensity: .rest),
      ], start: Self.t0, end: Self.at(400), last: .active,
      pauses: [PauseInterval(start: Self.at(150), end: Self.at(160))],
      distance: Self.distance)
    #expect(laps.map(\.number) == [1, 2, 3])
    #expect(laps.map(\.distance.value) == [300, 270, 630])
    #expect(laps.map(\.moving.value) == [100, 80, 210], "the pause comes off lap 2 only")
    #expect(laps.map(\.elapsed.value) == [100, 90, 210])
    #expect(laps.map(\.intensity) == [.active, .rest, .active])
    #expect(abs((laps[0].pace?.value ?? 0) - 1000.0 / 3) < 1e-9, "3 m/s is 333 s per km")
  }

  @Test("No press, no laps; presses out of order, repeated or outside the session are skipped")
  func badPresses() {
    #expect(
      Lap.laps(marks: [], start: Self.t0, end: Self.at(60), pauses: [], distance: Self.distance)
        .isEmpty)
    let laps = Lap.laps(
      marks: [
        LapMark(time: Self.at(-5), intensity: .active),
        LapMark(time: Self.at(30), intensity: .active),
        LapMark(time: Self.at(30), intensity: .rest),
        LapMark(time: Self.at(20), intensity: .rest),
        LapMark(time: Self.at(500), intensity: .rest),
      ], start: Self.t0, end: Self.at(60), last: .rest, pauses: [], distance: Self.distance)
    #expect(laps.map(\.end) == [Self.at(30), Self.at(60)])
    #expect(laps.map(\.intensity) == [.active, .rest])
  }

  @Test("A press at the session's end (the recording's closing mark) adds no empty lap")
  func closingMark() {
    let laps = Lap.laps(
      marks: [
        LapMark(time: Self.at(30), intensity: .active),
        LapMark(time: Self.at(60), intensity: .rest),
      ], start: Self.t0, end: Self.at(60), pauses: [], distance: Self.distance)
    #expect(laps.count == 2)
    #expect(laps.last?.intensity == .rest)
  }

  @Test(
    "A recovery step's lap is rest, every other kind active",
    arguments: [
      (WorkoutStepKind?.none, LapIntensity.active), (.warmUp, .active), (.work, .active),
      (.recovery, .rest), (.coolDown, .active),
    ])
  func intensity(kind: WorkoutStepKind?, expected: LapIntensity) {
    #expect(LapIntensity(kind) == expected)
  }

  @Test("A lap is said like a step's result, numbered")
  func spoken() {
    let lap = Lap(
      number: 2, start: Self.t0, end: Self.at(98), distance: Meters(400), moving: Seconds(98),
      intensity: .active)
    #expect(
      CueText.lap(lap, activity: .run, units: .metric)
        == "Lap 2: 400 metres in 1:38, 4:05 per kilometre.")
  }
}
