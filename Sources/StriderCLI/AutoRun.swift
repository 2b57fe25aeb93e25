import ArgumentParser
import Foundation
import StriderCore
import StriderSources
import StriderStore

/// `strider run --auto`: stays connected to gpsd and records each session the motion
/// detector finds, with no one pressing start or stop.
///
/// The fixes of an open session are held in memory and kept in the store when it ends (the
/// detector knows where a session ends only after five minutes of standing, and the
/// standing fixes are not part of it); each is guessed its activity, unless `--activity`
/// says, and named by its start time and activity. Between sessions nothing is kept.
struct AutoRun {
  let endpoint: GPSDEndpoint
  let headless: Bool
  let record: Bool
  let activity: Activity?
  let detector: MotionDetectorConfiguration
  /// The engine configuration for an activity (the config file and flags applied).
  let configuration: (Activity) -> SessionConfiguration

  /// The session being gathered: its start and fixes so far.
  private struct Gathering {
    var start: GNSSTime
    var fixes: [Fix] = []
  }

  func run(stop: StopSignal) throws {
    var source = GPSDSource(endpoint: endpoint, clock: SystemClock())
    let store = record ? try StoreAccess.open() : nil
    var detector = MotionDetector(configuration: detector)
    var open: Gathering?
    var lastStatus = ""
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
          try say(
            .object([
              JSONMember("event", .string("session_start")),
              JSONMember("time", .string(start.iso8601)),
            ]), text: "\(Self.clock(start)) moving: session started")
        case .sessionFix(let fix):
          open?.fixes.append(fix)
        case .sessionEnded(let end):
          if let gathered = open { try finish(gathered, end: end, store: store) }
          open = nil
        }
      }
    }
    while !stop.isRaised {
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
      case .event, .idle:
        continue
      case .ended:
        break
      }
    }
    try handle(detector.finish())
    try say(.object([JSONMember("event", .string("auto_stop"))]), text: "Stopped.")
  }

  /// Keeps an ended session and says so.
  private func finish(_ gathered: Gathering, end: GNSSTime, store: SessionStore?) throws {
    let fixes = gathered.fixes.filter { ($0.time.map { $0 <= end }) ?? true }
    var estimator = ActivityGuess.SpeedEstimator()
    for fix in fixes { estimator.add(fix) }
    let chosen = activity ?? estimator.activity
    let configuration = configuration(chosen)
    var sessionRecord = SessionRecorder.record(fixes: fixes, configuration: configuration)
    sessionRecord.origin = .live
    sessionRecord.name = Self.name(start: gathered.start, activity: chosen)
    var id: Int64?
    if let store {
      do {
        id = try store.save(sessionRecord, configuration: configuration, source: "gpsd \(endpoint)")
      } catch {
        printError(
          "strider: error: \(error.description) (the session of \(gathered.start) is lost)")
      }
    }
    let summary = sessionRecord.summary
    var members: [JSONMember] = [
      JSONMember("event", .string("session_end")),
      JSONMember("start", .string(gathered.start.iso8601)),
      JSONMember("end", .string(end.iso8601)),
      JSONMember("activity", .string(chosen.rawValue)),
      JSONMember("name", .string(sessionRecord.name ?? "")),
      JSONMember("distance_m", .rounded(summary?.distance.value, 1)),
      JSONMember("moving_s", .rounded(summary?.moving.value, 1)),
      JSONMember("fixes", .int(fixes.count)),
      JSONMember("session", id.map { .int(Int($0)) } ?? .null),
    ]
    if id == nil { members.append(JSONMember("kept", .bool(false))) }
    let distance = String(format: "%.2f km", (summary?.distance.value ?? 0) / 1000)
    try say(
      .object(members),
      text: "\(Self.clock(end)) stopped: \(sessionRecord.name ?? chosen.rawValue), \(distance)"
        + (id.map { ", kept as session \($0)" } ?? ""))
  }

  private func say(_ json: JSONValue, text: String) throws {
    try HeadlessSession.writeLine(headless ? json.serialized : text)
  }

  /// "Walk 2024-05-06 07:32": a name a person recognises in the history.
  static func name(start: GNSSTime, activity: Activity) -> String {
    let c = start.civil
    let noun = activity.noun.prefix(1).uppercased() + activity.noun.dropFirst()
    return noun + " "
      + String(format: "%04d-%02d-%02d %02d:%02d", c.year, c.month, c.day, c.hour, c.minute)
  }

  static func clock(_ time: GNSSTime) -> String {
    let c = time.civil
    return String(format: "%02d:%02d:%02d", c.hour, c.minute, c.second)
  }
}
