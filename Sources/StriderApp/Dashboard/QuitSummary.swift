import Foundation
import StriderCore

/// What the dashboard leaves on the terminal when it closes: the top lines of `analyze`'s
/// table (distance, times, pace or speed, calories), where the session was kept and the
/// command that shows it again. A person reads this; the JSON line is for `--headless`.
public enum QuitSummary {
  /// Where the session went.
  public enum Kept: Equatable, Sendable {
    /// Recorded now as this session.
    case recorded(Int64)
    /// A replay of a session already in the database.
    case replayOfSession(Int64)
    /// A replay of a file: nothing new was kept.
    case replayOfFile(String)
    /// Not kept, with the way to keep it next time (`--record`, without `--no-record`).
    case notKept(hint: String)
  }

  /// The rows of the table shown, in `analyze`'s words and order.
  public static let rowNames: Set<String> = [
    "activity", "distance", "elapsed", "moving", "avg pace", "avg speed", "calories",
  ]

  /// `records`: the session's new-record lines (`HistoryText.line`), one row each.
  public static func text(
    _ summary: SessionSummary, kept: Kept, again: String, records: [String] = []
  ) -> String {
    var rows = SummaryTable.rows(summary).filter { rowNames.contains($0.0) }
    rows += records.map { ("record", $0) }
    switch kept {
    case .recorded(let id):
      rows.append(("saved", "session \(id): `strider sessions show \(id)`"))
      rows.append(("replay", "`strider replay \(id)`"))
    case .replayOfSession(let id):
      rows.append(("saved", "already, as session \(id): `strider sessions show \(id)`"))
      rows.append(("replay", "`strider replay \(id)`"))
    case .replayOfFile(let file):
      rows.append(("saved", "no (a replay of \(file))"))
      rows.append(("replay", "`\(again)`"))
    case .notKept(let hint):
      rows.append(("saved", "no (\(hint))"))
      rows.append(("again", "`\(again)`"))
    }
    return SummaryTable.text(rows) + "\n"
  }

  /// `path` quoted for a shell when it needs it, so the replay command can be pasted.
  public static func shellWord(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "-_./,+=:@".unicodeScalars.contains($0)
    }
    return plain && !path.isEmpty
      ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
