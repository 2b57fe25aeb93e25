import Foundation
import Synchronization

/// Runs `produce` on a thread of its own and hands each element it gives over to
/// `consume` on the calling thread, `capacity` of them waiting at most; returns what
/// `produce` returned. For work whose output must be taken where it may not be made (a
/// database connection bound to the calling thread, the finished track made by a finish
/// whose threads hand its points out).
///
/// After `consume` throws, the elements still given are dropped until `produce` ends, and
/// the error is thrown then: the producer is never left waiting for room.
public func handOver<Element: Sendable, Result: Sendable>(
  capacity: Int = 2, name: String,
  produce: @escaping @Sendable (_ give: (Element) -> Void) -> Result,
  consume: (Element) throws -> Void
) throws -> Result {
  let channel = BoundedChannel<HandedOver<Element, Result>>(capacity: capacity)
  let thread = Thread {
    let result = produce { _ = channel.put(.element($0)) }
    _ = channel.put(.done(result))
  }
  thread.name = name
  thread.start()
  var failure: (any Error)?
  while true {
    switch channel.take() {
    case .element(let element):
      guard failure == nil else { continue }
      do { try consume(element) } catch { failure = error }
    case .done(let result):
      if let failure { throw failure }
      return result
    }
  }
}

/// What `handOver`'s producer gives: an element, then its result.
private enum HandedOver<Element: Sendable, Result: Sendable>: Sendable {
  case element(Element)
  case done(Result)
}

/// A value handed to another thread once, moved rather than copied: the thread that takes
/// it holds the only copy. A finish run on a thread of its own (`handOver`'s producer)
/// changes its engine's track in place; a copy captured beside it would make the finish
/// copy every chunk of the track first.
public final class Handed<Value: Sendable>: Sendable {
  private let value: Mutex<Value?>

  public init(_ value: consuming Value) {
    self.value = Mutex(value)
  }

  /// The value, the first time; nil after.
  public func take() -> Value? { value.withLock { $0.take() } }
}
