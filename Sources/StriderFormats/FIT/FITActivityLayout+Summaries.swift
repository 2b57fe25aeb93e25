import StriderCore

/// The summary messages that close a FIT activity file: laps, the session, the activity.
extension FITActivityLayout {
  /// One lap: when it started and ended, its timer time and distance, what closed it.
  struct Lap {
    var start: UInt32
    var end: UInt32
    var timerTime: Double
    var distance: Double
    /// The profile's `lap_trigger`: 0 manual (a lap press), 2 distance (a split), 7 session
    /// end.
    var trigger: UInt8
    /// The profile's `intensity`: 0 active, 1 rest (a recovery step's lap).
    var intensity: UInt8 = 0
  }

  /// The laps: one per lap pressed (`SessionSummary.laps`) when there were presses; else
  /// one per split of the summary, the last reaching the end of the session; one for the
  /// whole session when there are no splits.
  func laps(start: UInt32, end: UInt32) -> [Lap] {
    let summary = session.summary
    if let pressed = summary?.laps, !pressed.isEmpty {
      var lapStart = start
      var laps = pressed.map { lap -> Lap in
        let lapEnd = FITValue.time(lap.end).map { min(max($0, lapStart), end) } ?? lapStart
        defer { lapStart = lapEnd }
        return Lap(
          start: lapStart, end: lapEnd, timerTime: lap.moving.value,
          distance: lap.distance.value, trigger: 0, intensity: lap.intensity == .rest ? 1 : 0)
      }
      laps[laps.count - 1].end = end
      return laps
    }
    var laps: [Lap] = []
    var lapStart = start
    for split in summary?.splits ?? [] {
      let splitEnd = FITValue.time(split.endTime).map { min(max($0, lapStart), end) } ?? lapStart
      laps.append(
        Lap(
          start: lapStart, end: splitEnd, timerTime: split.duration.value,
          distance: split.distance.value, trigger: split.isPartial ? 7 : 2))
      lapStart = splitEnd
    }
    if laps.isEmpty {
      return [
        Lap(
          start: start, end: end, timerTime: timerTime(start: start, end: end),
          distance: totalDistance, trigger: 7)
      ]
    }
    laps[laps.count - 1].end = end
    return laps
  }

  /// The session's distance: the summary's, else the length of the written positions.
  var totalDistance: Double { session.summary?.distance.value ?? pathLength }

  /// Seconds the timer ran: the summary's moving time, else the time outside the pauses.
  func timerTime(start: UInt32, end: UInt32) -> Double {
    if let moving = session.summary?.moving.value { return moving }
    return max(0, Double(end) - Double(start) - stoppedSeconds)
  }

  func writeSummaries(start: UInt32, end: UInt32, into encoder: inout FITEncoder) {
    let sport = FITValue.sport(session.activity)
    let laps = laps(start: start, end: end)
    encoder.define(
      local: Self.lap, global: 19,
      fields: [
        .uint32(253), .uint32(2), .uint32(7), .uint32(8), .uint32(9), .uint16(254),
        .enumeration(0), .enumeration(1), .enumeration(24), .enumeration(25),
        .enumeration(23),
      ])
    for (index, lap) in laps.enumerated() {
      // Times are whole seconds, the split's moving time is not: the timer never ran longer
      // than the lap lasted.
      let elapsed = Double(lap.end) - Double(lap.start)
      encoder.begin(local: Self.lap)
      encoder.u32(lap.end)  // timestamp
      encoder.u32(lap.start)  // start_time
      encoder.u32(FITValue.duration(elapsed))  // total_elapsed_time
      encoder.u32(FITValue.duration(min(lap.timerTime, elapsed)))  // total_timer_time
      encoder.u32(FITValue.u32(lap.distance, scale: 100))  // total_distance
      encoder.u16(UInt16(clamping: index))  // message_index
      encoder.u8(9)  // event: lap
      encoder.u8(1)  // event_type: stop
      encoder.u8(lap.trigger)  // lap_trigger
      encoder.u8(sport)
      encoder.u8(lap.intensity)  // intensity
    }
    let summary = session.summary
    let elapsed = summary?.elapsed.value ?? Double(end) - Double(start)
    let timer = timerTime(start: start, end: end)
    encoder.define(
      local: Self.session, global: 18,
      fields: [
        .uint32(253), .uint32(2), .enumeration(5), .enumeration(6), .uint32(7), .uint32(8),
        .uint32(9), .uint16(11), .uint16(22), .uint16(25), .uint16(26), .uint16(254),
        .enumeration(0), .enumeration(1), .enumeration(28), .uint8(16), .uint8(17), .uint8(18),
        .uint8(19), .uint16(20), .uint16(21),
      ])
    encoder.begin(local: Self.session)
    encoder.u32(end)  // timestamp
    encoder.u32(start)  // start_time
    encoder.u8(sport)
    encoder.u8(0)  // sub_sport: generic
    encoder.u32(FITValue.duration(elapsed))  // total_elapsed_time
    encoder.u32(FITValue.duration(timer))  // total_timer_time
    encoder.u32(FITValue.u32(totalDistance, scale: 100))  // total_distance
    encoder.u16(FITValue.u16(summary?.calories.value))  // total_calories
    encoder.u16(FITValue.u16(summary?.elevationGain?.value))  // total_ascent
    encoder.u16(0)  // first_lap_index
    encoder.u16(UInt16(clamping: laps.count))  // num_laps
    encoder.u16(0)  // message_index
    encoder.u8(8)  // event: session
    encoder.u8(1)  // event_type: stop
    encoder.u8(0)  // trigger: activity_end
    let sensors = sensorTotals
    encoder.u8(FITValue.u8(sensors.heartRate.average))  // avg_heart_rate
    encoder.u8(FITValue.u8(sensors.heartRate.largest))  // max_heart_rate
    encoder.u8(FITValue.u8(sensors.cadence.average))  // avg_cadence
    encoder.u8(FITValue.u8(sensors.cadence.largest))  // max_cadence
    encoder.u16(FITValue.u16(sensors.power.average))  // avg_power
    encoder.u16(FITValue.u16(sensors.power.largest))  // max_power
    encoder.define(
      local: Self.activity, global: 34,
      fields: [
        .uint32(253), .uint32(0), .uint16(1), .enumeration(2), .enumeration(3),
        .enumeration(4),
      ])
    encoder.begin(local: Self.activity)
    encoder.u32(end)  // timestamp
    encoder.u32(FITValue.duration(timer))  // total_timer_time
    encoder.u16(1)  // num_sessions
    encoder.u8(0)  // type: manual
    encoder.u8(26)  // event: activity
    encoder.u8(1)  // event_type: stop
  }
}
