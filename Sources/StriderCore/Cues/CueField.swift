/// One thing a periodic cue can say; the raw values are the names `says` lists in
/// config.toml (`docs/cues.md`).
///
/// The `…_pace` fields say a speed instead on a ride (as every cue does); the `…_speed`
/// fields always say a speed.
public enum CueField: String, Sendable, Hashable, Codable, CaseIterable {
  case distance
  /// Elapsed time, pauses included.
  case time
  /// Time spent moving; said "Time" when `time` is not said too (today's wording).
  case movingTime = "moving_time"
  case currentPace = "current_pace"
  case averagePace = "average_pace"
  /// The lap under way, since the last lap press (or the start).
  case lapPace = "lap_pace"
  /// The last completed split.
  case splitPace = "split_pace"
  case currentSpeed = "current_speed"
  case averageSpeed = "average_speed"
  case lapSpeed = "lap_speed"
  case splitSpeed = "split_speed"
  case heartRate = "heart_rate"
  case heartRateZone = "heart_rate_zone"
  case calories
  case elevationGain = "elevation_gain"
  case timeOfDay = "time_of_day"
  /// The moving time the goal distance will take at the average pace so far.
  case finishEstimate = "finish_estimate"
  /// The last lap closed: "Lap 2: 1 kilometre in 4:05, 4:05 per kilometre." (what a lap
  /// press says by default; nothing before the first press).
  case lapResult = "lap_result"
  /// Distance and moving time of the lap under way (at a lap press: the lap it closed).
  case lapDistance = "lap_distance"
  case lapTime = "lap_time"

  /// What a cue says when the config file does not say: distance, moving time and
  /// average pace (or speed), as cues always have.
  public static let defaults: [CueField] = [.distance, .movingTime, .averagePace]

  /// What a lap press says when the config file does not say: the lap's result.
  public static let lapDefaults: [CueField] = [.lapResult]

  /// "distance, time, …": every name, for help and errors.
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
