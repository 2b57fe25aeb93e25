import StriderCore

/// Where a workout stands, for the workout panel: the step, its target, the value judged
/// against it, what is left of the step and the coach's last warning.
public struct WorkoutStatus: Sendable, Hashable {
  /// What is left of the step under way.
  public enum Remaining: Sendable, Hashable {
    case distance(Meters)
    case time(Seconds)
    /// An open step: it ends at a lap.
    case open
  }

  /// The step under way; nil before the first and once the workout is done.
  public var step: PlannedStep?
  public var stepCount: Int
  /// The band the target is judged against (nil: no target, or one not coached).
  public var band: CoachBand?
  /// The value last judged against `band` (speed in m/s, or bpm).
  public var measured: Double?
  public var remaining: Remaining?
  /// Speed up or slow down while it holds.
  public var warning: CoachCue.Kind?
  public var isDone: Bool

  public init(
    step: PlannedStep?, stepCount: Int, band: CoachBand? = nil, measured: Double? = nil,
    remaining: Remaining? = nil, warning: CoachCue.Kind? = nil, isDone: Bool = false
  ) {
    self.step = step
    self.stepCount = stepCount
    self.band = band
    self.measured = measured
    self.remaining = remaining
    self.warning = warning
    self.isDone = isDone
  }

  /// The coach's state as the panel shows it.
  public init(coach: WorkoutCoach) {
    var remaining: Remaining?
    if let step = coach.currentStep {
      let progress = coach.progress ?? (Meters.zero, Seconds.zero)
      switch step.step.length {
      case .distance(let d): remaining = .distance(Meters(max(0, (d - progress.distance).value)))
      case .time(let t): remaining = .time(Seconds(max(0, (t - progress.moving).value)))
      case .open: remaining = .open
      }
    }
    self.init(
      step: coach.currentStep, stepCount: coach.plan.count, band: coach.currentBand,
      measured: coach.measured, remaining: remaining, warning: coach.warning,
      isDone: coach.isDone)
  }
}
