import StriderCore

/// The JSON lines `--headless` prints: one object per event, each with an `event` key.
///
/// Events: `start`, `status`, `cue`, `pause`, `resume`, `split`, `signal_lost`,
/// `signal_regained`, `verdicts` (accepted and rejected counts every minute of fix time),
/// `restart`, `storage` (a recording's disk refused its writes: `state` `holding`, with the
/// fixes `held` in memory and the `reason`; then `written` when it took them again), with a workout `step` (a step's start and end) and `coach` (what the coach
/// says; see docs/workouts.md), `lap` (a lap press and the lap it closed), `figures` (the
/// live figures, with `--figures`), and last `summary` with the keys of `analyze --format json`.
public enum HeadlessEvents {
  public static func json(_ event: RunnerEvent, source: String) -> JSONValue? {
    switch event {
    case .status(let status):
      return object("status", [JSONMember("status", .string(status.word))] + status.details)
    case .restarted:
      return object("restart", [])
    case .storage(.holding(let held, let reason)):
      return object(
        "storage",
        [
          JSONMember("state", .string("holding")), JSONMember("held", .int(held)),
          JSONMember("reason", .string(reason)),
        ])
    case .storage(.written(let count)):
      return object(
        "storage", [JSONMember("state", .string("written")), JSONMember("written", .int(count))])
    case .verdicts(let time, let accepted, let rejected):
      var reasons: [JSONMember] = []
      for reason in RejectionReason.allCases where rejected[reason, default: 0] > 0 {
        reasons.append(JSONMember(reason.rawValue, .int(rejected[reason, default: 0])))
      }
      return object(
        "verdicts",
        [
          JSONMember("time", time.map { .string($0.iso8601) } ?? .null),
          JSONMember("accepted", .int(accepted)), JSONMember("rejected", .object(reasons)),
        ])
    case .session(let e):
      return sessionEvent(e, source: source)
    case .coach(let e):
      return coachEvent(e)
    case .lap(let lap, _):
      // `time` is the press (the lap's end); the figures are live ones.
      return object("lap", [JSONMember("time", .string(lap.end.iso8601))] + lap.jsonMembers)
    case .figures(let time, let figures, let isPaused):
      return object(
        "figures",
        [JSONMember("time", .string(time.iso8601))] + Self.members(figures, isPaused: isPaused))
    }
  }

  /// The live figures as the dashboard shows them: totals, current and average pace and
  /// speed (null while paused or before any distance), and the split under way, numbered as
  /// the dashboard numbers it.
  static func members(_ figures: MetricsSnapshot, isPaused: Bool) -> [JSONMember] {
    [
      JSONMember("paused", .bool(isPaused)),
      JSONMember(JSONKey.distance, .rounded(figures.distance.value, 2)),
      JSONMember(JSONKey.elapsed, .rounded(figures.elapsed.value, 3)),
      JSONMember(JSONKey.moving, .rounded(figures.moving.value, 3)),
      JSONMember(JSONKey.pace, .rounded(figures.currentPace?.value, 2)),
      JSONMember(JSONKey.averagePace, .rounded(figures.averagePace?.value, 2)),
      JSONMember(JSONKey.speed, .rounded(figures.currentSpeed?.value, 3)),
      JSONMember(JSONKey.averageSpeed, .rounded(figures.averageSpeed?.value, 3)),
      JSONMember(JSONKey.calories, .rounded(figures.calories.value, 1)),
      JSONMember(
        "split",
        .object([
          JSONMember("index", .int(figures.currentSplitNumber)),
          JSONMember(JSONKey.distance, .rounded(figures.currentSplitDistance.value, 2)),
          JSONMember(JSONKey.duration, .rounded(figures.currentSplitDuration.value, 3)),
          JSONMember(
            "start_m",
            .rounded(figures.distance.value - figures.currentSplitDistance.value, 2)),
        ])),
    ]
  }

