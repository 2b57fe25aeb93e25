import Foundation
import StriderTestSupport
import Testing

/// A number too big for a writer, run in process: `<ele>1e19</ele>` in a GPX and
/// `"speed":1e308` in gpsd JSON import fine; every export of them must then succeed and read
/// back (they trapped in `GPXWriter.decimal`, status 132). The gate refuses the fix as
/// `out_of_range`, and a raw export still writes it, in a form its format allows.
@Suite(.offCooperativePool) struct HostileNumberEndToEndTests {
  static func gpx() -> String {
    let points = (0..<30).map { i in
      "<trkpt lat=\"\(51.5 + Double(i) * 0.0001)\" lon=\"-0.1\"><ele>\(i == 10 ? "1e19" : "12.5")"
        + "</ele><time>2024-05-04T07:30:\(i < 10 ? "0" : "")\(i)Z</time></trkpt>"
    }
    return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" "
      + "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>" + points.joined()
      + "</trkseg></trk></gpx>\n"
  }

  static func gpsd() -> String {
    let lines = (0..<30).map { i in
      "{\"class\":\"TPV\",\"device\":\"/dev/ttyACM0\",\"mode\":3,"
        + "\"time\":\"2024-05-04T08:30:\(i < 10 ? "0" : "")\(i).000Z\",\"lat\":"
        + "\(51.5 + Double(i) * 0.0001),\"lon\":-0.1,\"altHAE\":10.0,\"eph\":5.0,"
        + "\"speed\":\(i == 10 ? "1e308" : "1.5"),\"track\":10.0}"
    }
    return "{\"class\":\"VERSION\",\"release\":\"3.22\",\"rev\":\"3.22\",\"proto_major\":3,"
      + "\"proto_minor\":14}\n" + lines.joined(separator: "\n") + "\n"
  }

  @Test(arguments: [("hostile.gpx", gpx()), ("hostile.json", gpsd())])
  func everyExportOfAHostileNumberSucceedsAndReadsBack(name: String, content: String) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.appendingPathComponent("data").path]
    let file = dir.appendingPathComponent(name)
    try Data(content.utf8).write(to: file)
    // The gate refuses the one hostile fix (out_of_range); the other 29 make the session.
    let analyzed = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(analyzed.status == 0, "\(analyzed.stderr)")
    #expect(analyzed.stdout.contains(#""out_of_range":1"#), "\(analyzed.stdout)")
    #expect(analyzed.stdout.contains(#""points_accepted":29"#), "\(analyzed.stdout)")
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    for format in ["gpx", "tcx", "csv", "json"] {
      for points in ["track", "raw", "accepted", "display"] {
        let target = dir.appendingPathComponent("out-\(points).\(format)")
        let export = InProcess.run(
          ["sessions", "export", "1", "--format", format, "--points", points, "-o", target.path],
          environment: environment)
        #expect(!export.crashed && export.status == 0, "\(format) \(points): \(export.stderr)")
        guard format == "gpx" || format == "tcx" else { continue }
        let analyzed = InProcess.run(["analyze", target.path], environment: environment)
        #expect(analyzed.status == 0, "\(format) \(points) reads back: \(analyzed.stderr)")
      }
    }
  }

  /// The probe's hostile numbers (issue 49), each on every fix after the first minute of a
  /// 30-minute walk: `ele` and gpsd's `alt` of 1e18 and more killed `analyze`, `replay` and
  /// `sessions import` with SIGILL in the activity guess (`Int(climb.rounded())`), and a
  /// batch import stopped at that file. Heart rate, cadence and power ride in the TCX.
  static let hostileNumbers = ["1e18", "1e19", "-1e19", "1e300", "NaN", "inf", "-inf"]

  static func walk(_ value: String, format: String) -> String {
    func time(_ i: Int) -> String {
      let minute = i / 60
      return "2024-05-04T07:\(minute < 10 ? "0" : "")\(minute):\(i % 60 < 10 ? "0" : "")\(i % 60)Z"
    }
    let count = 1800
    func number(_ i: Int, _ usual: String) -> String { i < 60 ? usual : value }
    func latitude(_ i: Int) -> Double { 51.5 + Double(i) * 1.3 / 111_180 }
    switch format {
    case "gpx":
      let points = (0..<count).map { i in
        "<trkpt lat=\"\(latitude(i))\" lon=\"-0.1\"><ele>\(number(i, "12.5"))</ele>"
          + "<time>\(time(i))</time></trkpt>\n"
      }
      return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" "
        + "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n" + points.joined()
        + "</trkseg></trk></gpx>\n"
    case "tcx":
      let points = (0..<count).map { i in
        "<Trackpoint><Time>\(time(i))</Time><Position><LatitudeDegrees>\(latitude(i))"
          + "</LatitudeDegrees><LongitudeDegrees>-0.1</LongitudeDegrees></Position>"
          + "<AltitudeMeters>\(number(i, "12.5"))</AltitudeMeters>"
          + "<HeartRateBpm><Value>\(number(i, "120"))</Value></HeartRateBpm>"
          + "<Cadence>\(number(i, "80"))</Cadence><Extensions><TPX><Watts>"
          + "\(number(i, "200"))</Watts></TPX></Extensions></Trackpoint>\n"
      }
      return "<?xml version=\"1.0\"?><TrainingCenterDatabase "
        + "xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"><Activities>"
        + "<Activity Sport=\"Other\"><Id>\(time(0))</Id><Lap StartTime=\"\(time(0))\"><Track>\n"
        + points.joined() + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n"
    default:
      let lines = (0..<count).map { i in
        "{\"class\":\"TPV\",\"mode\":3,\"time\":\"\(time(i))\",\"lat\":\(latitude(i)),"
          + "\"lon\":-0.1,\"alt\":\(number(i, "12.5")),\"eph\":5.0}"
      }
      return lines.joined(separator: "\n") + "\n"
    }
  }

  @Test(arguments: hostileNumbers)
  func hostileNumbersNeverCrashAnalyzeReplayOrABatchImport(value: String) throws {
    let dir = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": dir.appendingPathComponent("data").path]
    var files: [String] = []
    for format in ["gpx", "tcx", "json"] {
      let file = dir.appendingPathComponent("walk-\(format).\(format)")
      try Data(Self.walk(value, format: format).utf8).write(to: file)
      files.append(file.path)
      for arguments in [
        ["analyze", "--format", "json", file.path], ["analyze", file.path],
        ["replay", file.path, "--headless", "--speed", "max"],
      ] {
        let result = InProcess.run(arguments, environment: environment)
        #expect(!result.crashed && result.status != 132, "\(arguments): \(result.stderr)")
        #expect(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
      }
    }
    // A file that cannot be kept is named, and the batch goes on to the next one.
    let imported = InProcess.run(["sessions", "import"] + files, environment: environment)
    #expect(!imported.crashed, "\(imported.stderr)")
    for file in files {
      #expect(
        (imported.stdout + imported.stderr).contains(file), "\(file) is reported: \(imported)")
    }
    let listed = InProcess.run(["sessions", "list"], environment: environment)
    #expect(!listed.crashed && listed.status == 0, "\(listed.stderr)")
    // What was kept shows and exports (heart rate, cadence and power figures included).
    for id in 1...3 {
      for arguments in [
        ["sessions", "show", "\(id)"], ["sessions", "export", "\(id)", "--format", "tcx"],
        ["sessions", "export", "\(id)", "--format", "json"],
      ] {
        let result = InProcess.run(arguments, environment: environment)
        #expect(!result.crashed, "\(arguments): \(result.stderr)")
      }
    }
  }
}
