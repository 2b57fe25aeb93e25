/// Settings of auto-pause: a small region and a time window.
public struct AutoPauseConfiguration: Sendable, Hashable, Codable {
  /// Off: the session never pauses itself.
  public var enabled: Bool
  /// The user is stopped while every position of the last `window` stays within this
  /// distance of the window's first one.
  public var radius: Meters
  /// How long the user must stay inside the region before the session pauses.
  public var window: Seconds
  /// Resuming needs this much movement over `resumeWindow` as well as leaving the region,
  /// so the slow drift of GPS while standing still never resumes a paused session.
  public var resumeDistance: Meters
  public var resumeWindow: Seconds
  /// A filtered speed above this is a person on the move, whatever the region says, so
  /// the session does not pause. At a watch's 4-5 s sampling a slow climb at 0.8 m/s
  /// stays inside a run's 6 m for its 5 s window; without this, the real recordings in the
  /// shared data paused live 411 times where their finished tracks keep 77 stops (a hilly
  /// run 27 times against 6): a runner told "Auto-paused." on every climb.
  /// Nil: the region alone decides (a car creeping in a queue is stopped; and sessions
  /// recorded before this setting existed, which decode to nil and keep their figures).
  public var movingSpeed: MetersPerSecond?
  /// Stops are also looked for in a region this many times the σ of the error's wander
  /// learnt from the track, where that is wider than `radius` (`FinishingPass.stopRegions`),
  /// and kept where the filtered speed is at most `standardMovingSpeed`. Nil, as in
  /// sessions stored before it existed: the region of `radius` alone, stops kept where the
  /// speed is at most 0.4 m/s (a replay of a stored session gives its stored numbers).
  public var wanderRadius: Double?
  /// Whether the finished track dates a stop between the fixes either side of its edges
  /// (`FinishingPass.travelTime`): the step into or out of it is moving only for the time
  /// its length takes. Nil, as in sessions stored before it existed: the whole step moves.
  public var datesStopEdges: Bool?
  /// Whether the finished track holds a stop across a gap in the fixes (a watch that stopped
  /// recording while its wearer stood) where the first fix after it is still inside the
  /// stop's region: the stop goes on until the user moves on. Nil, as in sessions stored
  /// before it existed: a gap ends the stop, and the stop after it is found anew.
  public var holdsStopsAcrossGaps: Bool?
  /// Whether the finished track keeps a stop it found where a long step that stays inside
  /// `radius` is its only still part (`FinishingPass.silentStep`): a watch that writes
  /// nothing while its wearer stands. Nil, as in sessions stored before it existed: only
  /// the smoothed speed at the fixes says the user stood.
  public var keepsSilentStops: Bool?
  /// Whether a paused user whose position is far outside the stop (`AutoPause.beyondWander`
  /// times the widest region searched) has moved on, however slowly: otherwise a pace below
  /// the resume speed (a rider pushing the bike, a triathlon's swim in a file followed as a
  /// ride) stays paused for as long as it lasts, one long stop. Nil, as in sessions
  /// stored before it existed: only the resume speed ends a pause.
  public var resumesBeyondWander: Bool?
  /// Whether the finished track takes a long silent step outside any stop found, much
  /// slower than the user's pace either side of it, as moving only for the time its length
  /// takes at that pace (`FinishingPass.loneSilentTravel`): the stop of a receiver that logs
  /// by distance or is silent while its wearer stands. Nil, as in sessions stored before
  /// it existed: the whole step moves.
  public var timesSilentSteps: Bool?

  public init(
    enabled: Bool = true, radius: Meters, window: Seconds, resumeDistance: Meters,
    resumeWindow: Seconds = Seconds(3), movingSpeed: MetersPerSecond? = nil,
    wanderRadius: Double? = nil, datesStopEdges: Bool? = nil, holdsStopsAcrossGaps: Bool? = nil,
    keepsSilentStops: Bool? = nil, resumesBeyondWander: Bool? = nil,
    timesSilentSteps: Bool? = nil
  ) {
    self.timesSilentSteps = timesSilentSteps
    self.resumesBeyondWander = resumesBeyondWander
    self.holdsStopsAcrossGaps = holdsStopsAcrossGaps
    self.keepsSilentStops = keepsSilentStops
    self.enabled = enabled
    self.radius = radius
    self.window = window
    self.resumeDistance = resumeDistance
    self.resumeWindow = resumeWindow
    self.movingSpeed = movingSpeed
    self.wanderRadius = wanderRadius
    self.datesStopEdges = datesStopEdges
  }

  /// The speed at which a paused user has moved on: `resumeDistance` over `resumeWindow`.
  public var resumeSpeed: Double { resumeDistance.value / resumeWindow.value }

