import Foundation
import StriderTestSupport
import Testing

/// Issue 13, "one session, one distance": an imported GPX with every fault, then every way
/// of reading the session back — the summary, `sessions show`'s stops and moves, the GPX
/// exports, the TCX lap and last trackpoint, the CSV, the JSON and `replay ID --headless` —
/// gives one distance within 0.1 %, and the finished figures stay within 1 % of the live
/// ones and say where they differ.
///
/// Seed 1, a 6 km run (true distance 5992.8 m), measured with `analyze --no-filter` for the
/// GPX files:
///
/// | figure                              | before (main a27544f) | after     |
/// |-------------------------------------|-----------------------|-----------|
/// | summary, `replay 1` summary         | 5974.35 m             | 5982.97 m |
/// | `sessions show` stops and moves     | 5.99 km (5991.65 m)   | 5.98 km   |
/// | GPX `--points track`                | 6035.40 m             | 5982.97 m |
/// | GPX default                         | 815510.22 m (raw)     | 5982.97 m |
/// | TCX lap / last trackpoint           | 5974.35 / 815510.22 m | 5982.97 / 5982.97 m |
/// | CSV last `distance_m`               | (no such column)      | 5982.97 m |
/// | JSON moves / finished track         | 5991.65 m / -         | 5983.0 / 5982.97 m |
/// | live pauses / summary pauses        | 7 / 5, unexplained    | 7 / 5, two "trimmed_away" |
/// | live distance, finished change      | not reported          | 5997.25 m, -0.24 % |
///
/// `--points raw` and `accepted` stay the fixes as received (815510 m and 7656 m summed) and
/// say so in their `<desc>`; `--points display` is the finished track reduced for drawing
/// (5972.71 m, -0.17 %).
@Suite(.offCooperativePool) struct OneSessionOneDistanceTests {
  static func json(_ text: String) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
  }

  /// The length of a GPX or TCX file point to point, as `analyze --no-filter` sums it.
  static func length(_ path: String, environment: [String: String]) throws -> Double {
    let result = InProcess.run(
      ["analyze", "--no-filter", "--format", "json", path], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(json(result.stdout)?["distance_m"] as? Double)
  }

  @Test func theFourDistancesSessionHasOneDistance() throws {
    let dir = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let env = StriderBinary.isolatedEnvironment()
    func run(_ arguments: [String]) throws -> StriderBinary.Result {
      let result = InProcess.run(arguments, environment: env)
      #expect(result.status == 0, "strider \(arguments.joined(separator: " ")): \(result.stderr)")
      return result
    }
    func file(_ name: String) -> String { dir.appendingPathComponent(name).path }
    _ = try run([
      "simulate", "--activity", "run", "--seed", "1", "--faults", "all", "-o", file("run.gpx"),
    ])
    _ = try run(["sessions", "import", file("run.gpx")])

    // The summary, and what a replay of the session ends with.
    let replay = try run(["replay", "1", "--headless", "--speed", "max"])
    let events = replay.stdout.split(separator: "\n").compactMap { Self.json(String($0)) }
    let summary = try #require(events.last)
    #expect(summary["event"] as? String == "summary")
    let distance = try #require(summary["distance_m"] as? Double)
    var figures: [(String, Double)] = [("replay 1 summary", distance)]

    // sessions show: the distance row and the stops and moves.
    let show = try run(["sessions", "show", "1"]).stdout
    let moves = show.components(separatedBy: "stops and moves\n").last ?? ""
    let moveKilometres = moves.split(separator: "\n").compactMap { line -> Double? in
      guard let km = line.split(separator: ",").last?.split(separator: " ").first else {
        return nil
      }
      return Double(km)
    }
    #expect(!moveKilometres.isEmpty, "\(show)")
    let shown = moveKilometres.reduce(0, +) * 1000
    #expect(abs(shown - distance) <= 5, "stops and moves \(shown) m (two decimals of a km)")

    // Exports.
    _ = try run(["sessions", "export", "1", "--format", "gpx", "-o", file("default.gpx")])
    _ = try run([
      "sessions", "export", "1", "--format", "gpx", "--points", "track", "-o", file("track.gpx"),
    ])
    _ = try run([
      "sessions", "export", "1", "--format", "gpx", "--points", "raw", "-o", file("raw.gpx"),
    ])
    _ = try run(["sessions", "export", "1", "--format", "tcx", "-o", file("run.tcx")])
    _ = try run(["sessions", "export", "1", "--format", "csv", "-o", file("run.csv")])
    _ = try run(["sessions", "export", "1", "--format", "json", "-o", file("run.json")])
    figures.append(("GPX default", try Self.length(file("default.gpx"), environment: env)))
    figures.append(("GPX --points track", try Self.length(file("track.gpx"), environment: env)))
    figures.append(("TCX track", try Self.length(file("run.tcx"), environment: env)))

    let tcx = try String(contentsOfFile: file("run.tcx"), encoding: .utf8)
    let tcxDistances = tcx.components(separatedBy: "<DistanceMeters>").dropFirst().compactMap {
      Double($0.prefix { $0 != "<" })
    }
    figures.append(("TCX lap", try #require(tcxDistances.first)))
    figures.append(("TCX last trackpoint", try #require(tcxDistances.last)))

    let csv = try String(contentsOfFile: file("run.csv"), encoding: .utf8)
    let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(rows.first?.hasSuffix(",distance_m") == true)
    figures.append(
      ("CSV last distance_m", Double(rows.last?.split(separator: ",").last ?? "") ?? 0))

    let export = try #require(
      Self.json(try String(contentsOfFile: file("run.json"), encoding: .utf8)))
    let exportSummary = try #require(export["summary"] as? [String: Any])
    figures.append(("JSON summary", try #require(exportSummary["distance_m"] as? Double)))
    let segments = try #require(export["segments"] as? [[String: Any]])
    figures.append(
      (
        "JSON moves",
        segments.filter { $0["type"] as? String == "move" }.compactMap {
          $0["distance_m"] as? Double
        }.reduce(0, +)
      ))
    let track = try #require(export["track"] as? [[String: Any]])
    figures.append(("JSON track", try #require(track.last?["distance_m"] as? Double)))

    for (what, value) in figures {
      print("one distance: \(what) \(value) m")
      #expect(
        abs(value - distance) <= 0.001 * distance,
        "\(what): \(value) m against the summary's \(distance) m")
    }

    // The raw fixes are not the session, and say so.
    let raw = try String(contentsOfFile: file("raw.gpx"), encoding: .utf8)
    #expect(raw.contains("<desc>The fixes as the receiver gave them (raw)"))

    // Live against finished: within 1 %, and every difference explained.
    let live = try #require(summary["live"] as? [String: Any])
    let liveDistance = try #require(live["distance_m"] as? Double)
    print("one distance: live \(liveDistance) m, finished \(distance) m")
    #expect(abs(distance - liveDistance) <= 0.01 * liveDistance)
    let announced = events.filter { $0["event"] as? String == "pause" }.count
    #expect(live["pauses"] as? Int == announced, "every pause announced live is accounted for")
    let pauses = try #require(summary["pauses"] as? [[String: Any]])
    let kept = pauses.filter { $0["announced_live"] as? Bool == true }.count
    let dropped = try #require(live["pauses_not_kept"] as? [[String: Any]])
    #expect(dropped.allSatisfy { ($0["reason"] as? String)?.isEmpty == false })
    #expect(dropped.count <= announced)
    #expect((announced > dropped.count) == (kept > 0), "the live pauses kept are marked so")
    let liveSplits = events.filter { $0["event"] as? String == "split" }
    for split in try #require(summary["splits"] as? [[String: Any]]) {
      guard let index = split["index"] as? Int,
        let announcedSplit = liveSplits.first(where: { $0["index"] as? Int == index }),
        let liveDuration = announcedSplit["duration_s"] as? Double,
        let duration = split["duration_s"] as? Double
      else { continue }
      if abs(liveDuration - duration) >= 1 {
        #expect(split["note"] as? String != nil, "split \(index) moved without a reason")
        #expect(show.contains("split \(index) "), "sessions show says why split \(index) moved")
      }
    }
  }
}
