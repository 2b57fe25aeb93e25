import Foundation
import StriderTestSupport
import Testing

/// A TCX's laps are button presses (or automatic laps), not pauses: the same run written in
/// one lap or in four measures the same, and moves its moving time by nothing. A pause (a
/// new `<Track>` inside a lap, after a gap) still counts nothing across it.
@Suite(.offCooperativePool) struct TCXLapsEndToEndTests {
  /// A 2 km run at 3 m/s, a point a second with a metre of deterministic wobble; `laps`:
  /// where each lap begins, as point indexes; `pauseAt`: a point after which the watch was
  /// paused for a minute while its wearer walked 40 m on (a new Track in the same lap).
  static func tcx(lapStarts: [Int], pauseAt: Int? = nil) -> String {
    let start = 1_700_000_000.0
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
      <Activities><Activity Sport="Running"><Id>2023-11-14T22:13:20Z</Id>

      """
    var time = start
    var east = 0.0
    for k in 0..<667 {
      if lapStarts.contains(k) {
        if k > 0 { out += "</Track></Lap>\n" }
        out += "<Lap StartTime=\"\(iso(time))\"><Track>\n"
      }
      if let pauseAt, k == pauseAt + 1 {
        time += 60
        east += 40
        out += "</Track><Track>\n"
      }
      let north = sin(Double(k) * 0.7)
      let lat = 48 + north / 111_132
      let lon = 11 + east / (111_320 * cos(48 * Double.pi / 180))
      out +=
        "<Trackpoint><Time>\(iso(time))</Time><Position><LatitudeDegrees>\(lat)</LatitudeDegrees>"
        + "<LongitudeDegrees>\(lon)</LongitudeDegrees></Position></Trackpoint>\n"
      time += 1
      east += 3
    }
    return out + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n"
  }

  static func iso(_ seconds: Double) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date(timeIntervalSince1970: seconds))
  }

  static func analyze(_ text: String) throws -> (distance: Double, moving: Double) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "strider-tcx-laps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("run.tcx")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let result = InProcess.run(["analyze", "--format", "json", file.path])
    #expect(result.status == 0, "\(result.stderr)")
    let line = result.stdout.split(separator: "\n").first ?? ""
    let report = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    return (
      try #require(report["distance_m"] as? Double), try #require(report["moving_s"] as? Double)
    )
  }

  @Test func lapsMeasureAsOneLap() throws {
    let one = try Self.analyze(Self.tcx(lapStarts: [0]))
    let four = try Self.analyze(Self.tcx(lapStarts: [0, 167, 334, 501]))
    #expect(abs(one.distance - 2000) < 40, "\(one.distance) m")
    #expect(
      abs(four.distance - one.distance) < 0.5, "four laps \(four.distance) m, one \(one.distance) m"
    )
    #expect(abs(four.moving - one.moving) < 0.5, "four laps \(four.moving) s, one \(one.moving) s")
  }

  @Test func aPauseInsideALapCountsNothingAcrossIt() throws {
    let paused = try Self.analyze(Self.tcx(lapStarts: [0, 334], pauseAt: 200))
    let one = try Self.analyze(Self.tcx(lapStarts: [0]))
    // The 40 m walked while paused, and the minute, are not the run's.
    #expect(
      abs(paused.distance - one.distance) < 20, "\(paused.distance) m against \(one.distance) m")
    #expect(paused.moving < one.moving + 5, "\(paused.moving) s against \(one.moving) s")
  }
}
