import Foundation
import StriderTestSupport
import Testing

/// Issue 52: a receiver left logging on a desk became a "0.00 km run" in the history. A
/// file whose fixes cover less than 50 m in over a minute is not imported (it says why,
/// uses no session number, and `--keep-empty` keeps it); a short file is kept.
@Suite(.offCooperativePool) struct NeverMovedImportEndToEndTests {
  /// `seconds` of 1 Hz fixes within a metre or two of one place, from `start`.
  static func standing(seconds: Int, from start: Double = 1_780_000_000) -> String {
    var points = ""
    for i in 0..<seconds {
      let lat = 52.0 + Double(i % 3) * 0.000005
      let time = Date(timeIntervalSince1970: start + Double(i))
      points += "<trkpt lat=\"\(lat)\" lon=\"4.0\"><time>\(time.ISO8601Format())</time></trkpt>\n"
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
      \(points)</trkseg></trk></gpx>
      """
  }

  @Test func aReceiverThatNeverMovedIsNotASession() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let desk = directory.appendingPathComponent("desk.gpx")
    try Self.standing(seconds: 300).write(to: desk, atomically: true, encoding: .utf8)
    let brief = directory.appendingPathComponent("brief.gpx")
    try Self.standing(seconds: 20, from: 1_780_100_000)
      .write(to: brief, atomically: true, encoding: .utf8)
    let environment = StriderBinary.isolatedEnvironment()

    let refused = InProcess.run(
      ["sessions", "import", desk.path], environment: environment)
    #expect(refused.status == 0)
    #expect(
      refused.stderr.contains("not imported: the receiver never moved")
        && refused.stderr.contains("--keep-empty"), "\(refused.stderr)")
    let listed = InProcess.run(["sessions", "list"], environment: environment)
    #expect(listed.stdout.hasPrefix("no sessions yet"), "\(listed.stdout)")

    let short = InProcess.run(["sessions", "import", brief.path], environment: environment)
    #expect(short.stdout.hasPrefix("\(brief.path): session 1,"), "no number used: \(short.stdout)")
    let kept = InProcess.run(
      ["sessions", "import", desk.path, "--keep-empty"], environment: environment)
    #expect(kept.stdout.hasPrefix("\(desk.path): session 2,"), "\(kept.stdout) \(kept.stderr)")
  }
}
