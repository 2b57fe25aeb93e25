/// What the coach has to say, in the order it happened on the fix clock.
public enum CoachEvent: Sendable, Hashable {
  /// A step began (the first at the session's first figures).
  case stepStarted(PlannedStep, at: GNSSTime)
  /// A step ended: by its distance or time, a lap press, or the session's end.
  case stepEnded(StepResult)
  /// A sentence to speak.
  case cue(CoachCue)
}

/// What one step came to.
public struct StepResult: Sendable, Hashable {
  /// How a step ended.
  public enum Ending: String, Sendable, Hashable {
    /// Its distance or time was reached.
    case completed
    /// The runner pressed lap.
    case lap
    /// The session ended first.
    case stopped
  }

  public var step: PlannedStep
  /// The observation the end was noticed at.
  public var time: GNSSTime
  public var distance: Meters
  /// Moving time in the step.
  public var duration: Seconds
  public var ending: Ending

  /// The step's average pace; nil without distance or time.
  public var pace: Pace? { Pace(distance: distance, duration: duration) }
}

/// One sentence of the coach, and why it was said.
public struct CoachCue: Sendable, Hashable {
  /// Why the coach spoke. The raw values are the names used in every output.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case stepStart = "step_start"
    case stepResult = "step_result"
    case speedUp = "speed_up"
    case slowDown = "slow_down"
    case backOnTarget = "back_on_target"
    case workoutDone = "workout_done"
  }

  public var time: GNSSTime
  public var kind: Kind
  /// The number of the step it is about (`PlannedStep.number`).
  public var step: Int
  public var text: String
}
