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
}
