/// One line of the key help: the keys as written on screen and what they do.
public struct KeyBinding: Sendable, Hashable {
  /// Where a binding applies; the status line and help only list what the mode offers.
  public enum Group: String, Sendable, Hashable, CaseIterable {
    case session = "Session"
    case map = "Map"
    case replay = "Replay"
    case lab = "Filter lab"
    case faults = "Inject a fault"
  }

  /// The keys as written: "q", "space", "z/x", "1-9".
  public var keys: String
  /// What they do, for the help overlay: "quit (asks first when recording)".
  public var description: String
  /// What they do in a word or two, for the status line: "quit".
  public var short: String
  public var group: Group
  /// Lower is kept longer when the status line has to shorten.
  public var priority: Int
}
