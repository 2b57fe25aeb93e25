/// The laps a device recorded in a file (TCX `<Lap>`s): kept as the session's laps when the
/// file is imported, as if they had been pressed while recording.
public struct RecordedLaps: Sendable, Hashable {
  /// One mark at each lap's start after the first, closing the lap before it with that
  /// lap's intensity.
  public var marks: [LapMark]
  /// The intensity of the last lap, which the session's end closes.
  public var last: LapIntensity

  public init(marks: [LapMark], last: LapIntensity) {
    self.marks = marks
    self.last = last
  }

  /// The laps that start at `starts` (in any order; repeated times count once), each with
  /// its intensity; nil for fewer than two laps: one lap is the session itself.
  public init?(starts: [(time: GNSSTime, intensity: LapIntensity)]) {
    var laps = starts.sorted { $0.time < $1.time }
    laps = laps.enumerated().filter { $0.offset == 0 || laps[$0.offset - 1].time < $0.element.time }
      .map(\.element)
    guard laps.count > 1, let final = laps.last else { return nil }
    marks = zip(laps, laps.dropFirst()).map { LapMark(time: $1.time, intensity: $0.intensity) }
    last = final.intensity
  }

  /// What a recording keeps of them: the marks and, at the session's `end`, one closing the
  /// last lap with its intensity (`SessionStore.lapPresses` leaves that one out).
  public func kept(end: GNSSTime) -> [LapMark] {
    guard let final = marks.last, end > final.time else { return marks }
    return marks + [LapMark(time: end, intensity: last)]
  }
}
