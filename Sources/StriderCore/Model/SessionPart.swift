/// One part of an imported multisport file (a triathlon's swim, transitions, ride and run):
/// what the device summed up for it and what Strider measured of it with the part's own
/// activity, as `analyze` reports it leg by leg.
///
/// The parts stay within their one session: the file is one recording with one identity
/// (its digest), one finished track and one place in the history, and `sessions show`
/// lists its parts. Sessions linked to one another would have split all of that.
public struct SessionPart: Sendable, Equatable {
  /// What the device said of the part: its sport, start, distance, timer and elapsed time.
  public var device: DeviceLeg
  /// The activity Strider measured the part as (a transition as the file's).
  public var activity: Activity
  /// Strider's figures for the part's fixes.
  public var distance: Meters
  public var elapsed: Seconds
  public var moving: Seconds
  public var pointsAccepted: Int

  public init(
    device: DeviceLeg, activity: Activity, distance: Meters, elapsed: Seconds, moving: Seconds,
    pointsAccepted: Int
  ) {
    self.device = device
    self.activity = activity
    self.distance = distance
    self.elapsed = elapsed
    self.moving = moving
    self.pointsAccepted = pointsAccepted
  }
}
