import Foundation
import StriderTestSupport
import Testing

/// A disk that fills during `strider run` (issue 49), on the real binary fed by a fake gpsd:
/// a real full disk where one can be made (a 256 KiB tmpfs, as root), and everywhere a file
/// size limit.
///
/// The disk fills by a file-size limit put on the running process from outside
/// (`prlimit --pid PID --fsize=4096:`, the soft limit only, so it can be lifted again without
/// privileges): every write that would make a file pass 4 KiB fails (`EFBIG`; Strider
/// ignores SIGXFSZ), as on a full disk, and lifting the limit is room made. This needs no
/// root and no file system of its own, so it runs in CI as anywhere. Before the fix the
/// first refused write ended the recording at once (30 fixes of a run, exit status 1).
@Suite(.offCooperativePool) struct DiskFullRunEndToEndTests {
  static let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let python3 = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    .split(separator: ":").map { "\($0)/python3" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  static var available: Bool { prlimit != nil && python3 != nil }
  static let unavailable: Comment = "needs prlimit (util-linux) and python3 for the fake gpsd"

  /// Starts the fake gpsd and `strider run --headless`, its output through FIFOs (a pipe
  /// has no size limit) into `out` and `err`; limits the file size 2 s in (with `tmpfs` the
  /// disk fills by itself), waits for the `storage` line, then with `recover` lifts the
  /// limit (with `tmpfs` makes the file system larger) and waits for `written`; ends the run
  /// with SIGINT and writes its exit status to `status`.
  static let script = """
    cd "$DIR" || exit 2
    python3 -c "$FAKE_GPSD" > port & fake=$!
    while [ ! -s port ]; do sleep 0.05; done
    mkfifo out.fifo err.fifo
    cat out.fifo > out & cat err.fifo > err &
    "$STRIDER" $COMMAND --gpsd 127.0.0.1:$(cat port) > out.fifo 2> err.fifo & run=$!
    sleep 2
    [ "$MODE" = tmpfs ] || "$PRLIMIT" --pid $run --fsize=4096:
    i=0; while [ $i -lt 600 ] && ! grep -q '"event":"storage"' out; do sleep 0.1; i=$((i+1)); done
    sleep 1
    if [ "$MODE" = recover ]; then
      "$PRLIMIT" --pid $run --fsize=unlimited:
    elif [ "$MODE" = tmpfs ]; then
      mount -o remount,size=16m "$STRIDER_HOME"
    fi
    if [ "$MODE" != stay ]; then
      i=0; while [ $i -lt 300 ] && ! grep -q '"state":"written"' out; do sleep 0.1; i=$((i+1)); done
    fi
    kill -INT $run; wait $run; echo $? > status
    kill $fake 2>/dev/null; wait
    """

  typealias Outcome = ScriptedRun

  static func run(mode: String, home: URL? = nil, command: String = "run --headless") throws
    -> Outcome
  {
    try ScriptedRun.run(
      script, home: home,
      environment: [
        "MODE": mode, "PRLIMIT": prlimit ?? "prlimit", "COMMAND": command,
        "FAKE_GPSD": OutputFailureEndToEndTests.fakeGPSD,
      ])
  }

  /// Whether a tmpfs can be mounted here (root, and a kernel that lets this container).
  static let canMount: Bool = {
    guard let dir = try? StriderBinary.temporaryDirectory(),
      let disk = SmallDisk(at: dir.appendingPathComponent("probe"), size: "64k")
    else { return false }
    disk.unmount()
    return true
  }()

  @Test(.enabled(if: available, unavailable))
  func aRunKeepsEveryFixThroughAFileSizeLimitAndWritesThemWhenItIsLifted() throws {
    try Self.expectEveryFixKept(try Self.run(mode: "recover"))
  }

  /// A real full disk: a 256 KiB tmpfs that fills, then is made 16 MiB larger in place.
  @Test(.enabled(if: available && canMount, "needs root to mount a small tmpfs, and python3"))
  func aRunKeepsEveryFixThroughAFullTmpfsAndWritesThemWhenItGrows() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let disk = try #require(SmallDisk(at: dir.appendingPathComponent("small"), size: "256k"))
    defer { disk.unmount() }
    try Self.expectEveryFixKept(try Self.run(mode: "tmpfs", home: disk.mountPoint))
  }

