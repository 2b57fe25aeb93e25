import Dispatch
import Foundation
import StriderCore

/// The core's independent pieces of work run on the machine's cores
/// (`DispatchQueue.concurrentPerform`), for the edges that build an engine where time
/// matters: `analyze`, a replay, an import, a recording's finish.
public struct Threads: Parallelism {
  public let width: Int

  /// As many at once as the machine has cores.
  public init() { width = ProcessInfo.processInfo.activeProcessorCount }

  public func forEach(_ count: Int, _ piece: (Int) -> Void) {
    guard width > 1, count > 1 else {
      for k in 0..<count { piece(k) }
      return
    }
    withoutActuallyEscaping(piece) { piece in
      let pieces = Pieces(piece)
      DispatchQueue.concurrentPerform(iterations: count) { k in pieces.run(k) }
    }
  }

  public func makeProgress() -> any WorkProgress { Progress() }

  /// The pieces, handed to `concurrentPerform`'s threads: `Parallelism.forEach` asks of its
  /// caller that no piece touches what another writes, which is what makes this sound.
  private final class Pieces: @unchecked Sendable {
    let run: (Int) -> Void
    init(_ run: @escaping (Int) -> Void) { self.run = run }
  }

  /// A count published under a lock, waited on with its condition.
  private final class Progress: WorkProgress, @unchecked Sendable {
    private let condition = NSCondition()
    private var published = 0

    func publish(_ count: Int) {
      condition.lock()
      published = count
      condition.broadcast()
      condition.unlock()
    }

    func wait(for index: Int) -> Int {
      condition.lock()
      defer { condition.unlock() }
      while published <= index { condition.wait() }
      return published
    }
  }
}
