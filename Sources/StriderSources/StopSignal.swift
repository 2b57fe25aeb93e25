import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the session loop checks, so a session
/// always ends cleanly: the summary is printed, the terminal restored.
///
/// The default actions are ignored and the signals watched by dispatch sources whose
/// handlers only set an atomic flag (a handler that captured more would be inferred
/// main-actor isolated and crash the process when it runs on the signal queue). When the
/// last watcher of a signal goes, a signal whose action was the default gets it back: a
/// process that runs commands in it (the command tests) still stops on Ctrl-C after them.
public final class StopSignal: Sendable {
  private let flag = Atomic<Bool>(false)
  private let raisedSignal = Atomic<Int32>(0)
  nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []
  private let signals: [Int32]

  /// Per signal: how many watchers there are, and whether its action was the default
  /// before the first.
  private static let watchers = Mutex<[Int32: (count: Int, wasDefault: Bool)]>([:])

  public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
    self.signals = signals
    for number in signals {
      Self.watchers.withLock { watchers in
        var entry = watchers[number] ?? (0, false)
        let previous = signal(number, SIG_IGN)
        // SIG_DFL is the null handler.
        if entry.count == 0 { entry.wasDefault = unsafeBitCast(previous, to: Int.self) == 0 }
        entry.count += 1
        watchers[number] = entry
      }
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { @Sendable [weak self] in
        self?.raisedSignal.store(number, ordering: .relaxed)
        self?.flag.store(true, ordering: .releasing)
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Whether a stop was asked for.
  public var isRaised: Bool { flag.load(ordering: .acquiring) }

  /// The signal that asked, or 0.
  public var signalNumber: Int32 { raisedSignal.load(ordering: .relaxed) }

  /// Asks for a stop from inside the program (the `q` key, the end of a replay).
  public func raise() { flag.store(true, ordering: .releasing) }

  deinit {
    for source in sources { source.cancel() }
    for number in signals {
      Self.watchers.withLock { watchers in
        guard var entry = watchers[number] else { return }
        entry.count -= 1
        if entry.count > 0 {
          watchers[number] = entry
          return
        }
        watchers[number] = nil
        if entry.wasDefault { signal(number, SIG_DFL) }
      }
    }
  }
}
