import Foundation
import StriderTestSupport
import Testing

/// A number too big for a writer, on the real binary: `<ele>1e19</ele>` in a GPX and
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
    let analyzed = try StriderBinary.run(["analyze", "--format", "json", file.path])
    #expect(analyzed.status == 0, "\(analyzed.stderr)")
    #expect(analyzed.stdout.contains(#""out_of_range":1"#), "\(analyzed.stdout)")
    #expect(analyzed.stdout.contains(#""points_accepted":29"#), "\(analyzed.stdout)")
    let imported = try StriderBinary.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    for format in ["gpx", "tcx", "csv", "json"] {
      for points in ["track", "raw", "accepted", "display"] {
        let target = dir.appendingPathComponent("out-\(points).\(format)")
        let export = try StriderBinary.run(
          ["sessions", "export", "1", "--format", format, "--points", points, "-o", target.path],
          environment: environment)
        #expect(!export.crashed && export.status == 0, "\(format) \(points): \(export.stderr)")
        guard format == "gpx" || format == "tcx" else { continue }
        let analyzed = try StriderBinary.run(["analyze", target.path], environment: environment)
        #expect(analyzed.status == 0, "\(format) \(points) reads back: \(analyzed.stderr)")
      }
    }
  }
}
