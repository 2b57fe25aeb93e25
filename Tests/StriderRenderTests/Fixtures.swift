import StriderRender
import StriderSimulator

@testable import StriderCore

/// Fixed inputs for the golden tests: a simulated run's route and hand-set figures, so that
/// the pictures change only when the drawing does.
enum Fixtures {
  /// The run of the golden screens: seed 1 with a perfect receiver (the route is then the
  /// simulator's path and speed profile, nothing random in the position).
  static let session = Simulator.run(
    SimulationConfiguration(activity: .run, seed: 1, errorModel: .perfect))
  /// The same run through the realistic error model: the raw fixes of the filter lab.
  static let noisy = Simulator.run(SimulationConfiguration(activity: .run, seed: 1))
  /// The frames show the session this many fixes in (25 minutes, a lap and a half).
  static let cutoff = 1500

  static let startTime = SimulationConfiguration.defaultStartTime

  /// The route so far; in the lab, with raw and rejected fixes.
  static func route(lab: Bool = false) -> ProjectedRoute {
    let track = session.fixes.prefix(cutoff).compactMap(\.coordinate)
    guard lab else { return ProjectedRoute(track: track) }
    let raw = noisy.fixes.prefix(cutoff).compactMap(\.coordinate)
    return ProjectedRoute(track: track, raw: raw, rejected: rejected(near: track))
  }

  /// One rejected fix per reason (two for a jump), placed beside the route as the faults
  /// would put them; the stale one is 400 km away and off the map, as in life.
  static func rejected(near track: [Coordinate]) -> [(Coordinate, RejectionReason)] {
    let plane = LocalTangentPlane(origin: SimulatedRoute.defaultOrigin)
    func near(_ index: Int, east: Double, north: Double) -> Coordinate {
      let p = plane.project(track[min(index, track.count - 1)])
      return plane.unproject(PlanePoint(east: p.east + east, north: p.north + north))
    }
    return [
      (near(100, east: 0, north: 0), .noFix),
      (near(300, east: 40, north: 40), .invalidAccuracy),
      (near(500, east: -60, north: 0), .lowAccuracy),
      (near(700, east: 150, north: -120), .nonGNSS),
      (near(0, east: 400_000, north: 0), .stale),
      (near(900, east: 30, north: -30), .outOfOrder),
      (near(1100, east: 0, north: 0), .duplicate),
      (near(1300, east: 300, north: 200), .implausibleSpeed),
    ]
  }

  static func split(_ index: Int, _ duration: Double) -> Split {
    Split(
      index: index, distance: Meters(1000), duration: Seconds(duration), pace: Pace(duration),
      elevationGain: nil, endTime: startTime + Seconds(duration * Double(index)),
      isPartial: false)
  }

  static let snapshot = MetricsSnapshot(
    distance: Meters(4523), elapsed: Seconds(1540), moving: Seconds(1502),
    averagePace: Pace(332.1), currentPace: Pace(318.4), averageSpeed: MetersPerSecond(3.01),
    currentSpeed: MetersPerSecond(3.14), calories: Kilocalories(389.4), elevationGain: nil,
    splits: [split(1, 338), split(2, 331), split(3, 329), split(4, 335)],
    currentSplitDistance: Meters(523), currentSplitDuration: Seconds(169),
    lastTime: startTime + Seconds(1540))

  static let cues: [Cue] = [
    Cue(
      time: startTime + Seconds(338), trigger: .distance,
      text: CueText.summary(
        distance: Meters(1000), moving: Seconds(338), activity: .run, units: .metric)),
    Cue(time: startTime + Seconds(402), trigger: .pause, text: CueText.paused),
    Cue(time: startTime + Seconds(431), trigger: .resume, text: CueText.resumed),
    Cue(
      time: startTime + Seconds(700), trigger: .distance,
      text: CueText.summary(
        distance: Meters(2000), moving: Seconds(669), activity: .run, units: .metric)),
    Cue(
      time: startTime + Seconds(1033), trigger: .distance,
      text: CueText.summary(
        distance: Meters(3000), moving: Seconds(998), activity: .run, units: .metric)),
    Cue(
      time: startTime + Seconds(1370), trigger: .distance,
      text: CueText.summary(
        distance: Meters(4000), moving: Seconds(1333), activity: .run, units: .metric)),
  ]

  static let gps = GPSStatus(
    link: .gpsd, fixMode: .threeD, accuracy: Meters(4.2), lastFixAge: Seconds(1),
    source: "gpsd localhost:2947 /dev/ttyACM0")

  static let lab = FilterLabState(
    disabledChecks: [.implausibleSpeed], smootherOn: true, autoPauseOn: false,
    rejectedCounts: [
      .noFix: 3, .invalidAccuracy: 1, .lowAccuracy: 12, .nonGNSS: 2, .stale: 2,
      .outOfOrder: 1, .duplicate: 6,
    ],
    rawDistance: Meters(4771), filteredDistance: Meters(4523), truthDistance: Meters(4508),
    lastInjected: .jump)

  /// A live run at 25 minutes.
  static func live(glyphs: Glyphs = .unicode) -> ScreenState {
    ScreenState(
      activity: .run, units: .metric, snapshot: snapshot, sessionState: .running,
      heartRate: BeatsPerMinute(152), gps: gps, cues: cues, route: route(),
      mapOptions: MapOptions(drawing: .braille), glyphs: glyphs, utcOffset: Seconds(7200))
  }

  /// A replay of a file at 30×, 25 minutes into 35.
  static func replay(glyphs: Glyphs) -> ScreenState {
    var state = live(glyphs: glyphs)
    state.heartRate = nil
    state.gps = GPSStatus(
      link: .file, fixMode: .threeD, accuracy: Meters(3.8), lastFixAge: Seconds(0),
      source: "2024-05-04-morning-run.gpx", replaySpeed: 30)
    state.replay = ReplayProgress(position: Seconds(1540), total: Seconds(2100), speed: 30)
    state.mapOptions = MapOptions(drawing: .ascii)
    return state
  }

  /// `strider demo`: the filter lab, raw and rejected fixes on the map, auto-paused.
  static func demo(glyphs: Glyphs) -> ScreenState {
    var state = live(glyphs: glyphs)
    state.sessionState = .autoPaused
    state.heartRate = nil
    state.snapshot.currentPace = nil
    state.snapshot.currentSpeed = nil
    state.gps = GPSStatus(
      link: .simulator, fixMode: .threeD, accuracy: Meters(4.5), lastFixAge: Seconds(0),
      source: "simulator (run, seed 1)", replaySpeed: 10)
    state.route = route(lab: true)
    state.lab = lab
    state.mapOptions = MapOptions(drawing: .braille, showsRaw: true)
    state.message = "Injected: jump"
    return state
  }
}
