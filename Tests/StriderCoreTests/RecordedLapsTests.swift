import StriderCore
import Testing

/// A file's laps as lap marks: each lap after the first starts with a mark that closes the
/// lap before it with that lap's intensity.
@Suite struct RecordedLapsTests {
  static let t0 = GNSSTime(secondsSince1970: 1_700_000_000)

  @Test func eachLapStartClosesTheLapBefore() throws {
    let laps = try #require(
      RecordedLaps(starts: [
        (Self.t0, .active), (Self.t0 + Seconds(300), .rest), (Self.t0 + Seconds(390), .active),
      ]))
    #expect(
      laps.marks == [
        LapMark(time: Self.t0 + Seconds(300), intensity: .active),
        LapMark(time: Self.t0 + Seconds(390), intensity: .rest),
      ])
    #expect(laps.last == .active)
    let kept = laps.kept(end: Self.t0 + Seconds(600))
    #expect(kept.count == 3)
    #expect(kept.last == LapMark(time: Self.t0 + Seconds(600), intensity: .active))
    #expect(laps.kept(end: Self.t0 + Seconds(390)) == laps.marks, "no closing mark at a mark")
  }

  @Test func oneLapOrRepeatedStartsAreNoLaps() {
    #expect(RecordedLaps(starts: []) == nil)
    #expect(RecordedLaps(starts: [(Self.t0, .active)]) == nil)
    #expect(RecordedLaps(starts: [(Self.t0, .active), (Self.t0, .rest)]) == nil)
    let unordered = RecordedLaps(starts: [
      (Self.t0 + Seconds(60), .rest), (Self.t0, .active), (Self.t0 + Seconds(60), .active),
    ])
    #expect(unordered?.marks == [LapMark(time: Self.t0 + Seconds(60), intensity: .active)])
    #expect(unordered?.last == .rest)
  }
}
