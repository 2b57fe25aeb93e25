import StriderRender

/// How the history screen was left.
public enum HistoryOutcome: Sendable, Equatable {
  /// The user quit (or a signal arrived).
  case quit
  /// The user asked to replay this session.
  case replay(Int64)
}

/// The history screen's loop: reads keys from the backend, hands them to the
/// `HistoryModel`, reads an opened session through `load` and draws when something changed.
///
/// Nothing happens between keys, so the loop sleeps in the backend's key read.
public enum HistoryLoop {
  /// Runs until a quit, a replay, or `isStopped`.
  ///
  /// - Parameter load: reads a session for Enter; the error's text is shown on the status
  ///   line when it cannot.
  public static func run<Backend: TerminalBackend>(
    _ model: inout HistoryModel, backend: inout Backend,
    load: (Int64) -> Result<HistorySessionDetail, HistoryLoadError>, isStopped: () -> Bool
  ) -> HistoryOutcome {
    while !isStopped() {
      if model.needsRedraw {
        let (columns, rows) = backend.size
        if let grid = model.render(columns: columns, rows: rows) { backend.draw(grid) }
      }
      guard let key = backend.readKey(timeout: 0.25) else { continue }
      for command in model.press(key) {
        switch command {
        case .quit: return .quit
        case .replay(let id): return .replay(id)
        case .repaint: backend.invalidate()
        case .open(let id):
          switch load(id) {
          case .success(let detail): model.opened(detail)
          case .failure(let error): model.failedToOpen(error.message)
          }
        }
      }
    }
    return .quit
  }
}

/// Why a session could not be opened, as the status line says it.
public struct HistoryLoadError: Error, Sendable, Equatable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}
