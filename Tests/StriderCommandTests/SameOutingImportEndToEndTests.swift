import Foundation
import StriderTestSupport
import Testing

/// Issue 52: the same outing in two files (a bike computer's FIT and the GPX exported from
/// it) was two sessions, counted twice in `stats` (44.55 km for one 22.28 km ride) and
/// setting its own records again. An import whose fixes begin within a minute and end
/// within five of a stored session's is reported and not kept, unless `--keep-duplicate`,
/// and leaves no gap in the sessions' numbers (refused imports used one up).
@Suite(.offCooperativePool) struct SameOutingImportEndToEndTests {
  static func rides(_ stats: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any]
    return (object?["periods"] as? [[String: Any]] ?? []).filter {
      $0["activity"] as? String == "ride"
    }
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func theSameOutingFromAnotherFileIsNotCountedTwice() throws {
    let fit = try #require(SharedData.file("fit/gb-edge800.fit")).path
    let gpx = try #require(SharedData.file("gpx/gb-edge800.gpx")).path
    let other = try #require(SharedData.file("gpx/gb-wahoo.gpx")).path
    let home = try StriderBinary.temporaryDirectory().path
    let environment = ["STRIDER_HOME": home]
    let imported = InProcess.run(
      ["sessions", "import", fit, gpx, other], environment: environment)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("gb-edge800.fit: session 1, ride"))
    #expect(
      imported.stdout.contains("gb-edge800.gpx: not imported: the same outing as session 1"),
      "\(imported.stdout)")
    #expect(
      imported.stdout.contains("gb-wahoo.gpx: session 2,"),
      "another day's ride is kept, numbered as if the copy had never been read")
    #expect(!imported.stdout.contains("new best"), "the copy set no record of its own")

    let stats = InProcess.run(
      ["stats", "--year", "--format", "json"], environment: environment)
    let year2012 = try Self.rides(stats.stdout).first { $0["start"] as? String == "2012-01-01" }
    #expect(year2012?["sessions"] as? Int == 1)
    let distance = try #require(year2012?["distance_m"] as? Double)
    #expect(abs(distance - 25_200) < 100, "\(distance) m: the ride once")

    let kept = InProcess.run(
      ["sessions", "import", "--keep-duplicate", gpx], environment: environment)
    #expect(kept.status == 0 && kept.stdout.contains("gb-edge800.gpx: session"), "\(kept)")
  }
}
