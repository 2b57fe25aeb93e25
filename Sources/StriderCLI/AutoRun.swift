import ArgumentParser
import Foundation
import StriderApp
import StriderConcurrency
import StriderCore
import StriderSources
import StriderStore

/// `strider run --auto`: stays connected to gpsd and records each session the motion
/// detector finds, with no one pressing start or stop.
///
/// A session is recorded as it goes, like `strider run`'s: the detector only hands over
/// fixes that belong to it (the standing ones after its last moving fix never come), so
/// each is kept as it arrives and a crash loses at most the last quarter second. At its end
/// it is guessed its activity from its speed, unless `--activity` says, named by its start
/// and activity, and finished with them. Between sessions nothing is kept.
struct AutoRun {
  let endpoint: GPSDEndpoint
  let headless: Bool
  let record: Bool
  let activity: Activity?
  let detector: MotionDetectorConfiguration
  /// The engine configuration for an activity (the config file and flags applied).
  let configuration: (Activity) -> SessionConfiguration
  /// Draw the status panel (`AutoRunPanel`) instead of printing a line per event: set when
  /// standard output is a terminal and `--headless` was not given.
  var showsPanel = false

  /// The session under way: its start, its recording (nil with `--no-record`, when its
  /// fixes are held instead), and what its activity is guessed from.
  private struct Gathering {
    var start: GNSSTime
    var recording: SessionRecording?
    var fixes: [Fix] = []
    var count = 0
    var speeds = MovementEstimator()
  }

  func run(stop: StopSignal) throws {
    var source = GPSDSource(endpoint: endpoint, clock: SystemClock())
    let store = record ? try StoreAccess.open() : nil
    var detector = MotionDetector(configuration: detector)
    var open: Gathering?
    var lastStatus = ""
    var board = showsPanel && !headless ? AutoRunPanel(source: source.name) : nil
    // While the panel is redrawn in place, a line on stderr would be drawn over (or break
    // the redrawing): it goes to the log, its newest line shows on the panel, and all of
    // it is written again under the panel when the command ends.
    let log =
      board == nil
      ? nil : StderrLog(environment: ProcessInfo.processInfo.environment, command: "run --auto")
    var messageBytes: Int64 = 0
    // Keys only with the panel: headless, standard input may be a pipe or a service's.
    let keys = board == nil ? nil : KeyInput()
    board?.keys = keys == nil ? nil : "q quit"
    defer { keys?.restore() }
    defer {
      if let log {
        log.restore()
        let text = log.loggedText()
        if !text.isEmpty { Output.error(text + "\n") }
      }
    }
    /// The panel's list of the day: today's storyline from the store, or the sessions of
    /// this run when nothing is recorded.
    var ended: [String] = []
    func redraw(force: Bool = true) throws {
      guard board != nil else { return }
      if let log, log.bytesLogged != messageBytes {
        messageBytes = log.bytesLogged
        board?.message = log.lastLine.map { $0 + " (\(StderrLog.fileName))" }
      }
      if let guess = open?.speeds.guess, guess.isDecided {
        board?.session?.activity = Self.panelWord(guess, speeds: guess.statistics)
      }
      try board?.draw(force: force)
    }
    func refreshDay(at time: GNSSTime? = nil) {
      guard board != nil else { return }
      // The day of the fixes (a receiver's clock, or a replayed day's), else today's.
      if let store, let storyline = try? Day.storyline(store, from: Self.startOfDay(time)) {
        board?.day = DayText.text(storyline, date: "").split(separator: "\n").dropFirst().map {
          String($0)
        }
      } else {
        board?.day = ended
      }
    }
    var storageNews = StorageNews()
    /// Says what the disk did with the session's writes since the last time: the fixes
    /// held in memory while it refuses them (the recording tries again every few seconds),
    /// and when they are written.
    func noteStorage() throws {
      guard let recording = open?.recording, let status = storageNews.take(from: recording)
      else { return }
      try say(
        HeadlessEvents.json(.storage(status), source: source.name) ?? .null, text: status.note)
      board?.message = status.note
      try redraw()
    }
    var confirmingQuit = false
    /// `q` quits; while a session is being recorded it asks first: `q` again ends the
    /// session (kept, as at Ctrl-C) and quits, any other key goes on.
    func press(_ typed: [UInt8]) throws {
      for key in typed {
        if key == UInt8(ascii: "q") || key == UInt8(ascii: "Q") {
          if open == nil || confirmingQuit {
            stop.raise()
            return
          }
          confirmingQuit = true
        } else {
          guard confirmingQuit else { continue }
          confirmingQuit = false
        }
        board?.prompt = confirmingQuit ? Self.quitQuestion : nil
        try redraw()
      }
    }
    refreshDay()
    try say(
      .object([
        JSONMember("event", .string("auto_start")),
        JSONMember("source", .string(source.name)),
        JSONMember("still_s", .number(self.detector.endAfter.value)),
      ]), text: "Watching \(source.name); a session starts when you move.")
    func handle(_ events: [MotionEvent]) throws {
      for event in events {
        switch event {
        case .sessionStarted(let start):
          open = Gathering(start: start)
          if let store {
            let provisional = activity ?? .run
            open?.recording = try store.startRecording(
              name: Self.name(start: start, activity: provisional), origin: .live,
              configuration: configuration(provisional), source: "gpsd \(endpoint)")
          }
          try say(
            .object([
              JSONMember("event", .string("session_start")),
              JSONMember("time", .string(start.iso8601)),
            ]), text: "\(Self.clock(start)) moving: session started")
          board?.started(start)
          try redraw()
        case .sessionFix(let fix):
          open?.count += 1
          open?.speeds.add(fix)
          board?.add(fix)
          if let recording = open?.recording {
            try recording.append(fix)
            try noteStorage()
          } else {
            open?.fixes.append(fix)
          }
        case .sessionEnded(let end):
          if let gathered = open {
            let line = try finish(gathered, end: end, store: store)
            ended.append(line)
          }
          open = nil
          confirmingQuit = false
          board?.prompt = nil
          board?.ended(end)
          refreshDay(at: end)
          try redraw()
        }
      }
    }
    polling: while !stop.isRaised {
      if let keys {
        try press(keys.take())
        if stop.isRaised { break polling }
      }
      switch source.poll(timeout: 0.25) {
      case .event(.fix(let fix)):
        try handle(detector.add(fix))
      case .event(.status(let status)):
        // Connection changes, not every flicker between a 2D and a 3D fix.
        let word = status.word
        let kind = word == "2d" || word == "3d" ? "fix" : word
        if kind != lastStatus {
          try say(
            HeadlessEvents.json(.status(status), source: source.name) ?? .null,
            text: "gpsd: \(word)")
        }
        lastStatus = kind
        if board != nil, Self.linkWord(status) != board?.link {
          board?.link = Self.linkWord(status)
          try redraw()
        }
      case .idle:
        if let recording = open?.recording {
          try recording.flushIfDue()
          try noteStorage()
        }
        if open != nil || (log.map { $0.bytesLogged != messageBytes } ?? false) {
          try redraw(force: false)
        }
      case .event:
        continue
      case .ended:
        break polling
      }
    }
    try handle(detector.finish())
    try redraw()
    try say(.object([JSONMember("event", .string("auto_stop"))]), text: "Stopped.")
  }

