import StriderCore

/// The cue keys of config.toml as written: `[cues]` for every activity, `[cues.ACTIVITY]`
/// over them for one (`docs/cues.md`). A nil value is not set in that table.
public struct CueSettings: Hashable, Sendable {
  /// Seconds of moving time between time cues; 0 turns them off.
  public var everyTime: Double?
  /// Metres between distance cues; 0 turns them off.
  public var everyDistance: Double?
  public var announcePauses: Bool?
  public var announceSignal: Bool?
  public var includeCurrentPace: Bool?
  public var says: [CueField]?
  public var atSplit: Bool?
  public var atLap: Bool?
  public var lapSays: [CueField]?
  public var finishSays: [CueField]?
  /// Metres, for `finish_estimate`.
  public var goalDistance: Double?

  public init() {}

  /// These settings with what `profile` sets written over them.
  public func overridden(by profile: CueSettings) -> CueSettings {
    var merged = self
    merged.everyTime = profile.everyTime ?? everyTime
    merged.everyDistance = profile.everyDistance ?? everyDistance
    merged.announcePauses = profile.announcePauses ?? announcePauses
    merged.announceSignal = profile.announceSignal ?? announceSignal
    merged.includeCurrentPace = profile.includeCurrentPace ?? includeCurrentPace
    merged.says = profile.says ?? says
    merged.atSplit = profile.atSplit ?? atSplit
    merged.atLap = profile.atLap ?? atLap
    merged.lapSays = profile.lapSays ?? lapSays
    merged.finishSays = profile.finishSays ?? finishSays
    merged.goalDistance = profile.goalDistance ?? goalDistance
    return merged
  }

  /// Writes what is set onto the engine's cue configuration; what is not set keeps the
  /// built-in behaviour.
  public func apply(to cues: inout CueConfiguration) {
    if let everyTime { cues.everyTime = Seconds(everyTime) }
    if let everyDistance { cues.everyDistance = Meters(everyDistance) }
    if let announcePauses { cues.announcePauses = announcePauses }
    if let announceSignal { cues.announceSignal = announceSignal }
    if let includeCurrentPace { cues.includeCurrentPace = includeCurrentPace }
    if let says { cues.says = says }
    if let atSplit { cues.atSplit = atSplit }
    if let atLap { cues.atLap = atLap }
    if let lapSays { cues.lapSays = lapSays }
    if let finishSays { cues.finishSays = finishSays }
    if let goalDistance { cues.goalDistance = Meters(goalDistance) }
  }
}
