import Foundation
import StriderCore
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
