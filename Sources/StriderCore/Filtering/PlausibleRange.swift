/// The values a fix's numbers can take from any real receiver; beyond them a fix is
/// `out_of_range`.
///
/// Generous on purpose: they catch a corrupt record or a hostile file (`<ele>1e19</ele>`, a
/// gpsd TPV with `"speed":1e308`), never a real fix. A missing value is fine; the horizontal
/// accuracy has its own check (`invalid_accuracy`), the time its own (an unrepresentable time
/// is no time), and the position its own (`no_fix`).
public enum PlausibleRange {
  /// Elevation, metres: from below the deepest open-pit mine and the Dead Sea shore (-430 m)
  /// to beyond any balloon ascent (41 km); a weather balloon's receiver, not a person's.
  public static let altitude = -1000.0...100_000.0
  /// Speed over ground, m/s: civil GNSS receivers stop reporting at 515 m/s (1000 knots, the
  /// CoCom export limit), so a figure beyond it never came from one. In magnitude: a sign
  /// some writer put on it is no reason to lose the position.
  public static let speed = -515.0...515.0
  /// Course, degrees: 0–360, with room for receivers that report -180…180 or 360.
  public static let course = -360.0...720.0
  /// Vertical accuracy in metres and HDOP: any finite figure that is not negative.
  public static let dilution = 0.0...Double.greatestFiniteMagnitude

  /// Whether every number the fix carries is one a receiver can mean.
  public static func holds(_ fix: Fix) -> Bool {
    if let v = fix.altitude?.value, !altitude.contains(v) { return false }
    if let v = fix.speed?.value, !speed.contains(v) { return false }
    if let v = fix.course?.value, !course.contains(v) { return false }
    if let v = fix.verticalAccuracy?.value, !dilution.contains(v) { return false }
    if let v = fix.hdop, !dilution.contains(v) { return false }
    return true
  }
}
