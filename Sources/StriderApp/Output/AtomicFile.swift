import Foundation
import Synchronization

/// A file that appears whole or not at all.
///
/// The text goes to a temporary file in the target's folder (same file system, so the
/// rename is atomic: rename(2) in POSIX.1-2017), owner-only from the first byte since
/// location history is private (a file of no one's whereabouts, such as a simulated track,
/// is made as the user's umask says: `private: false`), is synced, and only then renamed
/// over the target. A full
/// disk or any other refused write removes the temporary file and leaves the target as it
/// was, and so does Ctrl-C, SIGTERM or SIGHUP: an export never leaves half a GPX behind.
public enum AtomicFile {
  public static func write(
    to path: String, private isPrivate: Bool = true, progress: ProgressLine? = nil,
    _ body: (inout FileOutput) -> Void
  ) throws(OutputError) {
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      // A device, a FIFO or /dev/stdout: nothing to rename over, so written in place.
      try writeInPlace(to: path, progress: progress, body)
      return
    }
    try oneAtATime.withLock { _ throws(OutputError) in
      try writeReplacing(path, isPrivate: isPrivate, progress: progress, body)
    }
  }

  /// One file replaced at a time: the signal guard keeps one name. A command writes one
  /// file at once; commands a test runs in process side by side may not.
  private static let oneAtATime = Mutex(())

  private static func writeReplacing(
    _ path: String, isPrivate: Bool, progress: ProgressLine?, _ body: (inout FileOutput) -> Void
  ) throws(OutputError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    // A signal that ends the process from here on removes the file (`TemporaryFileGuard`),
    // whose name is known before it exists: as mkstemp does, but named first.
    TemporaryFileGuard.arm()
    defer { TemporaryFileGuard.disarm() }
    let (fd, temporary) = try create(
      in: folder, for: url.lastPathComponent, target: path, mode: isPrivate ? 0o600 : 0o666)
    var stream = FileOutput(fd: fd, destination: path, progress: progress)
    body(&stream)
    if stream.isAbandoned {
      close(fd)
      unlink(temporary)
      return
    }
    var failure: OutputError?
    do {
      try stream.finish()
    } catch {
      failure = error
    }
    // Delayed allocation may refuse the blocks only now: a write that "succeeded" is not on
    // disk until fsync says so.
    if failure == nil, fsync(fd) != 0 { failure = OutputError(destination: path, code: errno) }
    if close(fd) != 0, failure == nil { failure = OutputError(destination: path, code: errno) }
    if let failure {
      unlink(temporary)
      throw failure
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw OutputError(destination: path, code: code)
    }
  }

  /// Creates `.NAME.strider-XXXXXX` in `folder` with `mode` (less the umask) and O_EXCL
  /// (never through a link, never shared), watched by `TemporaryFileGuard` from before it
  /// exists.
  private static func create(
    in folder: String, for name: String, target: String, mode: mode_t
  ) throws(OutputError) -> (Int32, String) {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    for _ in 0..<100 {
      let suffix = String((0..<6).map { _ in letters.randomElement() ?? "x" })
      let temporary = "\(folder)/.\(name).strider-\(suffix)"
      TemporaryFileGuard.watch(temporary)
      let fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if fd >= 0 { return (fd, temporary) }
      let code = errno
      // Someone else's file: never removed on a signal.
      TemporaryFileGuard.watch(nil)
      if code != EEXIST { throw OutputError(destination: target, code: code) }
    }
    throw OutputError(destination: target, code: EEXIST)
  }

  private static func writeInPlace(
    to path: String, progress: ProgressLine?, _ body: (inout FileOutput) -> Void
  ) throws(OutputError) {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw OutputError(destination: path, code: errno) }
    defer { close(fd) }
    var stream = FileOutput(fd: fd, destination: path, progress: progress)
    body(&stream)
    try stream.finish()
  }
}
