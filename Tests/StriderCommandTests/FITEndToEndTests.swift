import Foundation
import StriderTestSupport
import Testing

/// FIT files run in process: `analyze` and `sessions import` take them like any
/// other format, by content or by extension.
@Suite(.offCooperativePool) struct FITEndToEndTests {
  static func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func analyzeReadsAFITRide() throws {
    let file = try #require(SharedData.file("fit/gb-edge800.fit"))
    let result = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.crashed)
    let report = try Self.json(result.stdout)
    #expect(report["format"] as? String == "fit")
    #expect(report["activity"] as? String == "ride", "the session's sport is declared")
    #expect(report["points_in"] as? Int == 1286)
    #expect(report["fixes_with_position"] as? Int == 1286)
    let reader = try #require(report["reader"] as? [String: Any])
    #expect(reader["records"] as? Int == 1286 && reader["sessions"] as? Int == 1)
  }

  /// The device's own totals beside Strider's: a FIT file's sessions (every part of a
  /// multisport file added up) and a TCX file's laps, with the gap, as fitdecode and gpxpy
  /// read them (`reference-fit.json`, `reference-gpxpy.json`).
  @Test(
    .enabled(if: SharedData.isPresent, SharedData.absent),
    arguments: [
      ("fit/fp-2013-02-06-12-11-14.fit", 4835.38, 2625.1, "sessions", 1),
      ("fit/fp-sample_mulitple_header.fit", 52533.68, nil, "sessions", 5),
      ("tcx/gc-10k.tcx", 10010.8, nil, "laps", 11),
    ] as [(String, Double, Double?, String, Int)])
  func analyzePrintsTheDevicesTotalsBesideStriders(
    name: String, distance: Double, timer: Double?, parts: String, count: Int
  ) throws {
    let file = try #require(SharedData.file(name))
    let result = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try Self.json(result.stdout)
    let device = try #require(report["device"] as? [String: Any])
    let deviceDistance = try #require(device["distance_m"] as? Double)
    #expect(abs(deviceDistance - distance) < 0.06)
    if let timer { #expect(device["timer_s"] as? Double == timer) }
    #expect(device[parts] as? Int == count)
    let strider = try #require(report["distance_m"] as? Double)
    let gap = try #require(device["distance_gap_pct"] as? Double)
    #expect(abs(gap - 100 * (strider - deviceDistance) / deviceDistance) < 0.01)

    let text = InProcess.run(["analyze", file.path])
    let row = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("device") })
    #expect(row.contains("(\(count) \(count == 1 ? String(parts.dropLast()) : parts))"))
    #expect(row.contains("Strider") && (row.contains("shorter") || row.contains("longer")))
  }

  /// A ride whose wheel sensor counted 3.42 km before the receiver's first fix: `analyze`
  /// says so and compares Strider's distance with the rest (3.8 % short against the whole,
  /// which no track can hold); `sessions show` of the import says the same.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func distanceCountedWithoutAPositionIsLeftOutOfTheGap() throws {
    let file = try #require(SharedData.file("fit/fp-sample-activity.fit"))
    let result = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try Self.json(result.stdout)
    let device = try #require(report["device"] as? [String: Any])
    let outside = try #require(device["unpositioned_distance_m"] as? Double)
    #expect(abs(outside - 3421.52) < 0.01)
    let strider = try #require(report["distance_m"] as? Double)
    let gap = try #require(device["distance_gap_pct"] as? Double)
    #expect(abs(gap - 100 * (strider - (88797.21 - outside)) / (88797.21 - outside)) < 0.01)
    #expect(abs(gap) < 1, "\(gap) %")
    let text = InProcess.run(["analyze", file.path])
    let row = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("device") })
    #expect(row.contains("3.42 km of it without a position"), "\(row)")

    let home = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": home.path]
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(shown.stdout.contains("3.42 km of it without a position"), "\(shown.stdout)")
  }

  /// A triathlon's five sessions are reported one by one, each measured with its own
  /// activity, beside the device's figures; the whole file stays the summary.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aMultisportFileIsReportedLegByLeg() throws {
    let file = try #require(SharedData.file("fit/fp-sample_mulitple_header.fit"))
    let result = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try Self.json(result.stdout)
    let legs = try #require(report["legs"] as? [[String: Any]])
    #expect(
      legs.map { $0["sport"] as? String } == [
        "swimming", "transition", "cycling", "transition", "running",
      ])
    #expect(legs[2]["activity"] as? String == "ride" && legs[4]["activity"] as? String == "run")
    for index in [2, 4] {
      let strider = try #require(legs[index]["distance_m"] as? Double)
      let device = try #require(legs[index]["device_distance_m"] as? Double)
      #expect(abs(strider - device) < 0.01 * device, "leg \(index + 1): \(strider) m, \(device) m")
    }
    let starts = legs.compactMap { $0["start"] as? String }
    #expect(starts.count == 5 && starts == starts.sorted())
    let text = InProcess.run(["analyze", file.path])
    #expect(text.stdout.contains("leg 3") && text.stdout.contains("cycling"))
    #expect(text.stdout.contains("(device 40.91 km, timer 1:13:42)"))
  }

  /// A multisport file cut before its last parts' summaries: the device's totals do not
  /// cover the track, so no gap is claimed, and the last summed-up leg ends where the device
  /// ended it instead of taking the rest of the track.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aMultisportFileCutShortComparesOnlyWhatTheDeviceSummed() throws {
    let source = try #require(SharedData.file("fit/fp-sample_mulitple_header.fit"))
    let bytes = try Data(contentsOf: source)
    let cut = FileManager.default.temporaryDirectory
      .appendingPathComponent("strider-cut-\(UUID().uuidString).fit")
    try bytes.prefix(bytes.count * 6 / 10).write(to: cut)
    defer { try? FileManager.default.removeItem(at: cut) }
    let result = InProcess.run(["analyze", "--format", "json", cut.path])
    #expect(result.status == 0 && !result.crashed, "\(result.stderr)")
    let report = try Self.json(result.stdout)
    let device = try #require(report["device"] as? [String: Any])
    #expect(device["covers_track"] as? Bool == false)
    #expect(device["distance_gap_pct"] is NSNull, "no gap against totals that miss a part")
    let legs = try #require(report["legs"] as? [[String: Any]])
    #expect(legs.count == 4)
    let last = try #require(legs.last)
    let strider = try #require(last["distance_m"] as? Double)
    let measured = try #require(last["device_distance_m"] as? Double)
    #expect(abs(strider - measured) < 25, "the last leg: \(strider) m, the device \(measured) m")
    let text = InProcess.run(["analyze", cut.path])
    #expect(text.stdout.contains("the track goes on: not compared"))
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func gpxSaysNothingOfADevice() throws {
    let file = try #require(SharedData.file("gpx/gb-fr10.gpx"))
    let result = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(result.status == 0)
    #expect(try Self.json(result.stdout)["device"] == nil)
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func brokenFilesSayWhereAndWhy() throws {
    let crc = try #require(SharedData.file("fit/fp-activity-filecrc.fit"))
    let warned = InProcess.run(["analyze", crc.path])
    #expect(warned.status == 0, "a bad CRC is a warning: \(warned.stderr)")
    #expect(warned.stderr.contains("warning: \(crc.path): byte 769: the file CRC is 0xB1D5"))

    let header = try #require(SharedData.file("fit/fp-activity-settings-corruptheader.fit"))
    let failed = InProcess.run(["analyze", header.path])
    #expect(failed.status == 1 && !failed.crashed)
    #expect(failed.stderr.contains("error: \(header.path): byte 771: not a FIT file header"))
  }

  /// A file damaged after its first records (cut short, or a data message of a local
  /// number nothing defined) gives the records before the damage and a warning naming the
  /// file, the byte and what was wrong; `sessions import` takes it the same way.
  @Test(
    .enabled(if: SharedData.isPresent, SharedData.absent),
    arguments: [
      (
        "fp-activity-unexpected-eof.fit", 14,
        "byte 751: the file ends at byte 768, inside a data message of 18 bytes: "
          + "the 14 records before it were read, nothing after it"
      ),
      (
        "fp-strava-android-app-201.10-b1218918.fit", 473,
        "byte 7471: a data message of local message 11, which no definition message has "
          + "defined: the 473 records before it were read, nothing after it"
      ),
    ])
  func damagedFilesKeepTheRecordsBefore(name: String, records: Int, warning: String) throws {
    let file = try #require(SharedData.file("fit/\(name)"))
    let text = InProcess.run(["analyze", file.path])
    #expect(text.status == 0 && !text.crashed, "\(text.stderr)")
    #expect(text.stdout.contains("points          \(records) in"), "\(text.stdout)")
    #expect(text.stderr.contains("strider: warning: \(file.path): \(warning)"), "\(text.stderr)")

    let json = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(json.status == 0, "\(json.stderr)")
    let report = try Self.json(json.stdout)
    #expect(report["points_in"] as? Int == records)
    // The records before the damage are a session: their time counts. (The eof file's 14 s
    // are a watch standing and then creeping at 0.1–0.4 m/s by its own speed: no distance.)
    #expect(((report["elapsed_s"] as? NSNumber)?.doubleValue ?? 0) > 0, "\(report)")
    #expect((report["warnings"] as? [String])?.contains(warning) == true, "\(report)")

    let environment = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("\(records) fixes"), "\(imported.stdout)")
    #expect(imported.stderr.contains(warning))
  }

  /// The FIT export run in process: written owner-only, read back by `analyze` with
  /// the same points and distance as the session it came from.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func sessionsExportWritesFIT() throws {
    let file = try #require(SharedData.file("tcx/gc-10k.tcx"))
    let environment = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let out = FileManager.default.temporaryDirectory
      .appendingPathComponent("strider-export-\(UUID().uuidString).fit")
    defer { try? FileManager.default.removeItem(at: out) }
    let exported = InProcess.run(
      ["sessions", "export", "1", "--format", "fit", "--points", "raw", "-o", out.path],
      environment: environment)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stderr.contains("written to \(out.path) (fit)"))
    let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600, "owner-only")
    let original = try Self.json(
      InProcess.run(["analyze", "--format", "json", file.path]).stdout)
    let back = InProcess.run(["analyze", "--format", "json", out.path])
    #expect(back.status == 0 && back.stderr.isEmpty, "\(back.stderr)")
    let report = try Self.json(back.stdout)
    #expect(report["format"] as? String == "fit" && report["activity"] as? String == "run")
    #expect(report["points_in"] as? Int == original["points_in"] as? Int)
    let d = try #require(report["distance_m"] as? Double)
    let reference = try #require(original["distance_m"] as? Double)
    #expect(abs(d - reference) <= 0.001 * reference, "\(d) m against \(reference) m")
    let start = report["start"] as? [String: Any]
    #expect(start?["time"] as? String == (original["start"] as? [String: Any])?["time"] as? String)
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func sessionsImportTakesFIT() throws {
    let file = try #require(SharedData.file("fit/fp-garmin-fenix-5-walk.fit"))
    let environment = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("session 1, walk, 17 fixes"), "\(imported.stdout)")
    let list = InProcess.run(["sessions", "list"], environment: environment)
    #expect(list.stdout.contains("fp-garmin-fenix-5-walk.fit"))
  }
}

