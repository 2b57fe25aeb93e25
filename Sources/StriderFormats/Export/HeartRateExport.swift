import StriderCore

/// What the JSON export says of a session's heart rate: the time with a reading, the
/// highest, and, when a maximum heart rate is known, the time in each zone
/// (docs/json-export.md, `heart_rate`).
public struct HeartRateExport: Hashable, Sendable {
  public var time: HeartRateTime
  /// The zones in force when exporting; nil when no maximum heart rate is known.
  public var zones: HeartRateZones?
  /// Where the maximum came from: "profile" or "highest_last_year".
  public var maxSource: String?

  public init(time: HeartRateTime, zones: HeartRateZones? = nil, maxSource: String? = nil) {
    self.time = time
    self.zones = zones
    self.maxSource = maxSource
  }

  var json: JSONValue {
    var members = [
      JSONMember("time_s", .rounded(time.total.value, 1)),
      JSONMember("highest_bpm", .rounded(time.highest?.value, 0)),
    ]
    guard let zones else {
      members.append(JSONMember("max_bpm", .null))
      members.append(JSONMember("zones", .null))
      return .object(members)
    }
    let inZones = zones.time(in: time)
    members += [
      JSONMember("max_bpm", .rounded(zones.maximum.value, 0)),
      JSONMember("max_source", maxSource.map(JSONValue.string) ?? .null),
      JSONMember(
        "zones",
        .object([
          JSONMember("percents", .array(zones.percents.map { .rounded($0, 1) })),
          JSONMember("lower_bpm", .array(zones.lowerBounds.map { .rounded($0, 1) })),
          JSONMember("time_s", .array(inZones.zones.map { .rounded($0.value, 1) })),
          JSONMember("below_s", .rounded(inZones.below.value, 1)),
        ])),
    ]
    return .object(members)
  }
}
