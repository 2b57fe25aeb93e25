import GRDB
import StriderCore

/// The local database of recorded sessions (placeholder; being built).
public struct SessionStoreVersion: Sendable {
  public static let schema = 0
}
