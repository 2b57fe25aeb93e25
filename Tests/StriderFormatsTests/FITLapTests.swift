import StriderCore
import StriderFormats
import Testing

/// A FIT file's `lap` messages as the session's laps: pressed, timed and machine laps are
/// laps; laps a device ended at a distance or a place are splits.
@Suite struct FITLapTests {
  static let t0 = GNSSTime(secondsSince1970: 1_700_000_000)
  static func at(_ s: Double) -> GNSSTime { t0 + Seconds(s) }

  @Test func pressedLapsAreLapsAndRestIsRest() {
    let laps = FITLap.recordedLaps([
      FITLap(startTime: Self.at(0), intensity: 2, trigger: 0),
      FITLap(startTime: Self.at(600), intensity: 0, trigger: 0),
      FITLap(startTime: Self.at(690), intensity: 4, trigger: 1),
      FITLap(startTime: Self.at(780), intensity: 3, trigger: 7),
    ])
    #expect(
      laps?.marks == [
        LapMark(time: Self.at(600), intensity: .active),
        LapMark(time: Self.at(690), intensity: .active),
        LapMark(time: Self.at(780), intensity: .rest),
      ])
    #expect(laps?.last == .active, "cool-down")
  }

  @Test func splitsAreNotLaps() {
    // Strider's own export of a session without laps: one lap per kilometre, the last at
    // the session's end; and a watch's auto-lap by distance.
    let splits = FITLap.recordedLaps([
      FITLap(startTime: Self.at(0), trigger: 2), FITLap(startTime: Self.at(300), trigger: 2),
      FITLap(startTime: Self.at(600), trigger: 7),
    ])
    #expect(splits == nil)
    let mixed = FITLap.recordedLaps([
      FITLap(startTime: Self.at(0), trigger: 2), FITLap(startTime: Self.at(300), trigger: 0),
      FITLap(startTime: Self.at(500), intensity: 1, trigger: 7),
    ])
    #expect(mixed?.marks == [LapMark(time: Self.at(500), intensity: .active)])
    #expect(mixed?.last == .rest)
    #expect(FITLap.recordedLaps([FITLap(startTime: nil), FITLap(startTime: nil)]) == nil)
  }
}
