import StriderCore
import StriderRender
import StriderSources

/// The dashboard as a value: source events, keys and the time go in; the screen state and
/// commands for the source come out.
///
/// It holds the session's `SessionRunner` (the one engine driver of every mode) with verdicts
/// reported, so the map draws each rejected fix with its reason. The filter lab (`strider
/// demo`) keeps every fix received: toggling a check, the smoother or auto-pause builds a
/// new runner with the new configuration and feeds it all of them at once, so each toggle's
/// effect on the whole session shows as a number at once. A second runner with the raw
/// (`--no-filter`) configuration gets the same fixes for the raw distance, and the
/// simulator's truth gives the true distance at the newest fix time.
///
/// Nothing here reads a clock or a terminal: `DashboardLoop` passes the time in, and tests
/// pass a hand-moved one.
public struct DashboardModel: Sendable {
  /// Which command opened the dashboard.
  public enum Kind: Sendable, Equatable {
    /// `strider demo`: the simulator and the filter lab.
    case demo
    /// `strider replay FILE`.
    case replay
    /// `strider run`: live from gpsd; quitting asks first.
    case live
  }

  public let kind: Kind
  let baseConfiguration: SessionConfiguration
  /// The workout coach the session starts with, if it follows a workout.
  let coach: WorkoutCoach?
  /// A recorded session's lap presses, pressed again as the replay reaches them.
  let replayingLaps: [LapMark]
  var runner: SessionRunner
  /// What the workout coach said so far, for the cue log.
  var coachCues: [CoachCue] = []
  /// The laps pressed so far, with their live figures.
  public internal(set) var laps: [Lap] = []
  /// How many fixes had been received at each lap press: the filter lab presses them again
  /// at the same place in the stream when it rebuilds the session.
  var lapPressedAfter: [Int] = []
  /// The raw (`--no-filter`) runner of the filter lab.
  var rawRunner: SessionRunner?
  /// Every fix received, in order (the filter lab re-feeds them on a toggle).
  var fixes: [Fix] = []
  /// The finished session's summary, once the source ended (or the user quit).
  public internal(set) var summary: SessionSummary?
  var status: SourceStatus?
  var controls: SourceControls
  let truth: TruthLookup?
  var state: ScreenState
  var lastSegment: Int?
  /// The time the newest fix arrived, for its age.
  var lastFixArrival: Double?
  var shownAge: Int?
  /// The newest fix time inside the simulated run, where the truth is read.
  var newestFixTime: GNSSTime?
  var messageExpiry: Double?
  /// The status line while a recording's fixes wait in memory for the disk: it stays until
  /// they are written, coming back after any passing note.
  var storageNote: String?
  /// Whether the quit dialog ("End the recording? y/n") is open.
  public internal(set) var isConfirmingQuit = false
  var lastMapFrame: MapFrame?
  /// Whether something changed since the last `render`.
  public internal(set) var needsRedraw = true

  /// How long a status-line note stays, in seconds.
  public static var messageSeconds: Double { 5 }
  /// The arrow keys move a replay by this many seconds of the recording.
  public static var seekSeconds: Double { 30 }
  /// A fix time more than this after the newest one is a clock jump, not progress: the
  /// truth is not read there (a stale or clock-jumped fix does not move the truth).
  public static var largestTruthStep: Seconds { Seconds(120) }

  /// - Parameters:
  ///   - sourceLabel: the source as the GPS line names it (a file, "simulator", gpsd).
  ///   - utcOffset: the local time zone's offset, for the cue log's clock times.
  ///   - recordsToBeat: the history's records: the finish says each one beaten.
  ///   - heartRateZones: the user's zones, for the heart-rate line.
  public init(
    kind: Kind, configuration: SessionConfiguration, sourceLabel: String,
    controls: SourceControls, truth: TruthLookup? = nil, glyphs: Glyphs = .unicode,
    colour: Bool = true, utcOffset: Seconds = .zero, coach: WorkoutCoach? = nil,
    recordsToBeat: RecordsToBeat = RecordsToBeat(), heartRateZones: HeartRateZones? = nil,
    replayingLaps: [LapMark] = []
  ) {
    self.replayingLaps = replayingLaps
    self.kind = kind
    baseConfiguration = configuration
    self.coach = coach
    runner = SessionRunner(
      configuration: configuration, reportsVerdicts: true, coach: coach,
      recordsToBeat: recordsToBeat, replayingLaps: replayingLaps)
    self.controls = controls
    self.truth = truth
    var state = ScreenState(
      activity: configuration.activity, units: configuration.units,
      gps: GPSStatus(
        link: controls.link, source: sourceLabel, replaySpeed: controls.replaySpeed?.factor),
      mapOptions: MapOptions(drawing: .braille, showsRaw: kind == .demo), glyphs: glyphs,
      colour: colour, utcOffset: utcOffset)
    state.heartRateZones = heartRateZones
    if kind == .demo {
      rawRunner = SessionRunner(
        configuration: .raw(
          activity: configuration.activity, weight: configuration.weight,
          units: configuration.units, elevation: configuration.elevation))
      state.lab = FilterLabState(
        smootherOn: configuration.smoother != nil,
        autoPauseOn: configuration.autoPause.enabled)
    }
    self.state = state
    refresh()
  }

  /// The session's engine (its live figures, cues and state).
  public var engine: SessionEngine { runner.engine }

  /// Takes in what the source's controls are now (after a command, or a poll).
  public mutating func observe(_ controls: SourceControls) {
    guard controls != self.controls else { return }
    self.controls = controls
    needsRedraw = true
  }

  // MARK: Source events

