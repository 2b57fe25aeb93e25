import Foundation
import StriderFormats
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A line on standard error saying how far long work has gone (`sessions import`,
/// `analyze` of a big file, `sessions export`, `sessions vacuum`): what is done, how fast,
/// and the time left where the whole is known. It appears only after a second of work,
/// only when standard error is a terminal and `--quiet` was not given, is redrawn in place
/// four times a second by a thread of its own (the work only counts), and is erased before
/// anything else is printed, so a piped run prints its result alone.
public final class ProgressLine: Sendable {
  /// What the work goes through.
  public enum Measure: Sendable {
    /// A file read (its bytes, and its size when it has one), and the points read from it.
    case reading(ReadProgress)
    /// Bytes written (`advance` counts them); the whole is not known.
    case writing
    /// Nothing countable: the time so far.
    case waiting
  }

  /// What the line says is being done ("importing run.gpx").
  public let label: String
  public let measure: Measure
  private let items = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)
  private let wake = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private let shows: Bool

  /// No work shorter than this shows a line.
  static let delay = 1.0
  static let interval = 0.25

  public init(_ label: String, _ measure: Measure, quiet: Bool) {
    self.label = label
    self.measure = measure
    shows = !quiet && isatty(STDERR_FILENO) == 1
    guard shows else { return }
    let thread = Thread { [self] in
      let start = Date()
      var drawn = false
      while !stopped.load(ordering: .relaxed) {
        _ = wake.wait(timeout: .now() + Self.interval)
        let elapsed = Date().timeIntervalSince(start)
        guard elapsed >= Self.delay, !stopped.load(ordering: .relaxed) else { continue }
        Self.write("\r" + Self.fitted(text(elapsed: elapsed)) + "\u{1B}[K")
        drawn = true
      }
      if drawn { Self.write("\r\u{1B}[K") }
      finished.signal()
    }
    thread.start()
  }

  /// Counts `count` more points read, or bytes written.
  public func advance(by count: Int = 1) { items.add(count, ordering: .relaxed) }

  /// Erases the line (if it was drawn) and stops drawing: called before anything else is
  /// printed. Calling it again does nothing.
  public func finish() {
    guard shows, !stopped.exchange(true, ordering: .relaxed) else { return }
    wake.signal()
    finished.wait()
  }

  /// "importing run.gpx: 412,000 points, 38.2 of 118.0 MB (32 %), 9.1 MB/s, 9 s left".
  func text(elapsed: Double) -> String {
    let done = items.load(ordering: .relaxed)
    var parts: [String] = []
    var fraction: Double?
    switch measure {
    case .reading(let file):
      parts.append("\(Self.grouped(done)) points")
      let read = Double(file.bytesRead) / 1e6
      if let size = file.totalBytes, size > 0 {
        let whole = Double(size) / 1e6
        fraction = min(1, read / whole)
        parts.append(
          String(format: "%.1f of %.1f MB (%.0f %%)", read, whole, 100 * (fraction ?? 0)))
      } else {
        parts.append(String(format: "%.1f MB", read))
      }
      parts.append(String(format: "%.1f MB/s", read / max(elapsed, 1e-3)))
    case .writing:
      let written = Double(done) / 1e6
      parts.append(String(format: "%.1f MB written", written))
      parts.append(String(format: "%.1f MB/s", written / max(elapsed, 1e-3)))
    case .waiting:
      break
    }
    if let fraction, fraction > 0.01, fraction < 1 {
      parts.append(Self.left(elapsed * (1 - fraction) / fraction))
    } else {
      parts.append(Self.left(nil, elapsed: elapsed))
    }
    return "\(label): " + parts.joined(separator: ", ")
  }

  /// "9 s left", "2 min 5 s left"; the time so far where the end is not known.
  static func left(_ seconds: Double?, elapsed: Double = 0) -> String {
    guard let seconds else { return "\(duration(elapsed)) so far" }
    return "\(duration(seconds)) left"
  }

  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
  }

  /// 412000 as "412,000".
  static func grouped(_ value: Int) -> String {
    let digits = String(value)
    var out = ""
    for (index, character) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(character)
    }
    return out
  }

  /// The text cut to the terminal's width less one column: a line that wraps cannot be
  /// redrawn in place.
  /// A terminal that does not say its width gets the whole line; one a column wide, none.
  static func fitted(_ text: String) -> String {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return text }
    let width = Int(size.ws_col) - 1
    return text.count > width ? String(text.prefix(width)) : text
  }

  private static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeMutableBytes {
        Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count)
      }
      if count > 0 {
        offset += count
      } else if count < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
