import Foundation
import StriderConcurrency
import StriderCore
import StriderRender
import StriderStore

/// `lab policies`: the sampling policies' scores as a table, a panel and JSON.
public enum PolicyLabReport {
  /// What the scores are against, in a line.
  public static func reference(_ result: PolicyLab.Result) -> String {
    guard result.isAgainstTruth else {
      return "against the continuous receiver (moves and places as the detector finds them)"
    }
    let distance = result.truthDistance.map { String(format: ", %.2f km", $0.value / 1000) } ?? ""
    return "against the truth (the story's moves and places\(distance))"
  }

  /// The table's header and rows, as the plain table and the panel show them.
  public static func rows(_ result: PolicyLab.Result) -> (header: [String], rows: [[String]]) {
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

  public static func headline(_ result: PolicyLab.Result) -> String {
    "\(result.moves.count) moves, \(result.places.count) places, "
      + "\(HistoryTime.duration(result.elapsed)) of fixes"
  }

  public static func table(_ result: PolicyLab.Result) -> String {
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
  public static func panel(_ result: PolicyLab.Result, glyphs: Glyphs) -> PolicyTablePanel {
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

  public static func json(_ result: PolicyLab.Result) -> JSONValue {
    func span(_ s: PolicyLab.Span) -> JSONValue {
      var members = [
        JSONMember(JSONKey.startTime, .string(s.start.iso8601)),
        JSONMember(JSONKey.endTime, .string(s.end.iso8601)),
      ]
      if let c = s.coordinate {
        members.append(
          JSONMember(
            "place",
            .object([
              JSONMember(JSONKey.latitude, .rounded(c.latitude, 7)),
              JSONMember(JSONKey.longitude, .rounded(c.longitude, 7)),
            ])))
      }
      return .object(members)
    }
    return .object([
      JSONMember("reference", .string(result.isAgainstTruth ? "truth" : "continuous")),
      JSONMember("truth_distance_m", .rounded(result.truthDistance?.value, 1)),
      JSONMember("moves", .array(result.moves.map(span))),
      JSONMember("places", .array(result.places.map(span))),
      JSONMember(JSONKey.elapsed, .rounded(result.elapsed.value, 1)),
      JSONMember(
        "policies",
        .array(
          result.reports.map { r in
            .object([
              JSONMember("policy", .string(r.policy)),
              JSONMember("receiver_on_s", .rounded(r.receiverOn.value, 1)),
              JSONMember("receiver_on_share", .rounded(r.receiverShare, 4)),
              JSONMember("positions", .int(r.positions)),
              JSONMember(JSONKey.distance, .rounded(r.distance.value, 1)),
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

extension PolicyLabReport {
  /// `lab policies`: the day in `input` (a file, else the number of a stored session, read
  /// from `store`) through the region policy with these settings and the four others.
  public static func run(
    input: String, onFor: Seconds, radius: Meters, every: Seconds, story: String?,
    settings: UserSettings, store: () throws -> SessionStore
  ) throws -> PolicyLab.Result {
    let fixes = try fixes(input, store: store)
    guard fixes.contains(where: { $0.time != nil && $0.coordinate != nil }) else {
      throw CommandFailure("\(input): no timed fixes with a position, so no day to replay")
    }
    let policies: [any SamplingPolicy] = [
      ContinuousPolicy(), RegionPolicy(onFor: onFor, radius: radius),
      SignificantChangePolicy(), SpeedTriggeredPolicy(), BatchedPolicy(every: every),
    ]
    let truth = try story.map(LabStory.read)
    return PolicyLab.run(
      fixes: fixes, policies: policies, truth: truth, parallelism: Threads()
    ) { activity in settings.sessionConfiguration(activity: activity, raw: false) }
  }

  private static func fixes(_ input: String, store: () throws -> SessionStore) throws -> [Fix] {
    if !FileManager.default.fileExists(atPath: input), let id = Int64(input) {
      let store = try store()
      _ = try store.listing(id)  // an unknown session is an error, not an empty day
      return try store.fixes(of: id).map(\.fix)
    }
    do {
      return try RecordedTrack.load(input, activity: .run).fixes
    } catch {
      throw CommandFailure(error.description)
    }
  }
}
