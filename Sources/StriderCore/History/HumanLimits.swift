/// The best any person has done over each best-effort target, per activity: an effort
/// beyond it is no record but a misread session (a drive read as a ride, an NMEA log whose
/// activity was only guessed, a jump the gate let through), and is left out of the records
/// and their cues.
///
/// Figures are the world records, rounded in the effort's favour: running's on the track
/// and road (World Athletics), race walking's for walks and hikes (the mile 5:31, 5000 m
/// 18:05, 20 km 1:16:36, 35 km 2:21:31, each shorter distance at the mile's pace), long
/// course freestyle and open water for swims (400 m 3:40, 1500 m 14:30, 10 km 1:48), and for
/// rides the hour record (56.792 km) over the longer targets, with room for a descent over
/// the short ones (72 km/h over 400 m). Over the longer distances a target's time is the
/// record's pace, shorter than the record would be: the limit only has to be safe.
public enum HumanLimits {
  /// The least time over a distance target, or the most distance within a duration target,
  /// a person has done in `activity`; nil where nothing is known (a drive has no targets).
  public static func best(_ target: BestEffortTarget, activity: Activity) -> Double? {
    switch target.kind {
    case .distance:
      guard let table = fastestTimes(activity) else { return nil }
      return table.first { $0.metres == target.value }?.seconds
        ?? table.last.map { $0.seconds * target.value / $0.metres }
    case .duration:
      guard activity == .ride else { return nil }
      // A descent's speed over five minutes, the hour record's over longer.
      let speed = target.value <= 300 ? 60 / 3.6 : 56_792.0 / 3600
      return speed * target.value
    }
  }

  /// Whether `effort` is one a person could have made in `activity`.
  public static func allows(_ effort: BestEffort, activity: Activity) -> Bool {
    guard let limit = best(effort.target, activity: activity) else { return true }
    switch effort.target.kind {
    case .distance: return effort.value >= limit
    case .duration: return effort.value <= limit
    }
  }

  /// The least time over each distance target, seconds.
  private static func fastestTimes(_ activity: Activity) -> [(metres: Double, seconds: Double)]? {
    let mile = BestEffortTarget.mile
    let half = BestEffortTarget.halfMarathon
    let marathon = BestEffortTarget.marathon
    switch activity {
    case .run:
      return [
        (400, 43), (1000, 131), (mile, 223), (5000, 755), (10_000, 1571), (half, 3390),
        (marathon, 7200),
      ]
    case .walk, .hike:
      return [
        (400, 82), (1000, 205), (mile, 331), (5000, 1085), (10_000, 2240), (half, 4840),
        (marathon, 10_150),
      ]
    case .swim:
      return [
        (400, 220), (1000, 560), (mile, 900), (5000, 3100), (10_000, 6400), (half, 14_000),
        (marathon, 28_000),
      ]
    case .ride:
      return [
        (400, 20), (1000, 55), (mile, 93), (5000, 310), (10_000, 632), (half, 1337),
        (marathon, 2674),
      ]
    case .drive:
      return nil
    }
  }
}
