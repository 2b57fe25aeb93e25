import Foundation

/// The environment a command reads: the process's, or the variables a test sets for one
/// command run in process (`$overridden.withValue`), so that commands run side by side,
/// each with its own data folder and settings.
public enum ProcessEnvironment {
  @TaskLocal public static var overridden: [String: String]?

  /// Every variable.
  public static var variables: [String: String] {
    overridden ?? ProcessInfo.processInfo.environment
  }

  /// One variable, read alone: building Foundation's whole-environment dictionary was 8 % of
  /// analysing a 10-line log.
  public static func value(_ name: String) -> String? {
    if let overridden { return overridden[name] }
    return getenv(name).map { String(cString: $0) }
  }
}
