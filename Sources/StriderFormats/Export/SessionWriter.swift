/// A writer that an export format registers in `FormatRegistry`: `sessions export
/// --format NAME` and every test of the exports write through it.
public protocol SessionWriter: SendableMetatype {
  /// The format's name, as `--format` takes it.
  static var format: ExportFormat { get }
  /// Writes the session; `points` chooses what a track format holds (formats that always
  /// hold every fix ignore it).
  static func write(
    _ export: SessionExport, points: ExportPoints, to stream: inout some ExportStream)
  /// Whether the format is bytes rather than text (not written to a terminal).
  static var writesBytes: Bool { get }
  /// Whether the export holds the session's details beyond its record (`SessionExport`'s
  /// heart-rate zones, the device's totals, the parts it was joined from), which the
  /// command then reads for it.
  static var holdsSessionDetails: Bool { get }
  /// Whether the session is written from `rows`, a row at a time (`SessionRows`).
  static func canWrite(_ rows: some SessionRows) -> Bool
  /// Writes the session from `rows`, where `canWrite(_:)` said so.
  static func write(_ rows: some SessionRows, to stream: inout some ExportStream)
}

/// The name of a format a session exports to (`gpx`, `csv`).
///
/// A name rather than a closed enum: each writer declares its own
/// (`extension ExportFormat { public static let gpx = ... }`), and only names registered in
/// `FormatRegistry.writers` are made from text.
public struct ExportFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  /// The registered format of this name, or nil.
  public init?(rawValue: String) {
    guard FormatRegistry.writers.contains(where: { $0.format.name == rawValue }) else {
      return nil
    }
    self.init(name: rawValue)
  }

  /// A format of this name; its writer registers it in `FormatRegistry.writers`.
  public init(name: String) { rawValue = name }

  public var name: String { rawValue }
  public var description: String { rawValue }

  /// Every registered export format, in the order `--help` lists them.
  public static var all: [ExportFormat] { FormatRegistry.writers.map { $0.format } }
}

/// Where an export goes: text for the XML, CSV and JSON formats, bytes for binary ones.
///
/// A `String` is one (tests write into strings); binary bytes written into a string are
/// decoded as UTF-8, so binary exports are tested through a byte stream.
public protocol ExportStream: TextOutputStream {
  /// Appends raw bytes.
  mutating func write(bytes: some Collection<UInt8>)
}

extension String: ExportStream {
  public mutating func write(bytes: some Collection<UInt8>) {
    self += String(decoding: bytes, as: UTF8.self)
  }
}
