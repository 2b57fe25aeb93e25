/// Why a cue was spoken. The raw values are the names used in every output.
public enum CueTrigger: String, Sendable, Codable, CaseIterable {
  case time
  case distance
  /// A split completed (`CueConfiguration.atSplit`).
  case split
  case pause
  case resume
  case signalLost = "signal_lost"
  case signalRegained = "signal_regained"
  case finish
  /// A personal record beaten, said at the finish (`RecordsToBeat`).
  case record
  /// A lap press (`CueConfiguration.atLap`, `lapSays`).
  case lap
  /// A live recording's disk refused its writes, or took them again (`CueText.storageHeld`).
  case storage
}
