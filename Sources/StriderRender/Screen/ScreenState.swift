import StriderCore

/// Everything one frame of the terminal UI shows, as plain values.
///
/// The event loop keeps one of these, updates it from engine events, key presses and its
/// clock, and hands it to `Screen.render`; the frame is a pure function of it. The route is
/// a `ProjectedRoute` kept across frames so a long route is projected once.
public struct ScreenState: Sendable {
  public var activity: Activity
  public var units: UnitSystem
  /// The live figures; its `splits` fill the splits table.
  public var snapshot: MetricsSnapshot
  public var sessionState: SessionState
  /// The newest heart rate, when the source carries one.
  public var heartRate: BeatsPerMinute?
  /// The zones of the user's maximum heart rate, when one is known (the heart-rate line
  /// shows the zone).
  public var heartRateZones: HeartRateZones?
  public var gps: GPSStatus
  /// Cues in the order spoken.
  public var cues: [Cue]
  public var route: ProjectedRoute
  public var viewport: MapViewport
  public var mapOptions: MapOptions
  /// The filter lab's state; non-nil in `strider demo`, which shows the lab panel.
  public var lab: FilterLabState?
  public var helpVisible: Bool
  /// The replay's position; non-nil when replaying (shows the progress bar and replay keys).
  public var replay: ReplayProgress?
  public var glyphs: Glyphs
  /// False on monochrome terminals (or `NO_COLOR`): cells keep their attributes only.
  public var colour: Bool
  /// Added to GNSS (UTC) times in the cue log.
  public var utcOffset: Seconds
  /// A short note for the status line ("Injected: jump", "Recording to ..."), if any.
  public var message: String?
  /// The workout's state; non-nil when the session follows a workout (the workout panel).
  public var workout: WorkoutStatus?
  /// What the workout coach said, oldest first (shown in the cue log).
  public var coachCues: [CoachCue] = []
  /// Whether the GPS panel (satellites, DOPs, the fix) takes the map's place (`g`, live).
  public var showsGPSPanel = false
  /// The receiver's newest satellite report, for the GPS panel.
  public var sky: SkyView?
  /// The newest fix as received, for the GPS panel's position, altitude and UTC time.
  public var newestFix: Fix?
  /// Elevation, pace and heart rate over the distance so far, for the profiles.
  public var profiles = ProfileRecorder()
  /// Which profile takes the map's place (`p`), an index into `profileCharts`; nil: the map.
  public var shownProfile: Int?

  /// The profiles the session has data for so far, ending at the distance shown.
  public var profileCharts: [ProfileChart] {
    profiles.charts(distance: snapshot.distance, activity: activity, units: units, glyphs: glyphs)
  }

  /// The profile in the map's place, if any.
  public var profile: ProfileChart? {
    guard let shownProfile else { return nil }
    let charts = profileCharts
    return charts.indices.contains(shownProfile) ? charts[shownProfile] : nil
  }

  /// The map, then each profile the session has data for, then the map again; false when
  /// it has none yet.
  public mutating func showNextProfile() -> Bool {
    let count = profileCharts.count
    guard count > 0 else {
      shownProfile = nil
      return false
    }
    let next = (shownProfile ?? -1) + 1
    shownProfile = next < count ? next : nil
    return true
  }

  public init(
    activity: Activity = .run, units: UnitSystem = .metric,
    snapshot: MetricsSnapshot = MetricsSnapshot(), sessionState: SessionState = .waiting,
    heartRate: BeatsPerMinute? = nil, gps: GPSStatus = GPSStatus(link: .simulator),
    cues: [Cue] = [], route: ProjectedRoute = ProjectedRoute(), viewport: MapViewport = .fit,
    mapOptions: MapOptions = MapOptions(), lab: FilterLabState? = nil, helpVisible: Bool = false,
    replay: ReplayProgress? = nil, glyphs: Glyphs = .unicode, colour: Bool = true,
    utcOffset: Seconds = .zero, message: String? = nil, workout: WorkoutStatus? = nil
  ) {
    self.activity = activity
    self.units = units
    self.snapshot = snapshot
    self.sessionState = sessionState
    self.heartRate = heartRate
    heartRateZones = nil
    self.gps = gps
    self.cues = cues
    self.route = route
    self.viewport = viewport
    self.mapOptions = mapOptions
    self.lab = lab
    self.helpVisible = helpVisible
    self.replay = replay
    self.glyphs = glyphs
    self.colour = colour
    self.utcOffset = utcOffset
    self.message = message
    self.workout = workout
  }
}
