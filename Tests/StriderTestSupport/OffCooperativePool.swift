import Foundation
import Testing

/// Runs each test of a suite on threads of its own instead of Swift's cooperative pool.
///
/// The end-to-end tests drive the real binary, tmux and gpsfake, and mostly wait: for a
/// process to exit, a frame to be drawn, a fake receiver to play its log in real time.
/// Swift Testing runs every test on the cooperative pool, which has one thread per core, so
/// on a 2-core machine two waiting tests held the whole run: a clean CI spent 500 s in the
/// tests with the processor half idle. Under this trait a test's body runs on a thread
/// of its own (a task executor preference, SE-0417), and at most `width` such tests run at
/// once so that timing-sensitive tests (a tmux frame, a real-time gpsfake) are not
/// starved by a crowd.
public struct OffCooperativePool: SuiteTrait, TestTrait, TestScoping {
  /// Tests under the trait that may run at once, beside the pool's own.
  public static let width = max(
    2, ProcessInfo.processInfo.environment["STRIDER_TEST_WIDTH"].flatMap { Int($0) } ?? 6)

  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    await TestSlots.shared.acquire()
    do {
      try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
        try await function()
      }
    } catch {
      await TestSlots.shared.release()
      throw error
    }
    await TestSlots.shared.release()
  }
}

extension Trait where Self == OffCooperativePool {
  /// See `OffCooperativePool`.
  public static var offCooperativePool: Self { OffCooperativePool() }
}

/// A counting semaphore for async code: `OffCooperativePool.width` slots.
actor TestSlots {
  static let shared = TestSlots(OffCooperativePool.width)

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) { free = count }

  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// Runs each job on a new thread: a blocked test then blocks only its own thread.
final class ThreadPerJobExecutor: TaskExecutor {
  static let shared = ThreadPerJobExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    let thread = Thread { job.runSynchronously(on: executor) }
    thread.stackSize = 8 << 20
    thread.start()
  }
}
