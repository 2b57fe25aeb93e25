import Foundation
import StriderConcurrency
import StriderCore
import StriderRender
import StriderSources
import StriderStore

/// `strider run --auto` as a value: a source's events and the keys in, each session the
/// motion detector finds recorded (or held, with no store), lines said and a status panel
/// out. `AutoRunLoop` drives it on a source and a `TerminalBackend`.
///
/// A session is recorded as it goes, like `strider run`'s: the detector only hands over
/// fixes that belong to it (the standing ones after its last moving fix never come), so
/// each is kept as it arrives and a crash loses at most the last quarter second. At its end
/// it is guessed its activity from its speed, unless `activity` says, named by its start
/// and activity, and finished with them. Between sessions nothing is kept.
public struct AutoRunModel {
  /// What the watcher says of each event: its JSON line and its text line (the command
  /// prints one of them, or none while the panel shows the same).
  public typealias Say = (_ json: JSONValue, _ text: String) throws -> Void

  /// The source's name, as the lines and the panel say it ("localhost:2947").
  public let sourceName: String
  /// What a recorded session says it came from ("gpsd localhost:2947").
  public let sourceLabel: String
  /// Where sessions are kept; nil with `--no-record`, when a session's fixes are held and
  /// only its figures are said.
  public let store: SessionStore?
  /// The activity every session is, where given; guessed from its speeds otherwise.
  public let activity: Activity?
  public let detectorConfiguration: MotionDetectorConfiguration
  /// The engine configuration for an activity (the config file and flags applied).
  public let configuration: (Activity) -> SessionConfiguration
  /// The day's storyline as the panel lists it, for the day `time` falls on; nil where
  /// there is none (no store).
  public let dayLines: (_ time: GNSSTime?) -> [String]?
  private let sayLine: Say

  /// The status panel; nil without one (headless, or not a terminal).
  public private(set) var panel: AutoRunPanel?
  /// Whether `q` was pressed during a session and the panel asks to be sure.
  public private(set) var confirmingQuit = false
  /// The panel's list of the day when there is no storyline: this run's sessions.
  public private(set) var ended: [String] = []
  private var detector: MotionDetector
  private var open: Gathering?
  private var lastStatus = ""
  private var storageNews = StorageNews()

  /// The session under way: its start, its recording (nil with no store, when its fixes
  /// are held instead), and what its activity is guessed from.
  private struct Gathering {
    var start: GNSSTime
    var recording: SessionRecording?
    var fixes: [Fix] = []
    var count = 0
    var speeds = MovementEstimator()
  }

  /// - Parameter panel: the status panel to keep up to date, or nil for lines only.
  public init(
    sourceName: String, sourceLabel: String, store: SessionStore?, activity: Activity?,
    detector: MotionDetectorConfiguration, panel: AutoRunPanel?,
    configuration: @escaping (Activity) -> SessionConfiguration,
    dayLines: @escaping (GNSSTime?) -> [String]? = { _ in nil }, say: @escaping Say
  ) {
    self.sourceName = sourceName
    self.sourceLabel = sourceLabel
    self.store = store
    self.activity = activity
    self.detectorConfiguration = detector
    self.detector = MotionDetector(configuration: detector)
    self.panel = panel
    self.configuration = configuration
    self.dayLines = dayLines
    sayLine = say
  }

  /// Whether a session is under way.
  public var isRecording: Bool { open != nil }

  /// Says the watch has begun, and lists the day so far.
  public mutating func begin() throws {
    refreshDay()
    try say(
      .object([
        JSONMember("event", .string("auto_start")),
        JSONMember("source", .string(sourceName)),
        JSONMember("still_s", .number(detectorConfiguration.endAfter.value)),
      ]), text: "Watching \(sourceName); a session starts when you move.")
  }

