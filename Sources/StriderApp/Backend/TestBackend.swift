import StriderRender
import StriderSources

/// An in-memory terminal for tests: a grid that records what is drawn, keys scripted at
/// times, and a clock that moves only while the loop waits for a key (ratatui's
/// `TestBackend`, swift-nio's `EmbeddedEventLoop.advanceTime`).
///
/// It is a class so that the loop's clock (`clock`) and the backend share one time.
public final class TestBackend: TerminalBackend {
  /// The clock of a `TestBackend`: reads its time, and a sleep moves it on.
  public struct Clock: PacingClock {
    let backend: TestBackend

    public func now() -> Double { backend.now }
    public mutating func sleep(seconds: Double) {
      if seconds > 0, seconds.isFinite { backend.now += seconds }
    }
  }

  /// The time now, in seconds.
  public var now: Double
  /// The last grid drawn (blank before the first draw).
  public private(set) var grid: Grid
  /// How many times the loop drew, and how many times it asked for a full repaint.
  public private(set) var draws = 0
  public private(set) var invalidations = 0
  private var columns: Int
  private var rows: Int
  /// Keys still to come, each at its time, in order.
  private var script: [(time: Double, key: TerminalKey, size: (columns: Int, rows: Int)?)] = []

  public init(columns: Int = 120, rows: Int = 40, now: Double = 0) {
    self.columns = columns
    self.rows = rows
    self.now = now
    grid = Grid(width: columns, height: rows)
  }

  /// The clock the loop should read.
  public var clock: Clock { Clock(backend: self) }

  /// The screen as text (trailing spaces trimmed), as golden files store it.
  public var text: String { grid.text }

  /// Queues `key` for `time` (or at once); keys come out in time order.
  public func press(_ key: TerminalKey, at time: Double? = nil) {
    queue(key, at: time, size: nil)
  }

  /// Queues each character of `keys` at `time`.
  public func type(_ keys: String, at time: Double? = nil) {
    for character in keys { press(.character(character), at: time) }
  }

  /// Changes the size at `time` and queues the resize key the terminal would send.
  public func resize(columns: Int, rows: Int, at time: Double? = nil) {
    queue(.resize, at: time, size: (columns, rows))
  }

  private func queue(_ key: TerminalKey, at time: Double?, size: (columns: Int, rows: Int)?) {
    let at = max(time ?? now, script.last?.time ?? now)
    script.append((at, key, size))
  }

  // MARK: TerminalBackend

  public var size: (columns: Int, rows: Int) { (columns, rows) }

  public func draw(_ grid: Grid) {
    self.grid = grid
    draws += 1
  }

  public func invalidate() {
    invalidations += 1
  }

  /// The next key due by `now + timeout`; the clock moves to it, or by `timeout` when none.
  public func readKey(timeout: Double) -> TerminalKey? {
    guard let next = script.first, next.time <= now + timeout else {
      now += max(0, timeout)
      return nil
    }
    now = max(now, next.time)
    script.removeFirst()
    if let size = next.size {
      columns = size.columns
      rows = size.rows
    }
    return next.key
  }
}
