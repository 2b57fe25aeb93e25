/// Guesses run, walk or ride from how fast a track moves, for files that do not say.
///
/// The typical moving speed is the median of speeds measured over steps of at least
/// 10 seconds (short steps are dominated by GPS noise), ignoring steps slower than
/// 0.5 m/s (standing). Below 2.0 m/s (7.2 km/h) it is a walk; below 4.7 m/s (17 km/h, a
/// 3:33 min/km runner or a very slow cyclist) a run; faster is a ride.
public enum ActivityGuess {
  public static let walkBelow = MetersPerSecond(2.0)
  public static let runBelow = MetersPerSecond(4.7)

  /// The typical moving speed of a track, or nil when it has too little timed movement.
  public static func typicalSpeed(of fixes: [Fix]) -> MetersPerSecond? {
    var speeds: [Double] = []
    var anchor: Fix?
    for fix in fixes {
      guard fix.mode != .noFix, let c = fix.coordinate, c.isValid, let t = fix.time else {
        continue
      }
      guard let a = anchor, let ac = a.coordinate, let at = a.time, a.segment == fix.segment,
        t > at
      else {
        anchor = fix
        continue
      }
      let dt = (t - at).value
      if dt < 10 { continue }
      if dt <= 120 {
        let v = Geodesy.distanceMeters(ac, c) / dt
        if v >= 0.5 && v < 80 { speeds.append(v) }
      }
      anchor = fix
    }
    guard speeds.count >= 3 else { return nil }
    speeds.sort()
    return MetersPerSecond(speeds[speeds.count / 2])
  }

  /// The activity a track most likely is; run when it cannot tell.
  public static func guess(from fixes: [Fix]) -> Activity {
    guard let v = typicalSpeed(of: fixes) else { return .run }
    if v < walkBelow { return .walk }
    if v < runBelow { return .run }
    return .ride
  }
}
