import Foundation
import StriderTestSupport
import Testing

/// Heart-rate zones run in process: a FIT ride with a heart-rate strap imported into
/// an empty history, its zones in `sessions show` and the totals of `stats`, with the
/// maximum from the year's sessions and then from the profile.
@Suite(.offCooperativePool) struct HeartRateEndToEndTests {
  static let ride = "fit/fp-garmin-edge-500-activity.fit"

  /// "1:31:19" or "35:33" in seconds.
  static func seconds(_ clock: Substring) -> Double? {
    let parts = clock.split(separator: ":").map { Double($0) }
    guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
    return parts.reduce(0) { $0 * 60 + ($1 ?? 0) }
  }

  /// The zone lines of `sessions show`: each zone's time and share.
  static func zoneLines(_ text: String) -> [(time: Double, share: Double)] {
    text.split(separator: "\n").filter { $0.hasPrefix("  zone ") }.compactMap { line in
      let cells = line.split(separator: " ", omittingEmptySubsequences: true)
      // zone, N, P%, RANGE, bpm, TIME, SHARE, %
      guard cells.count == 8, let time = seconds(cells[5]), let share = Double(cells[6]) else {
        return nil
      }
      return (time, share)
    }
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func zonesOfAnImportedRide() throws {
    let file = try #require(SharedData.file(Self.ride))
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("config")
    let environment = StriderBinary.isolatedEnvironment([
      "STRIDER_HOME": directory.appendingPathComponent("home").path, "TZ": "UTC",
      "XDG_CONFIG_HOME": config.path,
    ])
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
      throws -> String
    {
      let result = InProcess.run(arguments, environment: environment)
      #expect(
        result.status == 0 && !result.crashed, "\(arguments): \(result.stderr)",
        sourceLocation: sourceLocation)
      return result.stdout
    }
    _ = try succeed(["sessions", "import", file.path])

    // The ride is from 2011: more than a year ago, so no maximum is known today.
    let bare = try succeed(["sessions", "show", "1"])
    #expect(bare.contains("heart-rate zones: no maximum heart rate: set profile.max_heart_rate"))
    #expect(Self.zoneLines(bare).isEmpty)

    // At the end of 2011 the ride is the year's: its highest heart rate is the maximum.
    let json = try succeed(["stats", "--year", "--as-of", "2011-12-31", "--format", "json"])
    let stats = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let zones = try #require(stats["heart_rate_zones"] as? [String: Any])
    #expect(zones["max_source"] as? String == "highest_last_year")
    #expect(zones["max_bpm"] as? Double == 189, "the ride's highest heart rate")
    #expect(zones["zone_percents"] as? [Double] == [50, 60, 70, 80, 90])
    let periods = try #require(stats["periods"] as? [[String: Any]])
    let year = try #require(periods.first)
    let inZone = try #require(year["time_in_zone_s"] as? [Double])
    let below = try #require(year["time_below_zones_s"] as? Double)
    let elapsed = try #require(year["elapsed_s"] as? Double)
    #expect(inZone.count == 5)
    let withRate = inZone.reduce(below, +)
    // The strap's readings cover most of the ride (pauses and gaps over 10 s left out).
    #expect(withRate > 0.8 * elapsed && withRate <= elapsed, "\(withRate) of \(elapsed) s")
    let text = try succeed(["stats", "--year", "--as-of", "2011-12-31"])
    #expect(text.contains("time in heart-rate zones, max HR 189 (highest in the last year)"))

    // A maximum in the profile: `sessions show` and `stats` put the same time in each zone,
    // one computed from the fixes, the other summed in SQL from the stored time per rate.
    try FileManager.default.createDirectory(
      at: config.appendingPathComponent("strider"), withIntermediateDirectories: true)
    try "[profile]\nmax_heart_rate = 200\n".write(
      to: config.appendingPathComponent("strider/config.toml"), atomically: true,
      encoding: .utf8)
    let shown = try succeed(["sessions", "show", "1"])
    #expect(shown.contains("heart-rate zones (max HR 200 (profile.max_heart_rate))"))
    #expect(shown.contains("  zone 1  50%  100-119 bpm"), "\(shown)")
    let lines = Self.zoneLines(shown)
    #expect(lines.count == 5)
    let shares = lines.reduce(0) { $0 + $1.share }
    #expect(abs(shares - 100) <= 3, "shares add up to 100 % give or take rounding: \(shares)")
    let profiled = try succeed(["stats", "--year", "--as-of", "2011-12-31", "--format", "json"])
    let again = try #require(
      try JSONSerialization.jsonObject(with: Data(profiled.utf8)) as? [String: Any])
    #expect((again["heart_rate_zones"] as? [String: Any])?["max_source"] as? String == "profile")
    let summed = try #require(
      ((again["periods"] as? [[String: Any]])?.first?["time_in_zone_s"]) as? [Double])
    for (k, line) in lines.enumerated() {
      #expect(abs(line.time - summed[k]) <= 1, "zone \(k + 1): \(line.time) and \(summed[k]) s")
    }
    // The JSON export says the same, with or without a privacy radius (heart rate is not a
    // position: the time near the ends counts).
    for extra in [[], ["--privacy-radius", "100"]] {
      let export = try succeed(["sessions", "export", "1", "--format", "json"] + extra)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])
      let heartRate = try #require(object["heart_rate"] as? [String: Any], "\(extra)")
      #expect(heartRate["max_bpm"] as? Double == 200)
      #expect(heartRate["highest_bpm"] as? Double == 189)
      let exported = try #require((heartRate["zones"] as? [String: Any])?["time_s"] as? [Double])
      #expect(exported == summed, "\(extra)")
    }
    let csv = try succeed(["stats", "--year", "--as-of", "2011-12-31", "--format", "csv"])
    #expect(csv.hasPrefix("row,start,activity,sessions,distance_m,moving_s,elapsed_s,"))
    #expect(csv.split(separator: "\n").first?.hasSuffix("zone4_s,zone5_s") == true)
  }

  /// A session without a heart rate shows no zones block and no hint.
  @Test func aSessionWithoutHeartRateShowsNoZones() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = StriderBinary.isolatedEnvironment([
      "STRIDER_HOME": directory.appendingPathComponent("home").path
    ])
    let gpx = InProcess.run(
      ["simulate", "--activity", "run", "--seed", "3", "--faults", "none"],
      environment: environment)
    let path = directory.appendingPathComponent("run.gpx").path
    try gpx.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    let imported = InProcess.run(["sessions", "import", path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(shown.status == 0)
    #expect(shown.stdout.contains("distance"))
    #expect(!shown.stdout.contains("heart-rate zones"))
    let export = InProcess.run(
      ["sessions", "export", "1", "--format", "json"], environment: environment)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
    #expect(object["heart_rate"] is NSNull, "no heart rate: null")
  }
}
