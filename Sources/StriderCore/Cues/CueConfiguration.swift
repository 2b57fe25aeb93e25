/// When the session speaks.
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

  public init(
    everyTime: Seconds? = Seconds(300), everyDistance: Meters? = nil,
    announcePauses: Bool = true, announceSignal: Bool = true, includeCurrentPace: Bool = false
  ) {
    self.everyTime = everyTime
    self.everyDistance = everyDistance
    self.announcePauses = announcePauses
    self.announceSignal = announceSignal
    self.includeCurrentPace = includeCurrentPace
  }

  private enum CodingKeys: String, CodingKey {
    case everyTime = "every_time"
    case everyDistance = "every_distance"
    case announcePauses = "announce_pauses"
    case announceSignal = "announce_signal"
    case includeCurrentPace = "include_current_pace"
  }

  /// Decodes a configuration; a missing key takes its default (a missing `every_time` means
  /// 300 s; write 0 to turn time cues off).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      everyTime: c.contains(.everyTime)
        ? try c.decodeIfPresent(Seconds.self, forKey: .everyTime) : Seconds(300),
      everyDistance: try c.decodeIfPresent(Meters.self, forKey: .everyDistance),
      announcePauses: try c.decodeIfPresent(Bool.self, forKey: .announcePauses) ?? true,
      announceSignal: try c.decodeIfPresent(Bool.self, forKey: .announceSignal) ?? true,
      includeCurrentPace: try c.decodeIfPresent(Bool.self, forKey: .includeCurrentPace) ?? false
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(everyTime, forKey: .everyTime)
    try c.encodeIfPresent(everyDistance, forKey: .everyDistance)
    try c.encode(announcePauses, forKey: .announcePauses)
    try c.encode(announceSignal, forKey: .announceSignal)
    try c.encode(includeCurrentPace, forKey: .includeCurrentPace)
  }
}
