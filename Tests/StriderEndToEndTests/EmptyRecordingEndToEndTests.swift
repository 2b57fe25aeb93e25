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
    // Stopped by SIGINT once it has started, as a user's Ctrl-C would: its stop signals are
    // watched before it opens the database, so the database's file says it is ready (a
    // fixed second was, on a loaded machine, sometimes before it had started at all); a
    // command that opens it later gets five seconds.
    let database = home.appendingPathComponent("strider.sqlite").path
    let stopped = try StriderBinary.shell(
      "\"$STRIDER\" \(command) > /dev/null & pid=$!; "
        + "for i in $(seq 50); do [ -e '\(database)' ] && break; sleep 0.1; done; sleep 0.5; "
        + "kill -INT $pid; wait $pid",
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