  /// The default `wanderRadius`: about the 99.9 % point of a standing user's distance from
  /// where the stop began, per axis of the learnt wander.
  public static let standardWanderRadius = 3.5

  /// The default `movingSpeed` on foot, on a bike and in the water: half again the
  /// finishing pass's standing speed (0.4 m/s), so a stop the finished track keeps still
  /// begins live, and below any walking pace (a slow walk is 0.8-1 m/s).
  public static let standardMovingSpeed = MetersPerSecond(0.6)

  /// Defaults: a region of 6 m for 5 s on a run (slower than 1.2 m/s is a stop), 5 m for
  /// 8 s on a walk (0.6 m/s), 8 m for 4 s on a ride (2 m/s), 5 m for 15 s on a hike
  /// (0.33 m/s: a steep climb is slow, not a stop), 4 m for 10 s on a swim (0.4 m/s), 10 m
  /// for 5 s in a car (2 m/s); each but the car's never pausing above
  /// `standardMovingSpeed`.
  public static func defaults(for activity: Activity) -> AutoPauseConfiguration {
    let moving = standardMovingSpeed
    // Each activity's radius (m), window (s), resume distance (m) and moving speed.
    let (radius, window, resumeDistance, movingSpeed): (Double, Double, Double, MetersPerSecond?) =
      switch activity {
      case .run: (6, 5, 3, moving)
      case .walk: (5, 8, 2, moving)
      case .ride: (8, 4, 4, moving)
      case .hike: (5, 15, 2, moving)
      case .swim: (4, 10, 2, moving)
      // A queue at a junction creeps: a wider region, and a clear move to resume.
      case .drive: (10, 5, 6, nil)
      }
    var defaults = AutoPauseConfiguration(
      radius: Meters(radius), window: Seconds(window), resumeDistance: Meters(resumeDistance),
      movingSpeed: movingSpeed)
    defaults.wanderRadius = standardWanderRadius
    defaults.datesStopEdges = true
    defaults.holdsStopsAcrossGaps = true
    defaults.keepsSilentStops = true
    defaults.resumesBeyondWander = true
    defaults.timesSilentSteps = true
    return defaults
  }
}

/// A change of the auto-pause state.
public enum AutoPauseTransition: Hashable, Sendable {
  /// The user has stopped; they arrived in the region at `since`, which is before `at`.
  case paused(at: GNSSTime, since: GNSSTime)
  /// The user moved on at `at`; they were last inside the region at `departed`.
  case resumed(at: GNSSTime, departed: GNSSTime)
}

/// Decides, from the filtered positions, whether the user is standing still.
///
/// Positions come from the smoother, so GPS jitter while waiting at a traffic light stays
/// inside the region and adds no distance. The decision runs on the fix clock only.
public struct AutoPause: Sendable {
  public let configuration: AutoPauseConfiguration
  public private(set) var isPaused = false
  private var recent: [(time: GNSSTime, coordinate: Coordinate)] = []
  /// Index of the oldest position still remembered; older ones are dropped in bulk, so a
  /// 10 Hz receiver does not pay for shifting two minutes of history at every fix.
  private var head = 0
  private var anchor: Coordinate?
  /// The radius of the region the pause in force was found in.
  private var anchorRadius = 0.0
  private var lastInside: GNSSTime?
  /// A wider region searched besides the configuration's own, where the receiver's error
  /// is known to wander further than it (`FinishingPass.stopRegions`); nil: none.
  public private(set) var wanderRegion: (radius: Meters, window: Seconds)?

  /// How much history is kept to find when a stop began.
  static let memory = Seconds(120)

  public init(configuration: AutoPauseConfiguration) {
    self.configuration = configuration
  }

  /// Searches `region` too from now on (nil: the configuration's region alone), as the
  /// finished track's stops are searched: the live filter's learnt wander sets it.
  public mutating func searchWander(_ region: AutoPauseConfiguration?) {
    guard let region, region.radius > configuration.radius else {
      wanderRegion = nil
      return
    }
    wanderRegion = (region.radius, region.window)
  }

  /// Whether a pause is in force and `coordinate` lies inside its region: after a gap, the
  /// user is still where they stopped.
  public func holds(_ coordinate: Coordinate) -> Bool {
    guard isPaused, let anchor else { return false }
    return Geodesy.distanceMeters(anchor, coordinate) <= anchorRadius
  }

  /// Forgets the recent positions (after a gap); a pause in force stays in force.
  public mutating func reset() {
    recent.removeAll()
    head = 0
  }

