/// The thresholds of `MotionDetector`: when a person at rest has started to move, and when
/// a person on the move has stopped for good.
///
/// The defaults are set against a receiver left indoors, whose fixes wander tens of metres
/// over an hour and whose Doppler speed reads up to about 1 m/s now and then: a start needs
/// either a sustained speed with some distance covered, or leaving a region wider than the
/// drift, and the end needs standing as long as a long red light and more.
public struct MotionDetectorConfiguration: Sendable, Hashable, Codable {
  /// The filtered speed (the mean over `speedWindow`) that counts as moving.
  public var startSpeed: MetersPerSecond = MetersPerSecond(1.0)
  /// How long the filtered speed must stay at `startSpeed` or more to start a session.
  public var startConfirmation: Seconds = Seconds(5)
  /// How far from the resting place a speed start must also have gone (drift reads as
  /// speed without going anywhere).
  public var startDistance: Meters = Meters(15)
  /// Leaving a region this wide around the resting place starts a session by itself.
  public var startRadius: Meters = Meters(45)
  /// How many fixes in a row must lie outside `startRadius`.
  public var startRadiusFixes: Int = 3
  /// A fix whose speed (reported, else measured from the last fix) reaches this counts as
  /// moving when the start is dated back to the first step.
  public var stepSpeed: MetersPerSecond = MetersPerSecond(0.5)
  /// The window of the filtered speed: the receiver's speeds are averaged over it; fixes
  /// without a speed (a watch's GPX) are measured by the straight line across twice it.
  public var speedWindow: Seconds = Seconds(10)
  /// Standing means staying within this distance of the place where one stopped.
  public var stillRadius: Meters = Meters(35)
  /// Standing this long ends a session; the session ends at the last moving fix.
  public var endAfter: Seconds = Seconds(300)
  /// Fixes further apart than this are a gap: never distance, and the speed window starts
  /// afresh after it.
  public var gapAfter: Seconds = Seconds(10)
  /// A gap longer than this ends an open session at its last moving fix (a laptop closed
  /// for the night), whatever comes after it.
  public var longestBridgedGap: Seconds = Seconds(1800)
  /// Fixes reporting an accuracy worse than this are not used to decide (they still go to
  /// an open session, where the gate judges them).
  public var worstAccuracy: Meters = Meters(100)
  /// How much of the time before a start is kept, so the session can begin where the
  /// movement did.
  public var lookBack: Seconds = Seconds(120)

  /// The documented defaults (five minutes of standing end a session).
  public static let standard = MotionDetectorConfiguration()
}