/// A multisport file imported as one session is left out of the personal records (its
/// swim, bike and run measured as one activity would set records of a sport it was not).
@Suite(.offCooperativePool) struct MultisportRecordsEndToEndTests {
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aTriathlonSetsNoRecord() throws {
    let triathlon = try #require(SharedData.file("fit/fp-sample_mulitple_header.fit"))
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = StriderBinary.isolatedEnvironment([
      "STRIDER_HOME": directory.appendingPathComponent("home").path
    ])
    let ride = directory.appendingPathComponent("ride.gpx").path
    let simulated = InProcess.run(
      ["simulate", "--activity", "ride", "--seed", "2", "--faults", "none", "-o", ride],
      environment: environment)
    #expect(simulated.status == 0, "\(simulated.stderr)")
    let first = InProcess.run(["sessions", "import", ride], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let imported = InProcess.run(
      ["sessions", "import", "--activity", "ride", triathlon.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr.contains("5 parts") && imported.stderr.contains("personal records"))
    #expect(!imported.stdout.contains("longest"), "no record line: \(imported.stdout)")
    let records = InProcess.run(["records", "--format", "json"], environment: environment)
    #expect(records.status == 0, "\(records.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(records.stdout.utf8)) as? [String: Any])
    let rows = try #require(object["records"] as? [[String: Any]])
    #expect(!rows.isEmpty)
    #expect(rows.allSatisfy { $0["session"] as? Int == 1 }, "only the ride holds records: \(rows)")
  }
}
