/// An array that grows a chunk at a time and never moves what it holds.
///
/// A session keeps its accepted fixes for the finishing pass: a million of them at 48 bytes
/// is 48 MB, and a Swift array that doubles held 75 MB for the moment it copied half a
/// million into room for a million. Chunks of 65,536 elements are filled in turn, so
/// growing costs one chunk and nothing is copied.
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
  /// An element's chunk is its index shifted right by this; its place there, the index
  /// masked by `chunkMask`.
  static var chunkShift: Int { 16 }
  static var chunkMask: Int { chunkSize - 1 }
  private static var chunkSize: Int { 1 << chunkShift }

  private var chunks: [[Element]] = []
  private(set) var count = 0

  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> Element {
    get { chunks[position >> Self.chunkShift][position & Self.chunkMask] }
    // In place: a get-and-set would copy the element out and back and check both arrays'
    // uniqueness at every field the finishing pass writes.
    _modify { yield &chunks[position >> Self.chunkShift][position & Self.chunkMask] }
  }

  mutating func append(_ element: Element) {
    if count & Self.chunkMask == 0 {
      var chunk: [Element] = []
      chunk.reserveCapacity(Self.chunkSize)
      chunks.append(chunk)
    }
    chunks[chunks.count - 1].append(element)
    count += 1
  }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray {
  /// Calls `body` with every chunk's storage, in order. Two threads may then work on
  /// separate elements at once (the finishing pass's smoother and its figures), which
  /// Swift's exclusive access to the whole array would not allow. Nothing is copied; the
  /// pointers are valid only inside `body`, and nothing may be appended meanwhile.
  mutating func withUnsafeMutableChunks<R>(
    _ body: ([UnsafeMutableBufferPointer<Element>]) -> R
  ) -> R {
    // Each chunk is opened in a frame of its own, so no two accesses overlap.
    var closed = chunks
    chunks = []
    var reopened: [[Element]] = []
    reopened.reserveCapacity(closed.count)
    closed.reverse()
    func open(_ pointers: [UnsafeMutableBufferPointer<Element>]) -> R {
      guard var chunk = closed.popLast() else { return body(pointers) }
      let result = chunk.withUnsafeMutableBufferPointer { open(pointers + [$0]) }
      reopened.append(chunk)
      return result
    }
    let result = open([])
    chunks = reopened.reversed()
    return result
  }
}
