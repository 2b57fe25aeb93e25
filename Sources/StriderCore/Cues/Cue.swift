/// One sentence the session speaks, and when.
public struct Cue: Sendable, Hashable, Codable {
  /// The GNSS time at which the cue is due: the time of the observation that produced it.
  public var time: GNSSTime
  public var trigger: CueTrigger
  /// The sentence, in the format `CueText` documents.
  public var text: String

  public init(time: GNSSTime, trigger: CueTrigger, text: String) {
    self.time = time
    self.trigger = trigger
    self.text = text
  }
}
