/// Something the engine has to say, in the order it happened on the fix clock.
public enum SessionEvent: Hashable, Sendable {
  /// The first accepted position of the session.
  case started(TrackPoint)
  /// A fix and the gate's verdict on it (rejected fixes are reported, never dropped).
  case judged(JudgedFix)
  /// A new point of the live filtered track.
  case point(TrackPoint, isPaused: Bool)
  case paused(at: GNSSTime, since: GNSSTime)
  case resumed(at: GNSSTime)
  case split(Split)
  case cue(Cue)
  case signalLost(at: GNSSTime)
  case signalRegained(at: GNSSTime)
}
