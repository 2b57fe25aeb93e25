/// How patient the coach is: how long it lets a runner stray before it speaks, and how far.
///
/// A runner never sits exactly on a target, and a pace over a few seconds is noisy, so the
/// coach judges a pace over `window` of the step's own moving time (never mixing in the step
/// before), says nothing until it has been out of range for `grace`, and, once it has
/// spoken, says "Back on pace" only when the runner has been *inside* the range (not merely
/// inside the tolerance) for `backAfter`. Going out needs `tolerance` beyond the range,
/// coming back needs the range itself: that gap is the hysteresis that keeps it from
/// chattering at an edge.
public struct CoachConfiguration: Sendable, Hashable {
  /// How long the value must stay out of range before "Speed up" or "Slow down" (20 s).
  public var grace: Seconds
  /// How far beyond the range counts as out, as a share of the range's bound (0.02: 2 %).
  public var tolerance: Double
  /// How long the value must stay inside the range before "Back on pace" (5 s).
  public var backAfter: Seconds
  /// The moving time a pace or speed is judged over; nothing is judged earlier in a step.
  public var window: Seconds
  /// Say it again when still out of range this long after the last time; nil: say it once.
  public var reminder: Seconds?
  /// The heart-rate zones zone targets are resolved with; nil: zone targets are not coached.
  public var zones: HeartRateZones?
  /// A heart rate older than this (on the fix clock) no longer counts.
  public var heartRateMaxAge: Seconds

  public init(
    grace: Seconds = Seconds(20), tolerance: Double = 0.02, backAfter: Seconds = Seconds(5),
    window: Seconds = Seconds(20), reminder: Seconds? = Seconds(60), zones: HeartRateZones? = nil,
    heartRateMaxAge: Seconds = Seconds(10)
  ) {
    self.grace = grace
    self.tolerance = tolerance
    self.backAfter = backAfter
    self.window = window
    self.reminder = reminder
    self.zones = zones
    self.heartRateMaxAge = heartRateMaxAge
  }
}
