import StriderCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file read with plain POSIX `read(2)` in fixed-size chunks (1 MiB by default).
///
/// A class because it owns a resource: the file descriptor is closed when the last
/// reference goes away.
public final class FileByteSource: ByteChunkSource {
  /// The path as given, used in error messages.
  public let path: String
  /// The path that names standard input.
  public static let standardInput = "-"
  /// When the file was last written, if the system says: the date a log without dates
  /// was (most likely) recorded on.
  public private(set) var modificationTime: GNSSTime?
  private var descriptor: Int32
  private var chunk: [UInt8]
  /// Where the bytes read are counted for someone to show, if anyone asked.
  private let progress: ReadProgress?

  /// Opens `path` for reading; `-` is standard input, as every Unix tool takes it (a copy of
  /// its descriptor, so closing this source leaves standard input open).
  public init(
    path: String, chunkSize: Int = 1 << 20, progress: ReadProgress? = nil
  ) throws(FormatError) {
    self.path = path
    self.progress = progress
    chunk = []
    descriptor =
      path == FileByteSource.standardInput
      ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      throw FormatError(.unreadable, file: path, message: "cannot open: \(Self.lastError())")
    }
    var info = stat()
    var size = max(1, chunkSize)
    if fstat(descriptor, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR {
        close(descriptor)
        descriptor = -1
        throw FormatError(.unreadable, file: path, message: "is a directory")
      }
      modificationTime = GNSSTime(
        secondsSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
      // A small regular file gets a buffer its size (and one byte to see the end in the
      // same read): zeroing a whole megabyte was a tenth of analysing a 10-line log.
      if (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= 0 {
        progress?.setTotal(Int(info.st_size))
        if info.st_size < size { size = max(1, Int(info.st_size) + 1) }
      }
    }
    chunk = [UInt8](repeating: 0, count: size)
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  public func nextChunk() throws(FormatError) -> ArraySlice<UInt8>? {
    guard descriptor >= 0 else { return nil }
    let fd = descriptor
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        progress?.add(count)
        return chunk[0..<count]
      }
      if count == 0 {
        close(descriptor)
        descriptor = -1
        return nil
      }
      if errno == EINTR { continue }
      throw FormatError(.unreadable, file: path, message: "read failed: \(Self.lastError())")
    }
  }

  private static func lastError() -> String {
    guard let text = strerror(errno) else { return "error \(errno)" }
    return String(cString: text)
  }
}