  /// One event from the source, arrived at `now`; returns the cues to speak.
  public mutating func handle(_ event: SourceEvent, now: Double) -> [DashboardCommand] {
    needsRedraw = true
    if case .storage(let storage) = event { note(storage, now: now) }
    if case .fix(let fix) = event {
      lastFixArrival = now
      state.gps.fixMode = fix.mode
      state.gps.accuracy = fix.horizontalAccuracy
      state.newestFix = fix
      if let heartRate = fix.heartRate { state.heartRate = heartRate }
      if state.lab != nil {
        fixes.append(fix)
        noteTruthTime(fix.time)
      }
      if state.mapOptions.showsRaw, let coordinate = fix.coordinate {
        state.route.appendRaw(coordinate)
      }
    }
    _ = rawRunner?.handle(event)
    return runner.handle(event).compactMap { apply($0, announce: true) }
  }

  /// The source has nothing more: the session finishes (a replay's end).
  public mutating func sourceEnded() -> [DashboardCommand] {
    finish(announce: true)
  }

  /// The summary of the session, finishing it first when the source has not ended (a quit
  /// or a signal).
  public mutating func finishedSummary() -> SessionSummary {
    _ = finish(announce: false)
    if let summary { return summary }
    return runner.finish().summary
  }

  /// What the disk does with the recording, in the status line: "Disk full: 42 fixes in
  /// memory" (short enough to stay whole beside the key hints) until they are written,
  /// then a passing note.
  mutating func note(_ storage: StorageStatus, now: Double) {
    switch storage {
    case .holding:
      if !isConfirmingQuit, messageExpiry == nil { state.message = storage.note }
      storageNote = storage.note
    case .written:
      storageNote = nil
      if !isConfirmingQuit { show(storage.note, now: now) }
    }
  }

  /// One event of the runner onto the screen state; a cue to speak, if any.
  mutating func apply(_ event: RunnerEvent, announce: Bool) -> DashboardCommand? {
    switch event {
    case .status(let newStatus):
      status = newStatus
    case .restarted:
      restart()
    case .session(.point(let point, let isPaused)):
      state.profiles.add(point, isPaused: isPaused, heartRate: state.heartRate)
      state.route.appendTrack(
        point.coordinate, startsSegment: lastSegment.map { $0 != point.segment } ?? false)
      lastSegment = point.segment
    case .session(.judged(let judged)):
      if let reason = judged.verdict.reason, let coordinate = judged.fix.coordinate {
        state.route.appendRejected(coordinate, reason: reason)
      }
    case .session(.cue(let cue)):
      if announce { return .say(SpokenCue(cue)) }
    case .coach(.cue(let cue)):
      coachCues.append(cue)
      if announce { return .say(SpokenCue(cue)) }
    case .lap(let lap, let mark):
      // A replayed press, or a lap a workout step's end closed (a key's own is noted by
      // `pressLap`): kept like a press (a replay's source keeps nothing).
      laps.append(lap)
      return .keepLap(mark)
    case .session, .verdicts, .coach, .storage, .figures:
      break
    }
    return nil
  }

  /// The simulator's truth is read at the newest fix time that lies inside the simulated
  /// run and follows the previous one closely (`largestTruthStep`).
  mutating func noteTruthTime(_ time: GNSSTime?) {
    guard let time, truth?.distance(at: time) != nil else { return }
    if let newest = newestFixTime {
      guard time > newest, time - newest < Self.largestTruthStep else { return }
    }
    newestFixTime = time
  }

  mutating func finish(announce: Bool) -> [DashboardCommand] {
    guard summary == nil else { return [] }
    let (events, finished) = runner.finish()
    let said = events.compactMap { apply($0, announce: announce) }
    summary = finished
    needsRedraw = true
    return said
  }

  /// A replay sought backwards: the session starts over (the runners have started over).
  mutating func restart() {
    fixes = []
    coachCues = []
    laps = []
    lapPressedAfter = []
    summary = nil
    newestFixTime = nil
    state.route = ProjectedRoute()
    state.profiles = ProfileRecorder()
    lastSegment = nil
  }

  /// The filter lab: a new runner with the lab's configuration, fed every fix so far.
  mutating func rebuild() {
    guard let lab = state.lab else { return }
    var configuration = baseConfiguration
    configuration.gate.enabledChecks = baseConfiguration.gate.enabledChecks.subtracting(
      lab.disabledChecks)
    configuration.smoother =
      lab.smootherOn
      ? (baseConfiguration.smoother ?? .defaults(for: configuration.activity)) : nil
    configuration.autoPause.enabled = lab.autoPauseOn
    let wasFinished = summary != nil
    runner = SessionRunner(
      configuration: configuration, reportsVerdicts: true, coach: coach,
      recordsToBeat: runner.engine.recordsToBeat, replayingLaps: replayingLaps)
    coachCues = []
    summary = nil
    state.route = ProjectedRoute()
    state.profiles = ProfileRecorder()
    lastSegment = nil
    laps = []
    var presses = lapPressedAfter[...]
    for (index, fix) in fixes.enumerated() {
      if state.mapOptions.showsRaw, let coordinate = fix.coordinate {
        state.route.appendRaw(coordinate)
      }
      for event in runner.handle(.fix(fix)) { _ = apply(event, announce: false) }
      while presses.first == index + 1 {
        presses.removeFirst()
        for event in runner.lap() {
          if case .lap(let lap, _) = event {
            laps.append(lap)
          } else {
            _ = apply(event, announce: false)
          }
        }
      }
    }
    if wasFinished { _ = finish(announce: false) }
    needsRedraw = true
  }
}
