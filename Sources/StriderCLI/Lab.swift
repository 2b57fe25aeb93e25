import ArgumentParser
import Foundation
import StriderCore
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
      continuous, moves and places missed, and the largest time without a position. \
      A simulated day to try: strider simulate --day --compressed -o day.gpx.
      """)

  @Argument(help: "A file (GPX, TCX, FIT, NMEA, gpsd JSON) or a session number.")
  var input: String

  @Option(parsing: .unconditional, help: "Seconds the region policy keeps the receiver on.")
  var onFor: Double = 60

  @Option(parsing: .unconditional, help: "Metres of the region policy's circle.")
  var radius: Double = 100

  @Option(parsing: .unconditional, help: "Minutes between the batched policy's wakes.")
  var every: Double = 5

  enum Format: String, ExpressibleByArgument, CaseIterable { case table, json }

  @Option(help: "table, or json (one object: moves, places, elapsed_s, policies).")
  var format: Format = .table

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
      printError("strider: error: \(input): no timed fixes with a position, so no day to replay")
      throw ExitCode(1)
    }
    let policies: [any SamplingPolicy] = [
      ContinuousPolicy(), RegionPolicy(onFor: Seconds(onFor), radius: Meters(radius)),
      SignificantChangePolicy(), SpeedTriggeredPolicy(), BatchedPolicy(every: Seconds(every * 60)),
    ]
    let settings = try ConfigFile.settings()
    let result = PolicyLab.run(fixes: fixes, policies: policies) { activity in
      var configuration = SessionConfiguration(
        activity: activity, weight: Kilograms(settings.weight), units: settings.units,
        elevation: settings.elevation)
      settings.apply(to: &configuration)
      return configuration
    }
    switch format {
    case .json: try Output.standard(Self.json(result).serialized + "\n")
    case .table: try Output.standard(Self.table(result))
    }
  }

  private func load() throws -> [Fix] {
    if !FileManager.default.fileExists(atPath: input), let id = Int64(input) {
      let store = try StoreAccess.open()
      return try storeCall { () throws(StoreError) in
        _ = try store.listing(id)  // an unknown session is an error, not an empty day
        return try store.fixes(of: id)
      }.map(\.fix)
    }
    do {
      return try RecordedTrack.load(input, activity: .run).fixes
    } catch {
      printError("strider: error: \(error.description)")
      throw ExitCode(1)
    }
  }

  static func table(_ result: PolicyLab.Result) -> String {
    var out =
      "\(result.moves.count) moves, \(result.places.count) places, "
      + "\(HistoryTime.duration(result.elapsed)) of fixes\n\n"
    let header = [
      "policy", "receiver on", "", "positions", "distance", "error", "moves missed",
      "places missed", "largest gap",
    ]
    var rows: [[String]] = [header]
    for r in result.reports {
      rows.append([
        r.policy, HistoryTime.duration(r.receiverOn),
        String(format: "%.1f %%", r.receiverShare * 100), String(r.positions),
        String(format: "%.2f km", r.distance.value / 1000),
        r.distanceError.map { String(format: "%+.1f %%", $0 * 100) } ?? "-",
        "\(r.movesMissed)/\(result.moves.count)", "\(r.placesMissed)/\(result.places.count)",
        HistoryTime.duration(r.largestGap),
      ])
    }
    let widths = header.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    for row in rows {
      let cells = row.enumerated().map { c, cell in
        c == 0
          ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[c] - cell.count) + cell
      }
      out += cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
    }
    return out
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
              JSONMember("places_missed", .int(r.placesMissed)),
              JSONMember("largest_gap_s", .rounded(r.largestGap.value, 1)),
            ])
          })),
    ])
  }
}
