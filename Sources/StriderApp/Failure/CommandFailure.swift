/// A command that cannot go on, and why: thrown where it fails (in the command, or in a
/// job of this library) and said once, at the top (`Strider.main`), as `strider: error:
/// ...` with status 1, so every failure reads the same way and nothing between the failure
/// and the exit prints it twice or not at all.
public struct CommandFailure: Error, CustomStringConvertible {
  /// What went wrong and where, as the user reads it after `strider: error: `.
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
