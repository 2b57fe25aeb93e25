import Foundation
import StriderStore
import Synchronization

/// Says on stderr how a long backfill of the history's figures goes: nothing for one that
/// takes under a second, then a line that updates in place on a terminal (a line every
/// few seconds otherwise), and the count at the end.
public final class BackfillMeter: Sendable {
  private struct State {
    var started: ContinuousClock.Instant?
    var lastShown: ContinuousClock.Instant?
    var shown = false
  }

  private let state = Mutex(State())
  private let isTerminal = isatty(STDERR_FILENO) == 1

  public init() {}

  public func report(_ progress: BackfillProgress) {
    let now = ContinuousClock.now
    let text: String? = state.withLock { s in
      let started = s.started ?? now
      s.started = started
      let finished = progress.done >= progress.total
      guard now - started >= .seconds(1) || (finished && s.shown) else { return nil }
      let gap: Duration = isTerminal ? .milliseconds(200) : .seconds(5)
      guard finished || s.lastShown.map({ now - $0 >= gap }) ?? true else { return nil }
      s.lastShown = now
      s.shown = true
      let line =
        "strider: best efforts of the sessions kept so far (once): "
        + "\(progress.done) of \(progress.total)"
      if isTerminal { return "\r" + line + (finished ? "\n" : "") }
      return line + "\n"
    }
    if let text { Output.error(text) }
  }
}
