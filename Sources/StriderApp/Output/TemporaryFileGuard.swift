import Foundation
import Synchronization

/// Removes a temporary file if a signal ends the process while it is being written: Ctrl-C,
/// SIGTERM or SIGHUP during an export left `.NAME.strider-XXXXXX` (10-19 MB) beside the
/// target.
///
/// The handler may only make async-signal-safe calls (POSIX.1-2017 2.4.3): it unlinks the
/// path kept in a buffer allocated beforehand, puts the signal's default action back and
/// raises it again, so the process still ends by that signal (a shell sees 130 for Ctrl-C).
/// The handlers are in place before the file exists and its name is in the buffer before it
/// is created (`AtomicFile`), so no moment leaves a file behind: a signal in between unlinks
/// a name not yet made. The name's first byte is written last and cleared first, so a
/// handler on another thread sees a whole name or none. One file at a time: the command
/// line writes one export at once.
enum TemporaryFileGuard {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  private static let capacity = Int(PATH_MAX) + 1
  /// The path being written, NUL-terminated; empty (a NUL first byte) when none is.
  nonisolated(unsafe) private static let path: UnsafeMutablePointer<CChar> = {
    let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    buffer.initialize(repeating: 0, count: capacity)
    return buffer
  }()
  nonisolated(unsafe) private static var previous: [Int32: sigaction] = [:]

  /// Puts the handlers in place, with no file to remove yet.
  static func arm() {
    path[0] = 0
    for number in signals {
      var current = sigaction()
      sigaction(number, nil, &current)
      // A signal the user's shell ignores (`nohup`) stays ignored.
      if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        if TemporaryFileGuard.path[0] != 0 { unlink(TemporaryFileGuard.path) }
        signal(number, SIG_DFL)
        raise(number)
      }
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, nil)
      previous[number] = current
    }
  }

  /// The file a signal removes from now on; nil for none. A path too long to keep is
  /// not watched (the file system refuses it anyway).
  static func watch(_ temporary: String?) {
    path[0] = 0
    guard let temporary else { return }
    let bytes = Array(temporary.utf8CString)
    guard bytes.count <= capacity, let first = bytes.first else { return }
    atomicMemoryFence(ordering: .sequentiallyConsistent)
    for k in 1..<bytes.count { path[k] = bytes[k] }
    atomicMemoryFence(ordering: .sequentiallyConsistent)
    path[0] = first
  }

  /// Puts the handlers that were there back: the file was renamed into place or removed.
  static func disarm() {
    path[0] = 0
    for (number, before) in previous {
      var before = before
      sigaction(number, &before, nil)
    }
    previous = [:]
  }
}