  /// Appends the text of `json(event, source:)`, without its newline; false when the
  /// event prints nothing. The three events a long replay prints by the thousand (a
  /// verdict tally each minute, cues, splits: 34,000 for a million fixes) are written
  /// straight as bytes, the same bytes, without a `JSONValue` and its strings made first.
  public static func write(_ event: RunnerEvent, source: String, to out: inout [UInt8]) -> Bool {
    switch event {
    case .verdicts(let time, let accepted, let rejected):
      out.append(contentsOf: #"{"event":"verdicts","time":"#.utf8)
      if let time { quoted(time, to: &out) } else { out.append(contentsOf: "null".utf8) }
      out.append(contentsOf: #","accepted":"#.utf8)
      JSONValue.writeInteger(Int64(accepted), to: &out)
      out.append(contentsOf: #","rejected":{"#.utf8)
      var first = true
      for reason in RejectionReason.allCases {
        let count = rejected[reason, default: 0]
        guard count > 0 else { continue }
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        JSONValue.writeString(reason.rawValue, to: &out)
        out.append(UInt8(ascii: ":"))
        JSONValue.writeInteger(Int64(count), to: &out)
      }
      out.append(contentsOf: "}}".utf8)
    case .session(.cue(let cue)):
      out.append(contentsOf: #"{"event":"cue","time":"#.utf8)
      quoted(cue.time, to: &out)
      out.append(contentsOf: #","trigger":"#.utf8)
      JSONValue.writeString(cue.trigger.rawValue, to: &out)
      out.append(contentsOf: #","text":"#.utf8)
      JSONValue.writeString(cue.text, to: &out)
      out.append(UInt8(ascii: "}"))
    case .session(.split(let split)):
      out.append(contentsOf: #"{"event":"split","time":"#.utf8)
      quoted(split.endTime, to: &out)
      out.append(contentsOf: #","index":"#.utf8)
      JSONValue.writeInteger(Int64(split.index), to: &out)
      out.append(contentsOf: Names.distance)
      JSONValue.writeRounded(split.distance.value, 2, to: &out)
      out.append(contentsOf: Names.duration)
      JSONValue.writeRounded(split.duration.value, 3, to: &out)
      out.append(contentsOf: Names.pace)
      JSONValue.writeRounded(split.pace.value, 2, to: &out)
      out.append(UInt8(ascii: "}"))
    default:
      guard let json = json(event, source: source) else { return false }
      json.write(to: &out)
    }
    return true
  }

  /// A time as a JSON string: its text needs no escapes.
  private static func quoted(_ time: GNSSTime, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    time.writeISO8601(to: &out)
    out.append(UInt8(ascii: "\""))
  }

  private static func coachEvent(_ event: CoachEvent) -> JSONValue {
    switch event {
    case .stepStarted(let planned, let at):
      var members = [
        JSONMember("time", .string(at.iso8601)), JSONMember("phase", .string("start")),
      ]
      members += step(planned)
      switch planned.step.length {
      case .distance(let d): members.append(JSONMember("planned_distance_m", .rounded(d.value, 2)))
      case .time(let t): members.append(JSONMember("planned_duration_s", .rounded(t.value, 3)))
      case .open: members.append(JSONMember("open", .bool(true)))
      }
      return object("step", members)
    case .stepEnded(let result):
      return object(
        "step",
        [JSONMember("time", .string(result.time.iso8601)), JSONMember("phase", .string("end"))]
          + step(result.step) + [
            JSONMember(JSONKey.distance, .rounded(result.distance.value, 2)),
            JSONMember(JSONKey.duration, .rounded(result.duration.value, 3)),
            JSONMember(JSONKey.pace, result.pace.map { .rounded($0.value, 2) } ?? .null),
            JSONMember("ending", .string(result.ending.rawValue)),
          ])
    case .cue(let cue):
      return object(
        "coach",
        [
          JSONMember("time", .string(cue.time.iso8601)),
          JSONMember("kind", .string(cue.kind.rawValue)), JSONMember("step", .int(cue.step)),
          JSONMember("text", .string(cue.text)),
        ])
    }
  }

  /// The keys naming a step: its number in the plan, kind and spoken name.
  private static func step(_ planned: PlannedStep) -> [JSONMember] {
    [
      JSONMember("number", .int(planned.number)),
      JSONMember("kind", .string(planned.step.kind.rawValue)),
      JSONMember("name", .string(CueText.stepName(planned))),
    ]
  }

  /// The closing line: the summary with the keys of `analyze`.
  public static func summary(
    _ summary: SessionSummary, file: String?, format: String?
  ) -> JSONValue {
    var members: [JSONMember] = [JSONMember("event", .string("summary"))]
    members.append(JSONMember("file", file.map { .string($0) } ?? .null))
    members.append(JSONMember("format", format.map { .string($0) } ?? .null))
    return .object(members + summary.jsonMembers(live: true))
  }

  private static func sessionEvent(_ event: SessionEvent, source: String) -> JSONValue? {
    switch event {
    case .started(let point):
      return object(
        "start",
        [
          JSONMember("time", point.time.map { .string($0.iso8601) } ?? .null),
          JSONMember(JSONKey.latitude, .number(point.coordinate.latitude)),
          JSONMember(JSONKey.longitude, .number(point.coordinate.longitude)),
          JSONMember("source", .string(source)),
        ])
    case .cue(let cue):
      return object(
        "cue",
        [
          JSONMember("time", .string(cue.time.iso8601)),
          JSONMember("trigger", .string(cue.trigger.rawValue)),
          JSONMember("text", .string(cue.text)),
        ])
    case .paused(let at, let since):
      return object(
        "pause",
        [JSONMember("time", .string(at.iso8601)), JSONMember("since", .string(since.iso8601))])
    case .resumed(let at):
      return object("resume", [JSONMember("time", .string(at.iso8601))])
    case .split(let split):
      return object(
        "split",
        [
          JSONMember("time", .string(split.endTime.iso8601)),
          JSONMember("index", .int(split.index)),
          JSONMember(JSONKey.distance, .rounded(split.distance.value, 2)),
          JSONMember(JSONKey.duration, .rounded(split.duration.value, 3)),
          JSONMember(JSONKey.pace, .rounded(split.shownPace?.value, 2)),
        ])
    case .signalLost(let at):
      return object("signal_lost", [JSONMember("time", .string(at.iso8601))])
    case .signalRegained(let at):
      return object("signal_regained", [JSONMember("time", .string(at.iso8601))])
    case .judged, .point:
      return nil
    }
  }

  private static func object(_ name: String, _ members: [JSONMember]) -> JSONValue {
    .object([JSONMember("event", .string(name))] + members)
  }
}

extension SourceStatus {
  /// One word for the status: `connecting`, `no_fix`, `2d`, `3d`, `disconnected`, `silent`,
  /// `finished`.
  public var word: String {
    switch self {
    case .connecting: "connecting"
    case .connectedNoFix: "no_fix"
    case .fix2D: "2d"
    case .fix3D: "3d"
    case .disconnected: "disconnected"
    case .silent: "silent"
    case .finished: "finished"
    }
  }

  var details: [JSONMember] {
    switch self {
    case .connecting(let target): [JSONMember("target", .string(target))]
    case .connectedNoFix(let device), .silent(let device): [JSONMember("device", .string(device))]
    case .disconnected(let reason, let retry):
      [JSONMember("reason", .string(reason)), JSONMember("retry_in_s", .rounded(retry, 2))]
    default: []
    }
  }
}

/// The shared figures' names the split line writes, as bytes made once.
private enum Names {
  static let distance = JSONValue.nextName(JSONKey.distance)
  static let duration = JSONValue.nextName(JSONKey.duration)
  static let pace = JSONValue.nextName(JSONKey.pace)
}
