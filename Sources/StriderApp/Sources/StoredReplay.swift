import StriderCore
import StriderStore

/// A stored session as a replay takes it: the settings it was recorded with (so the replay
/// ends with the numbers the session had), its lap presses, and its name as the replay
/// shows it.
public struct StoredReplay {
  public let id: Int64
  /// "session 12" or "session 12 (Morning run)".
  public let name: String
  public let configuration: SessionConfiguration
  public let laps: [LapMark]

  public init(_ store: SessionStore, id: Int64) throws {
    let listing = try store.listing(id)
    self.id = id
    configuration = try store.configuration(of: id)
    laps = try store.lapPresses(of: id)
    name = "session \(id)" + (listing.name.map { " (\($0))" } ?? "")
  }

  /// Every fix of the session, in memory (the headless replay reads them a page at a time:
  /// `StoredFixPages`).
  public func fixes(in store: SessionStore) throws -> [Fix] {
    try store.fixes(of: id).map(\.fix)
  }
}
