import Foundation
import StriderTestSupport
import Testing

/// A live run whose source goes away (issue 50): gpsd killed mid-run, and a receiver that
/// stops talking while gpsd stays up. Either way `strider run --headless` says `signal_lost`
/// (the event and its cue) within seconds, while it lasts, not when fixes come back.
@Suite(.offCooperativePool) struct LostSourceEndToEndTests {
  static var available: Bool { DiskFullRunEndToEndTests.python3 != nil }

  /// Serves a walk of 40 reports, 0.1 s apart, on a free loopback port (printed first),
  /// writes `sent`, then closes the connection and exits (`close`) or keeps it open and
  /// says nothing more (`silent`).
  static let fakeGPSD = """
    import os, socket, sys, time
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0)); srv.listen(1)
    print(srv.getsockname()[1], flush=True)
    conn, _ = srv.accept()
    conn.sendall(b'{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}\\n')
    t0 = int(time.time()) - 200
    for i in range(40):
        ts = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t0 + i))
        line = ('{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"%s.000Z",'
                '"lat":%.7f,"lon":-0.1,"alt":10.0,"speed":2.2,"eph":5.0}\\n'
                % (ts, 51.5 + i * 2e-5))
        conn.sendall(line.encode())
        time.sleep(0.1)
    open("sent", "w").close()
    if os.environ["MODE"] == "close":
        conn.close(); srv.close(); sys.exit(0)
    time.sleep(60)
    """

  /// Waits for `sent`, then counts tenths of a second until `signal_lost` is printed
  /// (`waited`), and ends the run with SIGINT.
  static let script = """
    cd "$DIR" || exit 2
    python3 -c "$FAKE_GPSD" > port & fake=$!
    while [ ! -s port ]; do sleep 0.05; done
    "$STRIDER" run --headless --gpsd 127.0.0.1:$(cat port) > out 2> err & run=$!
    i=0; while [ $i -lt 300 ] && [ ! -e sent ]; do sleep 0.1; i=$((i+1)); done
    i=0; while [ $i -lt 150 ] && ! grep -q '"event":"signal_lost"' out; do
      sleep 0.1; i=$((i+1)); done
    echo $i > waited
    kill -INT $run; wait $run; echo $? > status
    kill $fake 2>/dev/null; wait
    """

  /// The seconds between the last report and `signal_lost`, and the run's output lines.
  static func run(mode: String) throws -> (seconds: Double, events: [[String: Any]], err: String) {
    let outcome = try ScriptedRun.run(
      Self.script, environment: ["FAKE_GPSD": Self.fakeGPSD, "MODE": mode])
    #expect(outcome.status == "0\n", "\(mode): \(outcome.err)")
    let waited = try String(
      contentsOf: outcome.home.deletingLastPathComponent().appendingPathComponent("waited"),
      encoding: .utf8)
    let tenths = try #require(Int(waited.trimmingCharacters(in: .whitespacesAndNewlines)))
    let events = outcome.out.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    return (Double(tenths) / 10, events, outcome.err)
  }

  static func names(_ events: [[String: Any]]) -> [String] {
    events.compactMap { event in
      guard let name = event["event"] as? String else { return nil }
      if name == "status" { return "status \(event["status"] as? String ?? "?")" }
      if name == "cue" { return "cue \(event["trigger"] as? String ?? "?")" }
      return name
    }
  }

  /// gpsd killed: the loss is said as soon as the connection drops, well within 5 s.
  @Test(.enabled(if: available, "needs python3 for the fake gpsd"))
  func gpsdKilledMidRunIsAnnouncedWithinFiveSeconds() throws {
    let (seconds, events, err) = try Self.run(mode: "close")
    let names = Self.names(events)
    #expect(seconds <= 5, "signal_lost \(seconds) s after gpsd went: \(names) \(err)")
    let lost = try #require(names.firstIndex(of: "signal_lost"), "\(names)")
    let disconnected = try #require(names.firstIndex(of: "status disconnected"), "\(names)")
    #expect(disconnected < lost)
    #expect(names.contains("cue signal_lost"))
    #expect(!names.contains("signal_regained"), "nothing came back: \(names)")
    #expect(names.last == "summary")
  }

  /// A receiver that falls silent while gpsd stays up: `silent`, then the loss, within a
  /// few seconds of its last report.
  @Test(.enabled(if: available, "needs python3 for the fake gpsd"))
  func aSilentReceiverIsAnnouncedWithinSeconds() throws {
    let (seconds, events, err) = try Self.run(mode: "silent")
    let names = Self.names(events)
    #expect(seconds <= 7, "signal_lost \(seconds) s after the last report: \(names) \(err)")
    let lost = try #require(names.firstIndex(of: "signal_lost"), "\(names)")
    let silent = try #require(names.firstIndex(of: "status silent"), "\(names)")
    #expect(silent < lost)
    #expect(names.contains("cue signal_lost"))
    #expect(names.last == "summary")
    let summary = try #require(events.last)
    let distance = try #require(summary["distance_m"] as? Double)
    #expect((60...110).contains(distance), "39 steps of 2.2 m: \(distance) m")
  }

  /// The dashboard of `strider run` in tmux: RUNNING while the reports come, NO SIGNAL
  /// within 5 s of gpsd going away.
  @Test(
    .enabled(if: available, "needs python3 for the fake gpsd"),
    .enabled(if: TmuxSession.executable != nil, "needs tmux (apt-get install tmux)"))
  func theDashboardSaysNoSignalWhenGPSDIsKilled() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let fake = try FakeGPSD.start(Self.fakeGPSD, in: dir, environment: ["MODE": "close"])
    defer { fake.stop() }
    let port = fake.port
    let home = dir.appendingPathComponent("home").path
    let tmux = try TmuxSession(
      TerminalUITests.command("run --gpsd 127.0.0.1:\(port)", home: home))
    defer { tmux.kill() }
    // On a loaded machine the first frame may come after the 4 s of reports.
    tmux.waitFor("the run under way") {
      TerminalUITests.showsState($0, ["RUNNING", "AUTO-PAUSED", "NO SIGNAL"])
    }
    let sent = dir.appendingPathComponent("sent")
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: sent.path), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let gone = Date()
    tmux.waitFor("NO SIGNAL", timeout: 5) { TerminalUITests.showsState($0, ["NO SIGNAL"]) }
    #expect(Date().timeIntervalSince(gone) <= 5)
  }
}
