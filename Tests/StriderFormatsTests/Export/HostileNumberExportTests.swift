import Foundation
import StriderCore
import StriderSimulator
import StriderTestSupport
import Testing

@testable import StriderFormats

/// Numbers no receiver reports but a file or a gpsd server can say (`<ele>1e19</ele>`,
/// `"speed":1e308`): every writer must give text its format allows, never trap.
@Suite struct HostileNumberExportTests {
  static let hostile: [Double] = [
    1e19, -1e19, 9.3e18, 1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan,
    .infinity, -.infinity, 1e-300,
  ]

  /// Fifty simulated fixes, the twentieth carrying `value` in every numeric field.
  static func record(with value: Double) -> SessionRecord {
    var fixes = Array(
      Simulator.run(SimulationConfiguration(activity: .run, seed: 3)).fixes.prefix(50))
    fixes[20].altitude = Meters(value)
    fixes[20].speed = MetersPerSecond(value)
    fixes[20].course = Degrees(value)
    fixes[20].horizontalAccuracy = Meters(value)
    fixes[20].verticalAccuracy = Meters(value)
    fixes[20].hdop = value
    fixes[20].heartRate = BeatsPerMinute(value)
    fixes[20].cadence = RevolutionsPerMinute(value)
    return SessionRecorder.record(
      fixes: fixes, configuration: SessionConfiguration(activity: .run))
  }

  @Test(arguments: hostile, ExportPoints.allCases)
  func gpxAndTCXExportAndReadBack(value: Double, points: ExportPoints) throws {
    let export = SessionExport(record: Self.record(with: value))
    for format in [ExportFormat.gpx, .tcx] {
      var text = ""
      export.write(format, points: points, to: &text)
      #expect(!text.contains("nan") && !text.contains("inf"), "\(format): \(value)")
      #expect(!text.contains("e+") && !text.contains("e-"), "XML Schema decimals: \(value)")
      let fixes = try readExportBack(text, name: "hostile.\(format.rawValue)")
      #expect(!fixes.isEmpty, "\(format) \(points) of \(value) reads back")
    }
  }

  @Test(arguments: hostile)
  func csvAndJSONExport(value: Double) throws {
    let export = SessionExport(record: Self.record(with: value))
    var csv = ""
    export.write(.csv, to: &csv)
    #expect(csv.components(separatedBy: "\r\n").count == 52, "header, 50 rows, final CRLF")
    var json = ""
    export.write(.json, to: &json)
    #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
  }

  /// The JSON export writes points and fixes straight to bytes: byte for byte the document
  /// the value tree it was built as before gives (`valueTree`, below), hostile numbers
  /// included.
  @Test(arguments: hostile)
  func jsonWrittenStraightIsTheValueTree(value: Double) {
    var record = Self.record(with: value)
    record.fixes[3].fix.power = Watts(value)
    record.fixes[4].fix.temperature = Celsius(value)
    record.fixes[7].fix.power = Watts(251)
    record.fixes[7].fix.temperature = Celsius(-4)
    record.fixes[5].fix.time = nil
    record.fixes[6].fix.coordinate = nil
    let export = SessionExport(record: record)
    var streamed = ""
    export.write(.json, to: &streamed)
    var tree: [UInt8] = []
    export.valueTree.write(to: &tree)
    tree.append(UInt8(ascii: "\n"))
    #expect(streamed == String(decoding: tree, as: UTF8.self))
    #expect(streamed.contains(#""power_w":251,"temperature_c":-4,"#))
  }

  @Test(arguments: hostile)
  func nmeaAndGPSDWriters(value: Double) throws {
    var fix = Self.record(with: value).fixes[20].fix
    fix.mode = .threeD
    for sentence in NMEAWriter.sentences(for: fix) {
      #expect(sentence.hasPrefix("$") && sentence.hasSuffix("\r\n"))
      #expect(!sentence.contains("nan") && !sentence.contains("inf") && !sentence.contains("e"))
    }
    let tpv = GPSDWriter.tpv(for: fix)
    #expect(try JSONSerialization.jsonObject(with: Data(tpv.utf8)) is [String: Any], "\(tpv)")
  }

  /// Found by the writers' fuzz target: a session whose only fixes had a time of NaN
  /// exported TCX with `<Id>nan</Id>` and `StartTime="nan"`, which no reader takes (Strider's
  /// own said "lap StartTime "nan" is not an RFC 3339 date-time"), and GPX with
  /// `<metadata><time>nan</time>`.
  @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
  func aSessionWithoutARealTimeExportsTimesItsFormatAllows(time: Double) throws {
    var fixes = Array(
      Simulator.run(SimulationConfiguration(activity: .run, seed: 3)).fixes.prefix(5))
    for index in fixes.indices { fixes[index].time = GNSSTime(secondsSince1970: time) }
    let record = SessionRecorder.record(
      fixes: fixes, configuration: SessionConfiguration(activity: .run))
    for format in [ExportFormat.gpx, .tcx] {
      for points in ExportPoints.allCases {
        var text = ""
        SessionExport(record: record).write(format, points: points, to: &text)
        #expect(!text.contains("nan") && !text.contains("inf"), "\(format) \(points)")
        _ = try readExportBack(text, name: "untimed.\(format.rawValue)")
      }
    }
  }

