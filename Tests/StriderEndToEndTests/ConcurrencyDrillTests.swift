import Foundation
import StriderCore
import StriderSimulator
import StriderStore
import StriderTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The concurrent drill of issue 14 on the real binary, at a size CI can afford (the full
/// 1M-point drill is `Benchmarks/concurrency-drill.sh`): a `strider run --headless` fed by
/// gpsfake while a large GPX is imported and another session deleted in other processes,
/// with `strider sessions` polled all along. Nothing may be lost and nothing may fail.
@Suite(.serialized, .offCooperativePool) struct ConcurrencyDrillTests {
  /// A GPX of `count` points a second apart, a ride along a gentle wave, written directly
  /// (the simulator would take longer than the drill in a debug build).
  static func writeGPX(count: Int, start: Double, to url: URL) throws {
    var text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"drill\" "
      + "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><type>ride</type><trkseg>\n"
    text.reserveCapacity(count * 110)
    for i in 0..<count {
      let latitude = 48.2 + Double(i) * 0.00004
      let longitude = 16.37 + 0.0001 * sin(Double(i) / 60)
      let time = GNSSTime(secondsSince1970: start + Double(i)).iso8601
      text +=
        "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><ele>200</ele><time>\(time)</time>"
        + "</trkpt>\n"
    }
    text += "</trkseg></trk></gpx>\n"
    try Data(text.utf8).write(to: url)
  }

  /// Runs the binary to its end in the background, its output in files.
  static func start(_ arguments: [String], home: URL, name: String, in dir: URL) throws
    -> Process
  {
    try SessionDatabaseDrillTests.start(
      arguments, home: home, output: dir.appendingPathComponent("\(name).out"),
      errors: dir.appendingPathComponent("\(name).err"))
  }

  static func text(_ url: URL) -> String {
    (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  @Test(.enabled(if: LiveGPSDEndToEndTests.available, LiveGPSDEndToEndTests.unavailable))
  func aLiveRunLosesNothingWhileAnImportAndADeleteRun() throws {
    let points = Int(ProcessInfo.processInfo.environment["STRIDER_DRILL_POINTS"] ?? "") ?? 150_000
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let environment = ["STRIDER_HOME": home.path]
    let doomed = dir.appendingPathComponent("doomed.gpx")
    let big = dir.appendingPathComponent("big.gpx")
    try Self.writeGPX(count: 30_000, start: 1_700_000_000, to: doomed)
    try Self.writeGPX(count: points, start: 1_710_000_000, to: big)
    let first = try StriderBinary.run(
      ["sessions", "import", doomed.path], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")

    let log = dir.appendingPathComponent("run.nmea")
    let session = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 33, faults: .none, routeLength: Meters(3000)))
    try LiveGPSDEndToEndTests.writeLog(session.fixes, leadIn: 60, leadOut: 20, to: log)
    let port = LiveGPSDEndToEndTests.freePort()
    let runOutput = dir.appendingPathComponent("run.out")
    let runErrors = dir.appendingPathComponent("run.err")
    let run = try SessionDatabaseDrillTests.start(
      ["run", "--gpsd", "127.0.0.1:\(port)", "--headless"], home: home, output: runOutput,
      errors: runErrors)
    // Paced so the log lasts about as long as the import (four sentences an epoch).
    let fake = LiveGPSDEndToEndTests.unblockedProcess(
      LiveGPSDEndToEndTests.gpsfake,
      ["-q", "-1", "-c", "0.01", "-W", "2", "-P", String(port), log.path])
    fake.standardOutput = FileHandle.nullDevice
    fake.standardError = FileHandle.nullDevice
    try fake.run()
    Thread.sleep(forTimeInterval: 3)

    let importer = try Self.start(
      ["sessions", "import", big.path], home: home, name: "import", in: dir)
    Thread.sleep(forTimeInterval: 1)
    let deleter = try Self.start(
      ["sessions", "delete", "1", "--yes"], home: home, name: "delete", in: dir)
    var (ok, failed, failures) = (0, 0, [String]())
    while fake.isRunning || importer.isRunning || deleter.isRunning {
      let poll = try StriderBinary.run(["sessions"], environment: environment)
      if poll.status == 0 {
        ok += 1
        // A half-done import or delete is never listed (an older reading of its state
        // would show it as interrupted).
        #expect(!poll.stdout.contains("imported, "), "\(poll.stdout)")
      } else {
        failed += 1
        failures.append(poll.stderr)
      }
    }
    fake.waitUntilExit()
    Thread.sleep(forTimeInterval: 1.5)
    LiveGPSDEndToEndTests.stop(run)

    let importErrors = Self.text(dir.appendingPathComponent("import.err"))
    let deleteErrors = Self.text(dir.appendingPathComponent("delete.err"))
    #expect(importer.terminationStatus == 0, "\(importErrors)")
    #expect(deleter.terminationStatus == 0, "\(deleteErrors)")
    #expect(run.terminationStatus == 0, "\(Self.text(runErrors))")
    #expect(failed == 0, "sessions failed \(failed) times in \(ok + failed): \(failures)")
    #expect(ok > 3, "the history was read while the others ran")

    let events = SessionDatabaseDrillTests.events(runOutput)
    let summary = try #require(events.last, "the run printed nothing")
    let received = try #require(summary["points_in"] as? Int, "\(summary)")
    let store = try SessionStore(location: StoreLocation(directory: home.path))
    let sessions = try store.sessions()
    let live = try #require(sessions.first { $0.origin == .live })
    #expect(live.state == .finished && !live.wasInterrupted)
    let stored = try store.fixes(of: live.id).map(\.fix)
    #expect(stored.count == received, "every fix the run received is in its session")
    #expect(received > session.fixes.count / 2, "gpsd delivered most of the log")
    // The fixes stored are the log's, every epoch between the first and the last.
    let logTimes = session.fixes.compactMap { $0.time?.secondsSince1970 }
    let storedTimes = Set(stored.compactMap { $0.time?.secondsSince1970 })
    let window = try #require(storedTimes.min())...(try #require(storedTimes.max()))
    let expected = Set(logTimes.filter { window.contains($0) })
    #expect(expected.subtracting(storedTimes).isEmpty, "no epoch of the log is missing")

    let imported = try #require(sessions.first { $0.origin == .imported })
    #expect(imported.fixCount == points && imported.state == .finished)
    #expect(sessions.count == 2, "session 1 was deleted: \(sessions.map(\.id))")
    #expect(try store.integrityProblems() == nil)
    print(
      "concurrency drill: \(received) fixes received, \(stored.count) stored; "
        + "\(points) imported; sessions polled \(ok) ok, \(failed) failed")
  }
}
