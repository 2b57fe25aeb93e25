/// Where gpsd listens: `HOST:PORT`, `HOST` (port 2947) or `[IPv6]:PORT`.
public struct GPSDEndpoint: Sendable, Equatable, CustomStringConvertible {
  public var host: String
  public var port: UInt16

  /// gpsd's registered port.
  public static let defaultPort: UInt16 = 2947
  /// The local gpsd, as most installations run it.
  public static let local = GPSDEndpoint(host: "127.0.0.1", port: defaultPort)

  public init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  public init?(argument: String) {
    var text = Substring(argument)
    var host: Substring
    var portText: Substring?
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      host = text[text.index(after: text.startIndex)..<close]
      text = text[text.index(after: close)...]
      if text.hasPrefix(":") { portText = text.dropFirst() } else if !text.isEmpty { return nil }
    } else if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon {
      host = text[..<colon]
      portText = text[text.index(after: colon)...]
    } else {
      host = text
    }
    guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" }) else { return nil }
    var port = GPSDEndpoint.defaultPort
    if let p = portText {
      guard let n = UInt16(p), n > 0 else { return nil }
      port = n
    }
    self.init(host: String(host), port: port)
  }

  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
