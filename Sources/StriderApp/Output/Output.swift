import Foundation

/// A write that the operating system refused: a full disk (`ENOSPC`), a reader that went
/// away (`EPIPE`), a terminal that hung up (`EIO`). Output is the command's product, so
/// losing it is a failure the user hears about and the exit status says.
public struct OutputError: Error, CustomStringConvertible {
  /// What was being written: `standard output` or a file's path.
  public var destination: String
  /// The `errno` of the failed call.
  public var code: Int32

  public init(destination: String, code: Int32) {
    self.destination = destination
    self.code = code
  }

  /// Whether the reader closed its end (`strider ... | head -1`): the end of the output,
  /// not a fault of the disk.
  public var isClosedPipe: Bool { code == EPIPE }

  public var description: String {
    let reason = String(cString: strerror(code))
    return isClosedPipe
      ? "\(destination) was closed by its reader (\(reason)): stopping"
      : "cannot write to \(destination): \(reason)"
  }
}

/// Unbuffered writes to a file descriptor that report every failure.
///
/// `print` buffers in the C library and drops its errors, and Foundation's
/// `FileHandle.write(_:)` traps on one; these go straight to write(2) and throw instead.
public enum Output {
  /// Writes `text` to standard output.
  public static func standard(_ text: String) throws(OutputError) {
    try write(Array(text.utf8), to: STDOUT_FILENO, destination: "standard output")
  }

  /// Writes all of `bytes` to `fd`, retrying short writes and interruptions.
  public static func write(
    _ bytes: [UInt8], to fd: Int32, destination: String
  ) throws(OutputError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.write(fd, base + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw OutputError(destination: destination, code: errno)
      }
      offset += written
    }
  }

  /// Writes `text` to standard error, ignoring failure: when stderr itself is gone there is
  /// nobody left to tell.
  public static func error(_ text: String) {
    try? write(Array(text.utf8), to: STDERR_FILENO, destination: "standard error")
  }
}
