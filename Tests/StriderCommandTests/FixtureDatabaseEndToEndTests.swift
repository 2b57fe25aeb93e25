import Foundation
import StriderTestSupport
import Testing

/// The database that the Strider of schema v3 wrote (`Tests/StriderStoreTests/Fixtures`,
/// described in its README), used by the commands run in process as a user would: listed, shown,
/// replayed, exported, finished and imported into. Every number below is what that Strider
/// printed for it.
@Suite(.offCooperativePool) struct FixtureDatabaseEndToEndTests {
  static let fixture = SharedData.packageRoot
    .appendingPathComponent("Tests/StriderStoreTests/Fixtures/strider-v3.sqlite")

  /// A `STRIDER_HOME` holding a copy of the fixture, removed when the value goes.
  final class Home {
    let path: String

    init() throws {
      path = NSTemporaryDirectory() + "strider-fixture-\(UUID().uuidString)"
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let database = path + "/strider.sqlite"
      try FileManager.default.copyItem(atPath: fixture.path, toPath: database)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: database)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
      -> String
    {
      let result = InProcess.run(arguments, environment: ["STRIDER_HOME": path])
      #expect(
        result.status == 0 && !result.crashed, "\(arguments): \(result.stderr)",
        sourceLocation: sourceLocation)
      return result.stdout
    }
  }

  @Test func listsAndShowsTheSessionsItWasGiven() throws {
    let home = try Home()
    let list = try home.run(["sessions", "list"]).split(separator: "\n").map(String.init)
    #expect(list.count == 5, "a header and four sessions: \(list)")
    // Newest first: the NMEA log's (undated) start is the oldest of the four.
    let expected = [
      ("1 ", "0.32 km", "demo run, seed 1"), ("2 ", "simulated, interrupted", "demo walk, seed 2"),
      ("3 ", "2.72 km", "px-visnjan.gpx"), ("4 ", "0.00 km", "iTrek.log"),
    ]
    for (line, (id, column, name)) in zip(list.dropFirst(), expected) {
      #expect(line.hasPrefix(id) && line.contains(column) && line.hasSuffix(name), "\(line)")
    }
    let show = try home.run(["sessions", "show", "3"])
    #expect(show.contains("distance        2.72 km"))
    #expect(show.contains("points          104 in, 104 with a position, 104 accepted"))
    #expect(show.contains("pauses          2 (1:18 standing)"))
    let interrupted = try home.run(["sessions", "show", "2"])
    #expect(interrupted.contains("not finished: `strider sessions finish 2`"))
  }

  @Test(arguments: [("1", "\"distance_m\":315.37"), ("3", "\"distance_m\":2724.94")])
  func replaysASessionToItsNumbers(_ id: String, _ distance: String) throws {
    let home = try Home()
    let out = try home.run(["replay", id, "--headless", "--speed", "max"])
    let summary = try #require(out.split(separator: "\n").last.map(String.init))
    #expect(summary.hasPrefix("{\"event\":\"summary\""))
    #expect(summary.contains(distance), "\(summary.prefix(400))")
  }

  @Test func exportsWhatItKept() throws {
    let home = try Home()
    func count(_ text: String, _ needle: String) -> Int {
      text.components(separatedBy: needle).count - 1
    }
    #expect(count(try home.run(["sessions", "export", "3"]), "<trkpt ") == 104)
    #expect(
      count(try home.run(["sessions", "export", "3", "--points", "display"]), "<trkpt ") == 50)
    #expect(count(try home.run(["sessions", "export", "1", "--points", "raw"]), "<trkpt ") == 130)
    #expect(
      count(try home.run(["sessions", "export", "1", "--points", "accepted"]), "<trkpt ") == 128)
    #expect(
      count(try home.run(["sessions", "export", "3", "--format", "tcx"]), "<Trackpoint>") == 104)
    let csv = try home.run(["sessions", "export", "4", "--format", "csv"])
    #expect(csv.utf8.filter { $0 == UInt8(ascii: "\n") }.count == 38, "a header and 37 fixes")
    let json = try home.run(["sessions", "export", "1", "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["settings"] != nil && object?["summary"] != nil)
  }

  /// An interrupted session renamed is said to be unfinished, not "in the personal
  /// records" it cannot be in before it is measured.
  @Test func anUnfinishedSessionEditedSaysSo() throws {
    let home = try Home()
    let edited = try home.run(["sessions", "edit", "2", "--name", "Evening"])
    #expect(
      edited
        == "session 2: walk, \"Evening\", not finished (`strider sessions finish 2` measures it)\n"
    )
  }

  @Test func finishesTheInterruptedSessionAndKnowsItsImports() throws {
    let home = try Home()
    let finished = try home.run(["sessions", "finish", "2"])
    #expect(finished.contains("session 2 finished from 19 recorded fixes"))
    #expect(finished.contains("points          19 in, 19 with a position, 16 accepted"))
    if let file = SharedData.file("gpx/px-visnjan.gpx") {
      let again = try home.run(["sessions", "import", file.path])
      #expect(again.contains("already imported as session 3"))
    }
    _ = try home.run(["sessions", "delete", "4", "--yes"])
    let list = try home.run(["sessions", "list"])
    #expect(!list.contains("iTrek.log"))
  }
}
