/// Whether a lap was effort or rest: FIT's lap `intensity` and TCX's `Intensity`, taken from
/// the workout step under way when lap was pressed (a recovery step is rest).
public enum LapIntensity: String, Sendable, Hashable, Codable, CaseIterable {
  case active
  case rest

  /// The intensity of a lap run in a step of this kind.
  public init(_ kind: WorkoutStepKind?) {
    self = kind == .recovery ? .rest : .active
  }
}

/// A lap press: when, on the fix clock (the newest fix the session had reached), and what
/// the lap it closed was for. What is kept of a lap while recording; its figures are
/// worked out from the finished track (`Lap.laps`), as every other figure is.
public struct LapMark: Sendable, Hashable, Codable {
  public var time: GNSSTime
  public var intensity: LapIntensity

  public init(time: GNSSTime, intensity: LapIntensity) {
    self.time = time
    self.intensity = intensity
  }
}

/// One lap of a session: from the session's start or the previous lap press to this press,
/// or, for the last, to the session's end.
public struct Lap: Sendable, Hashable, Codable {
  /// 1 for the first lap.
  public var number: Int
  public var start: GNSSTime
  public var end: GNSSTime
  public var distance: Meters
  /// Time outside auto-pause within the lap.
  public var moving: Seconds
  public var intensity: LapIntensity

  public init(
    number: Int, start: GNSSTime, end: GNSSTime, distance: Meters, moving: Seconds,
    intensity: LapIntensity
  ) {
    self.number = number
    self.start = start
    self.end = end
    self.distance = distance
    self.moving = moving
    self.intensity = intensity
  }

  /// Wall-clock (fix-clock) length of the lap, pauses included.
  public var elapsed: Seconds { end - start }

  /// The lap's average pace over its moving time; nil without distance or time.
  public var pace: Pace? { Pace(distance: distance, duration: moving) }

  /// The laps that lap presses cut a session into, measured on its finished track.
  ///
  /// Each press closes a lap; the session's end closes the last, which runs at the
  /// intensity of what followed the last press (`last`). Presses outside the session,
  /// out of order or at the same time as the one before are skipped, and a last lap of no
  /// time is dropped. No press gives no laps: the session is its own single lap.
  ///
  /// - Parameters:
  ///   - distance: the finished track's distance at a time (`FinishedTrack.distance(at:)`).
  ///   - pauses: the summary's pauses, taken off each lap's moving time.
  public static func laps(
    marks: [LapMark], start: GNSSTime, end: GNSSTime, last: LapIntensity = .active,
    pauses: [PauseInterval], distance: (GNSSTime) -> Meters
  ) -> [Lap] {
    guard !marks.isEmpty, end > start else { return [] }
    var laps: [Lap] = []
    var from = start
    func close(at to: GNSSTime, _ intensity: LapIntensity) {
      var paused = 0.0
      for pause in pauses {
        let a = max(pause.start, from)
        let b = min(pause.end, to)
        if b > a { paused += (b - a).value }
      }
      laps.append(
        Lap(
          number: laps.count + 1, start: from, end: to,
          distance: Meters(max(0, (distance(to) - distance(from)).value)),
          moving: Seconds(max(0, (to - from).value - paused)), intensity: intensity))
      from = to
    }
    for mark in marks where mark.time > from && mark.time <= end {
      close(at: mark.time, mark.intensity)
    }
    if end > from { close(at: end, last) }
    return laps
  }
}

extension Lap {
  /// The laps a summary keeps: `marks` (a recording's presses, or the laps a file recorded)
  /// cutting the summary's session, each measured on its finished track (`distance`, nil
  /// where the session has no finished track); nil without a mark, and where the only lap
  /// is the whole session. Every way a session is finished (a live or replayed session, a
  /// recording measured again, an import) keeps its laps by this one rule.
  public static func laps(
    of summary: SessionSummary, marks: [LapMark], last: LapIntensity,
    distance: ((GNSSTime) -> Meters)?
  ) -> [Lap]? {
    guard !marks.isEmpty, let distance, let start = summary.start?.time,
      let end = summary.end?.time
    else { return nil }
    let laps = laps(
      marks: marks, start: start, end: end, last: last, pauses: summary.pauses,
      distance: distance)
    return laps.count > 1 ? laps : nil
  }

  /// The lap as the summary's `laps` and the headless `lap` event write it.
  public var jsonMembers: [JSONMember] {
    [
      JSONMember("number", .int(number)),
      JSONMember("start", .string(start.iso8601)),
      JSONMember("end", .string(end.iso8601)),
      JSONMember(JSONKey.distance, .rounded(distance.value, 2)),
      JSONMember(JSONKey.elapsed, .rounded(elapsed.value, 3)),
      JSONMember(JSONKey.moving, .rounded(moving.value, 3)),
      JSONMember(JSONKey.pace, .rounded(pace?.value, 2)),
      JSONMember("intensity", .string(intensity.rawValue)),
    ]
  }
}
