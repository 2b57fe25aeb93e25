import ArgumentParser
import Foundation
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
            open?.recording = try storeCall { () throws(StoreError) in
              try store.startRecording(
                name: Self.name(start: start, activity: provisional), origin: .live,
                configuration: configuration(provisional), source: "gpsd \(endpoint)")
            }
          }
          try say(
            .object([
              JSONMember("event", .string("session_start")),
              JSONMember("time", .string(start.iso8601)),
            ]), text: "\(Self.clock(start)) moving: session started")
        case .sessionFix(let fix):
          open?.count += 1
          open?.speeds.add(fix)
          if let recording = open?.recording {
            try storeCall { () throws(StoreError) in try recording.append(fix) }
          } else {
            open?.fixes.append(fix)
          }
        case .sessionEnded(let end):
          if let gathered = open { try finish(gathered, end: end) }
          open = nil
        }
      }
    }
    polling: while !stop.isRaised {
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
      case .idle:
        if let recording = open?.recording {
          try storeCall { () throws(StoreError) in try recording.flushIfDue() }
        }
      case .event:
        continue
      case .ended:
        break polling
      }
    }
    try handle(detector.finish())
    try say(.object([JSONMember("event", .string("auto_stop"))]), text: "Stopped.")
  }

  /// Finishes an ended session with its guessed activity and name, and says so.
  private func finish(_ gathered: Gathering, end: GNSSTime) throws {
    let chosen = activity ?? gathered.speeds.guess.activity
    let configuration = configuration(chosen)
    let name = Self.name(start: gathered.start, activity: chosen)
    let summary: SessionSummary?
    var id: Int64?
    if let recording = gathered.recording {
      let record = try storeCall { () throws(StoreError) in
        try recording.relabel(name: name, configuration: configuration)
        return try recording.finish()
      }
      summary = record.summary
      id = recording.id
    } else {
      summary =
        SessionRecorder.record(fixes: gathered.fixes, configuration: configuration)
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
    if id == nil { members.append(JSONMember("kept", .bool(false))) }
    let distance = String(format: "%.2f km", (summary?.distance.value ?? 0) / 1000)
    try say(
      .object(members),
      text: "\(Self.clock(end)) stopped: \(name), \(distance)"
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
