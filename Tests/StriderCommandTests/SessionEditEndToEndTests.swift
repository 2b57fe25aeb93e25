import Foundation
import StriderTestSupport
import Testing

/// Issue 52: `sessions edit` as a user types it, and an import whose activity could only
/// be taken by default kept out of the records until the user says what it was.
@Suite(.offCooperativePool) struct SessionEditEndToEndTests {
  static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Demo/park-run.gpx").standardized

  /// A logger that stood still: three fixes, no `<type>`, too little movement to guess.
  static let standing = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
    <trkpt lat="52.0" lon="4.0"><time>2026-11-01T08:00:00Z</time></trkpt>
    <trkpt lat="52.00001" lon="4.0"><time>2026-11-01T08:00:05Z</time></trkpt>
    <trkpt lat="52.0" lon="4.00001"><time>2026-11-01T08:00:10Z</time></trkpt>
    </trkseg></trk></gpx>
    """

  /// The run records held by the history, by session.
  static func recordSessions(_ environment: [String: String], activity: String) throws -> Set<Int> {
    let listed = InProcess.run(
      ["records", "--format", "json", "--activity", activity], environment: environment)
    let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
    let records = json?["records"] as? [[String: Any]] ?? []
    return Set(records.compactMap { $0["session"] as? Int })
  }

  @Test func aRunIsRenamedMeasuredAsAWalkAndLeftOutOfTheRecords() throws {
    let environment = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(
      ["sessions", "import", Self.demo.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(try Self.recordSessions(environment, activity: "run") == [1])
    let edited = InProcess.run(
      ["sessions", "edit", "1", "--name", "Park loop", "--activity", "walk"],
      environment: environment)
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(
      edited.stdout == "session 1: walk, \"Park loop\", 5.97 km, in the personal records\n")
    let shown = InProcess.run(["sessions", "show", "1"], environment: environment)
    #expect(shown.stdout.contains("session         1 (Park loop)"))
    #expect(shown.stdout.contains("activity        walk"))
    #expect(try Self.recordSessions(environment, activity: "run").isEmpty)
    #expect(try Self.recordSessions(environment, activity: "walk") == [1])
    let left = InProcess.run(
      ["sessions", "edit", "1", "--exclude-from-records"], environment: environment)
    #expect(left.stdout.hasSuffix(", left out of the personal records\n"))
    #expect(try Self.recordSessions(environment, activity: "walk").isEmpty)
    #expect(
      InProcess.run(["sessions", "show", "1"], environment: environment).stdout
        .contains("records         left out"))
  }

  @Test func anActivityTakenByDefaultHoldsNoRecordUntilSaid() throws {
    let directory = try StriderBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("standing.gpx")
    try Self.standing.write(to: file, atomically: true, encoding: .utf8)
    let environment = StriderBinary.isolatedEnvironment()
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("run by default"))
    #expect(
      imported.stdout.contains(
        "left out of the personal records until you say what it was: `strider sessions edit 1 "
          + "--activity ACTIVITY --include-in-records`"), "\(imported.stdout)")
    #expect(try Self.recordSessions(environment, activity: "run").isEmpty)
    let said = InProcess.run(
      ["sessions", "edit", "1", "--activity", "walk", "--include-in-records"],
      environment: environment)
    #expect(said.stdout.hasPrefix("session 1: walk, \"standing.gpx\""), "\(said.stdout)")
    #expect(said.stdout.hasSuffix(", in the personal records\n"))
  }

  @Test(arguments: [
    (["sessions", "edit", "1"], "nothing to change: give --name, --activity"),
    (["sessions", "edit", "7", "--name", "x"], "no session 7"),
    (["sessions", "edit", "1", "--activity", "skate"], "skate"),
    (
      ["sessions", "edit", "1", "--exclude-from-records", "--include-in-records"],
      "had already been set with flag '--exclude-from-records'"
    ),
  ])
  func aMistakeIsSaidWithTheEditUsage(arguments: [String], says: String) throws {
    let environment = StriderBinary.isolatedEnvironment()
    let result = InProcess.run(arguments, environment: environment)
    #expect(result.status != 0)
    #expect(result.stderr.contains(says), "\(result.stderr)")
    if !says.hasPrefix("no session") {
      #expect(result.stderr.contains("Usage: strider sessions edit <id>"), "\(result.stderr)")
    }
  }
}