  /// `run --auto` holds the fixes the same way, and now says so (issue 49: it held them
  /// without a word): a `storage` line when the disk refuses them, another when they are
  /// written, and the session it ends at SIGINT keeps every fix it was handed.
  @Test(.enabled(if: available, unavailable))
  func anAutoRunSaysItsFixesWaitAndKeepsThemAll() throws {
    let outcome = try Self.run(mode: "recover", command: "run --auto --headless")
    let context = "\(outcome.err)\n\(outcome.out)"
    #expect(outcome.status == "0\n", "\(context)")
    #expect(outcome.out.contains(#""event":"storage","state":"holding""#), "\(context)")
    #expect(outcome.out.contains(#""event":"storage","state":"written""#), "\(context)")
    let handed = try #require(
      outcome.out.firstMatch(of: /"fixes":(\d+),"session":1/).map { Int($0.1) ?? -1 },
      "\(context)")
    let shown = try StriderBinary.run(
      ["sessions", "show", "1"], environment: ["STRIDER_HOME": outcome.home.path])
    let stored = shown.stdout.firstMatch(of: /\nfixes +(\d+)\n/).map { Int($0.1) ?? -1 }
    #expect(stored == handed, "\(handed) handed: \(shown.stdout)")
    #expect(shown.stdout.contains("finished"), "\(shown.stdout)")
  }

  static func expectEveryFixKept(
    _ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let context = "\(outcome.err)\n\(outcome.out)"
    #expect(outcome.status == "0\n", "\(context)", sourceLocation: sourceLocation)
    #expect(
      outcome.out.contains(#""event":"storage","state":"holding""#), "\(context)",
      sourceLocation: sourceLocation)
    #expect(
      outcome.out.contains(#""event":"storage","state":"written""#), "\(context)",
      sourceLocation: sourceLocation)
    #expect(
      outcome.out.contains(#""trigger":"storage""#), "a cue says it: \(context)",
      sourceLocation: sourceLocation)
    // Every fix the run received is in the session: the summary's count is the stored one.
    let received = try #require(
      outcome.out.firstMatch(of: /"points_in":(\d+)/).map { Int($0.1) ?? -1 }, "\(context)",
      sourceLocation: sourceLocation)
    #expect(
      outcome.err.contains("strider: session 1 recorded (\(received) fixes)"), "\(context)",
      sourceLocation: sourceLocation)
    let list = try StriderBinary.run(
      ["sessions", "list"], environment: ["STRIDER_HOME": outcome.home.path])
    #expect(
      list.stdout.contains("live") && !list.stdout.contains("interrupted"), "\(list)",
      sourceLocation: sourceLocation)
  }

  @Test(.enabled(if: available, unavailable))
  func aDiskStillFullAtTheEndIsAnErrorAndTheSessionIsInterrupted() throws {
    let outcome = try Self.run(mode: "stay")
    let context = "\(outcome.err)\n\(outcome.out)"
    #expect(outcome.status == "1\n", "\(context)")
    #expect(outcome.out.contains(#""event":"storage","state":"holding""#), "\(context)")
    #expect(outcome.out.contains(#""event":"summary""#), "the run ends with its summary")
    #expect(
      outcome.err.contains("fixes held in memory could not be written and are lost"), "\(context)")
    #expect(outcome.err.contains("marked interrupted"), "\(context)")
    let list = try StriderBinary.run(
      ["sessions", "list"], environment: ["STRIDER_HOME": outcome.home.path])
    #expect(list.stdout.contains("live, interrupted"), "\(list)")
  }

  /// The dashboard says it (tmux): the status line while the fixes wait, then that they
  /// were written; quitting then keeps the session whole.
  @Test(.enabled(if: available && TmuxSession.executable != nil, "needs tmux, prlimit, python3"))
  func theDashboardSaysTheFixesWaitInMemoryAndThenThatTheyAreWritten() throws {
    let dir = try StriderBinary.temporaryDirectory()
    let home = dir.appendingPathComponent("data").path
    try OutputFailureEndToEndTests.fakeGPSD.write(
      to: dir.appendingPathComponent("fake.py"), atomically: true, encoding: .utf8)
    let d = dir.path
    // `exec` keeps the shell's process ID for strider, written first for prlimit.
    let tmux = try TmuxSession(
      "cd '\(d)'; python3 fake.py > port & while [ ! -s port ]; do sleep 0.05; done; "
        + "sh -c 'echo $$ > pid; exec env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color "
        + "STRIDER_HOME=\(home) \"$0\" run --gpsd 127.0.0.1:$(cat port)' "
        + "'\(StriderBinary.url.path)'; echo EXIT=$? > status; sleep 30")
    defer { tmux.kill() }
    tmux.waitFor("the live dashboard") { $0.contains("Distance") && $0.contains("3D") }
    let pid = try String(contentsOfFile: d + "/pid", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    func prlimit(_ limit: String) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try #require(Self.prlimit))
      process.arguments = ["--pid", pid, "--fsize=\(limit):"]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    try prlimit("4096")
    tmux.waitFor("the status line's note") { $0.contains("fixes in memory") }
    try prlimit("unlimited")
    tmux.waitFor("the note that they were written") { $0.contains("Saved again:") }
    tmux.send("q")
    tmux.waitFor("the quit question") { $0.contains("End the recording? y/n") }
    tmux.send("y")
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: d + "/status"), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect((try? String(contentsOfFile: d + "/status", encoding: .utf8)) == "EXIT=0\n")
    let list = try StriderBinary.run(["sessions", "list"], environment: ["STRIDER_HOME": home])
    #expect(list.stdout.contains("live") && !list.stdout.contains("interrupted"), "\(list)")
  }
}
