import Foundation
import StriderTestSupport
import Testing

/// Output the operating system refuses, on the real binary: a full disk (`/dev/full`, a
/// 64 KiB tmpfs), a reader that closes the pipe (`| head -1`), a terminal that hangs up.
/// Each ends with a message on stderr and status 1, never a signal, and a recording ends
/// finished, with its summary.
@Suite(.offCooperativePool) struct OutputFailureEndToEndTests {
  static let walk = SharedData.packageRoot.appendingPathComponent("Demo/park-walk.gpx").path

  /// Runs a shell script with `$STRIDER` naming the binary and the test's own database.
  static func shell(_ script: String, home: URL) throws -> StriderBinary.Result {
    try StriderBinary.shell(script, environment: ["STRIDER_HOME": home.path])
  }

  static func expectFullDisk(
    _ result: StriderBinary.Result, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(!result.crashed, "\(what) crashed: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.status == 1, "\(what): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(
      result.stderr.contains("cannot write to standard output: No space left on device"),
      "\(what): \(result.stderr)", sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    ["replay", walk, "--speed", "max", "--headless"], ["analyze", walk],
    ["analyze", "--format", "json", walk], ["demo", "--speed", "max", "--headless"],
    ["demo", "--speed", "max", "--headless", "--record"], ["simulate"],
    ["simulate", "--format", "nmea"], ["config"],
    // Issue 49: the parser's help and version went through `print` and exited 0.
    ["--help"], ["--version"], ["sessions", "--help"], ["help", "analyze"],
  ])
  func aFullDiskUnderStandardOutputIsAnError(arguments: [String]) throws {
    let home = try StriderBinary.temporaryDirectory().appendingPathComponent("data")
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    Self.expectFullDisk(
      try Self.shell("\"$STRIDER\" \(quoted) > /dev/full", home: home), arguments.joined())
  }

  @Test func sessionCommandsOnAFullDiskAreErrors() throws {
    let home = try StriderBinary.temporaryDirectory().appendingPathComponent("data")
    let imported = try StriderBinary.run(
      ["sessions", "import", Self.walk], environment: ["STRIDER_HOME": home.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    for command in [
      "sessions list", "sessions show 1", "sessions export 1", "sessions export 1 --format tcx",
      "sessions export 1 --format json", "sessions export 1 --format csv",
      "sessions export 1 -o /dev/full",
    ] {
      let result = try Self.shell("\"$STRIDER\" \(command) > /dev/full", home: home)
      #expect(!result.crashed && result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("No space left on device"), "\(command): \(result.stderr)")
    }
  }

  @Test func aClosedPipeEndsARecordingFinished() throws {
    let home = try StriderBinary.temporaryDirectory().appendingPathComponent("data")
    let result = try Self.shell(
      "{ \"$STRIDER\" demo --speed max --headless --record; echo $? >&2; } | head -1",
      home: home)
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(
      result.stderr.contains("standard output was closed by its reader (Broken pipe): stopping"),
      "\(result.stderr)")
    #expect(result.stderr.contains("strider: session 1 recorded"), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("\n1\n"), "exit status 1, not 141: \(result.stderr)")
    let list = try StriderBinary.run(
      ["sessions", "list"], environment: ["STRIDER_HOME": home.path])
    #expect(!list.stdout.contains("interrupted"), "\(list.stdout)")
    let show = try StriderBinary.run(
      ["sessions", "show", "1"], environment: ["STRIDER_HOME": home.path])
    #expect(show.stdout.contains("distance"), "the summary is committed: \(show.stdout)")
  }

  /// A gpsd that sends a VERSION and then a TPV every 50 ms on a free loopback port, which
  /// it prints first: enough for `strider run` without gpsd installed.
  static let fakeGPSD = """
    import socket, time
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0)); srv.listen(1)
    print(srv.getsockname()[1], flush=True)
    conn, _ = srv.accept()
    conn.sendall(b'{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}\\n')
    t0 = int(time.time())
    try:
        for i in range(600):
            ts = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t0 + i))
            conn.sendall(('{"class":"TPV","mode":3,"time":"%s.000Z","lat":%.7f,"lon":-0.1,'
                '"altHAE":10.0,"eph":5.0,"speed":2.5,"track":0.0}\\n' % (ts, 51.5 + i * 2e-5)).encode())
            time.sleep(0.05)
    except OSError:
        pass
    """

  @Test func aClosedPipeEndsALiveRunFinished() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let port = dir.appendingPathComponent("port").path
    let result = try StriderBinary.shell(
      "python3 -c \"$FAKE_GPSD\" > \(port) & fake=$!; "
        + "while [ ! -s \(port) ]; do sleep 0.05; done; "
        // The reader goes away after the session's start (a run that ended before its
        // first fix would keep nothing).
        + "{ \"$STRIDER\" run --headless --gpsd 127.0.0.1:$(cat \(port)); echo $? >&2; } "
        + "| sed '/\"event\":\"start\"/q'; "
        // The fake gpsd may have ended already (its peer hung up): kill's complaint is not
        // the run's.
        + "kill $fake 2>/dev/null",
      environment: ["STRIDER_HOME": home.path, "FAKE_GPSD": Self.fakeGPSD])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.last?.contains("\"event\":\"start\"") == true, "\(result.stdout)")
    #expect(result.stderr.contains("strider: session 1 recorded"), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("stopping\n1\n"), "exit status 1, not 141: \(result.stderr)")
    let list = try StriderBinary.run(
      ["sessions", "list"], environment: ["STRIDER_HOME": home.path])
    #expect(list.stdout.contains("live") && !list.stdout.contains("interrupted"), "\(list.stdout)")
  }

  @Test func aClosedPipeEndsAReplay() throws {
    let home = try StriderBinary.temporaryDirectory().appendingPathComponent("data")
    let result = try Self.shell(
      "{ \"$STRIDER\" replay '\(Self.walk)' --speed max --headless; echo $? >&2; } | head -1",
      home: home)
    #expect(result.stderr.hasSuffix("stopping\n1\n"), "\(result.stderr)")
  }

  /// Whether this machine lets a test mount a tmpfs of its own (a user namespace).
  static let canMountTmpfs: Bool = {
    guard let home = try? StriderBinary.temporaryDirectory() else { return false }
    let result = try? shell(
      "unshare -r -m sh -c 'mount -t tmpfs -o size=64k tmpfs \"$STRIDER_HOME\"'", home: home)
    return result?.status == 0
  }()

  @Test(.enabled(if: canMountTmpfs, "needs unshare -r -m to mount a tmpfs"))
  func aFailedExportLeavesTheOldFileWholeAndNothingElse() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let disk = dir.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    _ = try StriderBinary.run(
      ["sessions", "import", Self.walk], environment: ["STRIDER_HOME": home.path])
    // 64 KiB holds the old file but not the 570 KB export.
    let result = try Self.shell(
      "unshare -r -m sh -c 'mount -t tmpfs -o size=64k tmpfs \(disk.path) && "
        + "echo old > \(disk.path)/walk.gpx && "
        + "\"$STRIDER\" sessions export 1 -o \(disk.path)/walk.gpx; s=$?; "
        + "ls -A \(disk.path); cat \(disk.path)/walk.gpx; exit $s'",
      home: home)
    #expect(!result.crashed && result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains("cannot write to \(disk.path)/walk.gpx: No space left on device"),
      "\(result.stderr)")
    #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
    #expect(result.stdout == "walk.gpx\nold\n", "only the old file, whole: \(result.stdout)")
  }

  @Test func anExportIsOwnerOnlyAndReplacesTheOldFile() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    _ = try StriderBinary.run(
      ["sessions", "import", Self.walk], environment: ["STRIDER_HOME": home.path])
    let target = dir.appendingPathComponent("walk.gpx")
    try Data("old".utf8).write(to: target)
    let result = try StriderBinary.run(
      ["sessions", "export", "1", "-o", target.path], environment: ["STRIDER_HOME": home.path])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOf: target, encoding: .utf8)
    #expect(text.hasPrefix("<?xml") && text.hasSuffix("</gpx>\n"))
    let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
        "data", "walk.gpx",
      ])
  }

  @Test(.enabled(if: TmuxSession.executable != nil, "needs tmux"))
  func aTerminalThatHangsUpEndsARecordingFinished() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data")
    let errors = dir.appendingPathComponent("err.txt")
    let tmux = try TmuxSession(
      "env LANG=C.UTF-8 STRIDER_HOME=\(home.path) XDG_CONFIG_HOME=\(dir.path)/config "
        + "\(StriderBinary.url.path) demo --record --speed 30 2>\(errors.path)")
    // Hung up once the runner has moved: a demo that never moved is not kept.
    _ = tmux.waitFor("the runner moving") {
      $0.contains("Distance") && !$0.contains("Distance 0.00")
    }
    tmux.kill()
    let deadline = Date().addingTimeInterval(20)
    var said = ""
    while Date() < deadline {
      said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      if said.contains("strider: error:") { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(said.contains("strider: session 1 recorded"), "\(said)")
    #expect(said.contains("Input/output error"), "\(said)")
    let list = try StriderBinary.run(
      ["sessions", "list"], environment: ["STRIDER_HOME": home.path])
    #expect(list.stdout.contains("simulated") && !list.stdout.contains("interrupted"))
  }
}
