import Foundation
import StriderStore

/// Standard error sent to a log file while the dashboard (or `run --auto`'s panel) owns the
/// terminal.
///
/// A library or a child process that writes to stderr would otherwise print over the
/// ncurses screen, and the text would stay there until the next full repaint. Here fd 2
/// points to `dashboard.log` beside the session database (under `STRIDER_HOME`) until
/// `restore()`, and `bytesLogged` lets the dashboard say on its status line that something
/// was written. A resource, so a class; one per dashboard.
public final class StderrLog {
  /// The log's file name, in the session database's folder.
  public static let fileName = "dashboard.log"
  /// Above this size the log is emptied when the next dashboard opens.
  public static let cap: Int64 = 1 << 20

  public let path: String
  private let file: Int32
  private let saved: Int32
  private let startSize: Int64
  private var restored = false
  /// What `bytesLogged` was when stderr was restored (the log is closed then).
  private var finalBytes: Int64 = 0

  /// Starts sending stderr to the log; nil (stderr left alone) when there is no data folder
  /// or the log cannot be opened.
  public init?(environment: [String: String], command: String) {
    guard let location = StoreLocation.resolve(environment: environment) else { return nil }
    try? FileManager.default.createDirectory(
      atPath: location.directory, withIntermediateDirectories: true)
    path = location.directory + "/" + Self.fileName
    // Each dashboard appends; a log past its cap starts over, so it never grows unbounded.
    var existing = stat()
    let full = stat(path, &existing) == 0 && Int64(existing.st_size) > Self.cap
    // Owner-only and never through a link, like the database beside it.
    file = open(
      path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | (full ? O_TRUNC : 0), 0o600)
    guard file >= 0 else { return nil }
    let header = "--- strider \(command), \(Date()) ---\n"
    try? Output.write(Array(header.utf8), to: file, destination: path)
    var status = stat()
    startSize = fstat(file, &status) == 0 ? Int64(status.st_size) : 0
    saved = dup(STDERR_FILENO)
    guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
      if saved >= 0 { close(saved) }
      close(file)
      return nil
    }
  }

  deinit { restore() }

  /// How much was written to stderr since the dashboard opened.
  public var bytesLogged: Int64 {
    guard !restored else { return finalBytes }
    var status = stat()
    guard fstat(file, &status) == 0 else { return 0 }
    return max(0, Int64(status.st_size) - startSize)
  }

  /// What was written to stderr since the log opened: the last `limit` bytes of it at most
  /// (a partial first line dropped), without the trailing newline.
  public func loggedText(limit: Int = 16_384) -> String {
    let logged = bytesLogged
    guard logged > 0, let handle = FileHandle(forReadingAtPath: path) else { return "" }
    defer { try? handle.close() }
    let skipped = max(0, logged - Int64(limit))
    do {
      try handle.seek(toOffset: UInt64(startSize + skipped))
      let data = try handle.read(upToCount: Int(logged - skipped)) ?? Data()
      var text = String(decoding: data, as: UTF8.self)
      if skipped > 0, let newline = text.firstIndex(of: "\n") {
        text = String(text[text.index(after: newline)...])
      }
      while text.hasSuffix("\n") { text.removeLast() }
      return text
    } catch {
      return ""
    }
  }

  /// The last line of `loggedText`, nil when nothing was written.
  public var lastLine: String? {
    loggedText(limit: 4096).split(separator: "\n").last.map(String.init)
  }

  /// Points stderr back at where it was (the terminal). Safe to call twice.
  public func restore() {
    guard !restored else { return }
    finalBytes = bytesLogged
    restored = true
    dup2(saved, STDERR_FILENO)
    close(saved)
    close(file)
  }
}
