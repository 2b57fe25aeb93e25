/// When the session speaks, and what its periodic cues say (config.toml's `[cues]` and an
/// activity's `[cues.ACTIVITY]`; `docs/cues.md`).
public struct CueConfiguration: Sendable, Hashable, Codable {
  /// Speak every time moving time crosses a multiple of this; nil or ≤ 0 turns time cues off.
  public var everyTime: Seconds?
  /// Speak every time distance crosses a multiple of this. nil means one split length of the
  /// unit system (1 km or 1 mile); zero or a negative value turns distance cues off.
  public var everyDistance: Meters?
  /// Say "Auto-paused." and "Resumed.".
  public var announcePauses: Bool
  /// Say "GPS signal lost." and "GPS signal regained.".
  public var announceSignal: Bool
  /// Add the current pace (or speed, for rides) to time and distance cues.
  public var includeCurrentPace: Bool
  /// What time, distance and split cues say, in order; nil: `CueField.defaults`.
  public var says: [CueField]?
  /// Speak at each completed split ("Split 3." and what `says` lists).
  public var atSplit: Bool
  /// Speak at each lap press what `lapSays` lists (by default "Lap 2: …", the lap's result).
  public var atLap: Bool
  /// What a lap press says, in order; nil: `CueField.lapDefaults`. The lap figures are the
  /// closed lap's; without `lap_result` the sentence opens "Lap 2.".
  public var lapSays: [CueField]?
  /// What the finish cue says after "Session complete." (or "Workout complete."), in
  /// order; nil: what `says` lists.
  public var finishSays: [CueField]?
  /// The distance `finish_estimate` estimates the finish of; nil: it says nothing.
  public var goalDistance: Meters?
  /// The maximum heart rate the `heart_rate_zone` field's zones are shares of; nil: no zone.
  public var heartRateMaximum: BeatsPerMinute?
  /// The zones' lower boundaries in % of `heartRateMaximum`.
  public var heartRateZonePercents: [Double]
  /// The local time's offset from UTC, for `time_of_day`: kept with the recording so that
  /// its replay says the same time.
  public var utcOffset: Seconds

  public init(
    everyTime: Seconds? = Seconds(300), everyDistance: Meters? = nil,
    announcePauses: Bool = true, announceSignal: Bool = true, includeCurrentPace: Bool = false,
    says: [CueField]? = nil, atSplit: Bool = false, atLap: Bool = true,
    lapSays: [CueField]? = nil, finishSays: [CueField]? = nil, goalDistance: Meters? = nil,
    heartRateMaximum: BeatsPerMinute? = nil,
    heartRateZonePercents: [Double] = HeartRateZones.defaultPercents,
    utcOffset: Seconds = .zero
  ) {
    self.everyTime = everyTime
    self.everyDistance = everyDistance
    self.announcePauses = announcePauses
    self.announceSignal = announceSignal
    self.includeCurrentPace = includeCurrentPace
    self.says = says
    self.atSplit = atSplit
    self.atLap = atLap
    self.lapSays = lapSays
    self.finishSays = finishSays
    self.goalDistance = goalDistance
    self.heartRateMaximum = heartRateMaximum
    self.heartRateZonePercents = heartRateZonePercents
    self.utcOffset = utcOffset
  }

  /// What time, distance and split cues say: `says` or the defaults, with the current pace
  /// added when `includeCurrentPace` asks for it.
  public var fields: [CueField] {
    var fields = says ?? CueField.defaults
    if includeCurrentPace, !fields.contains(.currentPace) { fields.append(.currentPace) }
    return fields
  }

  /// What a lap press says: `lapSays` or the lap's result.
  public var lapFields: [CueField] { lapSays ?? CueField.lapDefaults }

  /// What the finish cue says after its first sentence: `finishSays`, else what time and
  /// distance cues say (`fields`), so a configured `says` reaches the finish too.
  public var finishFields: [CueField] { finishSays ?? fields }

  /// The zones of `heart_rate_zone`; nil without a maximum.
  public var heartRateZones: HeartRateZones? {
    heartRateMaximum.flatMap { HeartRateZones(maximum: $0, percents: heartRateZonePercents) }
  }

  private enum CodingKeys: String, CodingKey {
    case everyTime = "every_time"
    case everyDistance = "every_distance"
    case announcePauses = "announce_pauses"
    case announceSignal = "announce_signal"
    case includeCurrentPace = "include_current_pace"
    case says
    case atSplit = "at_split"
    case atLap = "at_lap"
    case lapSays = "lap_says"
    case finishSays = "finish_says"
    case goalDistance = "goal_distance"
    case heartRateMaximum = "heart_rate_maximum"
    case heartRateZonePercents = "heart_rate_zone_percents"
    case utcOffset = "utc_offset"
  }

  /// Decodes a configuration; a missing key takes its default (a missing `every_time` means
  /// 300 s; write 0 to turn time cues off), so configurations kept before a key existed
  /// read as they did.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      everyTime: c.contains(.everyTime)
        ? try c.decodeIfPresent(Seconds.self, forKey: .everyTime) : Seconds(300),
      everyDistance: try c.decodeIfPresent(Meters.self, forKey: .everyDistance),
      announcePauses: try c.decodeIfPresent(Bool.self, forKey: .announcePauses) ?? true,
      announceSignal: try c.decodeIfPresent(Bool.self, forKey: .announceSignal) ?? true,
      includeCurrentPace: try c.decodeIfPresent(Bool.self, forKey: .includeCurrentPace) ?? false,
      says: try c.decodeIfPresent([CueField].self, forKey: .says),
      atSplit: try c.decodeIfPresent(Bool.self, forKey: .atSplit) ?? false,
      atLap: try c.decodeIfPresent(Bool.self, forKey: .atLap) ?? true,
      lapSays: try c.decodeIfPresent([CueField].self, forKey: .lapSays),
      finishSays: try c.decodeIfPresent([CueField].self, forKey: .finishSays),
      goalDistance: try c.decodeIfPresent(Meters.self, forKey: .goalDistance),
      heartRateMaximum: try c.decodeIfPresent(BeatsPerMinute.self, forKey: .heartRateMaximum),
      heartRateZonePercents: try c.decodeIfPresent([Double].self, forKey: .heartRateZonePercents)
        ?? HeartRateZones.defaultPercents,
      utcOffset: try c.decodeIfPresent(Seconds.self, forKey: .utcOffset) ?? .zero
    )
  }

  /// Encodes the keys that existed before configurable cues always, the newer ones only
  /// when they differ from their defaults: a default configuration is kept as it always was.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(everyTime, forKey: .everyTime)
    try c.encodeIfPresent(everyDistance, forKey: .everyDistance)
    try c.encode(announcePauses, forKey: .announcePauses)
    try c.encode(announceSignal, forKey: .announceSignal)
    try c.encode(includeCurrentPace, forKey: .includeCurrentPace)
    try c.encodeIfPresent(says, forKey: .says)
    if atSplit { try c.encode(atSplit, forKey: .atSplit) }
    if !atLap { try c.encode(atLap, forKey: .atLap) }
    try c.encodeIfPresent(lapSays, forKey: .lapSays)
    try c.encodeIfPresent(finishSays, forKey: .finishSays)
    try c.encodeIfPresent(goalDistance, forKey: .goalDistance)
    try c.encodeIfPresent(heartRateMaximum, forKey: .heartRateMaximum)
    if heartRateZonePercents != HeartRateZones.defaultPercents {
      try c.encode(heartRateZonePercents, forKey: .heartRateZonePercents)
    }
    if utcOffset != .zero { try c.encode(utcOffset, forKey: .utcOffset) }
  }
}
