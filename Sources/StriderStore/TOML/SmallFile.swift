import Foundation

/// Reads a file the user writes by hand (the config file, a workout), refusing one too big
/// to be one before parsing it.
///
/// Such files are a few kilobytes. A 50 MB config file added 22 s to every command, since
/// every command reads the settings; a file that size is the wrong file (a GPX saved as
/// `config.toml`) or a hostile one, and saying so beats parsing it.
enum SmallFile {
  /// 1 MiB: hundreds of times any real config file or workout.
  static let limit = 1 << 20

  enum Failure: Error, Equatable {
    case unreadable
    /// Larger than `limit`: its size, or nil for a stream (a FIFO, a device).
    case tooLarge(Int?)

    var message: String {
      switch self {
      case .unreadable: "cannot be read"
      case .tooLarge(let size):
        "is \(size.map { "\($0) bytes" } ?? "over \(SmallFile.limit) bytes"), too large for a "
          + "file written by hand (at most \(SmallFile.limit) bytes, 1 MiB): is it the right file?"
      }
    }
  }

  /// The file's bytes, read no further than `limit + 1`.
  static func read(_ path: String, limit: Int = limit) -> Result<Data, Failure> {
    guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
    defer { try? handle.close() }
    var info = stat()
    if fstat(handle.fileDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_size > limit
    {
      return .failure(.tooLarge(Int(info.st_size)))
    }
    do {
      let data = try handle.read(upToCount: limit + 1) ?? Data()
      return data.count > limit ? .failure(.tooLarge(nil)) : .success(data)
    } catch {
      return .failure(.unreadable)
    }
  }
}
