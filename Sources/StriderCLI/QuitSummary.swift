import StriderApp
import StriderCore

extension QuitSummary {
  /// Prints the summary on standard output. When that fails (the terminal hung up, a full
  /// disk under a redirection) a recorded session is still named on stderr, so the user
  /// learns it was kept, and the error is thrown for the exit status.
  static func print(_ summary: SessionSummary, kept: Kept, again: String) throws(OutputError) {
    do {
      // A kept session's lines come from the store, against the whole history; a replay
      // or an unkept session says the records its finish beat (`.record` cues).
      var records = summary.cues.filter { $0.trigger == .record }.map(\.text)
      if case .recorded(let id) = kept {
        records = StoreAccess.newRecordLines(of: id, units: summary.units)
      }
      try Output.standard(text(summary, kept: kept, again: again, records: records))
    } catch {
      if case .recorded(let id) = kept {
        printError("strider: session \(id) recorded: `strider sessions show \(id)`")
      }
      throw error
    }
  }
}
