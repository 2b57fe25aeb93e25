import Foundation

/// A running process named so that a recycled pid is not mistaken for it: the pid and the
/// kernel's start time of the process (clock ticks since boot, from `/proc/PID/stat`).
struct ProcessIdentity: Hashable, Sendable {
  var pid: Int32
  var startTicks: Int64?

  static var current: ProcessIdentity {
    let pid = getpid()
    return ProcessIdentity(pid: pid, startTicks: startTicks(of: pid))
  }

  /// Whether this process still runs (the same one, not a later process given its pid).
  var isAlive: Bool {
    guard pid > 0 else { return false }
    if kill(pid, 0) != 0 && errno == ESRCH { return false }
    guard let recorded = startTicks else { return true }
    // A process the kernel has but whose start cannot be read is taken to be the one
    // recorded: taking a live process's session away loses its work, and a wrong guess the
    // other way only keeps an abandoned session until its pid is gone.
    guard let now = Self.startTicks(of: pid) else { return true }
    return now == recorded
  }

  /// Field 22 of `/proc/PID/stat`, counted after the command name (which may hold spaces
  /// and parentheses, so the count starts at the last ')').
  static func startTicks(of pid: Int32) -> Int64? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // fields[0] is field 3 (state); field 22 is at index 19.
    guard fields.count > 19 else { return nil }
    return Int64(fields[19])
  }
}
