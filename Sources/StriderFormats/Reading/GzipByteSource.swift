import CZlib

/// The bytes of a gzip (RFC 1952) or zlib (RFC 1950) stream, inflated chunk by chunk from
/// another source, so `track.gpx.gz` reads like `track.gpx` without ever being whole in
/// memory.
///
/// zlib's `inflateInit2` with window bits 15 + 32 tells the two headers apart by itself.
/// Concatenated gzip members (what `cat a.gz b.gz` and parallel compressors make) are read
/// one after the other, as `gzip -d` does; zero bytes after the last member (padding) are
/// ignored, anything else after it is an error. A stream that ends before its trailer is a
/// `.truncated` error, corrupt data an `.unreadable` one, both naming the file and the
/// offset in the compressed input.
///
/// A class because it owns a resource: zlib's inflate state, which points back at the
/// `z_stream` (so the stream lives at a fixed address) and is freed with `inflateEnd` when
/// the last reference goes away.
public final class GzipByteSource: ByteChunkSource {
  /// The file name used in error messages.
  public let fileName: String

  private enum State {
    /// Inside a member (or before the first one): the input may not end here.
    case inMember
    /// After a member's trailer: another member, zero padding or the end may follow.
    case betweenMembers
    /// The input is exhausted after a complete stream.
    case done
  }

  private var source: any ByteChunkSource
  private let stream: UnsafeMutablePointer<z_stream>
  private var initialized = false
  private var state = State.inMember
  private var input: ArraySlice<UInt8> = []
  private var output: [UInt8]
  /// Compressed bytes handed to zlib so far, for error messages.
  private var consumed = 0

  /// Whether the first bytes are the gzip magic number `1f 8b`.
  public static func isGzip(prefix: [UInt8]) -> Bool {
    prefix.count >= 2 && prefix[0] == 0x1F && prefix[1] == 0x8B
  }

  /// Inflates `source`; each chunk returned holds at most `chunkSize` bytes (64 KiB by
  /// default).
  public init(source: some ByteChunkSource, fileName: String, chunkSize: Int = 1 << 16) {
    self.source = source
    self.fileName = fileName
    output = [UInt8](repeating: 0, count: max(1, chunkSize))
    stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
  }

  deinit {
    if initialized { inflateEnd(stream) }
    stream.deinitialize(count: 1)
    stream.deallocate()
  }

  public func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    if !initialized { try start() }
    while state != .done {
      if input.isEmpty {
        guard let chunk = try source.nextChunk() else {
          if state == .inMember {
            throw error(
              .truncated,
              consumed == 0
                ? "the compressed file is empty"
                : "the compressed file ends early (after \(consumed) bytes, inside the stream)")
          }
          state = .done
          return nil
        }
        input = chunk
        continue
      }
      if state == .betweenMembers {
        input = input.drop { $0 == 0 }
        if input.isEmpty { continue }
        guard input.first == 0x1F else {
          throw error(
            .unreadable,
            "unexpected data after the end of the compressed stream (at byte \(consumed))")
        }
        guard inflateReset(stream) == Z_OK else {
          throw error(.unreadable, "zlib could not start the next gzip member")
        }
        state = .inMember
      }
      let produced = try inflateStep()
      if produced > 0 { return output[0..<produced] }
    }
    return nil
  }

  private func start() throws(FormatError) {
    // inflateInit2 is a C macro; this is its expansion, with the header's version so zlib
    // can refuse a library that does not match the struct layout compiled against.
    let status = inflateInit2_(
      stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else {
      throw error(.unreadable, "zlib could not start inflating (status \(status))")
    }
    initialized = true
  }

  /// Runs `inflate` once over the pending input; returns how many bytes it produced.
  private func inflateStep() throws(FormatError) -> Int {
    let stream = self.stream
    let available = input.count
    let capacity = output.count
    let status = input.withUnsafeBufferPointer { inBytes in
      output.withUnsafeMutableBufferPointer { outBytes in
        stream.pointee.next_in = UnsafeMutablePointer(mutating: inBytes.baseAddress)
        stream.pointee.avail_in = UInt32(available)
        stream.pointee.next_out = outBytes.baseAddress
        stream.pointee.avail_out = UInt32(capacity)
        let status = inflate(stream, Z_NO_FLUSH)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        return status
      }
    }
    let used = available - Int(stream.pointee.avail_in)
    let produced = capacity - Int(stream.pointee.avail_out)
    input = input.dropFirst(used)
    consumed += used
    switch status {
    case Z_OK, Z_BUF_ERROR:
      // Z_BUF_ERROR: no progress without more input; the loop fetches it.
      return produced
    case Z_STREAM_END:
      state = .betweenMembers
      return produced
    default:
      var reason = "status \(status)"
      if let message = stream.pointee.msg { reason = String(cString: message) }
      throw error(
        .unreadable, "not valid gzip data near compressed byte \(consumed): \(reason)")
    }
  }

  private func error(_ code: FormatError.Code, _ message: String) -> FormatError {
    FormatError(code, file: fileName, message: message)
  }
}
