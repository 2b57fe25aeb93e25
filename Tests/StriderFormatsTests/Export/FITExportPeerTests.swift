import Foundation
import StriderCore
import StriderTestSupport
import Testing

@testable import StriderFormats

/// Every shared GPX, TCX and FIT file exported as FIT and read back by three independent
/// readers: Strider's own, gpsbabel (`-i garmin_fit`) and fitdecode (PyPI; its CRC checks
/// raise): the same positioned points, at the same second, and the same distance; Strider
/// and fitdecode also the same power and temperature, record by record.
@Suite struct FITExportPeerTests {
  static let gpsbabel = "/usr/bin/gpsbabel"
  static var hasGpsbabel: Bool { FileManager.default.isExecutableFile(atPath: gpsbabel) }
  static let hasFitdecode: Bool = {
    (try? run(["/usr/bin/env", "python3", "-c", "import fitdecode"]))?.status == 0
  }()

  /// What `fitdecode` reads in a FIT file, with its CRC checks raising on a mismatch.
  static let fitdecodeScript = """
    import fitdecode, json, sys
    answers = {}
    for path in sys.argv[1:]:
        out = {"records": 0, "positions": [], "laps": 0, "sessions": [], "timer": [],
               "power": [], "temperature": []}
        with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as reader:
            for frame in reader:
                if not isinstance(frame, fitdecode.FitDataMessage):
                    continue
                if frame.name == "record":
                    out["records"] += 1
                    out["power"].append(frame.get_value("power", fallback=None))
                    out["temperature"].append(frame.get_value("temperature", fallback=None))
                    lat = frame.get_value("position_lat", fallback=None)
                    lon = frame.get_value("position_long", fallback=None)
                    if lat is not None and lon is not None:
                        t = frame.get_value("timestamp").timestamp()
                        out["positions"].append([t, lat * 180 / 2**31, lon * 180 / 2**31])
                elif frame.name == "lap":
                    out["laps"] += 1
                elif frame.name == "session":
                    session = {"sport": str(frame.get_value("sport")),
                               "distance": frame.get_value("total_distance")}
                    for key in ("avg_heart_rate", "max_heart_rate", "avg_cadence",
                                "max_cadence", "avg_power", "max_power"):
                        session[key] = frame.get_value(key, fallback=None)
                    out["sessions"].append(session)
                elif frame.name == "event" and frame.get_value("event") == "timer":
                    out["timer"].append(str(frame.get_value("event_type")))
        answers[path] = out
    print(json.dumps(answers))
    """

  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func run(_ arguments: [String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    environment["TZ"] = "UTC"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let group = DispatchGroup()
    nonisolated(unsafe) var errors = Data()
    DispatchQueue.global().async(group: group) {
      errors = err.fileHandleForReading.readDataToEndOfFile()
    }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: String(decoding: errors, as: UTF8.self))
  }

  /// One shared file read and exported as FIT, and what the export holds.
  struct Exported {
    var name: String
    var bytes: [UInt8]
    /// The fixes the export has a record for: those with a time.
    var timed: [Fix]
    var distance: Double
    /// Every fix of the source has a time FIT can hold.
    var allTimed: Bool
    var configuration: SessionConfiguration
  }

  /// Every shared GPX, TCX and FIT file with fixes, exported (its raw fixes) as FIT. A
  /// broken FIT file gives the fixes before its damage; a FIT file without records (settings,
  /// workouts) is left out.
  static func exportSharedFiles() throws -> [Exported] {
    let root = try #require(SharedData.directory)
    var files: [URL] = []
    for (folder, ext) in [("gpx", "gpx"), ("tcx", "tcx"), ("fit", "fit")] {
      files += try FileManager.default.contentsOfDirectory(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil
      ).filter { $0.pathExtension.lowercased() == ext }
    }
    var exported: [Exported] = []
    for url in files.sorted(by: { $0.path < $1.path }) {
      var fixes: [Fix] = []
      var activity: Activity?
      do {
        var reader = try FixFileReader.open(path: url.path)
        do {
          while let fix = try reader.next() { fixes.append(fix) }
        } catch {}
        activity = reader.metadata.declaredActivity
      } catch {
        continue  // a corrupt header: nothing to export
      }
      guard fixes.contains(where: { $0.time != nil }) else { continue }
      let configuration = SessionConfiguration(
        activity: activity ?? ActivityGuess.guess(from: fixes))
      let record = SessionRecorder.record(fixes: fixes, configuration: configuration)
      let bytes = SessionExport(record: record).bytes(.fit, points: .raw)
      let timed = fixes.filter { $0.time.flatMap(FITValue.time) != nil }
      exported.append(
        Exported(
          name: url.lastPathComponent, bytes: bytes, timed: timed,
          distance: record.summary?.distance.value ?? 0, allTimed: timed.count == fixes.count,
          configuration: configuration))
    }
    return exported
  }

