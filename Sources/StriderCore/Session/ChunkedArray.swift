/// An array that grows a chunk at a time and never moves what it holds.
///
/// A session keeps its accepted fixes for the finishing pass: a million of them at 48 bytes
/// is 48 MB, and a Swift array that doubles held 75 MB for the moment it copied half a
/// million into room for a million. Chunks of 65,536 elements are filled in turn, so
/// growing costs one chunk and nothing is copied. Past the first `chunksInMemory` chunks
/// the room comes from a `TrackStorage` where one is given, and the passes over the array
/// (`Pass`) let the chunks they have gone by leave memory.
struct ChunkedArray<Element: BitwiseCopyable>: RandomAccessCollection, MutableCollection {
  /// An element's chunk is its index shifted right by this; its place there, the index
  /// masked by `chunkMask`.
  static var chunkShift: Int { 16 }
  static var chunkMask: Int { chunkSize - 1 }
  static var chunkSize: Int { 1 << chunkShift }
  /// The first chunks stay in memory whatever the storage: a session of up to a million
  /// fixes is kept as it always was, and the live re-measures read its first 50,000.
  static var chunksInMemory: Int { 16 }

  private var chunks: Chunks
  private(set) var count = 0

  /// - Parameter chunksInMemory: how many chunks are kept in memory before the storage's
  ///   room is asked for.
  init(storage: (any TrackStorage)? = nil, chunksInMemory: Int = ChunkedArray.chunksInMemory) {
    chunks = Chunks(storage: storage, chunksInMemory: chunksInMemory)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> Element {
    get { chunks.bases[position >> Self.chunkShift][position & Self.chunkMask] }
    // In place: a get-and-set would copy the element out and back.
    _modify {
      makeUnique()
      let base = chunks.bases[position >> Self.chunkShift]
      yield &base[position & Self.chunkMask]
    }
  }

  mutating func append(_ element: Element) {
    makeUnique()
    if count & Self.chunkMask == 0 {
      chunks.addChunk()
      // What the live engine reads again is the recent track: the chunks before the one
      // filled last may leave memory.
      chunks.release(count >> Self.chunkShift - 2)
    }
    chunks.bases[count >> Self.chunkShift][count & Self.chunkMask] = element
    count += 1
  }

  /// A copy shares the chunks until one of the two changes them.
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&chunks) { chunks = chunks.copy(count: count) }
  }

  /// Calls `body` with a maker of passes over the array: each pass reads (and writes) it
  /// through a cursor of its own, so two threads may work on separate elements at once
  /// (the finishing pass's smoother and its figures), which Swift's exclusive access to
  /// the whole array would not allow. Nothing is copied; the passes are valid only inside
  /// `body`, and nothing may be appended meanwhile.
  mutating func withPasses<R>(_ body: (_ newPass: () -> Pass) -> R) -> R {
    makeUnique()
    let chunks = chunks
    let count = count
    return withExtendedLifetime(chunks) { body { Pass(chunks: chunks, count: count) } }
  }

  /// The array as one pass reads it: mostly front to back, a few steps back or ahead, and
  /// perhaps from the start again. The storage's chunks more than one away from the one
  /// it reads now are released as it moves (`TrackStorage.release`); a released chunk
  /// comes back as it was if it is read again.
  struct Pass: RandomAccessCollection {
    private let chunks: Chunks
    private let bases: [UnsafeMutablePointer<Element>]
    let count: Int
    /// The chunks this pass has read and not released; only its own thread touches it.
    private let held = Held()
    private final class Held {
      var current = -1
      var chunks: [Int] = []
    }

    fileprivate init(chunks: Chunks, count: Int) {
      self.chunks = chunks
      bases = chunks.bases
      self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
      get {
        let chunk = i >> ChunkedArray.chunkShift
        if held.current != chunk { reach(chunk) }
        return bases[chunk][i & ChunkedArray.chunkMask]
      }
      nonmutating _modify {
        let chunk = i >> ChunkedArray.chunkShift
        if held.current != chunk { reach(chunk) }
        yield &bases[chunk][i & ChunkedArray.chunkMask]
      }
    }

    /// The pass has come to `chunk`: it lets go of the chunks it no longer stands beside.
    private func reach(_ chunk: Int) {
      held.chunks.removeAll { other in
        let far = abs(other - chunk) > 1
        if far { chunks.release(other) }
        return far || other == chunk
      }
      held.chunks.append(chunk)
      held.current = chunk
    }
  }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray {
  /// The chunks' room, and where it came from: freed with the last array that holds it.
  fileprivate final class Chunks: Sendable {
    /// Each chunk's first element. The chunks belong to one array at a time (a copy that
    /// changes them copies them first), and a pass reads them only while its array lets it
    /// (`withPasses`), so no two threads reach the same element unordered.
    nonisolated(unsafe) private(set) var bases: [UnsafeMutablePointer<Element>] = []
    /// Whether each chunk's room is the storage's.
    nonisolated(unsafe) private var stored: [Bool] = []
    let storage: (any TrackStorage)?
    let chunksInMemory: Int

    init(storage: (any TrackStorage)?, chunksInMemory: Int) {
      self.storage = storage
      self.chunksInMemory = chunksInMemory
    }

    deinit {
      for (base, isStored) in zip(bases, stored) {
        if isStored {
          storage?.free(UnsafeMutableRawPointer(base), byteCount: Chunks.byteCount)
        } else {
          base.deallocate()
        }
      }
    }

    static var byteCount: Int { ChunkedArray.chunkSize * MemoryLayout<Element>.stride }

    func addChunk() {
      if bases.count >= chunksInMemory,
        let room = storage?.room(byteCount: Chunks.byteCount)
      {
        bases.append(room.bindMemory(to: Element.self, capacity: ChunkedArray.chunkSize))
        stored.append(true)
      } else {
        bases.append(.allocate(capacity: ChunkedArray.chunkSize))
        stored.append(false)
      }
    }

    /// The chunk's pages may leave memory, where its room is the storage's.
    func release(_ chunk: Int) {
      guard stored.indices.contains(chunk), stored[chunk], let storage else { return }
      storage.release(UnsafeMutableRawPointer(bases[chunk]), byteCount: Chunks.byteCount)
    }

    /// The first `count` elements, in chunks of their own.
    func copy(count: Int) -> Chunks {
      let copy = Chunks(storage: storage, chunksInMemory: chunksInMemory)
      for (k, base) in bases.enumerated() {
        copy.addChunk()
        let length = Swift.min(ChunkedArray.chunkSize, count - k * ChunkedArray.chunkSize)
        if length > 0 { copy.bases[k].update(from: base, count: length) }
      }
      return copy
    }
  }
}
