import CZlib

/// The zlib version linked in; proves the system library is wired up.
enum Zlib {
  static var version: String { String(cString: zlibVersion()) }
}
