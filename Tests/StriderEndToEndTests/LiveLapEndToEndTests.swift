import Foundation
import StriderCore
import StriderSimulator
import StriderTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Laps in `strider run --headless` against a real gpsd (gpsfake): a "lap" line on stdin
/// and SIGUSR1, kept with the live recording and exported as TCX laps.
@Suite(.serialized, .offCooperativePool) struct LiveLapEndToEndTests {
  typealias Live = LiveGPSDEndToEndTests

  /// Waits up to `seconds` for a line of `url` that contains `text`.
  static func wait(for text: String, in url: URL, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let s = try? String(contentsOf: url, encoding: .utf8), s.contains(text) { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }

  @Test(.enabled(if: Live.available, Live.unavailable))
  func aLiveRunTakesLapsFromStdinAndSIGUSR1() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let log = dir.appendingPathComponent("run.nmea")
    let session = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 31, faults: .none, routeLength: Meters(3000)))
    try Live.writeLog(session.fixes, leadIn: 60, to: log)
    let port = Live.freePort()
    let output = dir.appendingPathComponent("run.jsonl")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let home = dir.appendingPathComponent("data")
    let strider = Live.unblockedProcess(
      StriderBinary.url.path, ["run", "--gpsd", "127.0.0.1:\(port)", "--headless"],
      environment: ["STRIDER_HOME": home.path])
    strider.standardOutput = try FileHandle(forWritingTo: output)
    strider.standardError = FileHandle.nullDevice
    let input = Pipe()
    strider.standardInput = input
    try strider.run()
    let fake = try Live.startGPSFake(log, port: port)
    // Presses once the run has started: one line on stdin, then a signal.
    #expect(Self.wait(for: "\"event\":\"start\"", in: output, seconds: 20))
    Thread.sleep(forTimeInterval: 1)
    input.fileHandleForWriting.write(Data("lap\n".utf8))
    #expect(Self.wait(for: "\"event\":\"lap\"", in: output, seconds: 5))
    Thread.sleep(forTimeInterval: 1)
    kill(strider.processIdentifier, SIGUSR1)
    fake.waitUntilExit()
    Thread.sleep(forTimeInterval: 1.5)
    Live.stop(strider)
    #expect(strider.terminationStatus == 0 && strider.terminationReason == .exit)
    let events = try Live.lines(output)
    let laps = events.filter { $0["event"] as? String == "lap" }
    #expect(laps.count == 2, "one from stdin, one from SIGUSR1")
    let summary = try #require(events.last)
    #expect((summary["laps"] as? [Any])?.count == 3)

    let export = try StriderBinary.run(
      ["sessions", "export", "1", "--format", "tcx", "-o", dir.path + "/run.tcx"],
      environment: ["STRIDER_HOME": home.path])
    #expect(export.status == 0, "\(export.stderr)")
    let tcx = try String(contentsOf: dir.appendingPathComponent("run.tcx"), encoding: .utf8)
    #expect(tcx.components(separatedBy: "<Lap ").count - 1 == 3)
  }
}
