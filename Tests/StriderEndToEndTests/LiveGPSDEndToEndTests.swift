import Foundation
import StriderCore
import StriderFormats
import StriderSimulator
import StriderStore
import StriderTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `strider run` against a real gpsd: gpsfake serving NMEA logs on a loopback port.
///
/// gpsd drops the first second or so of a log while it opens the device, so each log starts
/// with the runner standing still (a lead-in); what gpsd drops then adds neither distance
/// nor moving time. A test that compares distances starts `strider run` once gpsfake's gpsd
/// listens (`waitUntilListening`), so Strider connects within the lead-in.
///
/// Its tests run side by side: each has its own gpsfake port and data folder, and most of
/// their time is gpsfake playing a log in real time.
@Suite(.offCooperativePool) struct LiveGPSDEndToEndTests {
  static let gpsfake = "/usr/bin/gpsfake"

  static var available: Bool { FileManager.default.isExecutableFile(atPath: gpsfake) }
  static let unavailable: Comment = "needs gpsfake (apt-get install gpsd gpsd-clients)"

  /// A free TCP port on loopback, found by binding port 0.
  static func freePort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
  }

  /// Writes fixes as an NMEA log after `leadIn` seconds of standing at the first position.
  /// Writes `fixes` as an NMEA log for gpsfake, with `leadIn` seconds of standing at the
  /// first position before them and `leadOut` seconds at the last after them: gpsd drops
  /// the first seconds of a log, and under load the last ones when gpsfake exits, so a
  /// test that compares distances lets those be standing time.
  static func writeLog(_ fixes: [Fix], leadIn: Int, leadOut: Int = 0, to url: URL) throws {
    guard let first = fixes.first, let t0 = first.time else { return }
    var standing: [Fix] = []
    for i in 0..<leadIn {
      var f = first
      f.time = t0 - Seconds(Double(leadIn - i))
      f.speed = MetersPerSecond(0)
      standing.append(f)
    }
    var after: [Fix] = []
    if let last = fixes.last, let tn = last.time {
      for i in 0..<leadOut {
        var f = last
        f.time = tn + Seconds(Double(i + 1))
        f.speed = MetersPerSecond(0)
        f.course = nil
        after.append(f)
      }
    }
    let text = (standing + fixes + after).map { NMEAWriter.sentences(for: $0).joined() }
      .joined()
    try Data(text.utf8).write(to: url)
  }

  /// A process started with an empty signal mask.
  ///
  /// Foundation's `Process` hands the spawning thread's signal mask to the child, and the
  /// test runner's threads block nearly every signal: gpsd would then never see gpsfake's
  /// SIGTERM, nor `strider run` the test's. A one-line python3 shim clears the mask and
  /// execs (python3 is there wherever gpsfake is: gpsfake is a Python program).
  ///
  /// `TMPDIR` is the tests' scratch folder, removed when they end: gpsfake names its gpsd's
  /// control socket `$TMPDIR/gpsfake-PID.sock` and never removes it (635 had piled up in
  /// /tmp, about ten a run).
  static func unblockedProcess(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:]
  ) -> Process {
    let process = Process()
    process.environment = StriderBinary.isolatedEnvironment(
      ["TMPDIR": StriderBinary.scratchRoot.path].merging(environment) { $1 })
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", "-c",
        "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
          + "os.execv(sys.argv[1], sys.argv[1:])",
        executable,
      ] + arguments
    return process
  }

  /// Starts gpsfake serving a log once, fast; it exits two seconds after the log ends.
  static func startGPSFake(_ log: URL, port: UInt16) throws -> Process {
    let process = unblockedProcess(
      gpsfake, ["-q", "-1", "-c", "0.004", "-W", "2", "-P", String(port), log.path])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Waits until something accepts TCP connections on a loopback port.
  ///
  /// gpsfake feeds its log from the moment its gpsd is up, client or not, and what it feeds
  /// before Strider connects is lost. Strider started first finds gpsd only at its next
  /// reconnect (0.5 s doubling), which under load can fall seconds into the log, past any
  /// lead-in; started once gpsd listens, it connects at once.
  @discardableResult
  static func waitUntilListening(port: UInt16, seconds: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = port.bigEndian
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      close(fd)
      if connected { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return false
  }

  /// Starts `strider run --headless` against a port; its stdout goes to a file.
  static func startStrider(port: UInt16, output: URL, home: URL? = nil) throws -> Process {
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let process = unblockedProcess(
      StriderBinary.url.path, ["run", "--gpsd", "127.0.0.1:\(port)", "--headless"],
      environment: home.map { ["STRIDER_HOME": $0.path] } ?? [:])
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  static func lines(_ url: URL) throws -> [[String: Any]] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  static func analyze(_ url: URL) throws -> [String: Any] {
    let result = try StriderBinary.run(["analyze", "--format", "json", url.path])
    #expect(result.status == 0, "\(result.stderr)")
    return
      (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
  }

  static func stop(_ process: Process) {
    process.terminate()  // SIGTERM: strider ends cleanly with its summary
    process.waitUntilExit()
  }

  @Test(.enabled(if: available, unavailable))
  func aLiveRunMatchesAnalyzeOfTheSameLog() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let log = dir.appendingPathComponent("run.nmea")
    let session = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 31, faults: .none, routeLength: Meters(1500)))
    // Twenty minutes of standing first, fed in about 15 s: a binary slow to start under the
    // whole suite's load (two minutes fed in 1.5 s once missed the first seconds of the run:
    // 2.0 % of the distance) still connects while the runner stands.
    try Self.writeLog(session.fixes, leadIn: 1200, to: log)
    let port = Self.freePort()
    let output = dir.appendingPathComponent("run.jsonl")
    let home = dir.appendingPathComponent("data")
    let fake = try Self.startGPSFake(log, port: port)
    #expect(Self.waitUntilListening(port: port), "gpsfake's gpsd never listened")
    let strider = try Self.startStrider(port: port, output: output, home: home)
    fake.waitUntilExit()
    Thread.sleep(forTimeInterval: 1.5)
    Self.stop(strider)
    #expect(strider.terminationStatus == 0 && strider.terminationReason == .exit)
    let events = try Self.lines(output)
    let summary = try #require(events.last, "strider printed nothing")
    #expect(summary["event"] as? String == "summary")
    #expect(
      events.contains { $0["event"] as? String == "status" && $0["status"] as? String == "3d" })
    let analyzed = try Self.analyze(log)
    let live = try #require(summary["distance_m"] as? Double)
    let file = try #require(analyzed["distance_m"] as? Double)
    // gpsd hands the run over from wherever it is in the log when strider connects, so the
    // live session misses part of the standing lead-in the file has; the noise the engine
    // learns depends a little on what it sees (0.5-0.8 % here).
    #expect(abs(live - file) / file <= 0.015, "live \(live) m against analyze \(file) m")
    let liveMoving = try #require(summary["moving_s"] as? Double)
    let fileMoving = try #require(analyzed["moving_s"] as? Double)
    // A fix gpsd does not pass on beside a stop leaves a step of two seconds or more, which
    // the finish dates at the runner's pace (`FinishingPass.travelTime`): under the whole
    // suite's load the live run missed a few and stood 4-8 s of 515 longer or shorter.
    #expect(
      abs(liveMoving - fileMoving) / fileMoving <= 0.02,
      "moving \(liveMoving) against \(fileMoving)")

    // The run was recorded, with the numbers it showed.
    let store = try SessionStore(location: StoreLocation(directory: home.path))
    let sessions = try store.sessions()
    #expect(sessions.count == 1)
    let recorded = try #require(sessions.first)
    #expect(recorded.origin == .live && recorded.state == .finished)
    #expect(recorded.source == "gpsd 127.0.0.1:\(port)")
    #expect(abs((recorded.distance?.value ?? 0) - live) < 0.01)

    // The same fixes give the same numbers: a replay of what was recorded is the live run.
    let replay = try StriderBinary.run(
      ["replay", "\(recorded.id)", "--headless", "--speed", "max"],
      environment: ["STRIDER_HOME": home.path])
    #expect(replay.status == 0, "\(replay.stderr)")
    let replayed = try #require(
      replay.stdout.split(separator: "\n").last.flatMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      })
    let replayDistance = try #require(replayed["distance_m"] as? Double)
    #expect(
      abs(replayDistance - live) <= 0.001 * live,
      "replay \(replayDistance) m against the live \(live) m")
  }

  @Test(.enabled(if: available, unavailable))
  func gpsdGoingAwayIsAGapNotAStraightLine() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let session = Simulator.run(
      SimulationConfiguration(activity: .run, seed: 32, faults: .none, routeLength: Meters(3000)))
    // The receiver is gone for 150 s in the middle of the run: the runner keeps going. (The
    // second log starts with forty minutes of standing still, fed in about 30 s, so that
    // what is missed while gpsd starts again and Strider's reconnect backs off (up to 8 s,
    // more on a loaded machine: ten minutes fed in 7 s once lost the start of the run) is
    // standing time; it overlaps the first log's clock, which the gate rejects as out of
    // order. The first log ends with 20 s of standing for what is lost when gpsfake exits.)
    let fixes = session.fixes
    let cut = fixes.count / 2
    let before = Array(fixes[..<cut])
    let after = Array(fixes[(cut + 150)...])
    let logA = dir.appendingPathComponent("a.nmea")
    let logB = dir.appendingPathComponent("b.nmea")
    try Self.writeLog(before, leadIn: 120, leadOut: 20, to: logA)
    try Self.writeLog(after, leadIn: 2400, to: logB)
    let joined = dir.appendingPathComponent("joined.nmea")
    try Self.writeLog(before + after, leadIn: 0, to: joined)

    let port = Self.freePort()
    let output = dir.appendingPathComponent("run.jsonl")
    let first = try Self.startGPSFake(logA, port: port)
    #expect(Self.waitUntilListening(port: port), "gpsfake's gpsd never listened")
    let strider = try Self.startStrider(port: port, output: output)
    first.waitUntilExit()  // gpsd goes away with it
    Thread.sleep(forTimeInterval: 1.0)
    let second = try Self.startGPSFake(logB, port: port)
    second.waitUntilExit()
    Thread.sleep(forTimeInterval: 1.5)
    Self.stop(strider)
    #expect(strider.terminationReason == .exit, "no crash when gpsd went away")
    let events = try Self.lines(output)
    let summary = try #require(events.last)
    #expect(summary["event"] as? String == "summary")
    let statuses = events.filter { $0["event"] as? String == "status" }.compactMap {
      $0["status"] as? String
    }
    #expect(statuses.contains("disconnected"), "the outage was seen: \(statuses)")
    #expect(statuses.lastIndex(of: "3d") ?? 0 > statuses.firstIndex(of: "disconnected") ?? .max)
    #expect(events.contains { $0["event"] as? String == "signal_lost" })
    #expect(events.contains { $0["event"] as? String == "signal_regained" })

    let live = try #require(summary["distance_m"] as? Double)
    let parts =
      try #require(Self.analyze(logA)["distance_m"] as? Double)
      + (try #require(Self.analyze(logB)["distance_m"] as? Double))
    let bridged = try #require(Self.analyze(joined)["distance_m"] as? Double)
    #expect(abs(live - parts) / parts <= 0.01, "live \(live) m against the parts' \(parts) m")
    #expect(bridged - live > 100, "a straight line across the outage would add distance")
  }
}
