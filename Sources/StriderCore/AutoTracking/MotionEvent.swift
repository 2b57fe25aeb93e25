/// What the motion detector tells its user, in fix order.
public enum MotionEvent: Sendable, Equatable {
  /// The user started moving at this time (dated back to the first step, so the fixes
  /// from there on follow at once).
  case sessionStarted(GNSSTime)
  /// A fix of the open session. Its `segment` is the session's own: it grows at each gap,
  /// so no distance is drawn across one.
  case sessionFix(Fix)
  /// The user stood still for `endAfter`; the session ended at its last moving fix, the
  /// time given. The standing fixes after it are not part of the session.
  case sessionEnded(GNSSTime)
}