  /// Found by the writers' fuzz target: the engine takes longitudes up to ±360 (some
  /// receivers count 0–360), and a raw GPX export wrote `lon="-181"`, which GPX's range
  /// (-180 to under 180) and Strider's reader refuse. Written back in range, same place.
  @Test(arguments: [-181.0, -360, 180, 200, 359.999_999_9, 360])
  func aLongitudeBeyond180IsWrittenInTheFormatsRange(longitude: Double) throws {
    var fixes = Array(
      Simulator.run(SimulationConfiguration(activity: .run, seed: 3)).fixes.prefix(10))
    fixes[4].coordinate?.longitude = longitude
    let record = SessionRecorder.record(
      fixes: fixes, configuration: SessionConfiguration(activity: .run))
    for format in [ExportFormat.gpx, .tcx] {
      var text = ""
      SessionExport(record: record).write(format, points: .raw, to: &text)
      let back = try readExportBack(text, name: "wrapped.\(format.rawValue)")
      #expect(back.count == 10, "\(format)")
      let written = try #require(back[4].coordinate?.longitude)
      #expect((-180..<180).contains(written), "\(format): \(written)")
      #expect(abs(remainder(written - longitude, 360)) < 1e-9, "\(format): \(written)")
    }
  }

  /// GPX 1.1's `<sat>` is a nonNegativeInteger: a count below zero (a byte read as signed)
  /// is left out, the point kept.
  @Test func aNegativeSatelliteCountIsLeftOut() throws {
    var fixes = Array(
      Simulator.run(SimulationConfiguration(activity: .run, seed: 3)).fixes.prefix(10))
    fixes[4].satellites = -3
    let record = SessionRecorder.record(
      fixes: fixes, configuration: SessionConfiguration(activity: .run))
    var text = ""
    SessionExport(record: record).write(.gpx, points: .raw, to: &text)
    #expect(!text.contains("<sat>-"))
    #expect(try readExportBack(text, name: "sat.gpx").count == 10)
  }

  @Test(arguments: [
    1e19, -1e19, 9.3e18, 1.2345678901234567e22, 1e308, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude,
  ])
  func hugeDecimalsAreSpelledOutAndReadBackExactly(value: Double) {
    let text = GPXWriter.decimal(value)
    #expect(text.allSatisfy { $0.isNumber || $0 == "-" || $0 == "." }, "\(text)")
    #expect(Double(text) == value, "\(text) reads back as \(value)")
    #expect(Double(GPXWriter.fixed(value, places: 3)) == value)
  }
}

extension SessionExport {
  /// The whole session as the JSON export built it as one value before it wrote points and
  /// fixes straight to bytes: the layout of docs/json-export.md, kept here as the reference.
  fileprivate var valueTree: JSONValue {
    func time(_ t: GNSSTime?) -> JSONValue { t.map { .string($0.iso8601) } ?? .null }
    func number(_ value: Double?, _ decimals: Int) -> JSONValue {
      JSONValue.rounded(value.flatMap { $0.isFinite ? $0 : nil }, decimals)
    }
    func position(_ c: Coordinate) -> [JSONMember] {
      [JSONMember("lat", number(c.latitude, 7)), JSONMember("lon", number(c.longitude, 7))]
    }
    let points: [JSONValue] = record.finishedTrack.points.map { p in
      .object(
        [JSONMember("time", time(p.time))] + position(p.coordinate) + [
          JSONMember("ele", number(p.altitude?.value, 1)),
          JSONMember("speed_m_s", number(p.speed.value, 2)),
          JSONMember("stopped", .bool(p.isStopped)),
          JSONMember("distance_m", number(p.distance.value, 2)),
          JSONMember("segment", .int(p.segment)),
        ])
    }
    let fixes: [JSONValue] = record.fixes.map { judged in
      let f = judged.fix
      return .object(
        [JSONMember("time", time(f.time))]
          + (f.coordinate.map(position) ?? [JSONMember("lat", .null), JSONMember("lon", .null)])
          + [
            JSONMember("ele", number(f.altitude?.value, 2)),
            JSONMember("accuracy_m", number(f.horizontalAccuracy?.value, 2)),
            JSONMember("speed_m_s", number(f.speed?.value, 3)),
          ]
          + (f.power.map { [JSONMember("power_w", number($0.value, 0))] } ?? [])
          + (f.temperature.map { [JSONMember("temperature_c", number($0.value, 0))] } ?? [])
          + [JSONMember("verdict", .string(judged.verdict.reason?.rawValue ?? "accepted"))])
    }
    let head = jsonHead(
      startTime: record.startTime, endTime: record.fixes.lazy.compactMap(\.fix.time).max(),
      finished: record.finishedTrack)
    return .object(
      head + [
        JSONMember("track", .array(points)),
        JSONMember("events", .array(record.events.compactMap(Self.jsonValue))),
        JSONMember("fixes", .array(fixes)),
      ])
  }
}
