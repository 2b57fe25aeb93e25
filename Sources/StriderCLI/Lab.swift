import ArgumentParser
import Foundation
import StriderApp
import StriderConcurrency
import StriderCore
import StriderRender
import StriderStore

/// `strider lab`: experiments on recorded days.
struct Lab: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lab",
    abstract: "Experiments on recorded or simulated days.",
    subcommands: [LabPolicies.self])
}

/// `strider lab policies FILE|SESSION`: what battery-saving sampling policies cost and miss.
struct LabPolicies: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "policies",
    abstract: "Replay a day through sampling policies: receiver-on time, distance, misses.",
    discussion: """
      Each policy decides epoch by epoch whether the precise receiver is on: continuous \
      1 Hz; precise for --on-for seconds then off until the user leaves a --radius region; \
      significant change (a cheap position every 500 m); speed-triggered (precise while \
      moving, a probe fix every 30 s otherwise); batched (woken every --every minutes for \
      10 s). The day's moves and places come from the motion detector on every fix; each \
      policy is scored against them: receiver-on time (the battery's proxy), positions, \
      the moves' distance from its positions through the engine and its error against \
      continuous, moves and places missed, moves invented (found in the policy's positions \
      where the reference has none), and the largest time without a position. With \
      --story (the truth `strider simulate --day --story` writes) the policies are scored \
      against the true moves and places and the true distance instead. A simulated day to \
      try: strider simulate --day --compressed -o day.gpx --story day.json.
      """)

  @Argument(
    help: "A file (GPX, TCX, FIT, NMEA, gpsd JSON) or a session number.", completion: .file())
  var input: String

  @Option(parsing: .unconditional, help: "Seconds the region policy keeps the receiver on.")
  var onFor: Double = 60

  @Option(parsing: .unconditional, help: "Metres of the region policy's circle.")
  var radius: Double = 100

  @Option(parsing: .unconditional, help: "Minutes between the batched policy's wakes.")
  var every: Double = 5

  @Option(
    help: ArgumentHelp(
      "The day's truth as `strider simulate --day --story` writes it: score against it.",
      valueName: "story.json"), completion: .file(extensions: ["json"]))
  var story: String?

  enum Format: String, ExpressibleByArgument, CaseIterable { case panel, table, json }

  @Option(
    help: ArgumentHelp(
      "panel (the table in a box with receiver-on bars), table, or json (one object: "
        + "reference, moves, places, elapsed_s, policies). Default: panel when standard "
        + "output is a terminal, else table."))
  var format: Format?

  func validate() throws {
    guard onFor.isFinite, (1...3600).contains(onFor) else {
      throw ValidationError("--on-for \(onFor) is out of range: give seconds from 1 to 3600")
    }
    guard radius.isFinite, (10...10_000).contains(radius) else {
      throw ValidationError("--radius \(radius) is out of range: give metres from 10 to 10000")
    }
    guard every.isFinite, (1...240).contains(every) else {
      throw ValidationError("--every \(every) is out of range: give minutes from 1 to 240")
    }
  }

  mutating func run() throws {
    let fixes = try load()
    guard fixes.contains(where: { $0.time != nil && $0.coordinate != nil }) else {
      throw CommandFailure("\(input): no timed fixes with a position, so no day to replay")
    }
    let policies: [any SamplingPolicy] = [
      ContinuousPolicy(), RegionPolicy(onFor: Seconds(onFor), radius: Meters(radius)),
      SignificantChangePolicy(), SpeedTriggeredPolicy(), BatchedPolicy(every: Seconds(every * 60)),
    ]
    let settings = try ConfigFile.settings()
    let truth = try story.map(LabStory.read)
    let result = PolicyLab.run(
      fixes: fixes, policies: policies, truth: truth, parallelism: Threads()
    ) { activity in
      var configuration = SessionConfiguration(
        activity: activity, weight: Kilograms(settings.weight), units: settings.units,
        elevation: settings.elevation)
      settings.apply(to: &configuration)
      return configuration
    }
    switch format ?? (TerminalPanel.isAvailable ? .panel : .table) {
    case .json: try Output.standard(Self.json(result).serialized + "\n")
    case .table: try Output.standard(Self.table(result))
    case .panel:
      let panel = Self.panel(result, glyphs: TerminalPanel.glyphs)
      try Output.standard(
        TerminalPanel.render(
          width: TerminalPanel.width, height: panel.preferredHeight, glyphs: panel.glyphs,
          colour: TerminalPanel.colour, panel.draw))
    }
  }

  private func load() throws -> [Fix] {
    if !FileManager.default.fileExists(atPath: input), let id = Int64(input) {
      let store = try StoreAccess.open()
      _ = try store.listing(id)  // an unknown session is an error, not an empty day
      return try store.fixes(of: id).map(\.fix)
    }
    do {
      return try RecordedTrack.load(input, activity: .run).fixes
    } catch {
      throw CommandFailure(error.description)
    }
  }

  /// What the scores are against, in a line.
  static func reference(_ result: PolicyLab.Result) -> String {
    guard result.isAgainstTruth else {
      return "against the continuous receiver (moves and places as the detector finds them)"
    }
    let distance = result.truthDistance.map { String(format: ", %.2f km", $0.value / 1000) } ?? ""
    return "against the truth (the story's moves and places\(distance))"
  }

  /// The table's header and rows, as the plain table and the panel show them.
  static func rows(_ result: PolicyLab.Result) -> (header: [String], rows: [[String]]) {
    let header = [
      "policy", "receiver on", "", "positions", "distance", "error", "moves missed",
      "invented", "places missed", "largest gap",
    ]
    let rows = result.reports.map { r in
      [
        r.policy, HistoryTime.duration(r.receiverOn),
        String(format: "%.1f %%", r.receiverShare * 100), String(r.positions),
        String(format: "%.2f km", r.distance.value / 1000),
        r.distanceError.map { String(format: "%+.1f %%", $0 * 100) } ?? "-",
        "\(r.movesMissed)/\(result.moves.count)", String(r.movesInvented),
        "\(r.placesMissed)/\(result.places.count)", HistoryTime.duration(r.largestGap),
      ]
    }
    return (header, rows)
  }

  static func headline(_ result: PolicyLab.Result) -> String {
    "\(result.moves.count) moves, \(result.places.count) places, "
      + "\(HistoryTime.duration(result.elapsed)) of fixes"
  }

  static func table(_ result: PolicyLab.Result) -> String {
    var out = headline(result) + ", " + reference(result) + "\n\n"
    let (header, body) = rows(result)
    let all = [header] + body
    let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
    for row in all {
      let cells = row.enumerated().map { c, cell in
        c == 0
          ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[c] - cell.count) + cell
      }
      out += cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
    }
    return out
  }

  /// The table as a panel: the share column becomes the bar beside each policy's name.
  static func panel(_ result: PolicyLab.Result, glyphs: Glyphs) -> PolicyTablePanel {
    let (header, body) = rows(result)
    let shareColumn = 2
    func dropShare(_ row: [String]) -> [String] {
      row.enumerated().filter { $0.offset != shareColumn }.map(\.element)
    }
    return PolicyTablePanel(
      title: "Sampling policies\(glyphs.separator)" + headline(result),
      header: dropShare(header), rows: body.map(dropShare),
      shares: result.reports.map(\.receiverShare),
      notes: ["Scored " + reference(result) + "."], glyphs: glyphs)
  }

  static func json(_ result: PolicyLab.Result) -> JSONValue {
    func span(_ s: PolicyLab.Span) -> JSONValue {
      var members = [
        JSONMember("start_time", .string(s.start.iso8601)),
        JSONMember("end_time", .string(s.end.iso8601)),
      ]
      if let c = s.coordinate {
        members.append(
          JSONMember(
            "place",
            .object([
              JSONMember("lat", .rounded(c.latitude, 7)),
              JSONMember("lon", .rounded(c.longitude, 7)),
            ])))
      }
      return .object(members)
    }
    return .object([
      JSONMember("reference", .string(result.isAgainstTruth ? "truth" : "continuous")),
      JSONMember("truth_distance_m", .rounded(result.truthDistance?.value, 1)),
      JSONMember("moves", .array(result.moves.map(span))),
      JSONMember("places", .array(result.places.map(span))),
      JSONMember("elapsed_s", .rounded(result.elapsed.value, 1)),
      JSONMember(
        "policies",
        .array(
          result.reports.map { r in
            .object([
              JSONMember("policy", .string(r.policy)),
              JSONMember("receiver_on_s", .rounded(r.receiverOn.value, 1)),
              JSONMember("receiver_on_share", .rounded(r.receiverShare, 4)),
              JSONMember("positions", .int(r.positions)),
              JSONMember("distance_m", .rounded(r.distance.value, 1)),
              JSONMember("distance_error", .rounded(r.distanceError, 4)),
              JSONMember("moves_missed", .int(r.movesMissed)),
              JSONMember("moves_invented", .int(r.movesInvented)),
              JSONMember("places_missed", .int(r.placesMissed)),
              JSONMember("largest_gap_s", .rounded(r.largestGap.value, 1)),
            ])
          })),
    ])
  }
}
