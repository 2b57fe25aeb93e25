/// The device's own figures beside Strider's, as `analyze`, `sessions show` and the JSON
/// export give them: the gaps between the two and the `device` object of the JSON
/// (`line`, in StriderRender, is the table's row).
public struct DeviceComparison: Sendable {
  public var device: DeviceTotals
  public var summary: SessionSummary

  public init(device: DeviceTotals, summary: SessionSummary) {
    self.device = device
    self.summary = summary
  }

  /// Seconds a track may go on past the device's summary (the device closes it a moment
  /// after its last record).
  public static let endGrace = 60.0

  /// Whether the track holds fixes well after the device's last summary ends (a file cut
  /// short before the summary of its last part): the totals then do not cover the track.
  public var goesOnAfterDevice: Bool {
    guard let end = device.end, let last = summary.end?.time else { return false }
    return last.secondsSince1970 - end.secondsSince1970 > Self.endGrace
  }

  /// Metres the device counted before its first position and after its last, when enough
  /// to matter (a tenth of a percent, and 10 m): left out of the comparison and said.
  public var unpositioned: Meters? {
    guard let outside = device.unpositionedDistance, let total = device.distance?.value,
      outside.value >= 10, outside.value >= total / 1000
    else { return nil }
    return outside
  }

  /// Strider's distance against the device's over the positioned part of the file, % of
  /// the device's; nil without one.
  public var distanceGap: Double? {
    guard let total = device.distance?.value, !goesOnAfterDevice else { return nil }
    let d = total - (unpositioned?.value ?? 0)
    guard d > 0 else { return nil }
    return 100 * (summary.distance.value - d) / d
  }

  /// Kilocalories an hour no one burns: the hardest efforts (a cycling race) burn about
  /// 1,200. A device's figure beyond it over the session's elapsed time is a broken or
  /// hostile file's, never the session's.
  public static let caloriesPerHourCeiling = 2_000.0

  /// Whether a device's calorie figure could be a person's over this session: over its
  /// elapsed time, or the device's own where no fix had a position (an indoor ride's).
  private func isPlausible(_ calories: Kilocalories) -> Bool {
    let seconds =
      summary.elapsed.value > 0
      ? summary.elapsed.value : (device.timerTime ?? device.elapsedTime)?.value ?? 0
    let hours = seconds / 3600
    return calories.value.isFinite && hours.isFinite && hours > 0
      && calories.value <= Self.caloriesPerHourCeiling * hours
  }

  /// Strider's own calorie estimate: the summary's, or the one kept beside the device's.
  public var striderCalories: CalorieEstimate {
    summary.estimatedCalories
      ?? CalorieEstimate(calories: summary.calories, source: summary.caloriesSource ?? .speed)
  }

  /// Strider's calories against the device's, % of the device's; nil without them.
  public var caloriesGap: Double? {
    guard let device = device.calories?.value, device > 0, !goesOnAfterDevice else { return nil }
    return 100 * (striderCalories.calories.value - device) / device
  }

  /// The summary with the device's calories as the session's, where the device counted them
  /// over the whole track (`caloriesGap` is known), and Strider's estimate kept beside them
  /// (`SessionSummary.estimatedCalories`); the summary as it is otherwise. A file's own
  /// figure is the one its wearer saw, made knowing their weight, age, sex and often heart
  /// rate: Strider's estimate from the speed alone was 40 to 53 % off on some of the shared
  /// recordings (docs/activities.md).
  public var summaryTakingDeviceCalories: SessionSummary {
    guard let calories = device.calories, caloriesGap != nil, isPlausible(calories),
      summary.caloriesSource != .device
    else { return summary }
    var taken = summary
    taken.estimatedCalories = striderCalories
    taken.calories = calories
    taken.caloriesSource = .device
    return taken
  }

  /// The `device` object of `analyze --format json` and of the JSON export.
  public var json: JSONValue {
    let number = JSONValue.rounded
    return .object(
      Self.totalsMembers(device) + [
        JSONMember("unpositioned_distance_m", number(device.unpositionedDistance?.value, 2)),
        JSONMember("distance_gap_pct", number(distanceGap, 2)),
        JSONMember("calories_gap_pct", number(caloriesGap, 1)),
        JSONMember(
          "strider_calories_kcal",
          number(caloriesGap == nil ? nil : striderCalories.calories.value, 1)),
        JSONMember("covers_track", .bool(!goesOnAfterDevice)),
      ])
  }

  /// What the device counted, as the `device` object begins (all of it for a session
  /// without a summary to compare with).
  public static func totalsMembers(_ device: DeviceTotals) -> [JSONMember] {
    let number = JSONValue.rounded
    return [
      JSONMember(JSONKey.distance, number(device.distance?.value, 2)),
      JSONMember("timer_s", number(device.timerTime?.value, 1)),
      JSONMember(JSONKey.elapsed, number(device.elapsedTime?.value, 1)),
      JSONMember(JSONKey.calories, number(device.calories?.value, 0)),
      JSONMember("pauses", device.pauses.map { .int($0) } ?? .null),
      JSONMember("paused_s", number(device.pausedTime?.value, 1)),
      JSONMember(device.partName + "s", .int(device.parts)),
    ]
  }
}
