import Foundation
import StriderCore
import StriderTestSupport
import Testing

/// Issue 52: every real recording in `../shared/data` imported into one history, as a new
/// user would, and `records` read back: no record is an effort beyond what any person has
/// done in its activity (`HumanLimits`), where a guessed NMEA "run" held 400 m in 0:30.
@Suite(.offCooperativePool) struct PlausibleRecordsEndToEndTests {
  /// A fresh folder with an empty history in it (owner-only), and the environment that
  /// points `strider` there.
  static func emptyHistory() throws -> (directory: URL, environment: [String: String]) {
    let directory = try StriderBinary.temporaryDirectory()
    let home = directory.appendingPathComponent("home")
    try FileManager.default.createDirectory(
      at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return (directory, StriderBinary.isolatedEnvironment(["STRIDER_HOME": home.path]))
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func theSharedRecordingsSetNoImpossibleRecord() throws {
    let files = ["gpx", "tcx", "fit", "nmea"].flatMap { folder in
      ["gpx", "tcx", "fit", "nmea"].flatMap { SharedData.files(in: folder, withExtension: $0) }
    }.map(\.path)
    #expect(files.count > 40)
    let (directory, environment) = try Self.emptyHistory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let imported = InProcess.run(["sessions", "import"] + files, environment: environment)
    // A few files are damaged on purpose (a corrupt FIT header): those are refused, every
    // other file is imported.
    #expect(imported.status == 0 || imported.stderr.contains("not a FIT file header"))
    let listed = InProcess.run(["records", "--format", "json"], environment: environment)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
    let records = try #require(json["records"] as? [[String: Any]])
    let start = GNSSTime(secondsSince1970: 0)
    var efforts = 0
    for record in records {
      guard let key = record["record"] as? String,
        let target = (BestEffortTarget.distances + BestEffortTarget.durations).first(where: {
          $0.key == key
        }),
        let activity = (record["activity"] as? String).flatMap(Activity.init(rawValue:)),
        let elapsed = record["elapsed_s"] as? Double,
        let distance = record["distance_m"] as? Double
      else { continue }
      efforts += 1
      let effort = BestEffort(
        target: target, start: start, end: start + Seconds(elapsed), startDistance: .zero,
        distance: Meters(distance))
      #expect(
        HumanLimits.allows(effort, activity: activity),
        "\(activity) \(key): \(elapsed) s, \(distance) m (session \(record["session"] ?? ""))")
    }
    #expect(efforts > 10, "\(records.count) records")
    let leftOut = try #require(json["left_out"] as? [[String: Any]])
    let sessions = Set(leftOut.compactMap { $0["session"] as? Int })
    for record in records {
      #expect(
        !sessions.contains(record["session"] as? Int ?? -1),
        "a left-out session holds no record: \(record)")
    }
  }

  /// A new best that reads as the old one ("1:23 (was 1:23)") says by how much it wins: the
  /// Garmin Connect 10 km beats the Move's 400 m by a fraction of a second.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aNewBestThatReadsAsTheOldSaysByHowMuch() throws {
    let (directory, environment) = try Self.emptyHistory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for (folder, name) in [("gpx", "gc-move0117.gpx"), ("tcx", "gc-10k.tcx")] {
      let file = try #require(
        SharedData.files(in: folder, withExtension: folder).first {
          $0.lastPathComponent == name
        })
      let imported = InProcess.run(
        ["sessions", "import", file.path], environment: environment)
      #expect(imported.status == 0, "\(imported.stderr)")
      if name == "gc-10k.tcx" {
        #expect(
          imported.stdout.contains("new best 400 m: 1:23 (was 1:23, by 0."),
          "\(imported.stdout)")
      }
    }
  }

  /// The Forerunner 10's ride, kept as a run by its FIT file, "runs" a kilometre in 2:10
  /// and 10 km in 27:26 (short of the world record): the session is left out whole, and
  /// `records` says so and how to keep it as a ride.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func aRideKeptAsARunIsLeftOutWhole() throws {
    let (directory, environment) = try Self.emptyHistory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = try #require(
      SharedData.files(in: "fit", withExtension: "fit").first {
        $0.lastPathComponent == "gb-fr10.fit"
      })
    let imported = InProcess.run(
      ["sessions", "import", file.path], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    let text = InProcess.run(["records"], environment: environment)
    #expect(!text.stdout.contains("27:26"), "\(text.stdout)")
    #expect(text.stdout.contains("left out (an effort no one has made in its activity):"))
    #expect(text.stdout.contains("(run, "))
    #expect(text.stdout.contains("if it was a ride, `strider sessions edit 1 --activity ride`"))
  }
}
