import Foundation
import StriderTestSupport
import Testing

/// Issue 52: a `run` that never reached gpsd recorded a session of "0 fixes", and a demo
/// quit at once was saved as a 0.00 km run; both filled the history with junk. A recording
/// that accepted no fix, or a demo that never moved, is not kept, and the user is told.
@Suite(.offCooperativePool) struct EmptyRecordingEndToEndTests {
  @Test(arguments: [
    ("run --headless --gpsd 127.0.0.1:1", "no fix with a position was accepted"),
    ("demo --record --headless --speed 1", "the demo ended before it moved"),
  ])
  func aRecordingWithNothingInItIsNotKept(command: String, reason: String) throws {
    let home = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": home.path]
    // Stopped by SIGINT a moment after it starts, as a user's Ctrl-C would.
    let stopped = try StriderBinary.shell(
      "\"$STRIDER\" \(command) > /dev/null & pid=$!; sleep 1; kill -INT $pid; wait $pid",
      environment: environment)
    #expect(stopped.status == 0, "\(stopped.stderr)")
    #expect(stopped.stderr.contains("nothing kept: \(reason)"), "\(stopped.stderr)")
    let listed = try StriderBinary.run(["sessions"], environment: environment)
    #expect(listed.stdout.hasPrefix("no sessions yet"), "\(listed.stdout)")
  }

  /// A demo that ran long enough to move is kept as before.
  @Test func aDemoThatMovedIsKept() throws {
    let home = try StriderBinary.temporaryDirectory()
    let environment = ["STRIDER_HOME": home.path]
    let result = try StriderBinary.run(
      ["demo", "--record", "--headless", "--speed", "max"], environment: environment)
    #expect(result.status == 0 && result.stderr.contains("session 1 recorded"), "\(result.stderr)")
  }
}
