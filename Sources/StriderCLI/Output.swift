import Foundation

/// A write that the operating system refused: a full disk (`ENOSPC`), a reader that went
/// away (`EPIPE`), a terminal that hung up (`EIO`). Output is the command's product, so
/// losing it is a failure the user hears about and the exit status says.
struct OutputError: Error, CustomStringConvertible {
  /// What was being written: `standard output` or a file's path.
  var destination: String
  /// The `errno` of the failed call.
  var code: Int32

  /// Whether the reader closed its end (`strider ... | head -1`): the end of the output,
  /// not a fault of the disk.
  var isClosedPipe: Bool { code == EPIPE }

  var description: String {
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
enum Output {
  /// Ignores SIGPIPE for the whole process, so a closed pipe is an `EPIPE` a write can
  /// report (and a recording can end cleanly on), not a signal that kills the process.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
    // Likewise a file over the size limit (`ulimit -f`): `EFBIG`, not SIGXFSZ and a core.
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Writes `text` to standard output.
  static func standard(_ text: String) throws(OutputError) {
    try write(Array(text.utf8), to: STDOUT_FILENO, destination: "standard output")
  }

  /// Writes all of `bytes` to `fd`, retrying short writes and interruptions.
  static func write(
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
  static func error(_ text: String) {
    try? write(Array(text.utf8), to: STDERR_FILENO, destination: "standard error")
  }
}
