import Foundation

/// Two pieces of work done at once where there is a second core: the finish's smoother
/// beside its figures, a fit's search beside its rival's fit. Each piece writes only what
/// the other does not read until both are done, which is when `run` returns.
enum SideBySide {
  static func run(_ first: () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(first) { first in
      withoutActuallyEscaping(second) { second in
        let work = Work(first, second)
        DispatchQueue.concurrentPerform(iterations: 2) { k in
          if k == 0 { work.first() } else { work.second() }
        }
      }
    }
  }

  /// The two pieces, handed to `concurrentPerform`'s threads.
  private final class Work: @unchecked Sendable {
    let first: () -> Void
    let second: () -> Void
    init(_ first: @escaping () -> Void, _ second: @escaping () -> Void) {
      self.first = first
      self.second = second
    }
  }
}
