import Foundation
import StriderTestSupport
import Testing

/// Issue 49 on the real binary: `sessions delete N --yes` deleted the session a live
/// recording wrote to, and the recording was lost; now it is refused, as `finish` is.
@Suite(.offCooperativePool) struct LiveSessionDeleteEndToEndTests {
  @Test func deletingTheSessionALiveRecordingWritesIsRefused() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let environment = ["STRIDER_HOME": home.path]
    let output = dir.appendingPathComponent("demo.out")
    let demo = try SessionDatabaseDrillTests.start(
      // A hundred times real time: the demo has moved within two seconds (one that never
      // moved would not be kept) and records for twenty.
      ["demo", "--headless", "--record", "--speed", "100"], home: home, output: output,
      errors: dir.appendingPathComponent("demo.err"))
    defer { if demo.isRunning { LiveGPSDEndToEndTests.stop(demo) } }
    // The session is listed as recording within a few seconds.
    var listed = ""
    for _ in 0..<100 where !listed.contains("recording") {
      Thread.sleep(forTimeInterval: 0.1)
      listed = try StriderBinary.run(["sessions", "list"], environment: environment).stdout
    }
    #expect(listed.contains("recording"), "\(listed)")
    let delete = try StriderBinary.run(
      ["sessions", "delete", "1", "--yes"], environment: environment)
    #expect(delete.status == 1 && !delete.crashed, "\(delete.stdout)")
    #expect(delete.stderr.contains("session 1 is still being recorded"), "\(delete.stderr)")
    // Minutes of the run go by before it is stopped.
    Thread.sleep(forTimeInterval: 2)
    LiveGPSDEndToEndTests.stop(demo)
    #expect(demo.terminationStatus == 0)
    let show = try StriderBinary.run(["sessions", "show", "1"], environment: environment)
    #expect(show.status == 0, "the recording was kept: \(show.stderr)")
    // Once it is finished, it can go.
    let again = try StriderBinary.run(
      ["sessions", "delete", "1", "--yes"], environment: environment)
    #expect(again.status == 0, "\(again.stderr)")
  }
}
