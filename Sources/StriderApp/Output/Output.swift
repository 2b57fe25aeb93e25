import Foundation
import StriderCore
import StriderRender
import Synchronization

/// A write that the operating system refused: a full disk (`ENOSPC`), a reader that went
/// away (`EPIPE`), a terminal that hung up (`EIO`). Output is the command's product, so
/// losing it is a failure the user hears about and the exit status says.
public struct OutputError: Error, CustomStringConvertible {
  /// What was being written: `standard output` or a file's path.
  public var destination: String
  /// The `errno` of the failed call.
  public var code: Int32

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
  /// Where standard output and standard error go instead while a test runs a command in
  /// process (`OutputCapture`); nil: to the file descriptors.
  @TaskLocal public static var capture: OutputCapture?

  /// Writes `text` to standard output.
  public static func standard(_ text: String) throws(OutputError) {
    try write(Array(text.utf8), to: STDOUT_FILENO, destination: "standard output")
  }

  /// Writes `json` and a newline to standard output, a piece at a time where it is long
  /// (`JSONValue.write(to:past:flush:)`).
  public static func standard(_ json: JSONValue) throws(OutputError) {
    var bytes: [UInt8] = []
    try json.write(to: &bytes, past: 1 << 16, flush: flushStandard)
    bytes.append(UInt8(ascii: "\n"))
    try flushStandard(&bytes)
  }

  /// Writes `bytes` to standard output and empties them, keeping their room.
  static func flushStandard(_ bytes: inout [UInt8]) throws(OutputError) {
    try write(bytes, to: STDOUT_FILENO, destination: "standard output")
    bytes.removeAll(keepingCapacity: true)
  }

  /// Writes all of `bytes` to `fd`, retrying short writes and interruptions.
  public static func write(
    _ bytes: [UInt8], to fd: Int32, destination: String
  ) throws(OutputError) {
    if let capture, fd == STDOUT_FILENO || fd == STDERR_FILENO {
      capture.append(bytes, standardError: fd == STDERR_FILENO)
      return
    }
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

  /// Writes a line to standard error, its control characters made harmless.
  public static func errorLine(_ line: String) {
    error(TerminalText.safe(line, keepingNewlines: true) + "\n")
  }
}

/// What a command wrote to standard output and standard error, kept while a test runs it in
/// process (`Output.$capture.withValue`): commands run side by side, each with its own.
public final class OutputCapture: Sendable {
  private let written = Mutex<(output: [UInt8], error: [UInt8])>(([], []))

  public init() {}

  func append(_ bytes: [UInt8], standardError: Bool) {
    written.withLock {
      if standardError { $0.error += bytes } else { $0.output += bytes }
    }
  }

  /// Standard output's bytes so far.
  public var outputBytes: [UInt8] { written.withLock { $0.output } }
  /// Standard output so far, as text.
  public var output: String { String(decoding: outputBytes, as: UTF8.self) }
  /// Standard error so far, as text.
  public var error: String { String(decoding: written.withLock { $0.error }, as: UTF8.self) }
}