  /// One poll of the source. Returns whether the panel should be drawn now (true), or
  /// only if a second has passed since it last was (false); nil when the source has ended.
  public mutating func handle(_ poll: SourcePoll) throws -> Bool? {
    switch poll {
    case .event(.fix(let fix)):
      return try handle(detector.add(fix))
    case .event(.status(let status)):
      // Connection changes, not every flicker between a 2D and a 3D fix.
      let word = status.word
      let kind = word == "2d" || word == "3d" ? "fix" : word
      if kind != lastStatus {
        try say(
          HeadlessEvents.json(.status(status), source: sourceName) ?? .null,
          text: "gpsd: \(word)")
      }
      lastStatus = kind
      if panel != nil, Self.linkWord(status) != panel?.link {
        panel?.link = Self.linkWord(status)
        return true
      }
      return false
    case .idle:
      if let recording = open?.recording {
        try recording.flushIfDue()
        if try noteStorage() { return true }
      }
      return false
    case .event:
      return false
    case .ended:
      return nil
    }
  }

  /// Ends the session under way, if one is (the watch stops), and says the watch stopped.
  public mutating func finish() throws {
    _ = try handle(detector.finish())
    try say(.object([JSONMember("event", .string("auto_stop"))]), text: "Stopped.")
  }

  /// A key: `q` quits, asking first while a session is being recorded (`q` again ends the
  /// session, kept as at Ctrl-C, and quits; any other key goes on). Returns true to quit.
  public mutating func press(_ key: TerminalKey) -> Bool {
    if key == .character("q") || key == .character("Q") {
      if open == nil || confirmingQuit { return true }
      confirmingQuit = true
    } else {
      guard confirmingQuit else { return false }
      confirmingQuit = false
    }
    panel?.prompt = confirmingQuit ? Self.quitQuestion : nil
    return false
  }

  /// A line from outside the watch for the panel (something written to the log).
  public mutating func show(_ message: String) {
    panel?.message = message
  }

  /// The panel as it should be drawn now, with the activity guessed so far.
  public mutating func currentPanel() -> AutoRunPanel? {
    if let guess = open?.speeds.guess, guess.isDecided {
      panel?.session?.activity = Self.panelWord(guess, speeds: guess.statistics)
    }
    return panel
  }

  private func say(_ json: JSONValue, text: String) throws {
    try sayLine(json, text)
  }

  /// What the panel asks when `q` is pressed during a session.
  public static let quitQuestion =
    "A session is being recorded: q again ends it and quits, any other key goes on"

  private mutating func handle(_ events: [MotionEvent]) throws -> Bool {
    var changed = false
    for event in events {
      switch event {
      case .sessionStarted(let start):
        open = Gathering(start: start)
        if let store {
          let provisional = activity ?? .run
          let recording = try store.startRecording(
            name: Self.name(start: start, activity: provisional), origin: .live,
            configuration: configuration(provisional), source: sourceLabel)
          open?.recording = recording
        }
        try say(
          .object([
            JSONMember("event", .string("session_start")),
            JSONMember("time", .string(start.iso8601)),
          ]), text: "\(Self.clock(start)) moving: session started")
        panel?.started(start)
        changed = true
      case .sessionFix(let fix):
        open?.count += 1
        open?.speeds.add(fix)
        panel?.add(fix)
        if let recording = open?.recording {
          try recording.append(fix)
          if try noteStorage() { changed = true }
        } else {
          open?.fixes.append(fix)
        }
      case .sessionEnded(let end):
        if let gathered = open {
          ended.append(try finish(gathered, end: end))
        }
        open = nil
        confirmingQuit = false
        panel?.prompt = nil
        panel?.ended(end)
        refreshDay(at: end)
        changed = true
      }
    }
    return changed
  }

  /// Says what the disk did with the session's writes since the last time: the fixes held
  /// in memory while it refuses them (the recording tries again every few seconds), and
  /// when they are written. True when there was news.
  private mutating func noteStorage() throws -> Bool {
    guard let recording = open?.recording, let status = storageNews.take(from: recording)
    else { return false }
    try say(
      HeadlessEvents.json(.storage(status), source: sourceName) ?? .null, text: status.note)
    panel?.message = status.note
    return true
  }

  private mutating func refreshDay(at time: GNSSTime? = nil) {
    guard panel != nil else { return }
    let lines = dayLines(time) ?? ended
    panel?.day = lines
  }

