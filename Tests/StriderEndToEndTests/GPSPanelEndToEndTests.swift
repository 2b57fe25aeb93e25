import Foundation
import StriderTestSupport
import Testing

/// The GPS panel of `strider run` in tmux (issue 50): `g` swaps the map for the receiver's
/// satellites and DOPs from gpsd's SKY reports, and `g` again brings the map back.
@Suite(.offCooperativePool) struct GPSPanelEndToEndTests {
  /// Serves a walk on a loopback port (printed first): every second a TPV and a SKY report
  /// as gpsd 3.22 sends them, for a minute.
  static let fakeGPSD = """
    import socket, time
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0)); srv.listen(1)
    print(srv.getsockname()[1], flush=True)
    conn, _ = srv.accept()
    conn.sendall(b'{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}\\n')
    sky = ('{"class":"SKY","device":"/dev/ttyACM0","hdop":0.94,"vdop":1.13,"pdop":1.47,'
           '"nSat":3,"uSat":2,"satellites":['
           '{"PRN":5,"gnssid":0,"svid":5,"el":31.0,"az":86.0,"ss":45.0,"used":true},'
           '{"PRN":67,"gnssid":6,"svid":3,"el":64.0,"az":12.0,"ss":38.0,"used":true},'
           '{"PRN":133,"gnssid":1,"svid":133,"el":27.0,"az":154.0,"ss":21.0,"used":false}]}\\n')
    t0 = int(time.time()) - 100
    for i in range(60):
        ts = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t0 + i))
        line = ('{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"%s.000Z",'
                '"lat":%.7f,"lon":-0.1,"alt":10.0,"speed":2.2,"eph":5.0}\\n'
                % (ts, 51.5 + i * 2e-5))
        conn.sendall(line.encode() + sky.encode())
        time.sleep(1)
    """

  @Test(
    .enabled(if: LostSourceEndToEndTests.available, "needs python3 for the fake gpsd"),
    .enabled(if: TmuxSession.executable != nil, "needs tmux (apt-get install tmux)"))
  func gShowsTheSatellitesOfALiveReceiver() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let fake = try FakeGPSD.start(Self.fakeGPSD, in: dir)
    defer { fake.stop() }
    let port = fake.port
    let home = dir.appendingPathComponent("home").path
    let tmux = try TmuxSession(
      TerminalUITests.command("run --gpsd 127.0.0.1:\(port)", home: home))
    defer { tmux.kill() }
    tmux.waitFor("the run under way") {
      TerminalUITests.showsState($0, ["RUNNING", "AUTO-PAUSED"])
    }
    tmux.send("g")
    let pane = tmux.waitFor("the satellites") { $0.contains("2 used of 3 seen") }
    #expect(pane?.contains("3D fix") == true, "\(pane ?? "")")
    #expect(pane?.contains("GL 3") == true, "GLONASS svid 3: \(pane ?? "")")
    #expect(pane?.contains("H 0.94") == true, "\(pane ?? "")")
    tmux.send("g")
    tmux.waitFor("the map again") { !$0.contains("used of") && $0.contains("Map") }
  }
}
