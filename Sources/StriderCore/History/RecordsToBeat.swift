/// The personal records a session can beat, read from the history before it starts, so
/// that its finish says which it beat ("New best 5 kilometres: 24 minutes 13 seconds.") as
/// a cue and in the summary, live, in the demo and in a replay alike.
///
/// Only best efforts are compared, on the finished track as the history stores them; a
/// target with no record yet is no new best (nothing was beaten), as `records` has it.
public struct RecordsToBeat: Sendable, Hashable {
  /// The best so far for each target: seconds for a distance, metres for a duration.
  public var best: [BestEffortTarget: Double]

  public init(best: [BestEffortTarget: Double] = [:]) {
    self.best = best
  }

  public var isEmpty: Bool { best.isEmpty }

  /// The efforts of a session of `activity` that beat the records, in the targets' order:
  /// less time for a distance, more distance for a duration; never one beyond what a
  /// person can do (`HumanLimits`), and none where a sustained one is (the session is
  /// misread as a whole, as `records` reads it).
  public func beaten(by efforts: [BestEffort], activity: Activity) -> [BestEffort] {
    let misread = efforts.contains {
      $0.target.isSustained && !HumanLimits.allows($0, activity: activity)
    }
    guard !misread else { return [] }
    return efforts.filter { effort in
      guard let held = best[effort.target], HumanLimits.allows(effort, activity: activity)
      else { return false }
      switch effort.target.kind {
      case .distance: return effort.value < held
      case .duration: return effort.value > held
      }
    }.sorted { $0.target < $1.target }
  }

  /// "New best 5 kilometres: 24 minutes 13 seconds.", "New best 20 minutes: 8.59
  /// kilometres.": the cue, in `CueText`'s words.
  public static func sentence(_ effort: BestEffort, units: UnitSystem) -> String {
    let figure =
      effort.target.kind == .distance
      ? CueText.duration(effort.elapsed) : CueText.distance(effort.distance, units: units)
    return "New best \(effort.target.spokenName): \(figure)."
  }
}
