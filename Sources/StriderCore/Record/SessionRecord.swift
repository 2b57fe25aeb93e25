/// Where a recorded session came from; demos are kept apart so they never pollute the
/// history unless the user asked for them.
public enum SessionOrigin: String, Hashable, Sendable, Codable, CaseIterable {
  /// Recorded live from a receiver (gpsd).
  case live
  /// Read from a file (GPX, TCX, NMEA, gpsd JSON).
  case imported
  /// Produced by the simulator (`demo --record`).
  case simulated
}

/// Where a recorded session stands; an interrupted one was cut off (power loss, `kill -9`)
/// and can still be finished from what was written.
public enum SessionState: String, Hashable, Sendable, Codable, CaseIterable {
  case recording
  case interrupted
  case finished
}

/// Everything kept of one session: the raw fixes with the gate's verdicts, the smoothed
/// track, the events and the summary. It is what the store saves and what exports read, so
/// both speak one shape.
public struct SessionRecord: Hashable, Sendable {
  /// The store's identifier, once saved.
  public var id: Int64?
  /// A name for people (the file name of an import, for instance).
  public var name: String?
  public var activity: Activity
  public var origin: SessionOrigin
  public var state: SessionState
  /// Every fix as it arrived, with the gate's verdict; rejected fixes are kept too.
  public var fixes: [JudgedFix]
  /// The live filtered track the engine drew as the fixes came (what the dashboard showed).
  public var track: [TrackPoint]
  /// The track the summary was computed from: smoothed forward and backward, with its stops
  /// and the distance at every point. The stops and moves, the exports and the history
  /// derive from it, so they all give the summary's distance.
  public var finishedTrack: FinishedTrack
  /// Pauses, resumes, splits, cues and signal changes, in order (no per-fix events).
  public var events: [SessionEvent]
  /// The summary, once the session is finished.
  public var summary: SessionSummary?

  public init(
    id: Int64? = nil, name: String? = nil, activity: Activity, origin: SessionOrigin,
    state: SessionState = .finished, fixes: [JudgedFix] = [], track: [TrackPoint] = [],
    events: [SessionEvent] = [], summary: SessionSummary? = nil,
    finishedTrack: FinishedTrack = FinishedTrack()
  ) {
    self.finishedTrack = finishedTrack
    self.id = id
    self.name = name
    self.activity = activity
    self.origin = origin
    self.state = state
    self.fixes = fixes
    self.track = track
    self.events = events
    self.summary = summary
  }

  /// The track to draw and export: the finished track, or the live one for a session
  /// finished without it (an interrupted one, before `sessions finish`).
  public var drawnTrack: [TrackPoint] {
    finishedTrack.isEmpty ? track : finishedTrack.trackPoints
  }

  /// When the session began: the summary's first accepted fix, else the first time stamp
  /// (a stale cached fix that the gate refused does not count once there is a summary).
  public var startTime: GNSSTime? {
    // A time that is not a number or millions of years away is no time (the gate's reading).
    summary?.start?.time ?? fixes.lazy.compactMap(\.fix.time).first(where: \.isRepresentable)
  }
}
