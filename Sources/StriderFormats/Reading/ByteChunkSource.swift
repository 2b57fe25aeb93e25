/// A producer of a file's bytes in chunks, so readers never need the whole file in memory.
public protocol ByteChunkSource {
  /// The next non-empty chunk, or nil at the end of the input.
  mutating func nextChunk() throws(FormatError) -> ArraySlice<UInt8>?
}
