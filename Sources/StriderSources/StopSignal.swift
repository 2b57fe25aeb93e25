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
/// main-actor isolated and crash the process when it runs on the signal queue).
public final class StopSignal: Sendable {
  private let flag = Atomic<Bool>(false)
  private let raisedSignal = Atomic<Int32>(0)
  nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

  public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
    for number in signals {
      signal(number, SIG_IGN)
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
}
