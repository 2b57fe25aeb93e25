import Foundation

/// A bounded queue between one producer thread and one consumer: the producer waits for
/// room, so what is read ahead stays bounded; the consumer waits for an element.
public final class BoundedChannel<Element>: @unchecked Sendable {
  private let condition = NSCondition()
  private var elements: [Element] = []
  private let capacity: Int
  private var extra = 0
  private var closed = false

  public init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Makes room for `count` elements more than the capacity (0: none), until said again.
  public func allow(more count: Int) {
    condition.lock()
    extra = max(0, count)
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for room; false when the consumer has gone (the producer should stop).
  public func put(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while elements.count >= capacity + extra && !closed { condition.wait() }
    guard !closed else { return false }
    elements.append(element)
    condition.broadcast()
    return true
  }

  /// Waits for the next element.
  public func take() -> Element {
    condition.lock()
    defer { condition.unlock() }
    while elements.isEmpty { condition.wait() }
    // A few elements at most: shifting them is cheaper than keeping a head index.
    let element = elements.removeFirst()
    condition.broadcast()
    return element
  }

  /// The consumer has gone: the producer's next `put` returns false, and what waited is
  /// let go.
  public func close() {
    condition.lock()
    closed = true
    elements.removeAll()
    condition.broadcast()
    condition.unlock()
  }
}