  /// Finishes an ended session with its guessed activity and name, and says so; the line
  /// the status panel lists it with.
  ///
  /// A session that moved like a vehicle (`isDrive`) and was not given an activity is a
  /// drive: measured with the `drive` activity's settings (a car's speeds let through, no
  /// calories), named "Drive ...", said `"drive": true` in its event, kept apart from the
  /// rides in totals, and left out of the personal records.
  private func finish(_ gathered: Gathering, end: GNSSTime) throws -> String {
    let statistics = gathered.speeds.guess.statistics
    let drive = activity == nil && Self.isDrive(statistics)
    let chosen = activity ?? (drive ? .drive : gathered.speeds.guess.activity)
    let configuration = configuration(chosen)
    let name = Self.name(start: gathered.start, activity: chosen)
    let summary: SessionSummary?
    var id: Int64?
    if let recording = gathered.recording {
      let record: FinishedSession
      do {
        try recording.relabel(name: name, configuration: configuration)
        record = try recording.finish()
      } catch {
        // A disk that still refuses the fixes held: interrupted, never left recording.
        recording.markInterrupted()
        throw error
      }
      summary = record.summary
      id = recording.id
      if drive {
        try store?.leaveOutOfRecords(recording.id)
      }
    } else {
      summary =
        SessionRecorder.record(
          fixes: gathered.fixes, configuration: configuration, keepsToldSplits: true,
          parallelism: Threads()
        )
        .summary
    }
    var members: [JSONMember] = [
      JSONMember("event", .string("session_end")),
      JSONMember("start", .string(gathered.start.iso8601)),
      JSONMember("end", .string(end.iso8601)),
      JSONMember("activity", .string(chosen.rawValue)),
      JSONMember("name", .string(name)),
      JSONMember(JSONKey.distance, .rounded(summary?.distance.value, 1)),
      JSONMember(JSONKey.moving, .rounded(summary?.moving.value, 1)),
      JSONMember("fixes", .int(gathered.count)),
      JSONMember("session", id.map { .int(Int($0)) } ?? .null),
    ]
    if drive { members.append(JSONMember("drive", .bool(true))) }
    if id == nil { members.append(JSONMember("kept", .bool(false))) }
    let distance = String(format: "%.2f km", (summary?.distance.value ?? 0) / 1000)
    try say(
      .object(members),
      text: "\(Self.clock(end)) stopped: \(name), \(distance)"
        + (id.map { ", kept as session \($0)" } ?? ""))
    return "\(DayText.clock(gathered.start)) - \(DayText.clock(end))    "
      + chosen.noun + " \(distance)"
  }
}

extension AutoRunModel {
  /// The receiver's state as the panel says it.
  public static func linkWord(_ status: SourceStatus) -> String {
    switch status {
    case .connecting: "connecting"
    case .connectedNoFix: "no fix"
    case .fix2D: "2D fix"
    case .fix3D: "3D fix"
    case .disconnected: "gpsd gone, retrying"
    case .silent: "receiver silent"
    case .finished: "gpsd closed"
    }
  }

  /// The activity the panel shows for a session under way: the guess, or "drive" once it
  /// moves like a vehicle (what its end will name it).
  public static func panelWord(_ guess: ActivityGuess.Guess, speeds: MovementStatistics?)
    -> String
  {
    isDrive(speeds) ? "drive" : guess.activity.noun
  }

  /// Whether a session moved like a vehicle: the storyline's rule for a vehicle move
  /// (`MoveKind.classify`: a median over 40 km/h or a fastest tenth over 55 km/h), so the
  /// session's name and `strider day` agree.
  public static func isDrive(_ statistics: MovementStatistics?) -> Bool {
    guard let statistics else { return false }
    return MoveKind.classify(
      medianSpeed: statistics.median.value, fastSpeed: statistics.p90.value) == .vehicle
  }

  /// "Walk 2024-05-06 07:32": a name a person recognises in the history.
  public static func name(start: GNSSTime, activity: Activity) -> String {
    name(start: start, noun: activity.noun)
  }

  /// The name with a word of its own ("Drive 2024-05-06 06:25").
  public static func name(start: GNSSTime, noun word: String) -> String {
    let c = start.civil
    let noun = word.prefix(1).uppercased() + word.dropFirst()
    return noun + " "
      + String(format: "%04d-%02d-%02d %02d:%02d", c.year, c.month, c.day, c.hour, c.minute)
  }

  /// "07:32:05", the lines' clock.
  public static func clock(_ time: GNSSTime) -> String {
    let c = time.civil
    return String(format: "%02d:%02d:%02d", c.hour, c.minute, c.second)
  }
}
