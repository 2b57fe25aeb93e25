/// An array that grows a chunk at a time and never moves what it holds.
///
/// A session keeps its accepted fixes for the finishing pass: a million of them at 48 bytes
/// is 48 MB, and a Swift array that doubles held 75 MB for the moment it copied half a
/// million into room for a million. Chunks of 65,536 elements are filled in turn, so
/// growing costs one chunk and nothing is copied.
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
  private static var shift: Int { 16 }
  private static var chunkSize: Int { 1 << shift }
  private static var mask: Int { chunkSize - 1 }

  private var chunks: [[Element]] = []
  private(set) var count = 0

  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> Element {
    get { chunks[position >> Self.shift][position & Self.mask] }
    // In place: a get-and-set would copy the element out and back and check both arrays'
    // uniqueness at every field the finishing pass writes.
    _modify { yield &chunks[position >> Self.shift][position & Self.mask] }
  }

  mutating func append(_ element: Element) {
    if count & Self.mask == 0 {
      var chunk: [Element] = []
      chunk.reserveCapacity(Self.chunkSize)
      chunks.append(chunk)
    }
    chunks[chunks.count - 1].append(element)
    count += 1
  }
}

extension ChunkedArray: Sendable where Element: Sendable {}
