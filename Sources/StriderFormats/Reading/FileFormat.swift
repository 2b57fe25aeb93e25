/// The name of a file format Strider reads, as `analyze` prints it (`gpx`, `gpsd_json`).
///
/// A name rather than a closed enum: each format's folder declares its own
/// (`extension FileFormat { public static let gpx = ... }`) and registers its reader in
/// `FormatRegistry`, so a new format adds no case here and no switch anywhere.
public struct FileFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  /// The formats that can be read today, in the order sniffing asks them.
  public static var readable: [FileFormat] { FormatRegistry.readers.map { $0.format } }
}
