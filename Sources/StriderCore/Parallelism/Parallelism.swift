/// How the core runs pieces of work that touch nothing in common: a fit's runs, a fit beside
/// its rival's, the finish's smoother beside its figures.
///
/// The core starts no thread. `OneAtATime` runs the pieces in turn; an edge that owns
/// threads hands in another (`StriderConcurrency.Threads`) when it builds an engine. Either
/// way every number is the same to the bit: only the time differs.
public protocol Parallelism: Sendable {
  /// How many pieces can run at once; 1 runs them one after the other.
  var width: Int { get }

  /// Calls `piece` with every index below `count`, at once as far as `width` allows, and
  /// returns when every call has. The pieces must not write what another reads or writes;
  /// they may run on other threads, which is why the work that uses this says what each
  /// piece touches.
  func forEach(_ count: Int, _ piece: (Int) -> Void)

  /// A count one piece raises as its work settles and another waits on.
  func makeProgress() -> any WorkProgress
}

/// How far one piece of work has gone, as another piece running beside it reads it.
public protocol WorkProgress: AnyObject {
  /// Says that everything below `count` is done.
  func publish(_ count: Int)
  /// Waits until the item at `index` is done; returns how many are.
  func wait(for index: Int) -> Int
}

/// Every piece in turn, on the caller's thread: the core's default.
public struct OneAtATime: Parallelism {
  public init() {}

  public var width: Int { 1 }

  public func forEach(_ count: Int, _ piece: (Int) -> Void) {
    for k in 0..<count { piece(k) }
  }

  public func makeProgress() -> any WorkProgress { Published() }

  /// In turn, the piece that publishes has finished before the one that waits begins.
  private final class Published: WorkProgress {
    private var count = 0
    func publish(_ count: Int) { self.count = count }
    func wait(for index: Int) -> Int {
      precondition(index < count, "waited, one at a time, for work that comes after")
      return count
    }
  }
}

extension Parallelism {
  /// Two pieces of work, at once where there is room for both.
  func run(_ first: () -> Void, beside second: () -> Void) {
    forEach(2) { k in if k == 0 { first() } else { second() } }
  }
}