  /// Feeds one position; returns a transition when the state changes. `speed`, when the
  /// filter gives one, must also reach the resume speed before a pause ends, and stay at
  /// or below `movingSpeed` for a pause to begin: a filtered velocity wanders far less
  /// than positions do while the receiver's error drifts.
  ///
  /// A paused user whose position leaves the region without the speed to resume is still
  /// standing there: the receiver's error has carried the position out, so the stop lasts
  /// until they move on, not only until they were last inside (where `wanderRadius` is
  /// set: a session stored before keeps its stops).
  public mutating func observe(
    time: GNSSTime, coordinate: Coordinate, speed: Double? = nil
  ) -> AutoPauseTransition? {
    guard configuration.enabled else { return nil }
    recent.append((time, coordinate))
    while head < recent.count, time - recent[head].time > AutoPause.memory { head += 1 }
    if head > 256, head * 2 > recent.count {
      recent.removeFirst(head)
      head = 0
    }
    if isPaused {
      guard let a = anchor else { return nil }
      let away = Geodesy.distanceMeters(a, coordinate)
      if away <= anchorRadius {
        lastInside = time
        return nil
      }
      let resumeSpeed = configuration.resumeSpeed
      let fast = recentSpeed(at: time) >= resumeSpeed && (speed ?? resumeSpeed) >= resumeSpeed
      guard fast || isBeyondWander(away) else {
        if configuration.wanderRadius != nil { lastInside = time }
        return nil
      }
      isPaused = false
      anchor = nil
      let departed = lastInside ?? time
      recent.removeAll()
      head = 0
      recent.append((time, coordinate))
      return .resumed(at: time, departed: departed)
    }
    if let speed, let moving = configuration.movingSpeed, speed > moving.value { return nil }
    guard
      let (centre, since, radius) = stop(
        at: time, window: configuration.window, radius: configuration.radius.value)
        ?? wanderRegion.flatMap({
          stop(at: time, window: $0.window, radius: $0.radius.value)
        })
    else { return nil }
    isPaused = true
    anchor = centre
    anchorRadius = radius
    lastInside = time
    return .paused(at: time, since: since)
  }

  /// Whether a paused user this far from the stop has moved on whatever their speed
  /// (`AutoPauseConfiguration.resumesBeyondWander`): further than `beyondWander` times the
  /// widest region searched, which the receiver's error leaves one time in a thousand.
  private func isBeyondWander(_ away: Double) -> Bool {
    guard configuration.resumesBeyondWander == true else { return false }
    return away > AutoPause.beyondWander * max(anchorRadius, wanderRegion?.radius.value ?? 0)
  }

  /// How many times the widest region's radius a paused user must be from the stop to have
  /// moved on at any speed: twice the 99.9 % point of a standing user's wander.
  static let beyondWander = 2.0

  /// Whether every position of the last `window` stays within `radius` of the window's
  /// first one: the region's centre (the window's mean position), when the user entered
  /// it, and the radius; nil when they did not stay.
  private func stop(at time: GNSSTime, window: Seconds, radius: Double) -> (
    Coordinate, GNSSTime, Double
  )? {
    // Find the window start: the oldest position no older than `window`.
    guard head < recent.count, time - recent[head].time >= window else {
      return nil
    }
    var startIndex = recent.count - 1
    while startIndex > head, time - recent[startIndex].time < window {
      startIndex -= 1
    }
    let origin = recent[startIndex].coordinate
    // Newest first: while moving, the latest position is the one outside, found at once.
    for i in (startIndex..<recent.count).reversed()
    where Geodesy.distanceMeters(origin, recent[i].coordinate) > radius {
      return nil
    }
    // Stopped. The region is centred on the window's positions; walk back to when the user
    // entered it.
    var sumLat = 0.0
    var sumLon = 0.0
    for i in startIndex..<recent.count {
      sumLat += recent[i].coordinate.latitude
      sumLon += recent[i].coordinate.longitude - origin.longitude
    }
    let count = Double(recent.count - startIndex)
    let centre = Coordinate(latitude: sumLat / count, longitude: origin.longitude + sumLon / count)
    var sinceIndex = startIndex
    while sinceIndex > head,
      Geodesy.distanceMeters(centre, recent[sinceIndex - 1].coordinate) <= radius
    {
      sinceIndex -= 1
    }
    return (centre, recent[sinceIndex].time, radius)
  }

  /// Average speed since the newest position at least `resumeWindow` old (or the oldest
  /// kept), so that sparse sampling (one fix every 5 s) can resume as well as 1 Hz.
  private func recentSpeed(at time: GNSSTime) -> Double {
    guard let last = recent.last else { return 0 }
    var index = recent.count - 1
    while index > head, time - recent[index].time < configuration.resumeWindow { index -= 1 }
    let dt = (time - recent[index].time).value
    guard dt > 0 else { return 0 }
    return Geodesy.distanceMeters(recent[index].coordinate, last.coordinate) / dt
  }
}
