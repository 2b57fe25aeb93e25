/// Where the session database lives: `$STRIDER_HOME/strider.sqlite`, else
/// `$XDG_DATA_HOME/strider/strider.sqlite`, else `~/.local/share/strider/strider.sqlite`.
public struct StoreLocation: Hashable, Sendable {
  public var directory: String
  public var fileName = "strider.sqlite"
  public var path: String { directory + "/" + fileName }

  public init(directory: String) {
    self.directory = directory
  }

  /// The location the environment asks for; nil when not even HOME is set.
  public static func resolve(environment: [String: String]) -> StoreLocation? {
    if let home = nonEmpty(environment["STRIDER_HOME"]) { return StoreLocation(directory: home) }
    if let data = nonEmpty(environment["XDG_DATA_HOME"]) {
      return StoreLocation(directory: data + "/strider")
    }
    if let home = nonEmpty(environment["HOME"]) {
      return StoreLocation(directory: home + "/.local/share/strider")
    }
    return nil
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value.hasSuffix("/") && value.count > 1 ? String(value.dropLast()) : value
  }
}
