import StriderCore

/// How a move of the simulated day is made.
///
/// Each mode is one of Strider's activities; `activity` says what a session of it should be
/// recorded as (a drive as `drive`, which `run --auto` finds by its speeds).
public enum SimulatedDayMode: String, Sendable, Hashable, CaseIterable, Codable {
  case walk
  case run
  case ride
  case drive

  /// The activity Strider should record a session of this mode as.
  public var activity: Activity {
    switch self {
    case .walk: .walk
    case .run: .run
    case .ride: .ride
    case .drive: .drive
    }
  }

  /// How the person moves: the activity's standard profile, or driving on town arterials
  /// (11–17 m/s, 40–60 km/h, between corners taken at 5 m/s, two to four red lights of 15–60 s, brisker
  /// acceleration). No dwell at the end: the day's next stay starts on arrival.
  public var motion: MotionProfile {
    var profile: MotionProfile
    switch self {
    case .walk: profile = .standard(for: .walk)
    case .run: profile = .standard(for: .run)
    case .ride: profile = .standard(for: .ride)
    case .drive:
      profile = MotionProfile(
        cruiseSpeed: MetersPerSecond(11)...MetersPerSecond(17),
        speedCorrelationTime: Seconds(60), cornerSpeed: MetersPerSecond(5),
        turnaroundSpeed: MetersPerSecond(2), stopCount: 2...4,
        stopDuration: Seconds(15)...Seconds(60), acceleration: 1.0...2.5)
    }
    profile.finishDwell = .zero
    return profile
  }
}
