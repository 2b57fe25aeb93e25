import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Lap presses for a headless session: SIGUSR1, and a line "lap" on standard input, each
/// count one; the session loop takes them (`take`) and closes a lap on the fix clock.
///
/// As with `StopSignal`, the signal's handler only bumps an atomic counter. Standard input
/// is read by a thread of its own, line by line, until it ends; other lines are ignored.
public final class LapSignal: Sendable {
  private let pending = Atomic<Int>(0)
  nonisolated(unsafe) private var source: (any DispatchSourceSignal)?

  /// - Parameter readsStandardInput: also count "lap" lines on stdin (headless sessions).
  public init(signal number: Int32 = SIGUSR1, readsStandardInput: Bool) {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler { @Sendable [weak self] in
      self?.pending.add(1, ordering: .relaxed)
    }
    source.resume()
    self.source = source
    if readsStandardInput {
      let thread = Thread { @Sendable [weak self] in
        while let line = readLine(strippingNewline: true) {
          if line.trimmingCharacters(in: .whitespaces).lowercased() == "lap" {
            self?.pending.add(1, ordering: .relaxed)
          }
        }
      }
      thread.start()
    }
  }

  /// The presses since the last call.
  public func take() -> Int { pending.exchange(0, ordering: .relaxed) }

  /// Whether `path` is standard input itself (`/dev/stdin`, or the pipe or file it is):
  /// a session replaying it must not read its lap lines from it too. The two readers
  /// shared one pipe, and each line the lap reader took was lost to the replay (a tenth
  /// of a 100,000-epoch NMEA log piped in, or a GPX cut mid-tag).
  public static func isStandardInput(_ path: String) -> Bool {
    if path == "-" { return true }
    var file = stat()
    var input = stat()
    guard stat(path, &file) == 0, fstat(STDIN_FILENO, &input) == 0 else { return false }
    return file.st_dev == input.st_dev && file.st_ino == input.st_ino
  }
}
