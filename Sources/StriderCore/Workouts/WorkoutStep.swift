/// What a step of a workout is for: the coach names and paces it by this.
public enum WorkoutStepKind: String, Sendable, Hashable, Codable, CaseIterable {
  case warmUp = "warm_up"
  case work
  case recovery
  case coolDown = "cool_down"
}

/// When a step ends: after a distance, after a moving time, or open until a lap press.
///
/// Time is moving time, as a watch's timer counts it: a step is not eaten by a traffic
/// light the session auto-paused for.
public enum StepLength: Sendable, Hashable {
  case distance(Meters)
  case time(Seconds)
  /// Ends only when the runner presses lap (`WorkoutCoach.lap`).
  case open
}

/// One step of a workout: its kind, its length and what to aim for.
public struct WorkoutStep: Sendable, Hashable {
  public var kind: WorkoutStepKind
  public var length: StepLength
  /// What the coach holds the runner to; nil: no coaching in this step, only its start
  /// and result.
  public var target: WorkoutTarget?

  public init(kind: WorkoutStepKind, length: StepLength, target: WorkoutTarget? = nil) {
    self.kind = kind
    self.length = length
    self.target = target
  }
}