  /// The shared files exported once for the three readers (reading and recording them
  /// all is most of these tests' time); empty without the shared data.
  static let exports: [Exported] = SharedData.isPresent ? (try? exportSharedFiles()) ?? [] : []

  /// Writes each export to `directory`: the file gpsbabel and fitdecode read.
  static func write(_ exports: [Exported], to directory: URL) throws -> [URL] {
    try exports.map { file in
      let url = directory.appendingPathComponent(file.name + ".fit")
      try Data(file.bytes).write(to: url)
      return url
    }
  }

  /// A fix as FIT holds it: whole seconds, positions in semicircles, speed in mm/s,
  /// altitude in fifths of a metre, accuracy in whole metres. The engine's noise fit can
  /// move to another optimum on millimetres (gb-skyreal's track did, by 1.3 %), so the
  /// reference holds what FIT holds to the bit.
  static func fitView(_ fix: Fix, segment: Int) -> Fix {
    func semicircles(_ degrees: Double) -> Double? {
      FITValue.semicircles(degrees).map { Double($0) * FITProfile.degreesPerSemicircle }
    }
    let coordinate = fix.coordinate.flatMap { c -> Coordinate? in
      guard let lat = semicircles(c.latitude), let lon = semicircles(c.longitude) else {
        return c
      }
      return Coordinate(latitude: lat, longitude: lon)
    }
    let altitude = fix.altitude.map { a -> Meters in
      let stored = FITValue.u32(a.value, scale: 5, offset: 500)
      return stored == FITValue.invalid32 ? a : Meters(Double(stored) / 5 - 500)
    }
    let speed = fix.speed.map { v -> MetersPerSecond in
      let stored = FITValue.u32(v.value, scale: 1000)
      return stored == FITValue.invalid32 ? v : MetersPerSecond(Double(stored) / 1000)
    }
    return Fix(
      time: fix.time.map { GNSSTime(secondsSince1970: $0.secondsSince1970.rounded(.down)) },
      coordinate: coordinate, altitude: altitude,
      horizontalAccuracy: fix.horizontalAccuracy.flatMap {
        $0.value.isFinite && $0.value >= 0 && $0.value < 254.5 ? Meters($0.value.rounded()) : nil
      },
      speed: speed, mode: fix.coordinate == nil ? .noFix : .unknown, heartRate: fix.heartRate,
      cadence: fix.cadence, segment: segment)
  }

  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("strider-fit-peers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Strider reads back every export: a record per timed fix, the same positions (a
  /// semicircle is 8.4e-8 degrees) and seconds, and the same distance within 0.1 %.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func striderReadsBackEverySharedFile() throws {
    let exported = Self.exports
    #expect(exported.count >= 40, "\(exported.count) shared files with timed fixes")
    var worst = (name: "", deviation: 0.0)
    var worstDrift = (name: "", deviation: 0.0)
    for file in exported {
      let (back, reader) = try readFITBack(file.bytes)
      // A source timed before 1998 reads back as times from power-on, with that warning.
      let crc = reader.warnings.filter { $0.contains("CRC") }
      #expect(crc.isEmpty, "\(file.name): \(crc)")
      #expect(back.count == file.timed.count, "\(file.name): \(back.count) of \(file.timed.count)")
      let same = zip(back, file.timed).allSatisfy { a, b in
        guard let ta = a.time?.secondsSince1970, let tb = b.time?.secondsSince1970,
          ta == tb.rounded(.down)
        else { return false }
        guard let ca = a.coordinate, let cb = b.coordinate, cb.isValid else {
          return a.coordinate == nil
        }
        return abs(ca.latitude - cb.latitude) <= 5e-8
          && abs(remainder(ca.longitude - cb.longitude, 360)) <= 5e-8
      }
      #expect(same, "\(file.name): points or times differ")
      #expect(
        zip(back, file.timed).allSatisfy {
          $0.power == $1.power && $0.temperature == $1.temperature
        },
        "\(file.name): power or temperature differ")
      // The reference is the same fixes as FIT holds them: whole seconds, accuracy in
      // whole metres, nothing FIT has no field for, and a segment after each timer stop (the
      // summary's pauses are timer events, and the reader breaks segments at them, as it
      // does for a device's own pauses).
      let sourceBreaks = zip(file.timed, file.timed.dropFirst()).map { $0.segment != $1.segment }
      let readBreaks = zip(back, back.dropFirst()).map { $0.segment != $1.segment }
      #expect(
        zip(sourceBreaks, readBreaks).allSatisfy { !$0 || $1 },
        "\(file.name): every segment of the source is one read back")
      let view = zip(file.timed, back).map { Self.fitView($0, segment: $1.segment) }
      let reference =
        SessionRecorder.record(fixes: view, configuration: file.configuration).summary?.distance
        .value ?? 0
      let again = SessionRecorder.record(fixes: back, configuration: file.configuration)
      let d = again.summary?.distance.value ?? 0
      let deviation = abs(d - reference) / max(reference, 1)
      if deviation > worst.deviation { worst = (file.name, deviation) }
      #expect(
        abs(d - reference) <= max(0.001 * reference, 0.5),
        "\(file.name): \(d) m read back, \(reference) m as FIT holds the fixes")
      // The records' distance is the exported session's: the last one is its distance
      // (short of it when the source has untimed points, which FIT has no record for).
      let last = back.last(where: { $0.deviceDistance != nil })?.deviceDistance?.value ?? 0
      if file.allTimed {
        #expect(abs(last - file.distance) <= 0.01, "\(file.name): \(last) m")
      } else {
        #expect(last <= file.distance + 0.01, "\(file.name): \(last) m")
      }
      let drift = abs(d - file.distance) / max(file.distance, 1)
      if drift > worstDrift.deviation { worstDrift = (file.name, drift) }
    }
    print(
      "FIT round trip: \(exported.count) files, worst distance against the fixes as FIT "
        + "holds them \(worst), against the exported session \(worstDrift)")
  }

  /// gpsbabel reads every export: a point per positioned record, at the same place (it
  /// prints six decimals) and second.
  @Test(
    .enabled(if: SharedData.isPresent, SharedData.absent),
    .enabled(if: hasGpsbabel, "needs gpsbabel (apt-get install gpsbabel)"))
  func gpsbabelReadsEveryExport() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let exported = Self.exports
    #expect(exported.count >= 40)
    for (file, url) in zip(exported, try Self.write(exported, to: directory)) {
      let result = try Self.run([
        Self.gpsbabel, "-t", "-i", "garmin_fit", "-f", url.path, "-o", "unicsv,utc=0",
        "-F", "-",
      ])
      #expect(result.status == 0, "\(file.name): \(result.stderr)")
      let lines = result.stdout.split(whereSeparator: \.isNewline).map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
      let positioned = file.timed.filter { $0.coordinate?.isValid ?? false }
      guard !positioned.isEmpty else {
        #expect(lines.count <= 1, "\(file.name): no positions, no rows")
        continue
      }
      // unicsv's columns depend on what the points hold (heart rate, cadence).
      let columns = lines.first ?? []
      guard let latColumn = columns.firstIndex(of: "Latitude"),
        let lonColumn = columns.firstIndex(of: "Longitude"),
        let dateColumn = columns.firstIndex(of: "Date"),
        let timeColumn = columns.firstIndex(of: "Time")
      else {
        Issue.record("\(file.name): gpsbabel's columns \(columns)")
        continue
      }
      let rows = lines.dropFirst()
      #expect(rows.count == positioned.count, "\(file.name): \(rows.count) of \(positioned.count)")
      for (row, fix) in zip(rows, positioned) {
        guard row.count == columns.count, let lat = Double(row[latColumn]),
          let lon = Double(row[lonColumn]),
          let c = fix.coordinate, let t = fix.time
        else {
          Issue.record("\(file.name): \(row)")
          break
        }
        let close =
          abs(lat - c.latitude) <= 6e-7 && abs(remainder(lon - c.longitude, 360)) <= 6e-7
        let time = t.iso8601
        let sameSecond =
          row[dateColumn] == String(time.prefix(10)).replacingOccurrences(of: "-", with: "/")
          && row[timeColumn] == String(time.dropFirst(11).prefix(8))
        if !close || !sameSecond {
          Issue.record("\(file.name): gpsbabel read \(row) for \(c) at \(time)")
          break
        }
      }
    }
  }

  /// fitdecode reads every export with its CRC checks raising: a record per timed fix, the
  /// same positions and seconds, the laps and the session's distance, and its heart rate,
  /// cadence and power: averages over the records (a heart rate or cadence of 0 left out),
  /// maxima, nothing where no record had the sensor.
  @Test(
    .enabled(if: SharedData.isPresent, SharedData.absent),
    .enabled(if: hasFitdecode, "needs fitdecode (pip install fitdecode)"))
  func fitdecodeReadsEveryExport() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let exported = Self.exports
    #expect(exported.count >= 40)
    let urls = try Self.write(exported, to: directory)
    let result = try Self.run(
      ["/usr/bin/env", "python3", "-c", Self.fitdecodeScript] + urls.map(\.path))
    try #require(result.status == 0, "\(result.stderr)")
    let answers = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    for (file, url) in zip(exported, urls) {
      let answer = try #require(answers[url.path] as? [String: Any])
      #expect(answer["records"] as? Int == file.timed.count, "\(file.name)")
      let positions = try #require(answer["positions"] as? [[Double]])
      let positioned = file.timed.filter { $0.coordinate?.isValid ?? false }
      #expect(positions.count == positioned.count, "\(file.name)")
      let same = zip(positions, positioned).allSatisfy { p, fix in
        guard let c = fix.coordinate, let t = fix.time else { return false }
        return p[0] == t.secondsSince1970.rounded(.down) && abs(p[1] - c.latitude) <= 5e-8
          && abs(remainder(p[2] - c.longitude, 360)) <= 5e-8
      }
      #expect(same, "\(file.name): fitdecode's positions or times differ")
      // Power and temperature, record by record: null where the fix had none.
      for (key, values) in [
        ("power", file.timed.map { $0.power?.value }),
        ("temperature", file.timed.map { $0.temperature?.value }),
      ] {
        let read = try #require(answer[key] as? [Any], "\(file.name): \(key)")
        #expect(
          read.map { ($0 as? NSNumber)?.doubleValue } == values,
          "\(file.name): fitdecode's \(key) differs")
      }
      let sessions = try #require(answer["sessions"] as? [[String: Any]])
      #expect(sessions.count == 1, "\(file.name)")
      let distance = sessions.first?["distance"] as? Double ?? -1
      #expect(abs(distance - file.distance) <= 0.01, "\(file.name): \(distance)")
      // What a record can hold: 255 (65535 for power) is FIT's invalid value.
      func figures(_ values: [Double?], zeroCounts: Bool) -> (average: Double?, max: Double?) {
        let invalid = zeroCounts ? 65535.0 : 255
        let kept = values.compactMap { $0 }.filter {
          ($0 > 0 || (zeroCounts && $0 == 0)) && $0.rounded() < invalid
        }
        guard !kept.isEmpty else { return (nil, nil) }
        return ((kept.reduce(0, +) / Double(kept.count)).rounded(), kept.max()?.rounded())
      }
      for (name, values, zeroCounts) in [
        ("heart_rate", file.timed.map { $0.heartRate?.value }, false),
        ("cadence", file.timed.map { $0.cadence?.value }, false),
        ("power", file.timed.map { $0.power?.value }, true),
      ] {
        let expected = figures(values, zeroCounts: zeroCounts)
        let session = sessions.first ?? [:]
        let average = (session["avg_" + name] as? NSNumber)?.doubleValue
        let maximum = (session["max_" + name] as? NSNumber)?.doubleValue
        #expect(
          average == expected.average, "\(file.name): avg_\(name) \(String(describing: average))")
        #expect(maximum == expected.max, "\(file.name): max_\(name) \(String(describing: maximum))")
      }
      #expect((answer["laps"] as? Int ?? 0) >= 1)
      let timer = answer["timer"] as? [String] ?? []
      #expect(timer.first == "start" && timer.last == "stop_all", "\(file.name): \(timer)")
    }
  }
}
