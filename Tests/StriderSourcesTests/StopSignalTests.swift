import StriderSources
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A stop signal takes a signal's action while it watches, and gives the default action back
/// when the last watcher goes: a process that ran a command in it still ends on the signal.
@Suite(.serialized) struct StopSignalTests {
  static func action(_ number: Int32) -> Int {
    var current = sigaction()
    sigaction(number, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
  }

  @Test func theDefaultActionComesBackWhenTheLastWatcherGoes() {
    let number = SIGWINCH
    signal(number, SIG_DFL)
    var first: StopSignal? = StopSignal(signals: [number])
    var second: StopSignal? = StopSignal(signals: [number])
    #expect(Self.action(number) != 0, "watched: not the default action")
    first = nil
    #expect(Self.action(number) != 0, "still watched by the second")
    second = nil
    #expect(Self.action(number) == 0, "the default again")
    _ = (first, second)
  }

  @Test func anIgnoredSignalStaysIgnored() {
    let number = SIGWINCH
    signal(number, SIG_IGN)
    defer { signal(number, SIG_DFL) }
    var watcher: StopSignal? = StopSignal(signals: [number])
    watcher = nil
    #expect(Self.action(number) == 1, "ignored before, ignored after")
    _ = watcher
  }
}
