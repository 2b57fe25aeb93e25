import Foundation
import StriderTestSupport
import Testing

/// Issue 52: a file holding two outings days apart (a logger left running) is imported as
/// two sessions, unless asked not to be; and `sessions split` makes one session two at a
/// time the user gives.
@Suite(.offCooperativePool) struct SessionSplitEndToEndTests {
  /// Two 10-minute walks in a straight line, the second three days after the first.
  static let twoWalks: String = {
    var points = ""
    for (day, startLatitude) in [(1, 52.0), (4, 52.1)] {
      for second in 0..<600 {
        let latitude = startLatitude + Double(second) * 1.4 / 111_320
        let time = String(
          format: "2026-11-%02dT08:%02d:%02dZ", day, second / 60, second % 60)
        points += "<trkpt lat=\"\(latitude)\" lon=\"4.0\"><time>\(time)</time></trkpt>\n"
      }
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><type>walking</type><trkseg>
      \(points)</trkseg></trk></gpx>
      """
  }()

  /// The two walks written as `logger.gpx` in `directory`.
  static func logger(in directory: URL) throws -> URL {
    let file = directory.appendingPathComponent("logger.gpx")
    try twoWalks.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  static func environment() -> [String: String] {
    var environment = StriderBinary.isolatedEnvironment()
    environment["TZ"] = "UTC"
    return environment
  }

  @Test func aLoggersGapMakesTwoSessionsAndOneCanBeSplitByHand() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try Self.logger(in: directory)

    let environment = Self.environment()
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("logger.gpx: 2 sessions, walk, 1200 fixes split"))
    #expect(imported.stdout.contains("2026-11-01 08:00"), "\(imported.stdout)")
    #expect(imported.stdout.contains("2026-11-04 08:00"), "\(imported.stdout)")
    let listed = InProcess.run(["sessions", "list"], environment: environment)
    #expect(listed.stdout.split(separator: "\n").count == 3, "a header and two: \(listed.stdout)")

    let split = InProcess.run(
      ["sessions", "split", "2", "--at", "08:05"], environment: environment)
    #expect(split.status == 0, "\(split.stderr)")
    #expect(split.stdout.hasPrefix("session 2 is now 2 sessions:\n"), "\(split.stdout)")
    #expect(split.stdout.contains("2026-11-04 08:05"), "\(split.stdout)")
    let after = InProcess.run(["sessions", "list"], environment: environment)
    #expect(after.stdout.split(separator: "\n").count == 4, "\(after.stdout)")

    let outside = InProcess.run(
      ["sessions", "split", "1", "--at", "2026-12-01 08:00"], environment: environment)
    #expect(outside.status == 1)
    #expect(outside.stderr.contains("session 1 cannot be split: no fix before and after"))
    let nothing = InProcess.run(["sessions", "split", "1"], environment: environment)
    #expect(nothing.status == 64, "\(nothing.stderr)")
    let notATime = InProcess.run(
      ["sessions", "split", "1", "--at", "25:00"], environment: environment)
    #expect(notATime.status == 64 && notATime.stderr.contains("Usage: strider sessions split"))

    // The three parts of the second walk's file made one again.
    let merged = InProcess.run(
      ["sessions", "merge", "3", "2"], environment: environment)
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stdout.hasPrefix("session 3 merged into session 2:\n"), "\(merged.stdout)")
    let whole = InProcess.run(["sessions", "list"], environment: environment)
    #expect(whole.stdout.split(separator: "\n").count == 3, "\(whole.stdout)")
  }

  @Test func aSplitGapOfZeroKeepsTheFileWhole() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try Self.logger(in: directory)
    let environment = Self.environment()
    let imported = InProcess.run(
      ["sessions", "import", "--split-gap", "0", file.path], environment: environment)
    #expect(imported.stdout.hasPrefix("\(file.path): session 1, walk, 1200 fixes"))
  }
}
