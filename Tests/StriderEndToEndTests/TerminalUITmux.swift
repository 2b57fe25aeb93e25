import Foundation
import StriderTestSupport
import Testing

/// A detached tmux session running one command, for driving the dashboard end to end.
///
/// Every session lives on a tmux server of its own (`-L`, one socket per test process), so
/// the tests never touch a user's tmux. Tests poll `capture-pane` for what they expect, with
/// a deadline, instead of sleeping fixed times.
final class TmuxSession {
  /// tmux's path, or nil when it is not installed (the tests skip with a note).
  static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let socket = "strider-e2e-\(getpid())"

  let name: String
  private let tmux: String

  /// Starts `command` (run by the shell; it may use `;` and `$?`) in a `columns` × `rows`
  /// window.
  init(_ command: String, columns: Int = 120, rows: Int = 40) throws {
    guard let tmux = Self.executable else { throw CocoaError(.executableNotLoadable) }
    self.tmux = tmux
    name = "strider-\(UUID().uuidString.prefix(8))"
    let arguments = [
      "-L", Self.socket, "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", String(columns),
      "-y", String(rows), command,
    ]
    // A new session can meet the tests' tmux server as it exits (its last session just
    // killed by another test: tmux then refuses the client), so it is tried again a few
    // times before the test fails on it.
    var status = Self.spawnServer(tmux, arguments)
    for _ in 0..<5 where status != 0 {
      usleep(200_000)
      status = Self.spawnServer(tmux, arguments)
    }
    guard status == 0 else { throw CocoaError(.executableLoad) }
  }

  /// Runs the tmux client that starts the server, and waits for it.
  ///
  /// `posix_spawn` rather than `Process`, for two reasons. The child gets an empty signal
  /// mask and default signal actions: Foundation would hand it the test runner's mask
  /// (nearly every signal blocked), tmux passes that on to the program it runs, and the
  /// dashboard would then never see SIGWINCH (resizes) nor SIGHUP. And the child gets no
  /// descriptor beyond 0–2: the daemonized server would otherwise keep `Process`'s
  /// exit-monitoring socket (or another test's pipe) open, and whoever waits on it would
  /// wait until the server exits.
  private static func spawnServer(_ tmux: String, _ arguments: [String]) -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGWINCH, SIGCHLD, SIGQUIT] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    let argv = ([tmux] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, tmux, &actions, &attributes, argv, envp) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else { return 0 }  // reaped elsewhere: assume it worked
    }
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
  }

  /// The pane's text now; with `history`, also what scrolled off, wrapped lines joined.
  func capture(history: Bool = false) -> String {
    run(["capture-pane", "-p", "-t", name] + (history ? ["-J", "-S", "-"] : []))
  }

  /// Types keys (tmux key names: "q", "Left", "C-c").
  func send(_ keys: String...) {
    _ = run(["send-keys", "-t", name] + keys)
  }

  func resize(columns: Int, rows: Int) {
    _ = run(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
  }

  /// Polls the pane until `predicate` holds; the pane that satisfied it, or nil after
  /// `timeout` seconds (with the last pane recorded as the test's issue).
  @discardableResult
  func waitFor(
    _ what: String, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation,
    _ predicate: (String) -> Bool
  ) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    var pane = ""
    repeat {
      pane = capture()
      if predicate(pane) { return pane }
      Thread.sleep(forTimeInterval: 0.1)
    } while Date() < deadline
    Issue.record(
      "timed out waiting for \(what); the pane shows:\n\(pane)", sourceLocation: sourceLocation)
    return nil
  }

  /// The pane's terminal device, for writing to it as another program would.
  func paneTTY() -> String {
    run(["display-message", "-p", "-t", name, "#{pane_tty}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func kill() {
    _ = run(["kill-session", "-t", name])
  }

  private func run(_ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tmux)
    process.arguments = ["-L", Self.socket] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return "" }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