  /// What the panel asks when `q` is pressed during a session.
  static let quitQuestion =
    "A session is being recorded: q again ends it and quits, any other key goes on"

  /// The receiver's state as the panel says it.
  static func linkWord(_ status: SourceStatus) -> String {
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
  static func panelWord(_ guess: ActivityGuess.Guess, speeds: MovementStatistics?) -> String {
    isDrive(speeds) ? "drive" : guess.activity.noun
  }

  /// Local midnight at the start of the day `time` falls on (today without one).
  static func startOfDay(_ time: GNSSTime?) -> GNSSTime {
    let date = time.map { Date(timeIntervalSince1970: $0.secondsSince1970) } ?? Date()
    return GNSSTime(
      secondsSince1970: Calendar.current.startOfDay(for: date).timeIntervalSince1970)
  }

  /// Finishes an ended session with its guessed activity and name, and says so; the line
  /// the status panel lists it with.
  ///
  /// A session that moved like a vehicle (`isDrive`) and was not given an activity is a
  /// drive: measured with the `drive` activity's settings (a car's speeds let through, no
  /// calories), named "Drive ...", said `"drive": true` in its event, kept apart from the
  /// rides in totals, and left out of the personal records.
  private func finish(_ gathered: Gathering, end: GNSSTime, store: SessionStore?) throws
    -> String
  {
    let statistics = gathered.speeds.guess.statistics
    let drive = activity == nil && Self.isDrive(statistics)
    let chosen = activity ?? (drive ? .drive : gathered.speeds.guess.activity)
    let configuration = configuration(chosen)
    let name = Self.name(start: gathered.start, activity: chosen)
    let summary: SessionSummary?
    var id: Int64?
    if let recording = gathered.recording {
      let record: SessionRecord
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
      JSONMember("distance_m", .rounded(summary?.distance.value, 1)),
      JSONMember("moving_s", .rounded(summary?.moving.value, 1)),
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

  /// Whether a session moved like a vehicle: the storyline's rule for a vehicle move
  /// (`MoveKind.classify`: a median over 40 km/h or a fastest tenth over 55 km/h), so the
  /// session's name and `strider day` agree.
  static func isDrive(_ statistics: MovementStatistics?) -> Bool {
    guard let statistics else { return false }
    return MoveKind.classify(
      medianSpeed: statistics.median.value, fastSpeed: statistics.p90.value) == .vehicle
  }

  /// A line per event: JSON with `--headless`, text otherwise; nothing while the status
  /// panel shows the same.
  private func say(_ json: JSONValue, text: String) throws {
    if showsPanel && !headless { return }
    try HeadlessSession.writeLine(headless ? json.serialized : text)
  }

  /// "Walk 2024-05-06 07:32": a name a person recognises in the history.
  static func name(start: GNSSTime, activity: Activity) -> String {
    name(start: start, noun: activity.noun)
  }

  /// The name with a word of its own ("Drive 2024-05-06 06:25").
  static func name(start: GNSSTime, noun word: String) -> String {
    let c = start.civil
    let noun = word.prefix(1).uppercased() + word.dropFirst()
    return noun + " "
      + String(format: "%04d-%02d-%02d %02d:%02d", c.year, c.month, c.day, c.hour, c.minute)
  }

  static func clock(_ time: GNSSTime) -> String {
    let c = time.civil
    return String(format: "%02d:%02d:%02d", c.hour, c.minute, c.second)
  }
}
